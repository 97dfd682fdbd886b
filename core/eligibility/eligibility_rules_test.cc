#include "core/eligibility/eligibility_rules.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

EligibilityRules OneRule(EligibilityRequirement r) {
  EligibilityRules rules;
  EligibilityRule rule;
  rule.clause = "ANC SR 20.3";
  rule.requirements = {std::move(r)};
  rules.rules = {std::move(rule)};
  return rules;
}

EligibilityRequirement PlayerShare(Rational share) {
  EligibilityRequirement r;
  r.measure = EligibilityMeasure::kPlayerRounds;
  r.share = share;
  r.rounding = ShareRounding::kDown;
  return r;
}

TEST(ValidateEligibilityRulesTest, AcceptsAPairsShare) {
  EXPECT_THAT(ValidateEligibilityRules(OneRule(PlayerShare(Rational(3, 4))),
                                       /*teams=*/false),
              IsOk());
}

TEST(ValidateEligibilityRulesTest, RefusesAMeasureOfTheOtherKindOfEvent) {
  EXPECT_THAT(
      ValidateEligibilityRules(OneRule(PlayerShare(Rational(3, 4))),
                               /*teams=*/true),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("eligibility.rules[0].requirements[0].measure: "
                         "\"player_rounds\" counts pairs")));
}

TEST(ValidateEligibilityRulesTest, RefusesTwoThresholdsAndBadShares) {
  EligibilityRequirement two = PlayerShare(Rational(3, 4));
  two.at_least = 3;
  EXPECT_THAT(ValidateEligibilityRules(OneRule(two), false),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("exactly one of at_least, share")));
  EXPECT_THAT(
      ValidateEligibilityRules(OneRule(PlayerShare(Rational(5, 4))), false),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("requirements[0].share: a share is above 0")));
}

TEST(ValidateEligibilityRulesTest, RefusesTeamSizesOutsideFourToSix) {
  EligibilityRequirement r;
  r.measure = EligibilityMeasure::kPlayerBoards;
  r.share_by_team_size = {{4, Rational(3, 5)}, {7, Rational(1, 3)}};
  EXPECT_THAT(ValidateEligibilityRules(OneRule(r), true),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("share_by_team_size[1].players")));
}

TEST(ValidateEligibilityRulesTest, RefusesAPairsRuleInAnotherCompetition) {
  EligibilityRequirement r = PlayerShare(Rational(3, 4));
  r.scope = EligibilityScope::kQualifying;
  EXPECT_THAT(ValidateEligibilityRules(OneRule(r), false),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("requirements[0].scope")));
}

TEST(ValidateEligibilityRulesTest, RefusesARepeatedAbsenceRow) {
  EligibilityRules rules;
  EligibilityRule rule;
  rule.clause = "SABF TR 12.5";
  rule.absence_limit = AbsenceLimit{
      std::nullopt,
      {{13, EventSchedule::kWeeknight, 4}, {13, EventSchedule::kWeeknight, 2}}};
  rules.rules = {rule};
  EXPECT_THAT(ValidateEligibilityRules(rules, false),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("absence_limit.rows[1]: a second row for a "
                                 "13-session weeknight event")));
  EXPECT_THAT(ValidateEligibilityRules(rules, true),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("absence_limit")));
}

TEST(ValidateEligibilityRulesTest, RefusesAnEmptyRule) {
  EligibilityRules rules;
  rules.rules = {EligibilityRule{EligibilityPurpose::kFinalPlacing, "X", "",
                                 {}, std::nullopt}};
  EXPECT_THAT(ValidateEligibilityRules(rules, false),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("needs a requirement or an absence_limit")));
}

TEST(EligibilityIdsTest, RoundTrip) {
  EXPECT_EQ(*ParseEligibilityMeasure("player_stanzas"),
            EligibilityMeasure::kPlayerStanzas);
  EXPECT_EQ(EligibilityScopeId(EligibilityScope::kQualifyingAndThis),
            "qualifying_and_this");
  EXPECT_EQ(*ParseEligibilityPurpose("title_holder"),
            EligibilityPurpose::kTitleHolder);
  EXPECT_THAT(ParseEventSchedule("midweek"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("\"weeknight\", \"weekend\"")));
}

TEST(DescribeRequirementTest, SaysTheThresholdInWords) {
  EXPECT_EQ(DescribeRequirement(PlayerShare(Rational(3, 4))),
            "at least 75% of the rounds played by each player (fractions "
            "rounded down)");
  EligibilityRequirement two_thirds;
  two_thirds.measure = EligibilityMeasure::kPartnershipSessions;
  two_thirds.share = Rational(2, 3);
  EXPECT_EQ(DescribeRequirement(two_thirds),
            "at least 2/3 of the sessions with the partnership intact");
  EligibilityRequirement all;
  all.measure = EligibilityMeasure::kRepresentedSessions;
  all.share = Rational(1);
  EXPECT_EQ(DescribeRequirement(all),
            "all the sessions with the pair represented");
  EligibilityRequirement matches;
  matches.measure = EligibilityMeasure::kPlayerMatches;
  matches.at_least = 4;
  matches.scope = EligibilityScope::kQualifying;
  EXPECT_EQ(DescribeRequirement(matches),
            "at least 4 matches played, in the qualifying competition");
}

}  // namespace
}  // namespace tally::core
