#include "core/datum/datum_rule.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

TEST(DatumRuleTest, EveryMethodHasAnIdThatNamesItBack) {
  for (DatumMethod m :
       {DatumMethod::kAncSr16_4, DatumMethod::kAncSr16_11To16_13,
        DatumMethod::kAncSr22_3To22_4, DatumMethod::kSabfTr12_1,
        DatumMethod::kSabfTr12_2, DatumMethod::kAncSr7_2a,
        DatumMethod::kSabfTr12_3, DatumMethod::kClubTopAndBottom}) {
    absl::StatusOr<DatumRule> rule = DatumRuleFromId(DatumMethodId(m));
    ASSERT_THAT(rule, IsOk()) << DatumMethodId(m);
    EXPECT_EQ(rule->method, m);
  }
  EXPECT_EQ(DatumMethodId(DatumMethod::kAncSr16_11To16_13),
            "anc_sr_16_11_16_13");
  EXPECT_EQ(DatumMethodId(DatumMethod::kSabfTr12_2), "sabf_tr_12_2");
  EXPECT_EQ(DatumMethodId(DatumMethod::kClubTopAndBottom),
            "club_top_and_bottom");
}

TEST(DatumRuleTest, RuleFromIdHasDefaultSettings) {
  absl::StatusOr<DatumRule> rule = DatumRuleFromId("anc_sr_22_3_22_4");
  ASSERT_THAT(rule, IsOk());
  EXPECT_EQ(rule->rounding_step, 10);
  EXPECT_EQ(rule->half, HalfRounding::kAwayFromZero);
  EXPECT_EQ(rule->ten_percent_rounding, TrimCountRounding::kHalfUp);
  EXPECT_TRUE(rule->sabf_short_field_as_12_1);
  EXPECT_EQ(rule->pending_appeals, PendingAppealPolicy::kNswTr13);
}

TEST(DatumRuleTest, UnknownIdListsTheKnownOnes) {
  EXPECT_THAT(DatumRuleFromId("anc_sr_16_12"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("\"anc_sr_16_11_16_13\"")));
}

TEST(DatumRuleTest, SettingIdsRoundTrip) {
  for (TrimCountRounding r :
       {TrimCountRounding::kDown, TrimCountRounding::kHalfUp,
        TrimCountRounding::kUp}) {
    absl::StatusOr<TrimCountRounding> back =
        ParseTrimCountRounding(TrimCountRoundingId(r));
    ASSERT_THAT(back, IsOk());
    EXPECT_EQ(*back, r);
  }
  for (PendingAppealPolicy p :
       {PendingAppealPolicy::kNswTr13, PendingAppealPolicy::kInclude,
        PendingAppealPolicy::kExclude}) {
    absl::StatusOr<PendingAppealPolicy> back =
        ParsePendingAppealPolicy(PendingAppealPolicyId(p));
    ASSERT_THAT(back, IsOk());
    EXPECT_EQ(*back, p);
  }
  EXPECT_THAT(
      ParseTrimCountRounding("nearest"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("\"half_up\"")));
  EXPECT_THAT(ParsePendingAppealPolicy("nsw"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
