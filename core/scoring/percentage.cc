#include "core/scoring/percentage.h"

#include <cstdlib>

namespace tally::core {

Decimal SessionPercentage(const Rational& earned, const Rational& available) {
  if (available <= Rational(0)) std::abort();
  // SABF TR 11.3: to the nearest two decimal places.
  return Decimal::Round(Rational(100) * earned / available, 2,
                        HalfRounding::kAwayFromZero);
}

}  // namespace tally::core
