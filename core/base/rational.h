// Rational: an exact fraction of two 64-bit integers, always in lowest terms
// with a positive denominator. The regulations round percentages, datums,
// VPs and factored matchpoints at stated places only; every intermediate
// value in core/ is a Rational so nothing is lost before that rounding.
//
// Intermediate products use 128-bit integers; a result that does not fit in
// 64 bits aborts (no bridge quantity comes near it, so it is a bug).
//
// Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_BASE_RATIONAL_H_
#define TALLY_CORE_BASE_RATIONAL_H_

#include <compare>
#include <cstdint>
#include <ostream>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tally::core {

// How a value exactly halfway between two candidates is rounded. Values not
// at a half always go to the nearer candidate.
enum class HalfRounding {
  kAwayFromZero,  // 2.5 -> 3, -2.5 -> -3 ("nearest", as the regulations say)
  kTowardZero,    // 2.5 -> 2, -2.5 -> -2
  kUp,            // toward +infinity: 2.5 -> 3, -2.5 -> -2
  kDown,          // toward -infinity: 2.5 -> 2, -2.5 -> -3
  kEven,          // 2.5 -> 2, 3.5 -> 4
};

class Rational {
 public:
  constexpr Rational() = default;
  constexpr Rational(int64_t value) : num_(value), den_(1) {}  // NOLINT
  // Requires den != 0.
  Rational(int64_t num, int64_t den);

  // Parses "42", "-3", "42.495", "1/3" or "-7/2" exactly.
  static absl::StatusOr<Rational> Parse(absl::string_view text);

  int64_t numerator() const { return num_; }
  int64_t denominator() const { return den_; }
  bool is_integer() const { return den_ == 1; }

  Rational operator-() const;
  friend Rational operator+(const Rational& a, const Rational& b);
  friend Rational operator-(const Rational& a, const Rational& b);
  friend Rational operator*(const Rational& a, const Rational& b);
  // Requires b != 0.
  friend Rational operator/(const Rational& a, const Rational& b);
  Rational& operator+=(const Rational& o) { return *this = *this + o; }
  Rational& operator-=(const Rational& o) { return *this = *this - o; }
  Rational& operator*=(const Rational& o) { return *this = *this * o; }
  Rational& operator/=(const Rational& o) { return *this = *this / o; }

  friend bool operator==(const Rational& a, const Rational& b) = default;
  friend std::strong_ordering operator<=>(const Rational& a, const Rational& b);

  // Largest integer <= value, smallest integer >= value.
  int64_t Floor() const;
  int64_t Ceil() const;
  // Nearest integer; `half` decides exact halves.
  int64_t RoundToInteger(HalfRounding half) const;
  // Nearest multiple of `step` (> 0), e.g. step 10 for a Butler datum.
  int64_t RoundToMultiple(int64_t step, HalfRounding half) const;

  // "7/2", or "3" for an integer.
  std::string ToString() const;

 private:
  int64_t num_ = 0;
  int64_t den_ = 1;
};

std::ostream& operator<<(std::ostream& os, const Rational& r);

}  // namespace tally::core

#endif  // TALLY_CORE_BASE_RATIONAL_H_
