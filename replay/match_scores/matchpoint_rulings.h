// The director's rulings in a matchpoint-scored event of matches (issue #5,
// item 4; the ANC IPC, ANC SR 15: each match's boards are matchpointed
// across every table of the round, a single field, home sitting
// North-South, and each pair's match percentage converted to VPs on the
// appendix's IPC scale). RoundInputOf (replay/match_scores/match_standings.h)
// already scores an assigned adjusted score as played; this applies the other
// forms to the round as core::ScoreRound scored it, with the board arithmetic
// of a movement session (replay/rulings/adjusted_boards.h, as
// replay/pairs/session_scores.h uses it):
//
//   weighted (Law 12C1(c))  the NZ LIRG frequency method: the outcomes join
//                           the board's field as fractions of a result.
//   split (Law 12C1(b))     each side matchpointed on its own result; the
//                           other tables compare with the non-offenders'
//                           (Fouled-board guide, "Differential
//                           Adjustments").
//   artificial (Law 12C2)   the table leaves the board's field (the other
//                           tables are factored back to it, Neuberg); each
//                           side gets the profile's percentage of the
//                           board's top (`artificial.matchpoints`: ANC SR
//                           7.4-7.6 60% average plus, 40% minus). Under
//                           `artificial.several_boards: anc_appendix` a
//                           side with average plus on N boards of the match
//                           gets 50 + 10 sqrt(N)/N percent on each (ANC SR
//                           appendix, "Calculation of Multiple average plus
//                           awards"; 60% for one board). A rule's "or the
//                           side's session average if higher" is not read
//                           in a match (no profile of matches has one).
//   matchpoint penalties    (Laws 90, 91; RulingMade's penalty in
//                           matchpoints) off the penalised pair's
//                           matchpoints in the match at the ruling's table,
//                           before its percentage is converted to VPs (as
//                           an IMP penalty in an IMP-scored match; ANC SR
//                           5.3 c's VP penalties are PenaltyAwarded, after
//                           conversion).
//
// A split, unequal artificial awards or a penalty leave the two pairs of a
// match with percentages that do not add up to 100: MatchScore::
// away_percentage holds the away pair's, and its VPs are converted from it.
// Each board's BoardScore::away_points holds East-West's matchpoints where
// they are not the top less North-South's.
//
// Pure function. Thread-safe.

#ifndef TALLY_REPLAY_MATCH_SCORES_MATCHPOINT_RULINGS_H_
#define TALLY_REPLAY_MATCH_SCORES_MATCHPOINT_RULINGS_H_

#include "absl/status/status.h"
#include "core/matchplay/round_input.h"
#include "core/matchplay/round_score.h"
#include "core/profile/profile.h"
#include "replay/state/state.h"

namespace tally::replay {

// Applies the rulings in force in `round` that `input` does not carry to
// `score`, which core::ScoreRound made from `input` under `profile`
// (matchpoints): the boards' matchpoints, the matches' percentages and VPs.
// OK and `score` unchanged when no such ruling is in force. InvalidArgument
// for an adjusted result Law 77 cannot score (decide refuses those, so a
// damaged log); the VP scale's errors.
absl::Status ApplyMatchpointRulings(const core::RegulationProfile& profile,
                                    const MatchRoundState& round,
                                    const core::RoundInput& input,
                                    core::RoundScore& score);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_MATCHPOINT_RULINGS_H_
