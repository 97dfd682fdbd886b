// IMPs assigned for boards that could not be played through no fault of the
// players in IMP-scored teams or pairs events (NSW TR 12.10):
//
//   (a) 1-3 boards unplayed: 2 IMPs per board unplayed;
//   (b) 4-7 boards unplayed: 1 IMP per board unplayed + 3.0 IMPs;
//   (c) 8 or more: A = M / U IMPs per board, where U is the number of boards
//       unplayed and M "the maximum number of IMPs in the range which scores
//       18 Victory Points in the corresponding WBF VP scale for the number of
//       boards unplayed" (the nearest lower scale when there is none for U);
//       "Fractions will be rounded to the nearest 0.5 IMPs with 0.25 and 0.75
//       rounded up".
//
// Readings. (b) is read literally: a flat 3.0 IMPs plus 1 per board, U + 3 in
// all (4 boards: 7 IMPs), not 4 per board; the step from (b) at 7 boards
// (10 IMPs) to (c) at 8 (M, about 28 IMPs on the WBF 8-board scale) is in
// the regulation. Each side whose boards went unplayed receives the award;
// it is not taken from the opponents. M comes from the VP scale and is an
// input here (the caller reads it from core/vp with the scale the clause
// names); this module does not pick the scale.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_UNPLAYED_BOARDS_H_
#define TALLY_CORE_ADJUST_UNPLAYED_BOARDS_H_

#include <optional>

#include "absl/status/statusor.h"
#include "core/base/rational.h"

namespace tally::core {

struct UnplayedBoardsImps {
  Rational per_board;  // A, the IMPs for each board unplayed
  Rational total;      // what the side receives for all of them

  friend bool operator==(const UnplayedBoardsImps&,
                         const UnplayedBoardsImps&) = default;
};

// NSW TR 12.10 for `unplayed_boards` (U) boards. `max_imps_for_18_vps` is M,
// needed for U >= 8 and ignored below. InvalidArgument if U < 1, or U >= 8
// and M is missing or not positive.
absl::StatusOr<UnplayedBoardsImps> NswUnplayedBoardsImps(
    int unplayed_boards, std::optional<int> max_imps_for_18_vps = std::nullopt);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_UNPLAYED_BOARDS_H_
