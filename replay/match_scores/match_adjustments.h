// The director's rulings in an event of matches (issue #5, item 4): what
// core::ScoreRound cannot see in a round's RoundInput. RoundInputOf
// (replay/match_scores/match_standings.h) already scores an assigned adjusted
// score as played; this applies the rest to the round as ScoreRound scored it,
// reusing the board arithmetic of replay/rulings/adjusted_boards.h:
//
//   Teams (imps_two_tables), one adjusted room of a match's board, IMPed
//   against the other room's result as Butler IMPs a table against a datum:
//     artificial (Law 12C2)   each team the profile's artificial IMPs (the
//                             `artificial.imps` rule: NSW TR 7.2 and NZ
//                             LIRG Law 86A +-3, or +-2 under 11 boards; ANC
//                             SR 7.1 3 IMPs); the other room's result, if
//                             any, does not count on the board.
//     weighted (Law 12C1(c))  each outcome IMPed against the other room's
//                             result, weighted and rounded once to the
//                             nearest IMP (NZ LIRG's teams example, +3).
//     split (Law 12C1(b))     each team IMPed on its own side's result
//                             against the other room's (the Fouled-board
//                             guide, "Differential Adjustments").
//   Pairs against a datum (imps_vs_datum), as a Butler session
//   (replay/butler/butler_session.h): artificial and weighted tables are left
//   out of the board's datum, a split table puts the non-offenders' result in,
//   and each table is IMPed as AdjustedButlerImps says.
//   Fouled boards, pairs against a datum: the treatment in force is scored
//   as a Butler session's (replay/match_scores/fouled_matches.h), each table's
//   IMPs replacing ScoreRound's; NSW TR 12.6(b)'s wrong-side table is average
//   to both, left out of the datum like any artificial score.
//   IMP penalties (Laws 90, 91; RulingPenalty in IMPs): taken off the
//   penalised side's IMPs in the match at the ruling's table, BEFORE the
//   match is converted to VPs. The regulations name no IMP penalty in a
//   match of a Swiss or round robin; NSW TR 6.8 equates a fine with IMPs
//   only in knock-outs ("1 VP is deemed to be the equivalent of 3 IMPs").
//   An IMP penalty is given in the unit a match is won in, so it counts in
//   the margin that is converted; a director who wants VPs off the total
//   gives a VP penalty (PenaltyAwarded, after conversion, ANC SR 5.1).
//   Fouled boards, teams under the Fouled-board guide (Match Play), ruled
//   at the match's table (core/adjust/fouled_board.h GuideMatchPlay): (a)'s
//   adjusted score is the board's IMPs in place of both rooms' (N to the
//   non-offenders, -N to the offenders); a redeal needs nothing here (the
//   redealt board's results are the board's); the fines (3 IMPs, 6 with
//   cards exchanged, (b) 3 IMPs) come off the match's margin before it is
//   converted to VPs, so the opponents' side of the margin gains them: the
//   guide's fine "should not have a direct effect on their opponent's
//   score - except in Teams Matches, of course" (docs/regulation-fixes.md).
//
// A split, an artificial score whose awards are not equal and opposite,
// or an IMP penalty leaves the two sides of a match with different IMPs:
// MatchScore::away_imps holds the away side's, and its VPs are converted
// from them (as ButlerMatch does), and BoardScore::away_points holds the
// away team's IMPs on such a board, which a knock-out match's totals read
// (replay/rulings/knockout_rulings.h).
//
// Pure function. Thread-safe.

#ifndef TALLY_REPLAY_MATCH_SCORES_MATCH_ADJUSTMENTS_H_
#define TALLY_REPLAY_MATCH_SCORES_MATCH_ADJUSTMENTS_H_

#include "absl/status/status.h"
#include "core/adjust/artificial.h"
#include "core/matchplay/round_input.h"
#include "core/matchplay/round_score.h"
#include "core/profile/profile.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"

namespace tally::replay {

// The score of `board` in `score`, or nullptr when the round does not play
// it.
core::BoardScore* BoardOf(core::RoundScore& score, int board);

// The artificial IMPs of a match of `boards_in_match` boards under
// `profile` (its `artificial.imps` rule; without one: NSW TR 7.2's teams
// amounts for imps_two_tables, Butler's 2 IMPs otherwise).
core::ArtificialImpsRule MatchArtificialImpsRule(
    const core::RegulationProfile& profile, int boards_in_match);

// Applies the rulings in force in `round` that `input` (RoundInputOf) does
// not carry to `score`, which core::ScoreRound made from `input` under
// `profile`: the boards' scores, the matches' IMPs (home_imps, away_imps),
// boards scored and VPs, and any half-match group (re-scored on the
// changed datums). OK and `score` unchanged when no such ruling is in
// force. InvalidArgument for an adjusted result Law 77 cannot score or a
// complete board with no datum (a damaged log); the VP scale's errors.
// Matchpoint-scored rounds: ApplyMatchpointRulings
// (replay/match_scores/matchpoint_rulings.h).
absl::Status ApplyRoundRulings(const core::RegulationProfile& profile,
                               const MatchRoundState& round,
                               const core::RoundInput& input,
                               core::RoundScore& score);

// Issue #16 defect 3 in pairs matches IMPed against a datum (Swiss and
// round-robin pairs, NSW Butler round robins), whose board's field is the
// round's tables (its matches played and any half-match table):
// FailedPrecondition, naming the datum rule's clause, when ruling `r` (an
// artificial or weighted adjusted score in `round`) would leave its board,
// once every table is in, with too few scores for its datum; OK for any
// other ruling or event (replay/butler/butler_datum_shortfall.h for Butler).
absl::Status CheckMatchRulingLeavesADatum(const CompetitionState& competition,
                                          const MatchRoundState& round,
                                          const v1::RecordRulingRequest& r);

// FailedPrecondition, naming the board and the table, when a board of
// `round` (every result in) is left without a score at a match's table
// under the rulings in force: such a round cannot be posted. OK in any
// other event.
absl::Status CheckEveryRoundBoardHasADatum(const CompetitionState& competition,
                                           const MatchRoundState& round);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_MATCH_ADJUSTMENTS_H_
