#include "core/carryover/abpc_carryover.h"

#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

Rational R(const char* text) { return *Rational::Parse(text); }

TEST(AbpcOpenStage3CarryOverTest, TenEightSixFourTwo) {
  // ANC SR 18.1: "first placed ... 10 VPs, second 8 VPs, etc, to fifth with
  // a 2 VPs carry-over."
  EXPECT_EQ(*AbpcOpenStage3CarryOver(1), Rational(10));
  EXPECT_EQ(*AbpcOpenStage3CarryOver(2), Rational(8));
  EXPECT_EQ(*AbpcOpenStage3CarryOver(3), Rational(6));
  EXPECT_EQ(*AbpcOpenStage3CarryOver(4), Rational(4));
  EXPECT_EQ(*AbpcOpenStage3CarryOver(5), Rational(2));
}

TEST(AbpcOpenStage3CarryOverTest, QualifyingThroughWithdrawalsCarriesNothing) {
  // ANC SR 18.3: from outside the top 5 (Open Stage 2) -> 0.
  EXPECT_EQ(*AbpcOpenStage3CarryOver(6), Rational(0));
  EXPECT_THAT(AbpcOpenStage3CarryOver(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// Stage 1 VP scores of the first ten Mixed pairs, x = 158.2, y = 110.2,
// x - y = 48, so c(n) = 1 + 6 (z - 110.2) / 48 = 1 + (z - 110.2) / 8.
std::vector<Rational> MixedStage1() {
  std::vector<Rational> vps;
  for (const char* v : {"158.2", "150.6", "140.2", "135.0", "130.0", "121.4",
                        "118.8", "115.5", "112.3", "110.2", "109.9"}) {
    vps.push_back(R(v));
  }
  return vps;
}

TEST(AbpcMixedCarryOverTest, FormulaForEachOfTheTopTen) {
  // Hand working, c = 1 + (z - 110.2) / 8, then 2 decimals (0.005 up):
  //   1 158.2: 1 + 48/8    = 7          -> 7.00
  //   2 150.6: 1 + 40.4/8  = 6.05       -> 6.05
  //   3 140.2: 1 + 30/8    = 4.75       -> 4.75
  //   4 135.0: 1 + 24.8/8  = 4.1        -> 4.10
  //   5 130.0: 1 + 19.8/8  = 3.475      -> 3.48 (exact half, up)
  //   6 121.4: 1 + 11.2/8  = 2.4        -> 2.40
  //   7 118.8: 1 + 8.6/8   = 2.075      -> 2.08 (exact half, up)
  //   8 115.5: 1 + 5.3/8   = 1.6625     -> 1.66
  //   9 112.3: 1 + 2.1/8   = 1.2625     -> 1.26
  //  10 110.2: 1 + 0       = 1          -> 1.00
  const std::vector<std::string> expected = {"7.00", "6.05", "4.75", "4.10",
                                             "3.48", "2.40", "2.08", "1.66",
                                             "1.26", "1.00"};
  const std::vector<Rational> vps = MixedStage1();
  for (int place = 1; place <= 10; ++place) {
    SCOPED_TRACE(place);
    const Decimal c = *AbpcMixedCarryOver(vps, place);
    EXPECT_EQ(c.ToString(), expected[place - 1]);
  }
}

TEST(AbpcMixedCarryOverTest, HalfRoundingIsASetting) {
  // 3.475 and 2.075 are exact halves: half-even gives 3.48 and 2.08 too
  // (8 is even); toward zero gives 3.47 and 2.07.
  const std::vector<Rational> vps = MixedStage1();
  EXPECT_EQ(AbpcMixedCarryOver(vps, 5, HalfRounding::kTowardZero)->ToString(),
            "3.47");
  EXPECT_EQ(AbpcMixedCarryOver(vps, 7, HalfRounding::kTowardZero)->ToString(),
            "2.07");
  EXPECT_EQ(AbpcMixedCarryOver(vps, 5, HalfRounding::kEven)->ToString(),
            "3.48");
}

TEST(AbpcMixedCarryOverTest, QualifyingFromOutsideTheTopTenCarriesZero) {
  // ANC SR 18.3: the 11th pair, in after a withdrawal, carries 0.
  EXPECT_EQ(AbpcMixedCarryOver(MixedStage1(), 11)->ToString(), "0.00");
}

TEST(AbpcMixedCarryOverTest, RejectsBadStandings) {
  std::vector<Rational> vps = MixedStage1();
  EXPECT_THAT(AbpcMixedCarryOver(vps, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  const std::vector<Rational> nine(vps.begin(), vps.begin() + 9);
  EXPECT_THAT(
      AbpcMixedCarryOver(nine, 1),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("first ten")));
  std::swap(vps[2], vps[3]);
  EXPECT_THAT(
      AbpcMixedCarryOver(vps, 1),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("placing order")));
  const std::vector<Rational> level(10, Rational(120));
  EXPECT_THAT(AbpcMixedCarryOver(level, 1),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("divides by zero")));
}

}  // namespace
}  // namespace tally::core
