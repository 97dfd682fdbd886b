#include "core/adjust/multiple_average_plus.h"

#include <cstdint>

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;

struct PrintedRow {
  int boards;
  int teams_imps;
  int pairs_imps;
  const char* percent;
};

// ANC SR appendix, "Calculation of Multiple average plus awards", the table
// as printed ("Number of fouled/unplayable bds / IMPs assigned (Teams) / IMPs
// assigned (Pairs) / Percentage assigned (matchpoints)").
constexpr PrintedRow kPrintedTable[] = {
    {1, 3, 2, "60.00"}, {2, 1, 1, "54.14"}, {3, 1, 0, "53.18"},
    {4, 1, 1, "52.68"}, {5, 1, 0, "52.36"}, {6, 0, 1, "52.13"},
    {7, 1, 0, "51.97"},
};

TEST(MultipleAveragePlusTest, ReproducesThePrintedTableExactly) {
  for (const PrintedRow& printed : kPrintedTable) {
    SCOPED_TRACE(printed.boards);
    absl::StatusOr<MultipleAveragePlusRow> row =
        MultipleAveragePlusTableRow(printed.boards);
    ASSERT_THAT(row, IsOk());
    EXPECT_EQ(row->boards, printed.boards);
    EXPECT_EQ(row->teams_imps, printed.teams_imps);
    EXPECT_EQ(row->pairs_imps, printed.pairs_imps);
    EXPECT_EQ(row->percent.ToString(), printed.percent);
  }
}

TEST(MultipleAveragePlusTest, PrintedRowsAddUpToTheRoundedMatchTotal) {
  // The table lists what each further board adds, so its rows 1..7 sum to
  // the match totals: teams 3+1+1+1+1+0+1 = 8 = round(3 sqrt 7 = 7.94);
  // pairs 2+1+0+1+0+1+0 = 5 = round(2 sqrt 7 = 5.29); percentage points
  // above 50: 10+4.14+3.18+2.68+2.36+2.13+1.97 = 26.46 = 10 sqrt 7 (26.4575)
  // to 2 decimals.
  int teams = 0;
  int pairs = 0;
  Rational above = 0;
  for (const PrintedRow& printed : kPrintedTable) {
    teams += printed.teams_imps;
    pairs += printed.pairs_imps;
    above += Rational::Parse(printed.percent).value() - 50;
  }
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, 7),
            teams);
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpPairs, 7),
            pairs);
  EXPECT_EQ(MultipleAveragePlusPercentAboveAverage(7)->ToRational(), above);
}

TEST(MultipleAveragePlusTest, PercentageRowSevenComesFromRoundedTotals) {
  // 10 sqrt 7 = 26.4575 -> 26.46 and 10 sqrt 6 = 24.4949 -> 24.49, so row 7
  // is 50 + 1.97; the unrounded increment 1.9626 would have printed 51.96.
  EXPECT_EQ(MultipleAveragePlusPercentAboveAverage(7)->ToString(), "26.46");
  EXPECT_EQ(MultipleAveragePlusPercentAboveAverage(6)->ToString(), "24.49");
}

TEST(MultipleAveragePlusTest, MatchTotalsRoundToTheNearestImp) {
  // Teams, 2 boards: 3 sqrt 2 = 4.243 -> 4 (4.0^2 = 16 <= 18 < 4.5^2 = 20.25).
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, 2),
            4);
  // Teams, 5 boards: 3 sqrt 5 = 6.708 -> 7 (6.5^2 = 42.25 <= 45).
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, 5),
            7);
  // Squares are exact: teams 4 boards 3 * 2 = 6; 100 boards 3 * 10 = 30.
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, 4),
            6);
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, 100),
            30);
  // Pairs, 6 boards: 2 sqrt 6 = 4.899 -> 5; 1000 boards: 2 sqrt 1000 =
  // 63.246 -> 63.
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpPairs, 6),
            5);
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpPairs, 1000),
            63);
  // No unplayable board, nothing assigned.
  EXPECT_EQ(*MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpPairs, 0),
            0);
}

TEST(MultipleAveragePlusTest, PercentTotalsToTwoDecimals) {
  // 10 sqrt 10 = 31.6228 -> 31.62; 10 sqrt 16 = 40 exactly.
  EXPECT_EQ(MultipleAveragePlusPercentAboveAverage(10)->ToString(), "31.62");
  EXPECT_EQ(MultipleAveragePlusPercentAboveAverage(16)->ToString(), "40.00");
  EXPECT_EQ(MultipleAveragePlusPercentAboveAverage(0)->ToString(), "0.00");
}

TEST(MultipleAveragePlusTest, EveryTotalSatisfiesTheRoundingInequality) {
  // Checked in integers, independently of how the totals are found: a total
  // m rounds x = c sqrt(N) (c = 3, 2, or 1000 in hundredths) iff
  // m - 1/2 <= x < m + 1/2, i.e. (2m - 1)^2 <= 4 c^2 N < (2m + 1)^2.
  for (int n = 1; n <= 3000; ++n) {
    const int64_t teams =
        *MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, n);
    const int64_t pairs =
        *MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpPairs, n);
    const int64_t hundredths =
        MultipleAveragePlusPercentAboveAverage(n)->units();
    for (auto [m, c] : {std::pair<int64_t, int64_t>{teams, 3},
                        {pairs, 2},
                        {hundredths, 1000}}) {
      const int64_t four_x_squared = 4 * c * c * n;
      ASSERT_LE((2 * m - 1) * (2 * m - 1), four_x_squared) << n << " " << c;
      ASSERT_LT(four_x_squared, (2 * m + 1) * (2 * m + 1)) << n << " " << c;
    }
  }
}

TEST(MultipleAveragePlusTest, EachBoardGetsAnEqualShareOfTheTotal) {
  // ANC SR appendix: 50 + 10 sqrt(N) / N per board; N = 3: 50 + 17.32 / 3.
  EXPECT_EQ(*MultipleAveragePlusPercentPerBoard(3),
            Rational(50) + Rational(1732, 300));
  EXPECT_EQ(*MultipleAveragePlusPercentPerBoard(1), Rational(60));
  // N = 4: 50 + 20 / 4 = 55.
  EXPECT_EQ(*MultipleAveragePlusPercentPerBoard(4), Rational(55));
}

TEST(MultipleAveragePlusTest, RejectsBadCounts) {
  EXPECT_THAT(MultipleAveragePlusImps(MultipleAveragePlusEvent::kImpTeams, -1),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(
      MultipleAveragePlusImps(MultipleAveragePlusEvent::kMatchpoints, 2),
      StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MultipleAveragePlusPercentPerBoard(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MultipleAveragePlusTableRow(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MultipleAveragePlusPercentAboveAverage(kMaxUnplayableBoards + 1),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
