// Whether a board IMPed against a datum (a Butler session, or a round of
// pairs matches) keeps enough scores for its datum (issue #16
// defect 3). A board's datum is taken over the scores the rule keeps
// (ANC SR 16.4: "the (n-6) middle scores", so at least 7; 16.11-16.13;
// SABF TR 12.2; NSW TR 7.1): a table with a weighted or artificial
// adjusted score, or where the board was not played (Law 12C2), is left
// out of it. A ruling that would leave a board with too few scores, or a
// posting with a board left without a datum, is refused: the board would
// otherwise be silently unscored at every table.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_BUTLER_DATUM_SHORTFALL_H_
#define TALLY_REPLAY_BUTLER_DATUM_SHORTFALL_H_

#include "absl/status/status.h"
#include "replay/state.h"
#include "tally/v1/director.pb.h"

namespace tally::replay {

// FailedPrecondition, naming the datum rule's clause, when ruling `r` (an
// adjusted score in a session of `competition`, whose profile takes a
// datum) would leave board r.board() of `session`, once every table the
// movement plays it at is in, with too few scores for its datum. OK for
// any other ruling or competition.
absl::Status CheckRulingLeavesADatum(const CompetitionState& competition,
                                     const SessionState& session,
                                     const v1::RecordRulingRequest& r);

// As CheckRulingLeavesADatum for a ruling in `round` of an event of pairs
// matches IMPed against a datum (Swiss and round-robin pairs, NSW Butler
// round robins), whose board's field is the round's tables.
absl::Status CheckMatchRulingLeavesADatum(const CompetitionState& competition,
                                          const MatchRoundState& round,
                                          const v1::RecordRulingRequest& r);

// FailedPrecondition, naming the board and the table, when a board of
// `round` (every result in) is left without a score at a match's table
// under the rulings in force (a pairs round IMPed against a datum cannot
// be posted with a board unscored). OK in any other event.
absl::Status CheckEveryRoundBoardHasADatum(const CompetitionState& competition,
                                           const MatchRoundState& round);

// FailedPrecondition, naming the board and the clause, when a board of
// `session` has every result in but no datum under the rulings in force
// (a Butler session cannot be posted with a board unscored). OK where the
// profile takes no datum.
absl::Status CheckEveryBoardHasADatum(const CompetitionState& competition,
                                      const SessionState& session);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_DATUM_SHORTFALL_H_
