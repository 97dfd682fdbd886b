// The SABF matchpoint Swiss pairs VP scale, SABF TR 21.13 ("VP scales for
// pairs matches: normally only used in Swiss pairs VP"): whole VPs from the
// percentage of the available matchpoints a pair scored in the match. For
// each band of match lengths (4 boards or fewer, 5-6, 7-9, 10-13, 14-19,
// 20-27, 28-39, 40-55) the table gives, for each split from 10-10 to 19-1,
// the highest percentage "not exceeding" which earns it; more than the 19-1
// figure earns 20-0; the lower side earns the rest of the 20 (so 49.08% and
// 50.92% both earn 10 in a 4-board match).
//
// Ambiguity resolved: the table's limits have 2 decimals, but the clause
// does not say whether the pair's percentage is compared exactly or first
// rounded (50.923% is 50.92 to 2 places but exceeds 50.92). MpSwissOptions
// makes it a setting; the default rounds to 2 decimals, nearest, as SABF TR
// 11.3 computes pairs percentages, which is how a scorer reads the table.
//
// The table gives a match's split by the winner's percentage, so this
// takes the higher of the side's percentage and 100 minus it, rounds that,
// looks up the split and gives the lower side the complement: a match always
// totals 20 (rounding each side's percentage separately, 50.925% and
// 49.075% would earn 11 and 10). Where adjusted scores make the two sides'
// percentages not complement each other, call once per side and use `vps`.
//
// Thread-safe: pure functions.

#ifndef TALLY_CORE_VP_MP_SWISS_VP_H_
#define TALLY_CORE_VP_MP_SWISS_VP_H_

#include <optional>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/vp/vp_result.h"

namespace tally::core {

struct MpSwissOptions {
  // Places the pair's percentage is rounded to before the look-up (0-6), or
  // nullopt to compare the exact percentage. Default: 2 (SABF TR 11.3).
  std::optional<int> percentage_places = 2;
  // How an exact half is rounded. Default: kAwayFromZero ("nearest").
  HalfRounding percentage_half = HalfRounding::kAwayFromZero;
};

// SABF TR 21.13. `percentage` is the pair's exact percentage of the
// available matchpoints in a match of `boards` boards. Returns whole VPs for
// it and its opponents, totalling 20; InvalidArgument if boards is
// outside 1-55, the percentage outside 0-100, or percentage_places outside
// 0-6.
absl::StatusOr<VpResult> SabfMpSwissVp(const Rational& percentage, int boards,
                                       const MpSwissOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_VP_MP_SWISS_VP_H_
