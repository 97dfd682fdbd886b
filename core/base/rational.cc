#include "core/base/rational.h"

#include <limits>
#include <numeric>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

using Wide = __int128;

// Overflows seen on this thread, ever; a scope compares against its start.
thread_local uint64_t overflows = 0;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

bool Fits(Wide v) { return v <= kMax && v >= -Wide{kMax}; }

// No bridge quantity inside the ranges the server admits comes near 2^63:
// an overflow is counted (RationalOverflowScope) and saturated, never an
// abort, so one bad stored value cannot stop the server.
int64_t Narrow(Wide v) {
  if (!Fits(v)) {
    ++overflows;
    return v > 0 ? kMax : -kMax;
  }
  return static_cast<int64_t>(v);
}

Wide Gcd(Wide a, Wide b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    Wide t = a % b;
    a = b;
    b = t;
  }
  return a;
}

void Reduce(Wide& num, Wide& den) {
  if (den < 0) {
    num = -num;
    den = -den;
  }
  Wide g = Gcd(num, den);
  if (g > 1) {
    num /= g;
    den /= g;
  }
}

Rational Make(Wide num, Wide den) {
  if (den == 0) {
    ++overflows;
    return Rational();
  }
  Reduce(num, den);
  return Rational(Narrow(num), Narrow(den));
}

absl::StatusOr<Rational> MakeChecked(Wide num, Wide den, const char* op,
                                     const Rational& a, const Rational& b) {
  if (den == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("division of ", a.ToString(), " by zero"));
  }
  Reduce(num, den);
  if (!Fits(num) || !Fits(den)) {
    return absl::OutOfRangeError(absl::StrCat(
        a.ToString(), " ", op, " ", b.ToString(),
        " is too large to be worked out exactly (64-bit numerator and "
        "denominator)"));
  }
  return Rational(static_cast<int64_t>(num), static_cast<int64_t>(den));
}

// Floor division for a positive divisor.
Wide FloorDiv(Wide a, Wide b) {
  Wide q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}

}  // namespace

Rational::Rational(int64_t num, int64_t den) {
  if (den == 0) {
    ++overflows;
    return;  // 0
  }
  Wide n = num, d = den;
  Reduce(n, d);
  num_ = Narrow(n);
  den_ = Narrow(d);
}

absl::StatusOr<Rational> Rational::Checked(int64_t num, int64_t den) {
  return MakeChecked(Wide{num}, Wide{den}, "/", Rational(num), Rational(1));
}

absl::StatusOr<Rational> Rational::CheckedAdd(const Rational& a,
                                              const Rational& b) {
  return MakeChecked(Wide{a.num_} * b.den_ + Wide{b.num_} * a.den_,
                     Wide{a.den_} * b.den_, "+", a, b);
}
absl::StatusOr<Rational> Rational::CheckedSub(const Rational& a,
                                              const Rational& b) {
  return MakeChecked(Wide{a.num_} * b.den_ - Wide{b.num_} * a.den_,
                     Wide{a.den_} * b.den_, "-", a, b);
}
absl::StatusOr<Rational> Rational::CheckedMul(const Rational& a,
                                              const Rational& b) {
  return MakeChecked(Wide{a.num_} * b.num_, Wide{a.den_} * b.den_, "*", a, b);
}
absl::StatusOr<Rational> Rational::CheckedDiv(const Rational& a,
                                              const Rational& b) {
  return MakeChecked(Wide{a.num_} * b.den_, Wide{a.den_} * b.num_, "/", a, b);
}

void CountArithmeticOverflow() { ++overflows; }

RationalOverflowScope::RationalOverflowScope() : start_(overflows) {}
RationalOverflowScope::~RationalOverflowScope() = default;
bool RationalOverflowScope::overflowed() const { return overflows != start_; }

absl::StatusOr<Rational> Rational::Parse(absl::string_view text) {
  absl::string_view t = absl::StripAsciiWhitespace(text);
  auto bad = [&] {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' is not a number (expected e.g. 42, 42.495 or 7/2)"));
  };
  if (t.empty()) return bad();
  if (size_t slash = t.find('/'); slash != absl::string_view::npos) {
    int64_t n, d;
    if (!absl::SimpleAtoi(t.substr(0, slash), &n) ||
        !absl::SimpleAtoi(t.substr(slash + 1), &d) || d == 0) {
      return bad();
    }
    return Rational(n, d);
  }
  bool negative = false;
  if (t.front() == '-' || t.front() == '+') {
    negative = t.front() == '-';
    t.remove_prefix(1);
  }
  size_t dot = t.find('.');
  absl::string_view whole = t.substr(0, dot);
  absl::string_view frac =
      dot == absl::string_view::npos ? absl::string_view() : t.substr(dot + 1);
  if (whole.empty() && frac.empty()) return bad();
  if (frac.size() > 12) return bad();
  for (char c : whole)
    if (!absl::ascii_isdigit(c)) return bad();
  for (char c : frac)
    if (!absl::ascii_isdigit(c)) return bad();
  int64_t w = 0, f = 0;
  if (!whole.empty() && !absl::SimpleAtoi(whole, &w)) return bad();
  if (!frac.empty() && !absl::SimpleAtoi(frac, &f)) return bad();
  int64_t scale = 1;
  for (size_t i = 0; i < frac.size(); ++i) scale *= 10;
  Rational r = Rational(w) + Rational(f, scale);
  return negative ? -r : r;
}

Rational Rational::operator-() const { return Make(-Wide{num_}, den_); }

Rational operator+(const Rational& a, const Rational& b) {
  return Make(Wide{a.num_} * b.den_ + Wide{b.num_} * a.den_,
              Wide{a.den_} * b.den_);
}
Rational operator-(const Rational& a, const Rational& b) { return a + (-b); }
Rational operator*(const Rational& a, const Rational& b) {
  return Make(Wide{a.num_} * b.num_, Wide{a.den_} * b.den_);
}
Rational operator/(const Rational& a, const Rational& b) {
  return Make(Wide{a.num_} * b.den_, Wide{a.den_} * b.num_);
}

std::strong_ordering operator<=>(const Rational& a, const Rational& b) {
  return Wide{a.num_} * b.den_ <=> Wide{b.num_} * a.den_;
}

int64_t Rational::Floor() const { return Narrow(FloorDiv(num_, den_)); }
int64_t Rational::Ceil() const { return -Narrow(FloorDiv(-Wide{num_}, den_)); }

int64_t Rational::RoundToInteger(HalfRounding half) const {
  int64_t lo = Floor();
  Rational frac = *this - Rational(lo);  // in [0, 1)
  Rational one_half(1, 2);
  if (frac < one_half) return lo;
  if (frac > one_half) return lo + 1;
  switch (half) {
    case HalfRounding::kAwayFromZero:
      return lo >= 0 ? lo + 1 : lo;
    case HalfRounding::kTowardZero:
      return lo >= 0 ? lo : lo + 1;
    case HalfRounding::kUp:
      return lo + 1;
    case HalfRounding::kDown:
      return lo;
    case HalfRounding::kEven:
      return (lo % 2 == 0) ? lo : lo + 1;
  }
  return lo;
}

int64_t Rational::RoundToMultiple(int64_t step, HalfRounding half) const {
  return (*this / Rational(step)).RoundToInteger(half) * step;
}

std::string Rational::ToString() const {
  if (den_ == 1) return absl::StrCat(num_);
  return absl::StrCat(num_, "/", den_);
}

std::ostream& operator<<(std::ostream& os, const Rational& r) {
  return os << r.ToString();
}

}  // namespace tally::core
