#include "core/scoring/percentage.h"

#include <cstdlib>

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

}  // namespace tally::core
