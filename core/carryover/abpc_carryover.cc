#include "core/carryover/abpc_carryover.h"

#include "absl/strings/str_cat.h"

namespace tally::core {

absl::StatusOr<Rational> AbpcOpenStage3CarryOver(int stage2_place) {
  if (stage2_place < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ANC SR 18.1: a Stage 2 placing starts at 1, not ", stage2_place));
  }
  // ANC SR 18.3: qualifying from outside the top 5 carries nothing.
  if (stage2_place > 5) return Rational(0);
  // ANC SR 18.1: first 10 VPs, second 8, ..., fifth 2.
  return Rational(12 - 2 * stage2_place);
}

absl::StatusOr<Decimal> AbpcMixedCarryOver(
    absl::Span<const Rational> stage1_vps_by_place, int place,
    HalfRounding half) {
  if (place < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ANC SR 18.2: a Stage 1 placing starts at 1, not ", place));
  }
  if (stage1_vps_by_place.size() < 10) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ANC SR 18.2 needs the VP scores of the first ten placed pairs; ",
        stage1_vps_by_place.size(), " given"));
  }
  for (size_t i = 1; i < stage1_vps_by_place.size(); ++i) {
    if (stage1_vps_by_place[i] > stage1_vps_by_place[i - 1]) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ANC SR 18.2: the Stage 1 scores are not in placing order (place ",
          i + 1, " has ", stage1_vps_by_place[i].ToString(), " VPs, place ", i,
          " ", stage1_vps_by_place[i - 1].ToString(), ")"));
    }
  }
  // ANC SR 18.3: qualifying from outside the top 10 carries nothing.
  if (place > 10) return Decimal(0, 2);
  const Rational& x = stage1_vps_by_place[0];
  const Rational& y = stage1_vps_by_place[9];
  const Rational& z = stage1_vps_by_place[place - 1];
  if (x == y) {
    return absl::InvalidArgumentError(
        absl::StrCat("ANC SR 18.2: the first and tenth placed pairs both have ",
                     x.ToString(),
                     " VPs, so c(n) = 1 + 6 (z - y) / (x - y) divides by "
                     "zero; the CTD must decide the carry-overs"));
  }
  // ANC SR 18.2: c(n) = 1 + 6 * (z - y) / (x - y), rounded to two decimals.
  return Decimal::Round(Rational(1) + Rational(6) * (z - y) / (x - y), 2, half);
}

}  // namespace tally::core
