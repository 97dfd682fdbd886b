// Whether a Butler board keeps enough scores for its datum (issue #16
// defect 3; a round of pairs matches: replay/match_scores/match_adjustments.h).
// A board's datum is taken over the scores the rule keeps (ANC SR 16.4: "the
// (n-6) middle scores", so at least 7; 16.11-16.13; SABF TR 12.2; NSW TR 7.1):
// a table with a weighted or artificial adjusted score, or where the board was
// not played (Law 12C2), is left out of it. A ruling that would leave a board
// with too few scores, or a posting with a board left without a datum, is
// refused: the board would otherwise be silently unscored at every table.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_BUTLER_DATUM_SHORTFALL_H_
#define TALLY_REPLAY_BUTLER_DATUM_SHORTFALL_H_

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/datum/datum.h"
#include "core/datum/datum_rule.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"

namespace tally::replay {

// FailedPrecondition, naming the datum rule's clause, when ruling `r` (an
// adjusted score in a session of `competition`, whose profile takes a
// datum) would leave board r.board() of `session`, once every table the
// movement plays it at is in, with too few scores for its datum (within
// sections, the ruled table's section's). OK for any other ruling or
// competition.
absl::Status CheckRulingLeavesADatum(const CompetitionState& competition,
                                     const SessionState& session,
                                     const v1::RecordRulingRequest& r);

// FailedPrecondition, naming the board and the clause, when a board of
// `session` has every result in but no datum under the rulings in force
// (a Butler session cannot be posted with a board unscored). OK where the
// profile takes no datum.
absl::Status CheckEveryBoardHasADatum(const CompetitionState& competition,
                                      const SessionState& session);

// The datum rule's refusal for the scores in `input` of `board` (`where`:
// "session 2", "round 3"), `left_out` of its tables being left out by
// adjusted scores: FailedPrecondition saying the Chief Director decides;
// OK when `rule` takes a datum from them. Pairs matches use it too
// (replay/match_scores/match_adjustments.h).
absl::Status DatumPossibleOver(const core::DatumRule& rule,
                               absl::string_view where, int board,
                               const core::DatumInput& input, int left_out);

// The score table `table` puts in the board's datum (0 for a result not in
// yet: only the number and tables of the scores decide how many a rule
// keeps), or nullopt when an adjusted score in `rulings` leaves it out.
absl::StatusOr<std::optional<int>> DatumScoreAt(
    const EnteredResult* entered, const std::vector<RulingRecord>& rulings,
    int board, int table);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_DATUM_SHORTFALL_H_
