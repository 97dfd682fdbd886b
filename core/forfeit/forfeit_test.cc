#include "core/forfeit/forfeit.h"

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

MatchRecord Played(const char* own, const char* opponents) {
  return {MatchKind::kPlayed, R(own), R(opponents)};
}

ForfeitRule TwelveVpRule() {
  ForfeitRule r;
  r.clause = "test";
  r.base = 12;
  return r;
}

TEST(InterimForfeitScoreTest, BaseToNonOffendersFixedScoreToOffenders) {
  const ForfeitScore s = InterimForfeitScore(TwelveVpRule());
  EXPECT_EQ(s.non_offender, Rational(12));
  EXPECT_EQ(s.offender, Rational(0));
  EXPECT_EQ(s.limb, ForfeitLimb::kBase);
}

TEST(AdjustedForfeitScoreTest, OwnMeanWhenHighest) {
  // Non-offenders: 15, 14.5, 16 -> mean 45.5 / 3 = 91/6 (15.1666...).
  // Offenders' opponents scored 15 and 12 against them -> mean 13.5.
  // Highest of 12, 91/6, 13.5 is 91/6.
  const std::vector<MatchRecord> non_offender = {
      Played("15", "5"), Played("14.5", "5.5"), Played("16", "4")};
  const std::vector<MatchRecord> offender = {Played("5", "15"),
                                             Played("8", "12")};
  const ForfeitScore s =
      *AdjustedForfeitScore(TwelveVpRule(), non_offender, offender);
  EXPECT_EQ(s.non_offender, Rational(91, 6));
  EXPECT_EQ(s.limb, ForfeitLimb::kOwnMean);
  EXPECT_EQ(s.own_mean, Rational(91, 6));
  EXPECT_EQ(s.offenders_opponents, Rational(27, 2));
  EXPECT_EQ(s.offender, Rational(0));
}

TEST(AdjustedForfeitScoreTest, OffendersOpponentsWhenHighest) {
  // Non-offenders' mean 10; the offenders' opponents averaged
  // (17 + 18.5) / 2 = 17.75 against them.
  const std::vector<MatchRecord> non_offender = {Played("10", "10")};
  const std::vector<MatchRecord> offender = {Played("3", "17"),
                                             Played("1.5", "18.5")};
  const ForfeitScore s =
      *AdjustedForfeitScore(TwelveVpRule(), non_offender, offender);
  EXPECT_EQ(s.non_offender, R("17.75"));
  EXPECT_EQ(s.limb, ForfeitLimb::kOffendersOpponents);
}

TEST(AdjustedForfeitScoreTest, ForfeitsAndAbandonedMatchesAreNotCompleted) {
  // The forfeited match itself (12) and an abandoned one (20) are not
  // counted: the mean is of 9 and 11 = 10, so the base 12 stands.
  const std::vector<MatchRecord> non_offender = {{MatchKind::kForfeit, 12, 0},
                                                 {MatchKind::kAbandoned, 20, 0},
                                                 Played("9", "11"),
                                                 Played("11", "9")};
  const ForfeitScore s = *AdjustedForfeitScore(TwelveVpRule(), non_offender,
                                               {{MatchKind::kForfeit, 0, 12}});
  EXPECT_EQ(s.own_mean, Rational(10));
  EXPECT_FALSE(s.offenders_opponents.has_value());
  EXPECT_EQ(s.non_offender, Rational(12));
  EXPECT_EQ(s.limb, ForfeitLimb::kBase);
}

TEST(AdjustedForfeitScoreTest, NoCompletedMatchesLeavesTheBase) {
  const ForfeitScore s = *AdjustedForfeitScore(TwelveVpRule(), {}, {});
  EXPECT_EQ(s.non_offender, Rational(12));
  EXPECT_FALSE(s.own_mean.has_value());
  EXPECT_FALSE(s.offenders_opponents.has_value());
}

TEST(AdjustedForfeitScoreTest, TieGoesToTheFirstLimbListed) {
  // Own mean exactly 12 equals the base: reported as the base.
  const std::vector<MatchRecord> non_offender = {Played("12", "8")};
  const ForfeitScore s =
      *AdjustedForfeitScore(TwelveVpRule(), non_offender, {});
  EXPECT_EQ(s.non_offender, Rational(12));
  EXPECT_EQ(s.limb, ForfeitLimb::kBase);
}

TEST(AdjustedForfeitScoreTest, RoundsOnceWhenTheRuleSays) {
  // 91/6 = 15.1666... -> 15.17 to 2 places; exact by default.
  ForfeitRule rule = TwelveVpRule();
  rule.places = 2;
  const std::vector<MatchRecord> non_offender = {
      Played("15", "5"), Played("14.5", "5.5"), Played("16", "4")};
  EXPECT_EQ(AdjustedForfeitScore(rule, non_offender, {})->non_offender,
            R("15.17"));
  rule.places = 12;
  EXPECT_THAT(AdjustedForfeitScore(rule, non_offender, {}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("12 decimal places")));
}

