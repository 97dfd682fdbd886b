#include "core/vp/ipc_vp.h"

#include "core/base/status_matchers.h"
#include "core/vp/vp_testdata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using testdata::HoldsVps;

Rational Pct(absl::string_view text) { return *Rational::Parse(text); }

VpResult Vps(int64_t hundredths, int64_t opponent_hundredths) {
  return VpResult{Decimal(hundredths, 2), Decimal(opponent_hundredths, 2)};
}

TEST(IpcVpTest, ConvertsEachBandOfTheAncAppendixFormula) {
  // 50%: (50 - 35) * 2/3 = 10.
  EXPECT_THAT(IpcVp(Pct("50")), HoldsVps(Vps(1000, 1000)));
  // 55%: (55 - 35) * 2/3 = 13.333 -> 13.33; the opponents' 45%:
  // (45 - 35) * 2/3 = 6.667 -> 6.67.
  EXPECT_THAT(IpcVp(Pct("55")), HoldsVps(Vps(1333, 667)));
  // 60%: (60 - 20) * 2/5 = 16; 40%: (40 - 30) * 2/5 = 4.
  EXPECT_THAT(IpcVp(Pct("60")), HoldsVps(Vps(1600, 400)));
  // 63.21%: (63.21 - 20) * 2/5 = 17.284 -> 17.28; 36.79%:
  // (36.79 - 30) * 2/5 = 2.716 -> 2.72.
  EXPECT_THAT(IpcVp(Pct("63.21")), HoldsVps(Vps(1728, 272)));
  // Over 70% is 20, under 30% is 0.
  EXPECT_THAT(IpcVp(Pct("70.01")), HoldsVps(Vps(2000, 0)));
  EXPECT_THAT(IpcVp(Pct("81.5")), HoldsVps(Vps(2000, 0)));
  EXPECT_THAT(IpcVp(Pct("100")), HoldsVps(Vps(2000, 0)));
}

TEST(IpcVpTest, BandsMeetAtTheirBoundaries) {
  // 70: (70 - 20) * 2/5 = 20. 57.5: (57.5 - 20) * 2/5 = 15 =
  // (57.5 - 35) * 2/3. 42.5: (42.5 - 35) * 2/3 = 5 = (42.5 - 30) * 2/5.
  EXPECT_THAT(IpcVp(Pct("70")), HoldsVps(Vps(2000, 0)));
  EXPECT_THAT(IpcVp(Pct("57.5")), HoldsVps(Vps(1500, 500)));
  EXPECT_THAT(IpcVp(Pct("42.5")), HoldsVps(Vps(500, 1500)));
  EXPECT_THAT(IpcVp(Pct("30")), HoldsVps(Vps(0, 2000)));
}

TEST(IpcVpTest, RoundsThePercentageToTwoPlacesHalfUpFirst) {
  // 52.344% -> 52.34: 17.34 * 2/3 = 11.56; 47.656% -> 47.66: 8.44.
  EXPECT_THAT(IpcVp(Pct("52.344")), HoldsVps(Vps(1156, 844)));
  // 52.345% -> 52.35 ("0.005 rounded up"): 17.35 * 2/3 = 11.5667 -> 11.57.
  // The opponents' 47.655% also rounds up, to 47.66: 8.44. Each pair's VPs
  // come from its own percentage, so this match totals 20.01.
  EXPECT_THAT(IpcVp(Pct("52.345")), HoldsVps(Vps(1157, 844)));
}

TEST(IpcVpTest, VpRoundingIsASetting) {
  // 43.25%: (43.25 - 35) * 2/3 = 5.5 exactly.
  IpcOptions whole{.vp_places = 0};
  EXPECT_THAT(IpcVp(Pct("43.25"), whole),
              HoldsVps((VpResult{Decimal(6, 0), Decimal(15, 0)})));
  // The opponents' 56.75%: (56.75 - 35) * 2/3 = 14.5.
  whole.vp_half = HalfRounding::kTowardZero;
  EXPECT_THAT(IpcVp(Pct("43.25"), whole),
              HoldsVps((VpResult{Decimal(5, 0), Decimal(14, 0)})));
  // 55%: 13.333... to 4 places.
  EXPECT_THAT(IpcVp(Pct("55"), IpcOptions{.vp_places = 4}),
              HoldsVps((VpResult{Decimal(133333, 4), Decimal(66667, 4)})));
}

TEST(IpcVpTest, RejectsImpossiblePercentagesAndPlaces) {
  EXPECT_THAT(IpcVp(Pct("100.01")),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("ANC SR appendix")));
  EXPECT_THAT(IpcVp(Pct("-1")), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(IpcVp(Pct("50"), IpcOptions{.vp_places = 7}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
