#include "core/profile/named_rules.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "core/penalty/nsw_penalties.h"
#include "core/vp/vp_scale.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;
using ::testing::StartsWith;

Rational R(const char* text) { return *Rational::Parse(text); }

TEST(NamedRulesTest, EveryListHasUniqueDocumentedIds) {
  const std::vector<absl::Span<const NamedRule>> lists = {
      PenaltyScaleNames(),
      ArtificialImpsRules(),
      ArtificialMatchpointRules(),
      SeveralBoardsMethods(),
      FewComparisonsRules(),
      FouledBoardTreatments(),
      ForfeitRules(),
      ByeRules(),
      CarryOverRules()};
  for (absl::Span<const NamedRule> list : lists) {
    std::set<absl::string_view> ids;
    for (const NamedRule& rule : list) {
      EXPECT_TRUE(ids.insert(rule.id).second) << rule.id;
      EXPECT_FALSE(rule.clause.empty()) << rule.id;
      EXPECT_FALSE(rule.description.empty()) << rule.id;
      EXPECT_NE(rule.scorings, 0u) << rule.id;
    }
  }
}

TEST(NamedRulesTest, FindNamedRuleListsTheIds) {
  EXPECT_THAT(FindNamedRule(ForfeitRules(), "forfeit rule", "abf_tr_15_1"),
              StatusIs(absl::StatusCode::kNotFound,
                       AllOf(StartsWith("no forfeit rule is called "
                                        "\"abf_tr_15_1\""),
                             HasSubstr("anc_sr_10_12, sabf_tr_13_9, "
                                       "nsw_tr_12_9"))));
}

TEST(NamedRulesTest, RuleFitsByScoringAndKind) {
  const NamedRule itc = *FindNamedRule(ForfeitRules(), "", "anc_sr_10_12");
  EXPECT_TRUE(RuleFits(itc, ScoringMethod::kImpsTwoTables,
                       EventKind::kRoundRobinTeams));
  EXPECT_FALSE(
      RuleFits(itc, ScoringMethod::kImpsTwoTables, EventKind::kSwissTeams));
  EXPECT_FALSE(
      RuleFits(itc, ScoringMethod::kImpsVsDatum, EventKind::kRoundRobinTeams));
}

TEST(PenaltyScaleByNameTest, EveryNamedScaleIsBuiltInAndValid) {
  for (const NamedRule& rule : PenaltyScaleNames()) {
    absl::StatusOr<const PenaltyScale*> scale = PenaltyScaleByName(rule.id);
    ASSERT_THAT(scale, IsOk()) << rule.id;
    EXPECT_THAT(ValidatePenaltyScale(**scale), IsOk()) << rule.id;
  }
  EXPECT_EQ(*PenaltyScaleByName("nsw"), &NswPenalties());
  EXPECT_THAT(PenaltyScaleByName("abf"),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("anc_itc")));
}

