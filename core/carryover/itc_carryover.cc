#include "core/carryover/itc_carryover.h"

#include "absl/strings/str_cat.h"

namespace tally::core {

absl::StatusOr<Rational> ItcFinalCarryOver(const Rational& higher_placed_vps,
                                           const Rational& lower_placed_vps) {
  if (higher_placed_vps < lower_placed_vps) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ANC SR 11.2: the higher placed team has ",
        higher_placed_vps.ToString(), " VPs, fewer than the other team's ",
        lower_placed_vps.ToString()));
  }
  // ANC SR 11.2: 10% of the VP margin, not rounded.
  return (higher_placed_vps - lower_placed_vps) / Rational(10);
}

}  // namespace tally::core
