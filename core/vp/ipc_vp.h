// The Interstate Pairs Championship VP scale, ANC 2025 SR appendix "Victory
// Point Scale for IPC" (used by ANC SR 15.2 for each 8-board match):
//
//   x = the pair's average percentage for the round, rounded to 2 decimal
//       places, 0.005 rounded up;
//   x > 70.0: 20;  57.5-70.0: (x-20)*2/5;  42.5-57.5: (x-35)*2/3;
//   30.0-42.5: (x-30)*2/5;  x < 30.0: 0.
//
// The pieces meet at each boundary (15 at 57.5, 5 at 42.5), so which piece a
// boundary belongs to does not matter, and VP(100 - x) = 20 - VP(x).
//
// Ambiguity resolved: the appendix rounds x but does not say how the VPs are
// rounded; (x-35)*2/3 is usually a repeating decimal. IpcOptions makes it a
// setting; the default is 2 decimals, as every other VP scale in the
// regulations publishes. At 2 (or 1) places no VP value is ever exactly
// halfway (the slopes 2/3 and 2/5 of a 2-decimal x give thirds and fifths of
// a hundredth), so the half rule only matters for whole VPs.
//
// Each side's VPs come from its own percentage, as the appendix says ("the
// pair's average percentage"). The opponents' percentage is taken as 100 - x;
// where adjusted scores make the two not complement each other (ANC SR 7.4
// gives both sides 60% on a fouled board), compute each side separately.
//
// Thread-safe: pure functions.

#ifndef TALLY_CORE_VP_IPC_VP_H_
#define TALLY_CORE_VP_IPC_VP_H_

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/vp/vp_result.h"

namespace tally::core {

struct IpcOptions {
  // Decimal places of the VPs, 0 to 6. Default: 2.
  int vp_places = 2;
  // How an exact half is rounded at vp_places. Default: kAwayFromZero
  // ("nearest"); moot at 1 or 2 places.
  HalfRounding vp_half = HalfRounding::kAwayFromZero;
};

// ANC SR appendix IPC scale. `percentage` is the pair's exact average
// percentage for the round (e.g. Rational::Parse("52.345")). Returns its VPs
// and its opponents' (from 100 - percentage); InvalidArgument if the
// percentage is outside 0-100 or vp_places outside 0-6.
absl::StatusOr<VpResult> IpcVp(const Rational& percentage,
                               const IpcOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_VP_IPC_VP_H_
