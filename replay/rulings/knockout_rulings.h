// The director's rulings in a knock-out match (issue #5, item 4): what a
// ruling that leaves the two teams with different IMPs does to each team's
// total (replay/draws/knockout_results.h), the winner being decided on the two
// totals.
//
//   An unbalanced board (a Law 12C1(b) split score, Law 12C2 artificial
//   awards that are not equal and opposite, e.g. average plus to both):
//   each team is scored on its own IMPs
//   (replay/match_scores/match_adjustments.h IMPs each team's side against the
//   other room, artificial awards at the profile's `artificial.imps`: ANC
//   SR 7.1 3 IMPs, NSW TR 7.2 / NZ LIRG Law 86A +-3 or +-2 under 11 boards).
//   IMPs a team wins by its own result count in its total; IMPs it loses by its
//   own result count in the opponents' total as far as the opponents' own
//   result wins them, and the rest come off its own total ("average minus: 3
//   IMPs conceded", Fouled-board guide). On a balanced board this is the usual
//   scoreboard: the side that gains the IMPs is credited with them.
//   Examples (home's own IMPs / away's own IMPs -> home's, away's total):
//     +3 / -3 (balanced)      -> 3, 0
//     +3 / +3 (avg plus both) -> 3, 3   (the margin is unchanged)
//     -3 / -3 (avg minus both)-> -3, -3
//     +3 /  0 (avg plus, avg) -> 3, 0
//     +9 / +2 (a split)       -> 9, 2   (each team its own result)
//     +5 / -8 (a split)       -> 5, -3  (away concedes 8: 5 won by home)
//   A team's IMPs are those of its own adjusted result, as a Swiss match
//   converts each team's own IMPs to VPs (Fouled-board guide, "Differential
//   Adjustments": "a differential will usually produce two different IMP
//   results").
//   An IMP penalty (Laws 90, 91; RulingMade's penalty in IMPs) comes off
//   the penalised team's total in the match at the ruling's table, with the
//   offence register's IMP deductions (replay/rulings/offence_deduction.h) and
//   before the winner is decided. The fine is not credited to the
//   opponents (Fouled-board guide: a fine "should not have a direct effect
//   on their opponent's score"); the margin moves by the fine all the same.
//   So do the Fouled-board guide's match-play fines (3 IMPs, 6 with cards
//   exchanged between partners, (b) 3 IMPs: core::GuideMatchPlay) on the
//   offending team.
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_KNOCKOUT_RULINGS_H_
#define TALLY_REPLAY_KNOCKOUT_RULINGS_H_

#include <optional>

#include "core/base/rational.h"
#include "replay/state/state.h"

namespace tally::replay {

struct KnockoutBoardImps {
  core::Rational home;  // counted in the home team's total
  core::Rational away;  // counted in the away team's total
};

// The IMPs the board adds to each team's total, from home's own IMPs and,
// where a ruling left the board unbalanced, away's own (nullopt: -home).
KnockoutBoardImps KnockoutImpsOnBoard(
    const core::Rational& home, const std::optional<core::Rational>& away);

// The IMPs of the IMP penalties and the Fouled-board guide's fines in
// force in `round` against `team` (0 when none).
core::Rational KnockoutImpPenalties(const MatchRoundState& round, int team);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_KNOCKOUT_RULINGS_H_
