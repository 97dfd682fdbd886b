#include "core/profile/setting_ids.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

TEST(SettingIdsTest, HalfRoundingRoundTrips) {
  for (HalfRounding half :
       {HalfRounding::kAwayFromZero, HalfRounding::kTowardZero,
        HalfRounding::kUp, HalfRounding::kDown, HalfRounding::kEven}) {
    EXPECT_EQ(*ParseHalfRounding(HalfRoundingId(half)), half);
  }
  EXPECT_EQ(*ParseHalfRounding("away_from_zero"), HalfRounding::kAwayFromZero);
  EXPECT_THAT(ParseHalfRounding("half_up"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("\"away_from_zero\", \"toward_zero\"")));
}

TEST(SettingIdsTest, ItcLoserRuleRoundTrips) {
  for (ItcLoserRule rule :
       {ItcLoserRule::kMirrored, ItcLoserRule::kComplementOfSeventy,
        ItcLoserRule::kThirtyFiveMinusMargin}) {
    EXPECT_EQ(*ParseItcLoserRule(ItcLoserRuleId(rule)), rule);
  }
  EXPECT_EQ(*ParseItcLoserRule("mirrored"), ItcLoserRule::kMirrored);
  EXPECT_THAT(
      ParseItcLoserRule("seventy"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("\"mirrored\"")));
}

}  // namespace
}  // namespace tally::core
