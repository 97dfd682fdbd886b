#include "core/vp/wbf_vp.h"

#include <array>
#include <cmath>
#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

absl::Status CheckBoards(int boards) {
  if (boards < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the WBF VP scale needs a match of at least 1 board, got ", boards));
  }
  return absl::OkStatus();
}

// B = 15 * sqrt(N).
double Blitz(int boards) {
  return 15.0 * std::sqrt(static_cast<double>(boards));
}

// The formula's winner VPs for margin m (0 <= m < B), in double, in the
// WBF's order of operations.
double WinnerFormula(int64_t margin, double blitz) {
  const double tau = (std::sqrt(5.0) - 1.0) / 2.0;
  return 10.0 +
         10.0 *
             ((1.0 - std::pow(tau, 3.0 * static_cast<double>(margin) / blitz)) /
              (1.0 - std::pow(tau, 3.0)));
}

// The exact value of a double in [1, 2^10) as a Rational: digits / 2^k.
// (The formula's values are between 10 and 20.)
Rational ExactValue(double v) {
  int exponent = 0;
  const double mantissa = std::frexp(v, &exponent);  // v = mantissa * 2^exp
  const int64_t digits = static_cast<int64_t>(std::ldexp(mantissa, 53));
  const int shift = 53 - exponent;
  if (exponent < 1 || shift > 62) {  // only VPs reach here
    CountArithmeticOverflow();
    return Rational(0);
  }
  return Rational(digits, int64_t{1} << shift);
}

// The winner's VPs for |margin|, to 2 decimals.
Decimal ContinuousWinner(int64_t margin, int boards) {
  const double blitz = Blitz(boards);
  if (static_cast<double>(margin) >= blitz) return Decimal(2000, 2);
  return Decimal::Round(ExactValue(WinnerFormula(margin, blitz)), 2,
                        HalfRounding::kAwayFromZero);
}

VpResult ToSides(int64_t margin, int64_t winner_units, int64_t total_units,
                 int places) {
  const Decimal winner(winner_units, places);
  const Decimal loser(total_units - winner_units, places);
  return margin >= 0 ? VpResult{winner, loser} : VpResult{loser, winner};
}

}  // namespace

absl::StatusOr<VpResult> WbfContinuousVp(int64_t imp_margin, int boards) {
  TALLY_RETURN_IF_ERROR(CheckBoards(boards));
  const Decimal winner = ContinuousWinner(MarginMagnitude(imp_margin), boards);
  return ToSides(imp_margin, winner.units(), 2000, 2);
}

absl::StatusOr<std::array<int64_t, 10>> WbfDiscreteUpperMargins(int boards) {
  TALLY_RETURN_IF_ERROR(CheckBoards(boards));
  const double blitz = Blitz(boards);
  // Every margin from ceil(B) on earns 20, so the ranges end below it.
  const int64_t blitz_margin = static_cast<int64_t>(std::ceil(blitz));

  // upper[k]: the largest margin whose continuous VPs round to 10 + k or
  // less. Margin 0 rounds to 10, so every upper[k] is set; the rounded VPs
  // never fall as the margin grows, so upper[] never falls either.
  std::array<int64_t, 10> upper;
  for (int64_t m = 0; m < blitz_margin; ++m) {
    const int64_t whole = ExactValue(WinnerFormula(m, blitz))
                              .RoundToInteger(HalfRounding::kAwayFromZero);
    for (int64_t k = whole > 10 ? whole - 10 : 0; k < 10; ++k) upper[k] = m;
  }

  // Width of each range; the 10-10 range covers -upper[0]..upper[0].
  auto width = [&upper](int k) {
    return k == 0 ? 2 * upper[0] + 1 : upper[k] - upper[k - 1];
  };
  // Make the widths non-decreasing: while range k is narrower than range
  // k - 1, move range k - 1's top margin into range k. Each move lowers one
  // boundary by one, so this ends.
  for (;;) {
    int narrower = 0;
    for (int k = 1; k < 10 && narrower == 0; ++k) {
      if (width(k) < width(k - 1)) narrower = k;
    }
    if (narrower == 0) break;
    --upper[narrower - 1];
  }
  return upper;
}

absl::StatusOr<VpResult> WbfDiscreteVp(int64_t imp_margin, int boards) {
  using Upper = std::array<int64_t, 10>;
  TALLY_ASSIGN_OR_RETURN(const Upper upper, WbfDiscreteUpperMargins(boards));
  const int64_t margin = MarginMagnitude(imp_margin);
  int64_t winner = 20;
  for (int k = 9; k >= 0; --k) {
    if (margin <= upper[k]) winner = 10 + k;
  }
  return ToSides(imp_margin, winner, 20, 0);
}

}  // namespace tally::core
