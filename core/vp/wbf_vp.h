// The WBF 2013 IMP-to-VP scales for a match of any number of boards N:
//
// * the continuous 20-VP scale, to 2 decimals. SABF TR 13.9 and 19.8 use it
//   for teams matches; SABF TR 21.1 and 21.3-21.12 print it for 6-16 boards,
//   and this code reproduces those tables cell for cell (core/vp/testdata);
// * the discrete (whole-VP) scale derived from it, which no regulation in
//   this project prints (see WbfDiscreteUpperMargins).
//
// The WBF formula, for an IMP margin M >= 0 won by the winner:
//   blitz B = 15 * sqrt(N);  tau = (sqrt(5) - 1) / 2;
//   winner = 10 + 10 * (1 - tau^(3M/B)) / (1 - tau^3), and 20 once M >= B;
//   loser = 20 - winner.
//
// Why binary floating point here, and only here, in core/: the formula is
// irrational, so no exact computation exists; the regulations' tables are
// the IEEE double value of the formula rounded ONCE to 2 decimals. This code
// computes the formula in double in the published order of operations, takes
// the exact binary value of that double as a Rational, and rounds it once
// with Decimal::Round. It never formats, scales or re-rounds the double (a
// double rounding, e.g. to 3 places first, turns 16 boards / 2 IMPs, whose
// double is 10.6149986, into 10.62 instead of the table's 10.61). No epsilon
// is added before rounding: the plain rounding matches all 942 cells of
// SABF TR 21.1 and 21.3-21.12, and the nearest any cell in those tables
// comes to a rounding boundary is 1.4e-6 VP, far above double error. The
// margin M is a whole number of IMPs, and the winner's VPs are rounded
// first; the loser gets 20 minus the rounded winner's VPs, so the two always
// total exactly 20.00.
//
// Note: a concavity correction (raising a rounded value by 0.01 where the
// rounded increments would grow) is applied by some published implementations
// of the WBF scale; the SABF tables do NOT apply it (SABF TR 21.5, 8 boards:
// 39, 40, 41 IMPs give 19.62, 19.73, 19.85, increments 0.11 then 0.12), and
// the regulations are the authority, so neither does this code.
//
// Thread-safe: pure functions.

#ifndef TALLY_CORE_VP_WBF_VP_H_
#define TALLY_CORE_VP_WBF_VP_H_

#include <array>
#include <cstdint>

#include "absl/status/statusor.h"
#include "core/vp/vp_result.h"

namespace tally::core {

// SABF TR 21.1, 21.3-21.12: the WBF 2013 continuous scale. `imp_margin` is
// the side's signed net IMPs (negative if it lost). Returns VPs to 2
// decimals, the two sides totalling 20.00; InvalidArgument if boards < 1.
absl::StatusOr<VpResult> WbfContinuousVp(int64_t imp_margin, int boards);

// The WBF 2013 discrete scale for `boards`: element k (0..9) is the largest
// IMP margin that earns 10 + k VPs; any larger margin earns 20.
//
// No regulation here prints a discrete table. The WBF Scoring Panel's
// technical report ("The New WBF IMP to VP Scales", 2013) says the discrete
// scale gives a range of IMPs for each whole VP score, comes from the same
// exponential formula, and that "the IMP range is non-decreasing for each
// subsequent integer VP score"; its step-by-step algorithm was not
// available here. This code reconstructs it: each margin first earns its
// continuous (unrounded double) VPs rounded to the nearest whole VP; then,
// while some range is narrower than the one below it, the lower range's top
// margin moves up into the narrower range. The 10-10 range counts both signs
// (-b..b, width 2b + 1). It agrees with the WBF's 20-board discrete ranges as
// quoted by bcstar.nl ("Continue WP-schaal ingevoerd": 0-1, 2-5 and 6-9 IMPs
// for 10, 11 and 12 VPs), but the full WBF tables could not be checked.
// InvalidArgument if boards < 1.
absl::StatusOr<std::array<int64_t, 10>> WbfDiscreteUpperMargins(int boards);

// The WBF 2013 discrete scale (see WbfDiscreteUpperMargins): whole VPs, the
// two sides totalling 20. InvalidArgument if boards < 1.
absl::StatusOr<VpResult> WbfDiscreteVp(int64_t imp_margin, int boards);

}  // namespace tally::core

#endif  // TALLY_CORE_VP_WBF_VP_H_
