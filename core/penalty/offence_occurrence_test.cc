#include "core/penalty/offence_occurrence.h"

#include <vector>

#include "core/base/status_matchers.h"
#include "core/penalty/nsw_penalties.h"
#include "core/penalty/sabf_penalties.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

using Day = absl::CivilDay;

OffenceRecord Slow(Day day) { return {"slow_play", day, "any"}; }
OffenceRecord Phone(Day day) { return {"phone_answered", day, "any"}; }

Rational NswVps(const OffencePenalty& p) {
  return *DeductionIn(p.step, PenaltyUnit::kVictoryPoints);
}

TEST(AddCalendarMonthsTest, SameDayOfTheLaterMonth) {
  EXPECT_EQ(
      AddCalendarMonths(Day(2024, 1, 15), 6, MonthEndRule::kClampToMonthEnd),
      Day(2024, 7, 15));
  EXPECT_EQ(
      AddCalendarMonths(Day(2024, 11, 30), 3, MonthEndRule::kClampToMonthEnd),
      Day(2025, 2, 28));
  EXPECT_EQ(
      AddCalendarMonths(Day(2024, 3, 31), -1, MonthEndRule::kClampToMonthEnd),
      Day(2024, 2, 29));
}

TEST(AddCalendarMonthsTest, MonthEndRuleDecidesAMissingDay) {
  // 31 August + 6 months: February has no 31st.
  EXPECT_EQ(
      AddCalendarMonths(Day(2024, 8, 31), 6, MonthEndRule::kClampToMonthEnd),
      Day(2025, 2, 28));
  // Rolled on: 31 Feb 2025 = 28 Feb + 3 days = 3 March.
  EXPECT_EQ(
      AddCalendarMonths(Day(2024, 8, 31), 6, MonthEndRule::kRollIntoNextMonth),
      Day(2025, 3, 3));
  // Leap year: 31 August 2023 + 6 = 29 February 2024, or 2 March rolled.
  EXPECT_EQ(
      AddCalendarMonths(Day(2023, 8, 31), 6, MonthEndRule::kClampToMonthEnd),
      Day(2024, 2, 29));
  EXPECT_EQ(
      AddCalendarMonths(Day(2023, 8, 31), 6, MonthEndRule::kRollIntoNextMonth),
      Day(2024, 3, 2));
  // 29 February + 12 months.
  EXPECT_EQ(
      AddCalendarMonths(Day(2024, 2, 29), 12, MonthEndRule::kClampToMonthEnd),
      Day(2025, 2, 28));
  EXPECT_EQ(
      AddCalendarMonths(Day(2024, 2, 29), 12, MonthEndRule::kRollIntoNextMonth),
      Day(2025, 3, 1));
}

TEST(PeriodExceededTest, ExactlySixMonthsDoesNotExceed) {
  const ResetRule six{6, MonthEndRule::kClampToMonthEnd, "NSW TR 6.4"};
  EXPECT_FALSE(PeriodExceeded(Day(2024, 1, 15), Day(2024, 7, 15), six));
  EXPECT_TRUE(PeriodExceeded(Day(2024, 1, 15), Day(2024, 7, 16), six));
}

TEST(NswSlowPlayOccurrenceTest, SecondOffenceOnTheLastDayOfTheSixMonths) {
  // First offence 15 Jan 2024 (warning). 15 July 2024 is exactly six
  // calendar months later, which does not "exceed" six months (NSW TR 6.4):
  // second offence, 1 VP (3 IMPs), 25% of a top.
  const std::vector<OffenceRecord> history = {Slow(Day(2024, 1, 15))};
  const OffencePenalty p =
      *PenaltyForOffence(NswPenalties(), history, Slow(Day(2024, 7, 15)));
  EXPECT_EQ(p.occurrence, 2);
  EXPECT_EQ(NswVps(p), Rational(1));
  EXPECT_EQ(*DeductionIn(p.step, PenaltyUnit::kImps), Rational(3));
  EXPECT_EQ(*DeductionIn(p.step, PenaltyUnit::kPercentOfTop), Rational(25));
}

