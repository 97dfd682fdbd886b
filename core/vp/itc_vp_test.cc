#include "core/vp/itc_vp.h"

#include "core/vp/vp_testdata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using testdata::HoldsVps;

// VPs in tenths.
VpResult Vps(int64_t tenths, int64_t opponent_tenths) {
  return VpResult{Decimal(tenths, 1), Decimal(opponent_tenths, 1)};
}

TEST(ItcVpTest, GivesThirtyFivePlusNetImpsUpToThirty) {
  // ANC SR 10.10, first line: 35 + net IMPs, for both sides.
  EXPECT_THAT(ItcVp(0), HoldsVps(Vps(350, 350)));
  EXPECT_THAT(ItcVp(10), HoldsVps(Vps(450, 250)));  // 35 + 10, 35 - 10
  EXPECT_THAT(ItcVp(-10), HoldsVps(Vps(250, 450)));
  EXPECT_THAT(ItcVp(30), HoldsVps(Vps(650, 50)));  // 35 + 30, 35 - 30
}

TEST(ItcVpTest, GivesTheWinnerATenthPerImpFromThirtyOneUpTo67Point5) {
  // ANC SR 10.10, second line: 65 + (net IMPs - 30) / 10, maximum 67.5.
  EXPECT_EQ(ItcVp(31)->vps, Decimal(651, 1));  // 65 + 1/10
  EXPECT_EQ(ItcVp(45)->vps, Decimal(665, 1));  // 65 + 15/10
  EXPECT_EQ(ItcVp(55)->vps, Decimal(675, 1));  // 65 + 25/10
  EXPECT_EQ(ItcVp(56)->vps, Decimal(675, 1));  // capped
  EXPECT_EQ(ItcVp(500)->vps, Decimal(675, 1));
  EXPECT_EQ(ItcVp(-56)->opponent_vps, Decimal(675, 1));
}

TEST(ItcVpTest, MirroredLoserFallsATenthPerImpToZeroAtEighty) {
  // Default reading: the loser's 5 - (M - 30) / 10, floored at 0.
  EXPECT_THAT(ItcVp(31), HoldsVps(Vps(651, 49)));  // 5 - 0.1
  EXPECT_THAT(ItcVp(55), HoldsVps(Vps(675, 25)));  // 5 - 2.5: still 70
  EXPECT_THAT(ItcVp(60), HoldsVps(Vps(675, 20)));  // 5 - 3.0
  EXPECT_THAT(ItcVp(80), HoldsVps(Vps(675, 0)));   // 5 - 5.0
  EXPECT_THAT(ItcVp(95), HoldsVps(Vps(675, 0)));   // maximum loss 0
  EXPECT_THAT(ItcVp(-60), HoldsVps(Vps(20, 675)));
}

TEST(ItcVpTest, ComplementOfSeventyNeverGoesBelowTwoAndAHalf) {
  const ItcOptions options{.loser = ItcLoserRule::kComplementOfSeventy};
  EXPECT_THAT(ItcVp(20, options), HoldsVps(Vps(550, 150)));  // 70 - 55
  EXPECT_THAT(ItcVp(31, options), HoldsVps(Vps(651, 49)));   // 70 - 65.1
  EXPECT_THAT(ItcVp(60, options), HoldsVps(Vps(675, 25)));   // 70 - 67.5
  EXPECT_THAT(ItcVp(-95, options), HoldsVps(Vps(25, 675)));
}

TEST(ItcVpTest, ThirtyFiveMinusMarginReachesZeroAtThirtyFive) {
  const ItcOptions options{.loser = ItcLoserRule::kThirtyFiveMinusMargin};
  EXPECT_THAT(ItcVp(30, options), HoldsVps(Vps(650, 50)));  // 35 - 30
  EXPECT_THAT(ItcVp(31, options), HoldsVps(Vps(651, 40)));  // 35 - 31
  EXPECT_THAT(ItcVp(35, options), HoldsVps(Vps(655, 0)));   // 35 - 35
  EXPECT_THAT(ItcVp(40, options), HoldsVps(Vps(660, 0)));   // floored
}

}  // namespace
}  // namespace tally::core
