#include "core/forfeit/forfeit_rules.h"

#include <optional>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

Rational R(const char* text) { return *Rational::Parse(text); }

MatchRecord Played(const char* own, const char* opponents) {
  return {MatchKind::kPlayed, R(own), R(opponents)};
}

TEST(ItcByeScoreTest, ThirtyFiveVpsAndZeroImps) {
  // ANC SR 10.11: "35 VPs and 0 IMPs are awarded for a bye."
  EXPECT_EQ(ItcByeScore().vps, std::optional<Rational>(35));
  EXPECT_EQ(ItcByeScore().imps, Rational(0));
}

TEST(ItcForfeitTest, InterimFiftySixAndAHalfToNil) {
  // ANC SR 10.12: "the non-offenders receive 56.5 VPs ... The offenders
  // score 0 VPs".
  const ForfeitScore s = InterimForfeitScore(ItcForfeitRule());
  EXPECT_EQ(s.non_offender, R("56.5"));
  EXPECT_EQ(s.offender, Rational(0));
}

TEST(ItcForfeitTest, ComplementOfTheOffendersAverage) {
  // Non-offenders 50, 42.5, 61 -> average 153.5 / 3 = 51.17 (< 56.5).
  // Offenders 10, 5.5, 20 -> average 35.5 / 3 = 71/6; complement
  // 70 - 71/6 = 349/6 = 58.17, the highest of the three.
  const std::vector<MatchRecord> non_offender = {
      Played("50", "20"), Played("42.5", "27.5"), Played("61", "9")};
  const std::vector<MatchRecord> offender = {
      Played("10", "60"), Played("5.5", "64.5"), Played("20", "50")};
  const ForfeitScore s =
      *AdjustedForfeitScore(ItcForfeitRule(), non_offender, offender);
  EXPECT_EQ(s.non_offender, Rational(349, 6));
  EXPECT_EQ(s.limb, ForfeitLimb::kOffendersOpponents);
  EXPECT_EQ(s.offender, Rational(0));
  // IMPs from 10.10: 349/6 VPs is under 65, so 349/6 - 35 = 139/6 IMPs.
  const ImpEquivalent imps = *ItcForfeitImps(s.non_offender);
  EXPECT_EQ(imps.non_offender, Rational(139, 6));
  EXPECT_EQ(imps.offender, Rational(-139, 6));
}

TEST(ItcForfeitTest, TeamsOwnAverageAndByesNotCounted) {
  // Non-offenders 60, 64, 66.5 and a bye (35, not counted): average
  // 190.5 / 3 = 63.5. Offenders 30, 35 -> complement 70 - 32.5 = 37.5.
  const std::vector<MatchRecord> non_offender = {Played("60", "10"),
                                                 Played("64", "6"),
                                                 Played("66.5", "3.5"),
                                                 {MatchKind::kBye, 35, 0}};
  const std::vector<MatchRecord> offender = {Played("30", "40"),
                                             Played("35", "35")};
  const ForfeitScore s =
      *AdjustedForfeitScore(ItcForfeitRule(), non_offender, offender);
  EXPECT_EQ(s.non_offender, R("63.5"));
  EXPECT_EQ(s.limb, ForfeitLimb::kOwnMean);
  EXPECT_EQ(ItcForfeitImps(s.non_offender)->non_offender, R("28.5"));
}

