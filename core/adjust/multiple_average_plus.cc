#include "core/adjust/multiple_average_plus.h"

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

// Largest r with r * r <= n, by bisection in integers.
int64_t IntegerSquareRoot(int64_t n) {
  int64_t lo = 0;
  int64_t hi = 3037000500;  // > sqrt(2^63 - 1)
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (mid <= n / mid) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// round(sqrt(radicand) / 2), halves up: floor((isqrt(radicand) + 1) / 2).
// With radicand = 4 x^2 this is round(x) for x = sqrt(radicand) / 2.
int64_t RoundHalfSqrt(int64_t radicand) {
  return (IntegerSquareRoot(radicand) + 1) / 2;
}

absl::Status CheckBoards(int n, int minimum) {
  if (n < minimum || n > kMaxUnplayableBoards) {
    return absl::InvalidArgumentError(
        absl::StrCat("the number of unplayable boards must be between ",
                     minimum, " and ", kMaxUnplayableBoards, ", not ", n,
                     " (ANC SR appendix, multiple average plus)"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<int> MultipleAveragePlusImps(MultipleAveragePlusEvent event,
                                            int unplayable_boards) {
  TALLY_RETURN_IF_ERROR(CheckBoards(unplayable_boards, 0));
  int64_t k = 0;
  switch (event) {
    case MultipleAveragePlusEvent::kImpTeams:
      k = 3;  // ANC SR appendix: 3 sqrt(N) / N per board.
      break;
    case MultipleAveragePlusEvent::kImpPairs:
      k = 2;  // ANC SR appendix: 2 sqrt(N) / N per board.
      break;
    case MultipleAveragePlusEvent::kMatchpoints:
      return absl::InvalidArgumentError(
          "matchpoint events get a percentage, not IMPs, for multiple "
          "average plus boards (ANC SR appendix)");
  }
  // ANC SR appendix: the match's net IMPs, k sqrt(N), "rounded to the
  // nearest IMP (0.5 IMPs rounded up)": floor(2 k sqrt(N)) = isqrt(4k^2 N).
  return static_cast<int>(RoundHalfSqrt(4 * k * k * unplayable_boards));
}

absl::StatusOr<Decimal> MultipleAveragePlusPercentAboveAverage(
    int unplayable_boards) {
  TALLY_RETURN_IF_ERROR(CheckBoards(unplayable_boards, 0));
  // 10 sqrt(N) in hundredths is 1000 sqrt(N) = sqrt(4 000 000 N) / 2.
  return Decimal(RoundHalfSqrt(int64_t{4000000} * unplayable_boards), 2);
}

absl::StatusOr<Rational> MultipleAveragePlusPercentPerBoard(
    int unplayable_boards) {
  TALLY_RETURN_IF_ERROR(CheckBoards(unplayable_boards, 1));
  TALLY_ASSIGN_OR_RETURN(
      Decimal above, MultipleAveragePlusPercentAboveAverage(unplayable_boards));
  // ANC SR appendix: 50 + 10 sqrt(N) / N per board.
  return Rational(50) + above.ToRational() / Rational(unplayable_boards);
}

absl::StatusOr<MultipleAveragePlusRow> MultipleAveragePlusTableRow(int boards) {
  TALLY_RETURN_IF_ERROR(CheckBoards(boards, 1));
  MultipleAveragePlusRow row;
  row.boards = boards;
  TALLY_ASSIGN_OR_RETURN(
      int teams,
      MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, boards));
  TALLY_ASSIGN_OR_RETURN(
      int teams_before,
      MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, boards - 1));
  TALLY_ASSIGN_OR_RETURN(
      int pairs,
      MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpPairs, boards));
  TALLY_ASSIGN_OR_RETURN(
      int pairs_before,
      MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpPairs, boards - 1));
  TALLY_ASSIGN_OR_RETURN(Decimal above,
                         MultipleAveragePlusPercentAboveAverage(boards));
  TALLY_ASSIGN_OR_RETURN(Decimal above_before,
                         MultipleAveragePlusPercentAboveAverage(boards - 1));
  row.teams_imps = teams - teams_before;
  row.pairs_imps = pairs - pairs_before;
  row.percent = Decimal(5000 + above.units() - above_before.units(), 2);
  return row;
}

}  // namespace tally::core
