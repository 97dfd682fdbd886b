// ScoreCrossImpsBoard: one board of a pairs session in a movement scored by
// cross-IMPs (profile scoring cross_imps, core/datum/cross_imps.h): each
// North-South score IMPed against every other score on the board and the
// comparisons summed or averaged as the profile's cross_imps.averaging says;
// East-West's are the negative. A table with an artificial adjusted score is
// not compared and gets the profile's artificial IMPs (as in Butler; the
// ACBLscore manual's "Average IMPs": average 0, average plus 3), an assigned
// score is compared as played. Weighted and split scores and fouled-board
// treatments are not scored by cross-IMPs: InvalidArgument naming the table.
//
// A board not yet in at every table is scored over the results in so far
// (provisional, as ButlerBoard::complete says); fewer than two comparable
// results leave its tables unscored.
//
// Deterministic. Thread-compatible.

#ifndef TALLY_REPLAY_BUTLER_CROSS_IMPS_BOARD_H_
#define TALLY_REPLAY_BUTLER_CROSS_IMPS_BOARD_H_

#include "absl/status/status.h"
#include "core/adjust/artificial.h"
#include "tally/v1/director.pb.h"
#include "core/profile/profile.h"
#include "replay/butler/butler_session.h"
#include "replay/state/state.h"

namespace tally::replay {

// Fills `board` (board.board and board.times_expected set) from `session`'s
// results under `rules`, comparing the tables `in_comparison` takes (a
// section's, within sections; every table when empty).
absl::Status ScoreCrossImpsBoard(const SessionState& session,
                                 const core::CrossImpsRules& rules,
                                 const core::ArtificialImpsRule& artificial,
                                 ButlerBoard& board,
                                 const InComparison& in_comparison = {});

// Refuses (InvalidArgument, naming what to give instead) a ruling a
// cross-IMP competition cannot score: a weighted, split or per-side
// adjusted score, or a fouled-board treatment. OK for any ruling in a
// competition not scored by cross-IMPs.
absl::Status CheckCrossImpsRuling(const CompetitionState& competition,
                                  const v1::RecordRulingRequest& r);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_CROSS_IMPS_BOARD_H_
