#include "core/vp/wbf_vp.h"

#include <array>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "core/base/status_matchers.h"
#include "core/vp/vp_testdata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using testdata::Cells;
using testdata::HoldsVps;
using testdata::NonEmptyCells;
using testdata::ParseHundredths;
using testdata::ParseWhole;
using testdata::VpTableLines;

// Expects the WBF continuous scale to give `winner_hundredths` to the winner
// by `margin` IMPs at `boards` boards, 20 minus that to the loser, and the
// mirror image for the losing side.
void ExpectContinuous(int64_t margin, int boards, int64_t winner_hundredths) {
  const Decimal winner(winner_hundredths, 2);
  const Decimal loser(2000 - winner_hundredths, 2);
  absl::StatusOr<VpResult> won = WbfContinuousVp(margin, boards);
  ASSERT_THAT(won, IsOk());
  EXPECT_EQ(*won, (VpResult{winner, loser}))
      << margin << " IMPs, " << boards << " boards";
  absl::StatusOr<VpResult> lost = WbfContinuousVp(-margin, boards);
  ASSERT_THAT(lost, IsOk());
  EXPECT_EQ(*lost, (VpResult{loser, winner}))
      << -margin << " IMPs, " << boards << " boards";
}

TEST(WbfContinuousTest, ReproducesSabfTr211CellForCell) {
  // SABF TR 21.1: a row of board counts, then one row per IMP margin.
  std::vector<int> boards;
  std::map<int, bool> reached_twenty;
  int cells = 0;
  for (const std::string& line : VpTableLines("sabf_tr_21_1.txt")) {
    const std::vector<std::string> c = Cells(line);
    if (c.size() > 1 && c[0].empty() && ParseWhole(c[1]).has_value()) {
      for (size_t j = 1; j < c.size(); ++j) {
        boards.push_back(static_cast<int>(*ParseWhole(c[j])));
      }
      continue;
    }
    const std::optional<int64_t> margin = ParseWhole(c[0]);
    if (!margin.has_value()) continue;  // a heading
    ASSERT_FALSE(boards.empty()) << "no row of board counts before " << line;
    for (size_t j = 0; j < boards.size(); ++j) {
      const int n = boards[j];
      if (j + 1 >= c.size() || c[j + 1].empty()) {
        // An empty cell: the scale has already reached 20.00.
        EXPECT_TRUE(reached_twenty[n]) << "row " << *margin << ", " << n;
        ExpectContinuous(*margin, n, 2000);
        continue;
      }
      const std::optional<int64_t> vps = ParseHundredths(c[j + 1]);
      ASSERT_TRUE(vps.has_value()) << "bad cell '" << c[j + 1] << "'";
      ExpectContinuous(*margin, n, *vps);
      if (*vps == 2000) reached_twenty[n] = true;
      ++cells;
    }
  }
  EXPECT_THAT(boards, ::testing::ElementsAre(6, 7, 8, 9, 10, 11, 12, 14, 16));
  EXPECT_EQ(cells, 441);
  for (int n : boards) EXPECT_TRUE(reached_twenty[n]) << n << " boards";
}

