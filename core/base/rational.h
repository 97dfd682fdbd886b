// Rational: an exact fraction of two 64-bit integers, always in lowest terms
// with a positive denominator. The regulations round percentages, datums,
// VPs and factored matchpoints at stated places only; every intermediate
// value in core/ is a Rational so nothing is lost before that rounding.
//
// Intermediate products use 128-bit integers. Where the operands come from a
// request, combine them with the Checked* functions: a result that does not
// fit in 64 bits is an absl::Status (OutOfRange), never an abort. The
// operators never abort either: a result that does not fit (or a zero
// denominator) is counted on the calling thread as an overflow and replaced
// by a saturated value (0 for a zero denominator), and a RationalOverflowScope
// around a decide step or a projection reports it, so the server refuses the
// command or answers that read with INTERNAL instead of giving a wrong
// figure (docs/input-limits.md).
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
  // den == 0 counts as an overflow (see RationalOverflowScope) and gives 0.
  Rational(int64_t num, int64_t den);

  // num/den, or InvalidArgument for a zero denominator and OutOfRange where
  // lowest terms do not fit (INT64_MIN).
  static absl::StatusOr<Rational> Checked(int64_t num, int64_t den);
  // a+b, a-b, a*b, a/b, or OutOfRange where the exact result does not fit in
  // 64-bit numerator and denominator (InvalidArgument for division by 0).
  static absl::StatusOr<Rational> CheckedAdd(const Rational& a,
                                             const Rational& b);
  static absl::StatusOr<Rational> CheckedSub(const Rational& a,
                                             const Rational& b);
  static absl::StatusOr<Rational> CheckedMul(const Rational& a,
                                             const Rational& b);
  static absl::StatusOr<Rational> CheckedDiv(const Rational& a,
                                             const Rational& b);

  // Parses "42", "-3", "42.495", "1/3" or "-7/2" exactly.
  static absl::StatusOr<Rational> Parse(absl::string_view text);

  int64_t numerator() const { return num_; }
  int64_t denominator() const { return den_; }
  bool is_integer() const { return den_ == 1; }

  Rational operator-() const;
  friend Rational operator+(const Rational& a, const Rational& b);
  friend Rational operator-(const Rational& a, const Rational& b);
  friend Rational operator*(const Rational& a, const Rational& b);
  // b == 0 counts as an overflow and gives 0.
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

// Counts an overflow on the calling thread (see RationalOverflowScope): for
// core/ code that meets a value it cannot work out (a zero divisor) and
// answers with a stand-in instead of aborting.
void CountArithmeticOverflow();

// Watches the Rational arithmetic of the calling thread while it lives: an
// operator whose result does not fit (or a division by zero) inside it makes
// overflowed() true. Scopes nest; an inner scope's overflow is also the outer
// one's. Not copyable; thread-compatible (each thread has its own count).
class RationalOverflowScope {
 public:
  RationalOverflowScope();
  ~RationalOverflowScope();
  RationalOverflowScope(const RationalOverflowScope&) = delete;
  RationalOverflowScope& operator=(const RationalOverflowScope&) = delete;

  // True once any Rational operation on this thread overflowed since this
  // scope began.
  bool overflowed() const;

 private:
  uint64_t start_;
};

}  // namespace tally::core

#endif  // TALLY_CORE_BASE_RATIONAL_H_
