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

TEST(SettingIdsTest, DrawSettingsRoundTrip) {
  for (DrawMethod method :
       {DrawMethod::kSwiss, DrawMethod::kRoundRobin,
        DrawMethod::kSabfButlerRoundRobin, DrawMethod::kItcRoundRobin,
        DrawMethod::kExplicit, DrawMethod::kItcFinal,
        DrawMethod::kSabfFinalFive, DrawMethod::kSabfFinalFour}) {
    EXPECT_EQ(*ParseDrawMethod(DrawMethodId(method)), method);
  }
  EXPECT_EQ(*ParseDrawMethod("swiss"), DrawMethod::kSwiss);
  EXPECT_THAT(ParseDrawMethod("berger"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown draw method \"berger\"")));
  for (FirstRound first :
       {FirstRound::kQuarters, FirstRound::kTopHalfVersusBottomHalf}) {
    EXPECT_EQ(*ParseFirstRound(FirstRoundId(first)), first);
  }
  EXPECT_EQ(*ParseFirstRound("top_half_v_bottom_half"),
            FirstRound::kTopHalfVersusBottomHalf);
  for (OddField odd :
       {OddField::kShareMatch, OddField::kBye, OddField::kHalfMatches}) {
    EXPECT_EQ(*ParseOddField(OddFieldId(odd)), odd);
  }
  EXPECT_EQ(*ParseOddField("bye"), OddField::kBye);
  EXPECT_EQ(*ParseOddField("half_matches"), OddField::kHalfMatches);
  for (HomeRule home : {HomeRule::kHigherRankedHome, HomeRule::kByLot}) {
    EXPECT_EQ(*ParseHomeRule(HomeRuleId(home)), home);
  }
  EXPECT_EQ(*ParseHomeRule("by_lot"), HomeRule::kByLot);
  EXPECT_THAT(ParseHomeRule("lot"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("\"higher_ranked\", \"by_lot\"")));
}

}  // namespace
}  // namespace tally::core
