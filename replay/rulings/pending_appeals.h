// Which table's score on a board is pending appeal (NSW TR 13), for every
// projection that takes a datum: an event of matches' rounds (Swiss pairs
// scored imps_vs_datum, through PlayedRoundInputOf) and a Butler movement
// session (replay/butler/butler_session.h).
//
// An appeal (CompetitionState::appeals, replay/state/appeal_state.h) names the
// session (in an event of matches, the round), table, board and room whose
// score it concerns. That score is pending appeal from the AppealLodged
// until the AppealDecided or AppealWithdrawn. A further appeal against the
// committee's decision (FurtherAppealLodged: NSW TR 2.2.3, SABF TR 7) does
// not make it pending again: the decision stands in the datums and results
// until the body appealed to acts, and the log has no event for its
// decision (a new ruling superseding the committee's score puts that right,
// NZ LIRG 82C).
//
// Once the appeal is decided or withdrawn the score is marked
// appeal_decided: under NSW TR 13.3 (a datum from selected scores) it stays
// out of the datum, so a changed score alters only its own match; under
// 13.2 (all scores) it counts like any other and the session's datums move
// (core/datum/datum.h).
//
// Pure functions of the State. Thread-compatible.

#ifndef TALLY_REPLAY_PENDING_APPEALS_H_
#define TALLY_REPLAY_PENDING_APPEALS_H_

#include <string>
#include <vector>

#include "core/datum/datum.h"
#include "core/matchplay/round_input.h"
#include "core/matchplay/round_score.h"
#include "replay/state/state.h"
#include "tally/v1/common.pb.h"

namespace tally::replay {

struct AppealMark {
  // Some appeal on this score is lodged and neither decided nor withdrawn.
  bool pending = false;
  // Some appeal on this score was lodged and has since been decided or
  // withdrawn (and none is pending).
  bool decided = false;
  // The appeals lodged on it, by number, in log order.
  std::vector<int> appeals;
};

// The appeals on the score at `table` on `board` (and `room`, teams) of
// `competition`'s session or round `session`. An empty mark when none was
// ever lodged.
AppealMark AppealMarkAt(const CompetitionState& competition, int session,
                        int board, int table,
                        v1::Room room = v1::ROOM_UNSPECIFIED);

// NSW TR 13.3: whether the Director's latest choice for `board` of session
// (or round) `session` brings substitute scores into its datum
// (DatumSubstitutesChosen). The choice outlives the appeal: the datum taken
// while it was pending stands.
bool DirectorSubstitutes(const CompetitionState& competition, int session,
                         int board);

// Sets BoardResultAt::pending_appeal and appeal_decided on every result of
// `input`, round `input.round` of `competition`, as AppealMarkAt says, and
// the boards the Director brings in substitutes on (DirectorSubstitutes).
void MarkAppeals(const CompetitionState& competition, core::RoundInput& input);

// What an appeal did to a board's datum, in words naming the clause:
// "provisional: appeal pending, NSW TR 13.2 (the score used as it stands)",
// "appeal pending: the score left out, NSW TR 13.3", "appeal decided: the
// datum taken while it was pending stands, NSW TR 13.3", followed by
// "; table 13 brought in by the Director" where substitutes were; empty
// when no score of the board is or was pending appeal.
std::string DatumAppealText(const core::DatumResult& datum);

// For GetMatchResults: the boards whose score at `table` of round `round`
// is pending appeal, and why the match's figures may still change (empty
// when nothing is pending for it).
struct MatchAppealNote {
  std::vector<int> pending_boards;
  std::string reason;
};
MatchAppealNote MatchAppealNoteOf(const CompetitionState& competition,
                                  int round, const core::RoundScore& score,
                                  int table);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_PENDING_APPEALS_H_