TEST(NswSlowPlayOccurrenceTest, FirstOffenceAgainTheDayAfter) {
  // 16 July 2024 is more than six months after 15 January: deemed a first
  // offence (NSW TR 6.4), a warning.
  const std::vector<OffenceRecord> history = {Slow(Day(2024, 1, 15))};
  const OffencePenalty p =
      *PenaltyForOffence(NswPenalties(), history, Slow(Day(2024, 7, 16)));
  EXPECT_EQ(p.occurrence, 1);
  EXPECT_EQ(p.step.kind, PenaltyKind::kWarning);
}

TEST(NswSlowPlayOccurrenceTest, CountsOnlyTheRunAfterTheLastLapse) {
  // Hand check, six-month limit after each offence:
  //   10 Jan 2023 -> limit 10 Jul 2023; next is 1 Sep 2023: lapsed, so
  //   1 Sep 2023 is a first offence again; limit 1 Mar 2024.
  //   5 Jan 2024 is within: second; limit 5 Jul 2024.
  //   1 May 2024 (new) is within: third -> 2 VP (6 IMPs), 50% of a top.
  // History given out of order: the register need not sort it.
  const std::vector<OffenceRecord> history = {
      Slow(Day(2024, 1, 5)), Slow(Day(2023, 1, 10)), Slow(Day(2023, 9, 1))};
  const OffencePenalty p =
      *PenaltyForOffence(NswPenalties(), history, Slow(Day(2024, 5, 1)));
  EXPECT_EQ(p.occurrence, 3);
  EXPECT_EQ(NswVps(p), Rational(2));
  EXPECT_EQ(*DeductionIn(p.step, PenaltyUnit::kPercentOfTop), Rational(50));
}

TEST(NswSlowPlayOccurrenceTest, FourthAndSubsequentOffencesCostTheSame) {
  // Five offences a month apart, all within six months of each other: the
  // fifth is a "fourth and subsequent" offence, 3 VP (9 IMPs), 75%.
  const std::vector<OffenceRecord> history = {
      Slow(Day(2024, 1, 1)), Slow(Day(2024, 2, 1)), Slow(Day(2024, 3, 1)),
      Slow(Day(2024, 4, 1))};
  const OffencePenalty p =
      *PenaltyForOffence(NswPenalties(), history, Slow(Day(2024, 5, 1)));
  EXPECT_EQ(p.occurrence, 5);
  EXPECT_EQ(NswVps(p), Rational(3));
  EXPECT_EQ(*DeductionIn(p.step, PenaltyUnit::kImps), Rational(9));
  EXPECT_EQ(*DeductionIn(p.step, PenaltyUnit::kPercentOfTop), Rational(75));
}

TEST(NswSlowPlayOccurrenceTest, SameDayOffencesAreConsecutive) {
  // Two sessions on one day: the second is the second offence.
  const std::vector<OffenceRecord> history = {Slow(Day(2024, 6, 1))};
  EXPECT_EQ(*OccurrenceNumber(NswPenalties(), history, Slow(Day(2024, 6, 1))),
            2);
}

TEST(NswSlowPlayOccurrenceTest, MonthEndRuleIsASetting) {
  // Prior offence 31 Aug 2023; new offence 1 March 2024 (leap year).
  // Clamped (default): the six months end 29 Feb 2024, so 1 March exceeds
  // them -> first offence. Rolled on: they end 2 March -> second offence.
  const std::vector<OffenceRecord> history = {Slow(Day(2023, 8, 31))};
  EXPECT_EQ(*OccurrenceNumber(NswPenalties(), history, Slow(Day(2024, 2, 29))),
            2);
  EXPECT_EQ(*OccurrenceNumber(NswPenalties(), history, Slow(Day(2024, 3, 1))),
            1);
  PenaltyScale rolled = NswPenalties();
  ASSERT_EQ(rolled.counters[1].key, "slow_play");
  rolled.counters[1].reset->month_end = MonthEndRule::kRollIntoNextMonth;
  EXPECT_EQ(*OccurrenceNumber(rolled, history, Slow(Day(2024, 3, 1))), 2);
  EXPECT_EQ(*OccurrenceNumber(rolled, history, Slow(Day(2024, 3, 3))), 1);
}

