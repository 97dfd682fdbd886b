// Decimal: a fixed-point number with a given count of decimal places, the
// form in which the regulations publish rounded results (a percentage to 2
// places, SABF TR 11.3; a VP to 2 places; a factored matchpoint to 1 place).
// A Decimal is made once from an exact Rational by one stated rounding.
//
// Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_BASE_DECIMAL_H_
#define TALLY_CORE_BASE_DECIMAL_H_

#include <compare>
#include <cstdint>
#include <ostream>
#include <string>

#include "core/base/rational.h"

namespace tally::core {

class Decimal {
 public:
  constexpr Decimal() = default;
  // `units` counted in 10^-places; e.g. (4250, 2) is 42.50. places <= 9.
  constexpr Decimal(int64_t units, int places)
      : units_(units), places_(places) {}

  // Rounds `value` to `places` decimals, halves decided by `half`.
  static Decimal Round(const Rational& value, int places, HalfRounding half);

  int64_t units() const { return units_; }
  int places() const { return places_; }
  Rational ToRational() const;

  // Always shows every place: "42.50", "-0.30", "7".
  std::string ToString() const;

  // Compares values, whatever the places: 1.5 == 1.50.
  friend bool operator==(const Decimal& a, const Decimal& b) {
    return a.ToRational() == b.ToRational();
  }
  friend std::strong_ordering operator<=>(const Decimal& a, const Decimal& b) {
    return a.ToRational() <=> b.ToRational();
  }

 private:
  int64_t units_ = 0;
  int places_ = 0;
};

std::ostream& operator<<(std::ostream& os, const Decimal& d);

// 10^places, for places in [0, 18].
int64_t PowerOfTen(int places);

}  // namespace tally::core

#endif  // TALLY_CORE_BASE_DECIMAL_H_
