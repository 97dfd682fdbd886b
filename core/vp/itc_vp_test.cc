#include "core/vp/itc_vp.h"

#include <algorithm>

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

TEST(ItcVpTest, MirroredLoserMirrorsTheWinnersLinesAndItsMaximum) {
  // Default reading: the winner's VPs mirrored about 35, cap included: the
  // loser's 5 - (M - 30) / 10, never below 35 - (67.5 - 35) = 2.5.
  EXPECT_THAT(ItcVp(31), HoldsVps(Vps(651, 49)));  // 5 - 0.1
  EXPECT_THAT(ItcVp(55), HoldsVps(Vps(675, 25)));  // 5 - 2.5: still 70
  // Issue #16: 56-60 IMPs gave 67.5-2.4 .. 67.5-2.0 (2.3 at 57), the cap
  // applied to the winner and not mirrored for the loser.
  EXPECT_THAT(ItcVp(56), HoldsVps(Vps(675, 25)));
  EXPECT_THAT(ItcVp(57), HoldsVps(Vps(675, 25)));
  EXPECT_THAT(ItcVp(60), HoldsVps(Vps(675, 25)));
  EXPECT_THAT(ItcVp(80), HoldsVps(Vps(675, 25)));
  EXPECT_THAT(ItcVp(-60), HoldsVps(Vps(25, 675)));
}

TEST(ItcVpTest, EveryReadingIsOneFormulaAtEveryMargin) {
  // The arithmetic each reading documents (itc_vp.h), checked at every
  // margin 0..120 against the formula written out independently.
  for (int64_t m = 0; m <= 120; ++m) {
    const int64_t winner =
        m <= 30 ? 350 + 10 * m : std::min<int64_t>(675, 620 + m);
    const int64_t mirrored =
        m <= 30 ? 350 - 10 * m : std::max<int64_t>(25, 80 - m);
    const int64_t thirty_five = std::max<int64_t>(0, 350 - 10 * m);
    SCOPED_TRACE(m);
    EXPECT_THAT(ItcVp(m), HoldsVps(Vps(winner, mirrored)));
    EXPECT_EQ(mirrored, 700 - winner);  // mirrored == complement of 70
    EXPECT_THAT(ItcVp(m, {.loser = ItcLoserRule::kComplementOfSeventy}),
                HoldsVps(Vps(winner, 700 - winner)));
    EXPECT_THAT(ItcVp(m, {.loser = ItcLoserRule::kThirtyFiveMinusMargin}),
                HoldsVps(Vps(winner, thirty_five)));
    // The loser never gains by losing by more.
    if (m > 0) {
      for (ItcLoserRule rule :
           {ItcLoserRule::kMirrored, ItcLoserRule::kComplementOfSeventy,
            ItcLoserRule::kThirtyFiveMinusMargin}) {
        EXPECT_LE(ItcVp(m, {.loser = rule})->opponent_vps,
                  ItcVp(m - 1, {.loser = rule})->opponent_vps);
      }
    }
  }
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