TEST(ItcForfeitImpsTest, TheTenPointTenFormulaInverted) {
  // ANC SR 10.10: VPs = 35 + IMPs (margin <= 30); 65 + (IMPs - 30) / 10
  // above; maximum 67.5.
  EXPECT_EQ(ItcForfeitImps(R("56.5"))->non_offender, R("21.5"));
  EXPECT_EQ(ItcForfeitImps(Rational(35))->non_offender, Rational(0));
  EXPECT_EQ(ItcForfeitImps(Rational(65))->non_offender, Rational(30));
  EXPECT_EQ(ItcForfeitImps(R("65.1"))->non_offender, Rational(31));
  EXPECT_EQ(ItcForfeitImps(Rational(67))->non_offender, Rational(50));
  EXPECT_EQ(ItcForfeitImps(R("67.5"))->non_offender, Rational(55));
  EXPECT_EQ(ItcForfeitImps(R("67.5"))->offender, Rational(-55));
  EXPECT_THAT(ItcForfeitImps(R("34.9")),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ItcForfeitImps(R("67.6")),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(SabfForfeitTest, GreatestOfTwelveImpsOwnMeanAndOpponentsMean) {
  // SABF TR 13.9, 10-board matches: +12 IMPs = 14.00 VPs (SABF TR 21.1).
  // Non-offenders 12.5, 9.8, 16.2 -> mean 38.5 / 3 = 12.83.
  // Offenders scored 1.9, 4.7, 0 (average 2.2); their opponents 18.1, 15.3,
  // 20 -> mean 53.4 / 3 = 17.8 = 20 - 2.2, the greatest.
  const std::vector<MatchRecord> non_offender = {
      Played("12.5", "7.5"), Played("9.8", "10.2"), Played("16.2", "3.8")};
  const std::vector<MatchRecord> offender = {
      Played("1.9", "18.1"), Played("4.7", "15.3"), Played("0", "20")};
  const ForfeitRule rule = SabfForfeitRule(R("14.00"));
  EXPECT_EQ(InterimForfeitScore(rule).non_offender, Rational(14));
  const ForfeitScore s = *AdjustedForfeitScore(rule, non_offender, offender);
  EXPECT_EQ(s.non_offender, R("17.8"));
  EXPECT_EQ(s.offender, Rational(0));
  EXPECT_EQ(s.own_mean, Rational(77, 6));
}

TEST(SabfForfeitTest, TwelveImpsStandsForWeakTeams) {
  // Non-offenders average 9; offenders' opponents 13: +12 IMPs (14.00) wins.
  const std::vector<MatchRecord> non_offender = {Played("9", "11")};
  const std::vector<MatchRecord> offender = {Played("7", "13")};
  const ForfeitScore s = *AdjustedForfeitScore(SabfForfeitRule(R("14.00")),
                                               non_offender, offender);
  EXPECT_EQ(s.non_offender, Rational(14));
  EXPECT_EQ(s.limb, ForfeitLimb::kBase);
}

TEST(NswForfeitTest, TwelveVpsThenTheHighestOfThree) {
  // NSW TR 12.9.1: 12 VPs and 0 for the draw. 12.9.2 at the end:
  // non-offenders 14.39, 11.27, 16.46 -> mean 42.12 / 3 = 14.04;
  // offenders' opponents 13.12, 12.05 -> mean 12.585. Highest: 14.04.
  const ForfeitRule rule = NswForfeitRule();
  EXPECT_EQ(InterimForfeitScore(rule).non_offender, Rational(12));
  EXPECT_EQ(InterimForfeitScore(rule).offender, Rational(0));
  const std::vector<MatchRecord> non_offender = {Played("14.39", "5.61"),
                                                 Played("11.27", "8.73"),
                                                 Played("16.46", "3.54")};
  const std::vector<MatchRecord> offender = {Played("6.88", "13.12"),
                                             Played("7.95", "12.05")};
  const ForfeitScore s = *AdjustedForfeitScore(rule, non_offender, offender);
  EXPECT_EQ(s.non_offender, R("14.04"));
  EXPECT_EQ(s.offenders_opponents, R("12.585"));
}

TEST(NswForfeitTest, EventsNotScoredByVpsGiveTheNegativeToOffenders) {
  // NSW TR 12.9.5 in an IMP event, the TC's equivalent of 12 VPs being
  // 10 IMPs: non-offenders +20, -5, +12 -> mean 9; offenders' opponents
  // +25, +31 -> mean 28, the highest. Offenders -28.
  const ForfeitRule rule = NswForfeitRuleForUnscaledEvents(10);
  const std::vector<MatchRecord> non_offender = {
      Played("20", "-20"), Played("-5", "5"), Played("12", "-12")};
  const std::vector<MatchRecord> offender = {Played("-25", "25"),
                                             Played("-31", "31")};
  const ForfeitScore s = *AdjustedForfeitScore(rule, non_offender, offender);
  EXPECT_EQ(s.non_offender, Rational(28));
  EXPECT_EQ(s.offender, Rational(-28));
  EXPECT_EQ(InterimForfeitScore(rule).offender, Rational(-10));
}

TEST(NswDrawAdjustmentRoundsTest, AfterHalfAndThreeQuartersOfTheMatches) {
  // NSW TR 12.9.3. 8 rounds: 4 and 6. 10 rounds: 5 and 7.5 -> 8.
  // 7 rounds: 3.5 -> 4 and 5.25 -> 6 (at least that share played).
  EXPECT_THAT(*NswDrawAdjustmentRounds(8), ElementsAre(4, 6));
  EXPECT_THAT(*NswDrawAdjustmentRounds(10), ElementsAre(5, 8));
  EXPECT_THAT(*NswDrawAdjustmentRounds(7), ElementsAre(4, 6));
  EXPECT_THAT(*NswDrawAdjustmentRounds(7, ShareOfMatches::kAtMost),
              ElementsAre(3, 5));
}

TEST(NswDrawAdjustmentRoundsTest, ShortEventsDropTheLastRoundAndRepeats) {
  // 4 rounds: 2 and 3. 2 rounds: 1, and 1.5 -> 2 is the last round (12.9.2
  // applies there). 1 round: none. 3 rounds: 1.5 -> 2 and 2.25 -> 3 (last).
  EXPECT_THAT(*NswDrawAdjustmentRounds(4), ElementsAre(2, 3));
  EXPECT_THAT(*NswDrawAdjustmentRounds(2), ElementsAre(1));
  EXPECT_THAT(*NswDrawAdjustmentRounds(1), IsEmpty());
  EXPECT_THAT(*NswDrawAdjustmentRounds(3), ElementsAre(2));
  // kAtMost, 3 rounds: 1.5 -> 1, 2.25 -> 2.
  EXPECT_THAT(*NswDrawAdjustmentRounds(3, ShareOfMatches::kAtMost),
              ElementsAre(1, 2));
  EXPECT_THAT(NswDrawAdjustmentRounds(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