TEST(WbfContinuousTest, ReproducesSabfTr213To2112CellForCell) {
  // The number of boards of each clause, from its heading ("Six Board Teams
  // Matches", ..., "Sixteen Board Teams Matches VP Scale").
  const std::map<std::string, int> kBoards = {
      {"21.3", 6},  {"21.4", 7},  {"21.5", 8},   {"21.6", 9},   {"21.7", 10},
      {"21.8", 11}, {"21.9", 12}, {"21.10", 14}, {"21.11", 15}, {"21.12", 16}};
  std::map<int, int64_t> last_margin;
  int boards = 0;
  int cells = 0;
  for (const std::string& line : VpTableLines("sabf_tr_21_3_to_21_12.txt")) {
    if (absl::StartsWith(line, "### ")) {
      const std::string clause = line.substr(4, line.find(' ', 4) - 4);
      ASSERT_TRUE(kBoards.count(clause)) << line;
      boards = kBoards.at(clause);
      continue;
    }
    const std::vector<std::string> c = NonEmptyCells(line);
    if (c.empty() || c[0] == "Margin") continue;
    ASSERT_NE(boards, 0) << "rows before any heading: " << line;
    ASSERT_EQ(c.size() % 2, 0u) << line;
    for (size_t i = 0; i < c.size(); i += 2) {
      const std::optional<int64_t> margin = ParseWhole(c[i]);
      const std::optional<int64_t> vps = ParseHundredths(c[i + 1]);
      ASSERT_TRUE(margin.has_value() && vps.has_value()) << line;
      ExpectContinuous(*margin, boards, *vps);
      if (*margin > last_margin[boards]) last_margin[boards] = *margin;
      ++cells;
    }
  }
  EXPECT_EQ(cells, 501);
  // Each table ends at its first 20.00; every larger margin earns 20.00 too.
  for (const auto& [n, margin] : last_margin) {
    ExpectContinuous(margin, n, 2000);
    ExpectContinuous(margin + 1, n, 2000);
    ExpectContinuous(margin + 1000, n, 2000);
  }
  EXPECT_EQ(last_margin.size(), 10u);
}

TEST(WbfContinuousTest, RoundsTheFormulaOnceWithoutEpsilon) {
  // SABF TR 21.12, 16 boards, 2 IMPs: 10.61. The formula's double is
  // 10.6149985559 (B = 60, 10 + 10 * (1 - tau^0.1) / (1 - tau^3)); rounding
  // it to 3 places first, or adding 2e-6 before rounding, gives 10.62.
  ExpectContinuous(2, 16, 1061);
}

TEST(WbfContinuousTest, ServesAnyNumberOfBoards) {
  // 20 boards, B = 15 * sqrt(20) = 67.082. 1 IMP: tau^(3/67.082) =
  // 0.618034^0.044721 = exp(-0.481212 * 0.044721) = 0.978711; winner =
  // 10 + 10 * (1 - 0.978711) / (1 - 0.236068) = 10 + 10 * 0.027868 = 10.28.
  // 2 IMPs: tau^0.089443 = 0.957875; 10 + 10 * 0.042125 / 0.763932 = 10.55.
  // (The WBF's published 20-board table gives 10.28 and 10.55, as quoted at
  // bcstar.nl "Continue WP-schaal ingevoerd".)
  ExpectContinuous(1, 20, 1028);
  ExpectContinuous(2, 20, 1055);
  // 1 board: B = 15, so 15 IMPs already earn 20.00.
  ExpectContinuous(15, 1, 2000);
}

TEST(WbfContinuousTest, CapsAtTwentyFromTheFirstWholeMarginPastTheBlitz) {
  // 6 boards: B = 15 * sqrt(6) = 36.74; SABF TR 21.3 gives 36 IMPs 19.91 and
  // 37 IMPs 20.00.
  ExpectContinuous(36, 6, 1991);
  ExpectContinuous(37, 6, 2000);
  ExpectContinuous(int64_t{1} << 40, 6, 2000);
}

TEST(WbfContinuousTest, RejectsAMatchWithoutBoards) {
  EXPECT_THAT(WbfContinuousVp(3, 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("at least 1 board")));
}

TEST(WbfDiscreteTest, GivesTheWbfPublishedTwentyBoardRanges) {
  // The WBF's discrete 20-board scale as quoted at bcstar.nl: "0-1 IMP: 10
  // WP, 2-5 IMP: 11 WP, 6-9 IMP: 12 WP".
  const std::vector<std::pair<int64_t, int64_t>> kExpected = {
      {0, 10}, {1, 10}, {2, 11}, {5, 11}, {6, 12}, {9, 12}, {10, 13}};
  for (const auto& [margin, winner] : kExpected) {
    EXPECT_THAT(WbfDiscreteVp(margin, 20),
                HoldsVps(VpResult{Decimal(winner, 0), Decimal(20 - winner, 0)}))
        << margin;
  }
  EXPECT_THAT(WbfDiscreteVp(-6, 20),
              HoldsVps(VpResult{Decimal(8, 0), Decimal(12, 0)}));
}

