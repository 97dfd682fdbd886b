#include "core/scoring/percentage.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"

namespace tally::core {

Decimal SessionPercentage(const Rational& earned, const Rational& available) {
  if (available <= Rational(0)) {
    CountArithmeticOverflow();  // reported by the caller's scope
    return Decimal(0, 2);
  }
  // SABF TR 11.3: to the nearest two decimal places.
  return Decimal::Round(Rational(100) * earned / available, 2,
                        HalfRounding::kAwayFromZero);
}

absl::StatusOr<PairPercentage> PairSessionPercentage(
    const Rational& matchpoints, int64_t maximum, std::optional<int> places,
    HalfRounding half) {
  if (maximum <= 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the maximum (the sum of the tops of the boards played) is ", maximum,
        ": a pair with no board played has no percentage"));
  }
  if (places.has_value() && (*places < 0 || *places > 6)) {
    return absl::InvalidArgumentError(
        absl::StrCat(*places, " decimal places: 0 to 6"));
  }
  PairPercentage out;
  out.exact = Rational(100) * matchpoints / Rational(maximum);
  if (places.has_value()) {
    out.published = Decimal::Round(out.exact, *places, half);
    out.ranking = out.published.ToRational();
  } else {
    out.published = Decimal::Round(out.exact, 2, HalfRounding::kAwayFromZero);
    out.ranking = out.exact;
  }
  return out;
}

}  // namespace tally::core
