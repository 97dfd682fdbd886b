// Where an offence's deduction comes off (issue #5 item 8; NSW TR 6.2, 6.4,
// 6.8, 6.9.1; ANC SR 5.1, 5.3 and appendix; SABF TR 11.2, 13.14, 16.3):
// the amount of the register's penalty step in the event's own unit, and
// the total it is taken from.
//
//   * An event of matches scored in VPs (not a knock-out): the VPs off the
//     entrant's total (the standings; ANC SR 5.1 keeps them out of draws).
//   * A matchpoint pairs event: a percentage of a top converted to
//     matchpoints, taken off the pair's total of the session the offence
//     names. "A top" is a board's top in that session (2 x (times played -
//     1), the international scale); where the movement plays boards a
//     different number of times, the most-played board's top. A per-board
//     step counts each board. SABF TR 11.10's "1% deducted from the final
//     score" is percentage points off the pair's final score (the
//     competition standings' aggregate), whichever session it names.
//   * A knock-out: IMPs off the team's total in the match it plays in the
//     round (stanza) the offence names (NSW TR 6.8 "1 VP is deemed the
//     equivalent of 3 IMPs" is the IMP column the scale prints).
//   * A Butler pairs event in a movement (ANC SR 16.4-16.5): VPs off the
//     pair's VPs where the profile converts matches (16.10), else IMPs off
//     its net IMPs (16.4, Open Stage 1), in the session the offence names;
//     both show in the session's totals and the standings.
//   * Anything else (a unit the regulation does not print for the event,
//     e.g. ANC SR 5.3 c)'s "3 VPs" in a stage ranked on IMPs): nothing is
//     computed, the penalty stays in words.
//
// Pure functions. Thread-compatible.

#ifndef TALLY_REPLAY_OFFENCE_DEDUCTION_H_
#define TALLY_REPLAY_OFFENCE_DEDUCTION_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"
#include "core/penalty/penalty_scale.h"
#include "replay/state/state.h"

namespace tally::replay {

struct OffenceDeductionAmount {
  std::optional<core::Decimal> vps;          // off the event's standings
  std::optional<core::Rational> matchpoints; // off the session's total
  // Off the knock-out match total, or a Butler pair's session net IMPs.
  std::optional<core::Rational> imps;
  // Percentage points off a matchpoint pair's final score (SABF TR 11.10).
  std::optional<core::Rational> percentage_points;
  // Where it comes off, with the working and the clause, e.g. "25% of a
  // top of 2 = 1/2 MP off pair 7's session 1 total (NSW TR 6.4)"; empty
  // when nothing is deducted.
  std::string where;
};

// The deduction `step` (the register's penalty for this occurrence of an
// offence under `clause`) makes for `entrant` in `competition`, in round or
// session `round`, for `boards` boards (>= 1). Nothing for a warning, a
// loss of seating rights or a unit the event has no column for.
// InvalidArgument, naming the clause, when a matchpoint, Butler or
// knock-out deduction names no session or round, or the entrant does not play
// in it; NotFound for a session or round that does not exist (not yet defined
// or drawn).
absl::StatusOr<OffenceDeductionAmount> OffenceDeductionFor(
    const CompetitionState& competition, const core::PenaltyStep& step,
    const std::string& clause, int entrant, int round, int boards);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_OFFENCE_DEDUCTION_H_
