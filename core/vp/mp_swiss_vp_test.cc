#include "core/vp/mp_swiss_vp.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "core/base/status_matchers.h"
#include "core/vp/vp_testdata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using testdata::Cells;
using testdata::HoldsVps;
using testdata::ParseHundredths;
using testdata::VpTableLines;

VpResult Vps(int64_t vps) {
  return VpResult{Decimal(vps, 0), Decimal(20 - vps, 0)};
}

// The whole numbers in a cell: "<b>5-6 boards</b>" -> {5, 6}.
std::vector<int> Numbers(absl::string_view cell) {
  std::vector<int> numbers;
  int current = -1;
  for (char c : cell) {
    if (absl::ascii_isdigit(c)) {
      current = (current < 0 ? 0 : current * 10) + (c - '0');
    } else if (current >= 0) {
      numbers.push_back(current);
      current = -1;
    }
  }
  if (current >= 0) numbers.push_back(current);
  return numbers;
}

TEST(SabfMpSwissVpTest, ReproducesSabfTr2113CellForCell) {
  // Header cells give each column's band of match lengths; each data row
  // starts with its split ("<b>13 – 7</b>") and gives each band's limit.
  std::vector<std::pair<int, int>> bands;
  int cells = 0;
  for (const std::string& line : VpTableLines("sabf_tr_21_13.txt")) {
    const std::vector<std::string> c = Cells(line);
    if (absl::StrContains(line, "boards")) {
      for (const std::string& cell : c) {
        const std::vector<int> n = Numbers(cell);
        if (absl::StrContains(cell, "or fewer")) {
          bands.push_back({1, n.at(0)});
        } else if (n.size() == 2) {
          bands.push_back({n[0], n[1]});
        }
      }
      continue;
    }
    const std::vector<int> split = Numbers(c[0]);
    if (split.size() != 2 || split[0] + split[1] != 20) continue;
    ASSERT_EQ(c.size(), bands.size() + 1) << line;
    for (size_t j = 0; j < bands.size(); ++j) {
      const auto [min_boards, max_boards] = bands[j];
      if (split[0] == 20) {
        // "More than" the 19-1 limit, checked with the 19-1 row below.
        EXPECT_TRUE(absl::StartsWith(c[j + 1], "More than ")) << c[j + 1];
        continue;
      }
      const std::optional<int64_t> limit = ParseHundredths(c[j + 1]);
      ASSERT_TRUE(limit.has_value()) << c[j + 1];
      const Rational at(*limit, 100), above(*limit + 1, 100);
      for (int boards : {min_boards, max_boards}) {
        // "not exceeding" the limit earns the split; 0.01 more earns one VP
        // more; the opponents' complement earns the complement.
        EXPECT_THAT(SabfMpSwissVp(at, boards), HoldsVps(Vps(split[0])))
            << at << "%, " << boards << " boards";
        EXPECT_THAT(SabfMpSwissVp(above, boards), HoldsVps(Vps(split[0] + 1)))
            << above << "%, " << boards << " boards";
        EXPECT_THAT(SabfMpSwissVp(Rational(100) - at, boards),
                    HoldsVps(Vps(20 - split[0])));
      }
      ++cells;
    }
  }
  EXPECT_THAT(bands,
              ::testing::ElementsAre(std::pair(1, 4), std::pair(5, 6),
                                     std::pair(7, 9), std::pair(10, 13),
                                     std::pair(14, 19), std::pair(20, 27),
                                     std::pair(28, 39), std::pair(40, 55)));
  EXPECT_EQ(cells, 80);
}

TEST(SabfMpSwissVpTest, RoundsThePercentageToTwoPlacesByDefault) {
  // 4 boards: 10-10 up to 50.92%. 50.924% is 50.92 to 2 places.
  EXPECT_THAT(SabfMpSwissVp(*Rational::Parse("50.924"), 4), HoldsVps(Vps(10)));
  // 50.925% rounds (nearest, half away from zero) to 50.93: 11 - 9. The
  // opponents' 49.075% gives the same split: the higher percentage is the
  // one rounded, so the match still totals 20.
  EXPECT_THAT(SabfMpSwissVp(*Rational::Parse("50.925"), 4), HoldsVps(Vps(11)));
  EXPECT_THAT(SabfMpSwissVp(*Rational::Parse("49.075"), 4),
              HoldsVps(VpResult{Decimal(9, 0), Decimal(11, 0)}));
  // Compared exactly, 50.924% exceeds 50.92: 11.
  const MpSwissOptions exact{.percentage_places = std::nullopt};
  EXPECT_THAT(SabfMpSwissVp(*Rational::Parse("50.924"), 4, exact),
              HoldsVps(Vps(11)));
}

TEST(SabfMpSwissVpTest, GivesTheLowerSideTheComplement) {
  // 8 boards (7-9 band): 38.00% is 100 - 62.00, which exceeds 61.75 (17-3)
  // but not 64.40 (18-2): 18 to the opponents, 2 to this pair.
  EXPECT_THAT(SabfMpSwissVp(Rational(38), 8),
              HoldsVps(VpResult{Decimal(2, 0), Decimal(18, 0)}));
  EXPECT_THAT(SabfMpSwissVp(Rational(50), 8), HoldsVps(Vps(10)));
}

TEST(SabfMpSwissVpTest, RejectsMatchesTheTableDoesNotCover) {
  EXPECT_THAT(SabfMpSwissVp(Rational(55), 56),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("SABF TR 21.13")));
  EXPECT_THAT(SabfMpSwissVp(Rational(55), 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(SabfMpSwissVp(Rational(101), 8),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
