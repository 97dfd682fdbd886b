#include "core/adjust/artificial.h"

#include <vector>

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

// ---------------------------------------------------------------- IMPs ----

TEST(TeamsArtificialImpsRuleTest, TwoImpsInMatchesOfFewerThanElevenBoards) {
  // NZ LIRG Law 86A: "For matches of less than 11 boards ... plus or minus 2
  // IMPs"; NSW TR 7.2 the same.
  absl::StatusOr<ArtificialImpsRule> ten = TeamsArtificialImpsRule(10);
  ASSERT_THAT(ten, IsOk());
  EXPECT_EQ(ten->average_plus_imps, 2);
  EXPECT_FALSE(ten->session_average_if_higher);
}

TEST(TeamsArtificialImpsRuleTest, ThreeImpsFromElevenBoards) {
  // NSW TR 7.2: "For teams events with longer matches ... +3 and -3".
  absl::StatusOr<ArtificialImpsRule> eleven = TeamsArtificialImpsRule(11);
  ASSERT_THAT(eleven, IsOk());
  EXPECT_EQ(eleven->average_plus_imps, 3);
  EXPECT_EQ(TeamsArtificialImpsRule(32)->average_plus_imps, 3);
}

TEST(TeamsArtificialImpsRuleTest, RejectsAMatchWithoutBoards) {
  EXPECT_THAT(TeamsArtificialImpsRule(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ArtificialImpsTest, ButlerIsPlusOrMinusTwo) {
  // NSW TR 7.2; ANC SR 7.3.
  const ArtificialImpsRule butler = ButlerArtificialImpsRule();
  EXPECT_EQ(*ArtificialImps(Artificial::kAveragePlus, butler), Rational(2));
  EXPECT_EQ(*ArtificialImps(Artificial::kAverageMinus, butler), Rational(-2));
  EXPECT_EQ(*ArtificialImps(Artificial::kAverage, butler), Rational(0));
}

TEST(ArtificialImpsTest, LongTeamsMatchIsPlusOrMinusThree) {
  const ArtificialImpsRule teams = *TeamsArtificialImpsRule(14);
  EXPECT_EQ(*ArtificialImps(Artificial::kAveragePlus, teams), Rational(3));
  EXPECT_EQ(*ArtificialImps(Artificial::kAverageMinus, teams), Rational(-3));
  EXPECT_EQ(*ArtificialImps(Artificial::kAverage, teams), Rational(0));
}

TEST(ArtificialImpsTest, GuideTakesSessionAverageWhenHigher) {
  // Fouled-board guide: "Either 3 IMPs or their average IMPs per board for
  // the session whichever is the highest". 3.5 > 3 -> 3.5; 1.25 < 3 -> 3.
  const ArtificialImpsRule guide = GuideArtificialImpsRule();
  EXPECT_EQ(*ArtificialImps(Artificial::kAveragePlus, guide, Rational(7, 2)),
            Rational(7, 2));
  EXPECT_EQ(*ArtificialImps(Artificial::kAveragePlus, guide, Rational(5, 4)),
            Rational(3));
  // "3 IMPs conceded to the opponents", whatever the session average.
  EXPECT_EQ(*ArtificialImps(Artificial::kAverageMinus, guide), Rational(-3));
}

TEST(ArtificialImpsTest, GuideNeedsTheSessionAverageForAveragePlus) {
  EXPECT_THAT(
      ArtificialImps(Artificial::kAveragePlus, GuideArtificialImpsRule()),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("session average")));
}

TEST(ArtificialImpsTest, RejectsNegativeAveragePlus) {
  EXPECT_THAT(ArtificialImps(Artificial::kAverage,
                             ArtificialImpsRule{.average_plus_imps = -1}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// --------------------------------------------------------- Matchpoints ----

TEST(ArtificialMatchpointsTest, SixtyFiftyFortyPercentOfTheTop) {
  // 12 tables, top 22: 60% -> 13.2, 50% -> 11, 40% -> 8.8.
  const ArtificialMatchpointRule rule;
  EXPECT_EQ(*ArtificialMatchpoints(Artificial::kAveragePlus, 22, rule),
            Rational(66, 5));
  EXPECT_EQ(*ArtificialMatchpoints(Artificial::kAverage, 22, rule),
            Rational(11));
  EXPECT_EQ(*ArtificialMatchpoints(Artificial::kAverageMinus, 22, rule),
            Rational(44, 5));
}

TEST(ArtificialMatchpointsTest, GuideAndSabfGiveTheSessionAverageIfGreater) {
  // Fouled-board guide; SABF TR 11.9: "a 60% score for the hand in question,
  // or their average score for the session, whichever is the greater".
  // 63.5% of 22 = 13.97; 55% < 60% -> 13.2.
  const ArtificialMatchpointRule guide = GuideArtificialMatchpointRule();
  EXPECT_EQ(*ArtificialMatchpoints(Artificial::kAveragePlus, 22, guide,
                                   Rational::Parse("63.5").value()),
            Rational(1397, 100));
  EXPECT_EQ(
      *ArtificialMatchpoints(Artificial::kAveragePlus, 22, guide, Rational(55)),
      Rational(66, 5));
  // Average minus stays at 40%.
  EXPECT_EQ(*ArtificialPercent(Artificial::kAverageMinus, guide, Rational(70)),
            Rational(40));
}

TEST(ArtificialMatchpointsTest, GuideNeedsTheSessionPercentage) {
  EXPECT_THAT(
      ArtificialPercent(Artificial::kAveragePlus,
                        GuideArtificialMatchpointRule()),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("SABF TR 11.9")));
}

TEST(ArtificialMatchpointsTest, RejectsPercentagesOutsideTheScale) {
  EXPECT_THAT(
      ArtificialPercent(Artificial::kAverage,
                        ArtificialMatchpointRule{.average_plus_percent = 120}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("120%")));
  EXPECT_THAT(ArtificialPercent(Artificial::kAveragePlus,
                                GuideArtificialMatchpointRule(), Rational(101)),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ArtificialMatchpoints(Artificial::kAverage, -2, {}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(MatchpointsForPercentTest, ExactShareOfTheTop) {
  // 60% of 22 = 13.2; 52.13% of 10 = 5.213.
  EXPECT_EQ(MatchpointsForPercent(60, 22), Rational(66, 5));
  EXPECT_EQ(MatchpointsForPercent(Rational::Parse("52.13").value(), 10),
            Rational(5213, 1000));
}

// -------------------------------------------------------- Total points ----

TEST(ArtificialTotalPointsTest, AverageIsTheMedianScore) {
  // Fouled-board guide: "Total Points = the median score (50%)".
  // Sorted: -100 420 450 650 680 -> median 450.
  const std::vector<int> scores = {650, -100, 450, 680, 420};
  EXPECT_EQ(*ArtificialTotalPoints(Artificial::kAverage, PairSide::kNorthSouth,
                                   scores),
            Rational(450));
  // Even count: 100 200 400 620 -> (200 + 400) / 2 = 300.
  EXPECT_EQ(*ArtificialTotalPoints(Artificial::kAverage, PairSide::kNorthSouth,
                                   {620, 100, 400, 200}),
            Rational(300));
}

TEST(ArtificialTotalPointsTest, PlusAndMinusInterpolateAtSixtyAndForty) {
  // Sorted -100 420 450 650 680 (n = 5).
  // 60%: h = 4 * 0.6 = 2.4 -> 450 + 0.4 * (650 - 450) = 530.
  // 40%: h = 4 * 0.4 = 1.6 -> 420 + 0.6 * (450 - 420) = 438.
  const std::vector<int> scores = {650, -100, 450, 680, 420};
  EXPECT_EQ(*ArtificialTotalPoints(Artificial::kAveragePlus,
                                   PairSide::kNorthSouth, scores),
            Rational(530));
  EXPECT_EQ(*ArtificialTotalPoints(Artificial::kAverageMinus,
                                   PairSide::kNorthSouth, scores),
            Rational(438));
}

TEST(ArtificialTotalPointsTest, EastWestReadTheirOwnScores) {
  // EW's own scores: -680 -650 -450 -420 +100. 60%: h = 2.4 ->
  // -450 + 0.4 * 30 = -438, the mirror of NS's 40% score.
  const std::vector<int> scores = {650, -100, 450, 680, 420};
  EXPECT_EQ(*ArtificialTotalPoints(Artificial::kAveragePlus,
                                   PairSide::kEastWest, scores),
            Rational(-438));
  EXPECT_EQ(*TotalPointsAtPercent(PairSide::kEastWest, 100, scores),
            Rational(100));
}

TEST(ArtificialTotalPointsTest, OneScoreIsEveryPercentile) {
  EXPECT_EQ(*TotalPointsAtPercent(PairSide::kNorthSouth, 60, {620}),
            Rational(620));
}

TEST(ArtificialTotalPointsTest, RejectsAnEmptyDealOrABadPercentage) {
  EXPECT_THAT(
      ArtificialTotalPoints(Artificial::kAverage, PairSide::kNorthSouth, {}),
      StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(TotalPointsAtPercent(PairSide::kNorthSouth, -1, {620}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