TEST(AdjustedForfeitScoreTest, ByesCountOnlyWhenTheRuleSays) {
  // Played 14, bye 10: mean 14 without the bye, 12 with it.
  const std::vector<MatchRecord> non_offender = {Played("14", "6"),
                                                 {MatchKind::kBye, 10, 0}};
  ForfeitRule rule = TwelveVpRule();
  rule.base = 0;
  EXPECT_EQ(AdjustedForfeitScore(rule, non_offender, {})->non_offender,
            Rational(14));
  rule.byes_count_as_completed = true;
  EXPECT_EQ(AdjustedForfeitScore(rule, non_offender, {})->non_offender,
            Rational(12));
}

TEST(AdjustedForfeitScoreTest, ComplementOfOffendersMean) {
  // Complement to 70 of the offenders' mean (10 + 20) / 2 = 15: 55.
  ForfeitRule rule = TwelveVpRule();
  rule.measure = OffendersOpponentsMeasure::kComplementOfOffendersMean;
  rule.complement_total = 70;
  const std::vector<MatchRecord> offender = {Played("10", "60"),
                                             Played("20", "50")};
  const ForfeitScore s = *AdjustedForfeitScore(rule, {}, offender);
  EXPECT_EQ(s.non_offender, Rational(55));
  EXPECT_EQ(s.limb, ForfeitLimb::kOffendersOpponents);
}

TEST(AdjustedForfeitScoreTest, OffenderCanGetTheNegativeOfTheAward) {
  ForfeitRule rule = TwelveVpRule();
  rule.offender = OffenderScoring::kNegativeOfAward;
  const std::vector<MatchRecord> non_offender = {Played("20", "-20")};
  const ForfeitScore s = *AdjustedForfeitScore(rule, non_offender, {});
  EXPECT_EQ(s.non_offender, Rational(20));
  EXPECT_EQ(s.offender, Rational(-20));
  EXPECT_EQ(InterimForfeitScore(rule).offender, Rational(-12));
}

// SABF TR 21.1, WBF 2014 teams VP scale, 8 boards, margins 0 to 43 (43 is
// the first margin earning 20.00).
std::vector<Rational> WbfEightBoards() {
  std::vector<Rational> scale;
  for (const char* v :
       {"10.00", "10.44", "10.86", "11.27", "11.67", "12.05", "12.42", "12.77",
        "13.12", "13.45", "13.78", "14.09", "14.39", "14.68", "14.96", "15.23",
        "15.50", "15.75", "16.00", "16.23", "16.46", "16.68", "16.90", "17.11",
        "17.31", "17.50", "17.69", "17.87", "18.04", "18.21", "18.37", "18.53",
        "18.68", "18.83", "18.97", "19.11", "19.24", "19.37", "19.50", "19.62",
        "19.73", "19.85", "19.95", "20.00"}) {
    scale.push_back(R(v));
  }
  return scale;
}

TEST(MaxImpsForVpsTest, TwelveVpsOnTheEightBoardScale) {
  // NSW TR 12.9.4 with 12 VPs on 8 boards: 4 IMPs earn 11.67, 5 earn 12.05;
  // the most IMPs not earning more than 12 VPs is 4. Offenders -4.
  const ImpEquivalent imps = *MaxImpsForVps(WbfEightBoards(), Rational(12));
  EXPECT_EQ(imps.non_offender, Rational(4));
  EXPECT_EQ(imps.offender, Rational(-4));
}

TEST(MaxImpsForVpsTest, ExactScaleValueAndTheMaximum) {
  const std::vector<Rational> scale = WbfEightBoards();
  EXPECT_EQ(MaxImpsForVps(scale, R("16.00"))->non_offender, Rational(18));
  EXPECT_EQ(MaxImpsForVps(scale, R("19.99"))->non_offender, Rational(42));
  // 20 VPs: the least margin earning 20.00.
  EXPECT_EQ(MaxImpsForVps(scale, Rational(20))->non_offender, Rational(43));
  // A draw.
  EXPECT_EQ(MaxImpsForVps(scale, Rational(10))->non_offender, Rational(0));
}

TEST(MaxImpsForVpsTest, DiscreteScaleGivesTheLargestMarginForTheAward) {
  // Whole-VP scale: margins 0-1 -> 10, 2-4 -> 11, 5-6 -> 12, 7 -> 13.
  const std::vector<Rational> scale = {10, 10, 11, 11, 11, 12, 12, 13};
  EXPECT_EQ(MaxImpsForVps(scale, Rational(11))->non_offender, Rational(4));
  EXPECT_EQ(MaxImpsForVps(scale, Rational(12))->non_offender, Rational(6));
  EXPECT_EQ(MaxImpsForVps(scale, Rational(13))->non_offender, Rational(7));
}

TEST(MaxImpsForVpsTest, RejectsBadScalesAndLosses) {
  EXPECT_THAT(MaxImpsForVps({}, Rational(12)),
              StatusIs(absl::StatusCode::kInvalidArgument));
  const std::vector<Rational> falling = {10, 12, 11};
  EXPECT_THAT(MaxImpsForVps(falling, Rational(12)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("falls")));
  EXPECT_THAT(MaxImpsForVps(WbfEightBoards(), Rational(9)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("loss")));
}

}  // namespace
}  // namespace tally::core