TEST(WbfDiscreteTest, RoundsTheSabfTwelveBoardScaleToWholeVps) {
  // At 12 boards the rounded continuous scale already has non-decreasing
  // ranges, so each margin earns its SABF TR 21.9 VPs rounded to a whole VP.
  int checked = 0;
  std::string heading;
  for (const std::string& line : VpTableLines("sabf_tr_21_3_to_21_12.txt")) {
    if (absl::StartsWith(line, "### ")) {
      heading = line;
      continue;
    }
    if (!absl::StartsWith(heading, "### 21.9 ")) continue;
    const std::vector<std::string> c = NonEmptyCells(line);
    if (c.empty() || c[0] == "Margin") continue;
    for (size_t i = 0; i + 1 < c.size(); i += 2) {
      const int64_t margin = *ParseWhole(c[i]);
      const int64_t hundredths = *ParseHundredths(c[i + 1]);
      ASSERT_NE(hundredths % 100, 50) << "a printed half at " << margin;
      const int64_t whole = (hundredths + 50) / 100;
      EXPECT_THAT(WbfDiscreteVp(margin, 12),
                  HoldsVps(VpResult{Decimal(whole, 0), Decimal(20 - whole, 0)}))
          << margin << " IMPs";
      ++checked;
    }
  }
  EXPECT_EQ(checked, 53);
}

TEST(WbfDiscreteTest, WidensANarrowerRangeFromBelow) {
  // 16 boards, SABF TR 21.12: rounded to whole VPs, 0-1 IMPs earn 10 (10.31),
  // 2-5 earn 11 (10.61 ... 11.48), 6-8 earn 12 (11.76 ... 12.29), 9-12 earn
  // 13. The 12-VP range (3 margins) is narrower than the 11-VP range (4), so
  // margin 5 moves up: 11 for 2-4, 12 for 5-8. The 11-VP range (3) is still
  // as wide as the 10-10 range (-1..1).
  absl::StatusOr<std::array<int64_t, 10>> upper = WbfDiscreteUpperMargins(16);
  ASSERT_THAT(upper, IsOk());
  EXPECT_EQ((*upper)[0], 1);
  EXPECT_EQ((*upper)[1], 4);
  EXPECT_EQ((*upper)[2], 8);
  EXPECT_EQ((*upper)[3], 12);
  EXPECT_THAT(WbfDiscreteVp(5, 16),
              HoldsVps(VpResult{Decimal(12, 0), Decimal(8, 0)}));
}

TEST(WbfDiscreteTest, RangesNeverNarrowAsTheVpsGrow) {
  for (int boards = 1; boards <= 64; ++boards) {
    absl::StatusOr<std::array<int64_t, 10>> upper =
        WbfDiscreteUpperMargins(boards);
    ASSERT_THAT(upper, IsOk());
    int64_t previous_width = 2 * (*upper)[0] + 1;  // the 10-10 range, -b..b
    EXPECT_GE((*upper)[0], 0) << boards;
    for (int k = 1; k < 10; ++k) {
      const int64_t width = (*upper)[k] - (*upper)[k - 1];
      EXPECT_GE(width, previous_width) << boards << " boards, " << 10 + k;
      previous_width = width;
    }
    // Margins past the 19-VP range earn 20, and never before the blitz is
    // near: the continuous scale is at least 19.5 there.
    absl::StatusOr<VpResult> past = WbfDiscreteVp((*upper)[9] + 1, boards);
    ASSERT_THAT(past, IsOk());
    EXPECT_EQ(past->vps, Decimal(20, 0)) << boards;
  }
}

TEST(WbfDiscreteTest, RejectsAMatchWithoutBoards) {
  EXPECT_THAT(WbfDiscreteVp(3, -1),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
