// Average plus on several unplayable boards in one session or match (ANC SR
// appendix, "Calculation of Multiple average plus awards during a session or
// match"; ANC SR 7.5, 7.6). For N unplayable boards each board is worth
//
//   IMP-scored teams   3 sqrt(N) / N IMPs
//   IMP-scored pairs   2 sqrt(N) / N IMPs
//   matchpoints        50 + 10 sqrt(N) / N percent
//
// so the match as a whole gets 3 sqrt(N) or 2 sqrt(N) IMPs, or 10 sqrt(N)
// percentage points above average spread over its N boards. "In IMP scored
// events, the net IMPs in a match assigned due to these formulas will be
// rounded to the nearest IMP (0.5 IMPs rounded up)".
//
// How the printed table relates to the formulas. The appendix's table does
// NOT list the per-board award for N boards; row N lists what the Nth board
// ADDS to the match total, each total rounded first:
//   IMP columns:        round(k sqrt(N)) - round(k sqrt(N - 1)), k = 3 or 2,
//                       e.g. teams row 2 = round(4.243) - round(3) = 1;
//   percentage column:  50 + r(10 sqrt(N)) - r(10 sqrt(N - 1)), r rounding to
//                       2 decimals, e.g. row 7 = 50 + 26.46 - 24.49 = 51.97
//                       (the unrounded difference, 1.9626, would print
//                       51.96: the table rounds totals, not increments).
// Summing the rows 1..N therefore gives the rounded match total, which is
// what these functions return. Per board, each of the N boards is worth
// total / N (50 + 10 sqrt(N) / N percent, with the total rounded as above).
//
// Exactness. sqrt(N) is irrational unless N is a square, so a rounded total
// is computed in integers, never in floating point: round(x) for x >= 0 is
// floor((floor(2x) + 1) / 2), and floor(2 k sqrt(N)) is the integer square
// root of 4 k^2 N. For the percentage, hundredths of 10 sqrt(N) are
// round(1000 sqrt(N)) = floor((isqrt(4 000 000 N) + 1) / 2). A total can be
// exactly at a half only when it is rational, i.e. N is a square, and then it
// is an integer, so "0.5 rounded up" never arises; the arithmetic rounds
// halves up anyway.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_MULTIPLE_AVERAGE_PLUS_H_
#define TALLY_CORE_ADJUST_MULTIPLE_AVERAGE_PLUS_H_

#include "absl/status/statusor.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"

namespace tally::core {

// The largest N accepted (far beyond any session; keeps the integer square
// roots within 64 bits).
inline constexpr int kMaxUnplayableBoards = 100000;

enum class MultipleAveragePlusEvent {
  kImpTeams,     // 3 sqrt(N) / N IMPs per board
  kImpPairs,     // 2 sqrt(N) / N IMPs per board
  kMatchpoints,  // 50 + 10 sqrt(N) / N percent per board
};

// The net IMPs a side is assigned in the match for `unplayable_boards` (N)
// boards: 3 sqrt(N) (teams) or 2 sqrt(N) (pairs) rounded to the nearest IMP,
// 0.5 up; 0 for N = 0. InvalidArgument if N is negative or above
// kMaxUnplayableBoards, or if `event` is kMatchpoints.
absl::StatusOr<int> MultipleAveragePlusImps(MultipleAveragePlusEvent event,
                                            int unplayable_boards);

// Matchpoint events: the percentage points above 50% the side gets over all
// N boards together, 10 sqrt(N) rounded to 2 decimals as the printed table
// rounds; 0.00 for N = 0. InvalidArgument for N out of range as above.
absl::StatusOr<Decimal> MultipleAveragePlusPercentAboveAverage(
    int unplayable_boards);

// Matchpoint events: the percentage each of the N boards is worth, 50 plus
// MultipleAveragePlusPercentAboveAverage / N, exact (e.g. N = 3: 50 + 17.32/3).
// InvalidArgument if N < 1 or above kMaxUnplayableBoards.
absl::StatusOr<Rational> MultipleAveragePlusPercentPerBoard(
    int unplayable_boards);

// One row of the appendix's printed table: what the Nth unplayable board
// adds (see the file comment). Row 1 is 3, 2, 60.00.
struct MultipleAveragePlusRow {
  int boards = 0;
  int teams_imps = 0;
  int pairs_imps = 0;
  Decimal percent;

  friend bool operator==(const MultipleAveragePlusRow&,
                         const MultipleAveragePlusRow&) = default;
};

// The printed table's row for `boards` (N >= 1). InvalidArgument if N < 1 or
// above kMaxUnplayableBoards.
absl::StatusOr<MultipleAveragePlusRow> MultipleAveragePlusTableRow(int boards);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_MULTIPLE_AVERAGE_PLUS_H_
