#include "core/base/decimal.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"

namespace tally::core {

int64_t PowerOfTen(int places) {
  if (places < 0 || places > 18) {
    CountArithmeticOverflow();  // a stored value out of range: reported
    return 1;
  }
  int64_t p = 1;
  for (int i = 0; i < places; ++i) p *= 10;
  return p;
}

Decimal Decimal::Round(const Rational& value, int places, HalfRounding half) {
  return Decimal((value * Rational(PowerOfTen(places))).RoundToInteger(half),
                 places);
}

Rational Decimal::ToRational() const {
  return Rational(units_, PowerOfTen(places_));
}

std::string Decimal::ToString() const {
  if (places_ == 0) return absl::StrCat(units_);
  int64_t scale = PowerOfTen(places_);
  int64_t magnitude = units_ < 0 ? -units_ : units_;
  std::string frac = absl::StrCat(magnitude % scale);
  frac.insert(0, places_ - frac.size(), '0');
  return absl::StrCat(units_ < 0 ? "-" : "", magnitude / scale, ".", frac);
}

std::ostream& operator<<(std::ostream& os, const Decimal& d) {
  return os << d.ToString();
}

}  // namespace tally::core