TEST(NswMobilePhoneOccurrenceTest, TwelveMonthsToTheDay) {
  // NSW TR 6.9.4: 10 March 2023 -> 10 March 2024 is exactly twelve months:
  // second offence, 3 VP (9 IMPs), 50% of a top. 11 March 2024: first
  // offence again, 1 VP (3 IMPs), 10% of a top.
  const std::vector<OffenceRecord> history = {Phone(Day(2023, 3, 10))};
  const OffencePenalty second =
      *PenaltyForOffence(NswPenalties(), history, Phone(Day(2024, 3, 10)));
  EXPECT_EQ(second.occurrence, 2);
  EXPECT_EQ(NswVps(second), Rational(3));
  const OffencePenalty first =
      *PenaltyForOffence(NswPenalties(), history, Phone(Day(2024, 3, 11)));
  EXPECT_EQ(first.occurrence, 1);
  EXPECT_EQ(NswVps(first), Rational(1));
  EXPECT_EQ(*DeductionIn(first.step, PenaltyUnit::kPercentOfTop), Rational(10));
}

TEST(NswOccurrenceTest, OtherCountersDoNotCount) {
  // Two slow-play offences do not make a phone offence a third one.
  const std::vector<OffenceRecord> history = {Slow(Day(2024, 1, 1)),
                                              Slow(Day(2024, 2, 1))};
  EXPECT_EQ(*OccurrenceNumber(NswPenalties(), history, Phone(Day(2024, 3, 1))),
            1);
}

TEST(NswOccurrenceTest, OffencesCarryAcrossEvents) {
  // NSW TR 6.7: irrespective of a change of event.
  const std::vector<OffenceRecord> history = {
      {"slow_play", Day(2024, 1, 1), "Spring Congress"}};
  EXPECT_EQ(*OccurrenceNumber(NswPenalties(), history,
                              {"slow_play", Day(2024, 2, 1), "State Teams"}),
            2);
}

TEST(SabfOccurrenceTest, OnlyTheSameEventCounts) {
  // SABF TR 11.2: "second or subsequent offence in the same multi-session
  // event". A late arrival in another event does not spend the warning.
  const std::vector<OffenceRecord> history = {
      {"late_under_5", Day(2024, 5, 1), "State Pairs"},
      {"late_5_10", Day(2024, 5, 8), "Autumn Pairs"}};
  const OffencePenalty p =
      *PenaltyForOffence(SabfMatchpointPairsPenalties(), history,
                         {"late_under_5", Day(2024, 5, 15), "Autumn Pairs"});
  // One earlier late arrival in the Autumn Pairs (the 5-10 band shares the
  // counter): this is the second, 10% of a top.
  EXPECT_EQ(p.occurrence, 2);
  EXPECT_EQ(*DeductionIn(p.step, PenaltyUnit::kPercentOfTop), Rational(10));
  const OffencePenalty other =
      *PenaltyForOffence(SabfMatchpointPairsPenalties(), history,
                         {"late_under_5", Day(2024, 5, 15), "Club Pairs"});
  EXPECT_EQ(other.occurrence, 1);
  EXPECT_EQ(other.step.kind, PenaltyKind::kWarning);
}

TEST(OccurrenceNumberTest, RejectsAnEarlierOffenceDatedLater) {
  const std::vector<OffenceRecord> history = {Slow(Day(2024, 9, 1))};
  EXPECT_THAT(
      OccurrenceNumber(NswPenalties(), history, Slow(Day(2024, 8, 1))),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("2024-09-01")));
}

TEST(OccurrenceNumberTest, RejectsUnknownOffence) {
  EXPECT_THAT(
      OccurrenceNumber(NswPenalties(), {}, {"juggling", Day(2024, 1, 1), ""}),
      StatusIs(absl::StatusCode::kNotFound, HasSubstr("'juggling'")));
  const std::vector<OffenceRecord> history = {
      {"juggling", Day(2024, 1, 1), ""}};
  EXPECT_THAT(OccurrenceNumber(NswPenalties(), history, Slow(Day(2024, 2, 1))),
              StatusIs(absl::StatusCode::kNotFound));
}

}  // namespace
}  // namespace tally::core
