#include "core/adjust/unplayed_boards.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace tally::core {

absl::StatusOr<UnplayedBoardsImps> NswUnplayedBoardsImps(
    int unplayed_boards, std::optional<int> max_imps_for_18_vps) {
  const int u = unplayed_boards;
  if (u < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "NSW TR 12.10 applies to one or more unplayed boards, not ", u));
  }
  if (u <= 3) {
    // NSW TR 12.10(a): 2 IMPs per board unplayed.
    return UnplayedBoardsImps{.per_board = 2, .total = Rational(2 * u)};
  }
  if (u <= 7) {
    // NSW TR 12.10(b): 1 IMP per board unplayed + 3.0 IMPs.
    const Rational total = Rational(u + 3);
    return UnplayedBoardsImps{.per_board = total / Rational(u), .total = total};
  }
  if (!max_imps_for_18_vps.has_value() || *max_imps_for_18_vps < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "NSW TR 12.10(c): for ", u,
        " unplayed boards give M, the most IMPs that score 18 VPs on the WBF "
        "scale for that many boards (or the nearest lower scale)"));
  }
  // NSW TR 12.10(c): A = M / U to the nearest 0.5 IMP, 0.25 and 0.75 up:
  // halves of 2A rounded up.
  const Rational twice_a = Rational(2 * int64_t{*max_imps_for_18_vps}, u);
  const Rational a = Rational(twice_a.RoundToInteger(HalfRounding::kUp), 2);
  return UnplayedBoardsImps{.per_board = a, .total = a * Rational(u)};
}

}  // namespace tally::core
