#include "core/scoring/imps.h"

#include <climits>

#include "gtest/gtest.h"

namespace tally::core {
namespace {

// The WBF IMP scale as printed: each band's first and last difference and
// its award ("4000 and over" has no last; 100000 stands in for it).
struct Band {
  int first;
  int last;
  int imps;
};
constexpr Band kWbfScale[] = {
    {0, 10, 0},         {20, 40, 1},      {50, 80, 2},      {90, 120, 3},
    {130, 160, 4},      {170, 210, 5},    {220, 260, 6},    {270, 310, 7},
    {320, 360, 8},      {370, 420, 9},    {430, 490, 10},   {500, 590, 11},
    {600, 740, 12},     {750, 890, 13},   {900, 1090, 14},  {1100, 1290, 15},
    {1300, 1490, 16},   {1500, 1740, 17}, {1750, 1990, 18}, {2000, 2240, 19},
    {2250, 2490, 20},   {2500, 2990, 21}, {3000, 3490, 22}, {3500, 3990, 23},
    {4000, 100000, 24},
};

TEST(ImpsTest, EveryBandEdgeOfTheWbfScale) {
  for (const Band& band : kWbfScale) {
    EXPECT_EQ(ImpsForDifference(band.first), band.imps) << band.first;
    EXPECT_EQ(ImpsForDifference(band.last), band.imps) << band.last;
  }
}

TEST(ImpsTest, BandsAreContiguousInStepsOfTen) {
  // The scale leaves no multiple of 10 out: each band starts 10 after the
  // previous one ends.
  for (size_t i = 1; i < std::size(kWbfScale); ++i) {
    EXPECT_EQ(kWbfScale[i].first, kWbfScale[i - 1].last + 10) << i;
  }
}

TEST(ImpsTest, NegativeDifferenceGivesNegativeImps) {
  for (const Band& band : kWbfScale) {
    EXPECT_EQ(ImpsForDifference(-band.first), -band.imps) << band.first;
    EXPECT_EQ(ImpsForDifference(-band.last), -band.imps) << band.last;
  }
}

TEST(ImpsTest, TypicalSwings) {
  // 4S vul made at one table (+620), 3NT+1 nonvul at the other (+430): 190
  // is in 170-210.
  EXPECT_EQ(ImpsForDifference(620 - 430), 5);
  // Vul game made against vul game defeated by one: 620 + 100 = 720, in
  // 600-740.
  EXPECT_EQ(ImpsForDifference(620 + 100), 12);
  // 7NT vul made against 7NT vul down one: 2220 + 100 = 2320, in 2250-2490.
  EXPECT_EQ(ImpsForDifference(-(2220 + 100)), -20);
}

TEST(ImpsTest, DifferenceBetweenPrintedValuesStaysInLowerBand) {
  EXPECT_EQ(ImpsForDifference(15), 0);
  EXPECT_EQ(ImpsForDifference(19), 0);
  EXPECT_EQ(ImpsForDifference(45), 1);
  EXPECT_EQ(ImpsForDifference(-3999), -23);
}

TEST(ImpsTest, ExtremeIntegersAreTheTopOfTheScale) {
  EXPECT_EQ(ImpsForDifference(INT_MAX), kMaxImps);
  EXPECT_EQ(ImpsForDifference(INT_MIN), -kMaxImps);
}

}  // namespace
}  // namespace tally::core