TEST(ArtificialImpsRuleByIdTest, TeamsDependOnMatchLength) {
  // NZ LIRG Law 86A and NSW TR 7.2: +-2 under 11 boards, else +-3.
  EXPECT_EQ(
      ArtificialImpsRuleById("teams_by_match_length", 10)->average_plus_imps,
      2);
  EXPECT_EQ(
      ArtificialImpsRuleById("teams_by_match_length", 11)->average_plus_imps,
      3);
  EXPECT_THAT(ArtificialImpsRuleById("teams_by_match_length", 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ArtificialImpsRuleByIdTest, FixedAmounts) {
  // ANC SR 7.3 Butler 2 IMPs; ANC SR 7.1 ITC 3 IMPs; Fouled-board guide 3
  // IMPs or the session average.
  EXPECT_EQ(ArtificialImpsRuleById("butler_2_imps", 12)->average_plus_imps, 2);
  EXPECT_EQ(ArtificialImpsRuleById("anc_itc_3_imps", 16)->average_plus_imps, 3);
  const ArtificialImpsRule guide =
      *ArtificialImpsRuleById("guide_3_imps_or_session_average", 16);
  EXPECT_EQ(guide.average_plus_imps, 3);
  EXPECT_TRUE(guide.session_average_if_higher);
  EXPECT_THAT(ArtificialImpsRuleById("four_imps", 16),
              StatusIs(absl::StatusCode::kNotFound));
}

TEST(ArtificialMatchpointRuleByIdTest, Amounts) {
  // ANC SR 7.4: 60% to both sides, no session alternative.
  const ArtificialMatchpointRule ipc =
      *ArtificialMatchpointRuleById("anc_ipc_60");
  EXPECT_EQ(ipc.average_plus_percent, Rational(60));
  EXPECT_FALSE(ipc.session_average_if_higher);
  // SABF TR 11.9: 60% or the session average, whichever is greater.
  EXPECT_TRUE(ArtificialMatchpointRuleById("guide_60_or_session_average")
                  ->session_average_if_higher);
  // NSW TR 7.3.2 60%; the guide's 40% for average minus.
  const ArtificialMatchpointRule fixed =
      *ArtificialMatchpointRuleById("fixed_60_40");
  EXPECT_EQ(fixed.average_plus_percent, Rational(60));
  EXPECT_EQ(fixed.average_minus_percent, Rational(40));
  EXPECT_FALSE(fixed.session_average_if_higher);
}

RegulationProfile TeamsProfile(const std::string& scale, int boards,
                               const std::string& forfeit) {
  RegulationProfile p;
  p.name = "t";
  p.event_kind = EventKind::kSwissTeams;
  p.scoring = ScoringMethod::kImpsTwoTables;
  p.matches = MatchFormat{boards, 0, ""};
  p.vp = VpConversion{{scale, {}}, 0, "", {}};
  p.forfeit = ForfeitChoice{forfeit, std::nullopt, ""};
  return p;
}

TEST(ForfeitRuleForProfileTest, NoneWhenNotNamed) {
  RegulationProfile p = TeamsProfile(std::string(kWbf2013Continuous), 14, "");
  p.forfeit.reset();
  EXPECT_EQ(*ForfeitRuleForProfile(p), std::nullopt);
}

TEST(ForfeitRuleForProfileTest, SabfTwelveImpsOnTheEventScale) {
  // SABF TR 13.9 "+12 imps": on the 14-board WBF scale, SABF TR 21.1 prints
  // 13.48 VPs for a margin of 12.
  const std::optional<ForfeitRule> rule = *ForfeitRuleForProfile(
      TeamsProfile(std::string(kWbf2013Continuous), 14, "sabf_tr_13_9"));
  ASSERT_TRUE(rule.has_value());
  EXPECT_EQ(rule->base, R("13.48"));
}

TEST(ForfeitRuleForProfileTest, ItcAndNswBases) {
  // ANC SR 10.12: 56.5 VPs. NSW TR 12.9.1: 12 VPs in a 20-VP match.
  RegulationProfile itc =
      TeamsProfile(std::string(kItcAnc1010), 16, "anc_sr_10_12");
  EXPECT_EQ(ForfeitRuleForProfile(itc)->value().base, R("56.5"));
  EXPECT_EQ(ForfeitRuleForProfile(TeamsProfile(std::string(kWbf2013Continuous),
                                               10, "nsw_tr_12_9"))
                ->value()
                .base,
            Rational(12));
}

TEST(ForfeitRuleForProfileTest, NswOnANon20VpScaleNeedsTheEquivalent) {
  RegulationProfile p =
      TeamsProfile(std::string(kItcAnc1010), 16, "nsw_tr_12_9");
  EXPECT_THAT(ForfeitRuleForProfile(p),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       StartsWith("forfeit.base: NSW TR 12.9.1")));
  p.forfeit->base = 42;
  EXPECT_EQ(ForfeitRuleForProfile(p)->value().base, Rational(42));
}

TEST(ForfeitRuleForProfileTest, SabfWithoutVpsFails) {
  RegulationProfile p =
      TeamsProfile(std::string(kWbf2013Continuous), 14, "sabf_tr_13_9");
  p.vp.reset();
  EXPECT_THAT(ForfeitRuleForProfile(p),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       StartsWith("forfeit.rule: sabf_tr_13_9")));
}

TEST(ForfeitRuleForProfileTest, ByeOnlySectionHasNoForfeitRule) {
  RegulationProfile p =
      TeamsProfile(std::string(kWbf2013Continuous), 14, "sabf_tr_13_9");
  p.forfeit->rule.clear();
  p.forfeit->bye = "anc_sr_10_11";
  const absl::StatusOr<std::optional<ForfeitRule>> rule =
      ForfeitRuleForProfile(p);
  ASSERT_THAT(rule, IsOk());
  EXPECT_FALSE(rule->has_value());
}

TEST(ByeScoreByIdTest, ItcBye) {
  // ANC SR 10.11: 35 VPs and 0 IMPs.
  const ByeScore bye = *ByeScoreById("anc_sr_10_11");
  EXPECT_EQ(bye.vps, std::optional<Rational>(35));
  EXPECT_EQ(bye.imps, Rational(0));
  EXPECT_THAT(ByeScoreById("sit_out"), StatusIs(absl::StatusCode::kNotFound));
}

TEST(ByeScoreByIdTest, NswBoardAverageIsZeroImpsOnTheEventsScale) {
  // NSW TR 12.8: the pair that sits out gets the average of all scores on
  // each board. Hand check, one board at two tables, datum 200: NS +420
  // (+6 IMPs, EW -6) and NS -100 (-7 IMPs, EW +7); the four scores sum to
  // 6 - 6 - 7 + 7 = 0, so the average is 0 IMPs. No fixed VPs: the 0-IMP
  // margin is converted on the event's scale.
  const ByeScore bye = *ByeScoreById("nsw_tr_12_8");
  EXPECT_EQ(bye.vps, std::nullopt);
  EXPECT_EQ(bye.imps, Rational(0));
}

TEST(ByeRulesTest, NswByeFitsDatumPairsOnly) {
  const NamedRule rule = *FindNamedRule(ByeRules(), "bye rule", "nsw_tr_12_8");
  EXPECT_EQ(rule.clause, "NSW TR 12.8");
  EXPECT_TRUE(
      RuleFits(rule, ScoringMethod::kImpsVsDatum, EventKind::kSwissPairs));
  EXPECT_FALSE(
      RuleFits(rule, ScoringMethod::kMatchpoints, EventKind::kSwissPairs));
  EXPECT_FALSE(
      RuleFits(rule, ScoringMethod::kImpsTwoTables, EventKind::kSwissTeams));
}

}  // namespace
}  // namespace tally::core
