// SABF TR 18.1, the State Open Pairs: every cap, floor and absence case of
// the qualifying (18.1.1) and the final (18.1.2), with the hand working in
// each test's comment. Session percentages are as published (11.3: two
// places); everything derived from them is exact.

#include "core/pairs_event/state_pairs.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

Rational R(const char* text) { return *Rational::Parse(text); }

using A = SessionAttendance;

PairSessionInput S(int session, A attendance,
                   const char* percentage = nullptr) {
  PairSessionInput s;
  s.session = session;
  s.rounds = 13;
  s.attendance = attendance;
  if (percentage != nullptr) s.percentage = R(percentage);
  return s;
}

PairAggregate Qualifying(const std::vector<PairSessionInput>& sessions) {
  absl::StatusOr<PairAggregate> a = AggregateStatePairsQualifying("p", sessions);
  EXPECT_THAT(a, IsOk());
  return a.ok() ? *a : PairAggregate{};
}

PairAggregate Final(const std::vector<PairSessionInput>& sessions,
                    const char* carry_over) {
  absl::StatusOr<PairAggregate> a =
      AggregateStatePairsFinal("p", sessions, R(carry_over));
  EXPECT_THAT(a, IsOk());
  return a.ok() ? *a : PairAggregate{};
}

TEST(StatePairsQualifyingTest, CarriesTheAverageOfThreeRoundsPlayedTogether) {
  // 18.1.1: (55.20 + 60.10 + 48.30) / 3 = 163.60 / 3 = 54.5333... (818/15),
  // kept exact.
  PairAggregate a = Qualifying({S(1, A::kPlayed, "55.20"),
                                S(2, A::kPlayed, "60.10"),
                                S(3, A::kPlayed, "48.30")});
  EXPECT_TRUE(a.eligible);
  EXPECT_EQ(a.aggregate, Rational(818, 15));
}

TEST(StatePairsQualifyingTest, CapsASubstituteAtTheOtherTwoRoundsAverage) {
  // Others 60.00 and 50.00: average 55.00; the substitute's 62.40 counts
  // 55.00. Carry-over (60 + 50 + 55) / 3 = 55.
  PairAggregate a = Qualifying({S(1, A::kPlayed, "60.00"),
                                S(2, A::kSubstitute, "62.40"),
                                S(3, A::kPlayed, "50.00")});
  EXPECT_TRUE(a.eligible);
  EXPECT_EQ(a.sessions[1].counted, R("55"));
  EXPECT_THAT(a.sessions[1].clause, HasSubstr("capped"));
  EXPECT_EQ(a.aggregate, R("55"));
}

TEST(StatePairsQualifyingTest, FloorsASubstituteAtNinetyPercentBelowFifty) {
  // Others 52.00 and 48.00: average 50.00; floor = lower of (90% x 50 =
  // 45.00, 50) = 45.00; the substitute's 40.00 counts 45.00. Carry-over
  // (52 + 48 + 45) / 3 = 145/3.
  PairAggregate a = Qualifying({S(1, A::kPlayed, "52.00"),
                                S(2, A::kPlayed, "48.00"),
                                S(3, A::kSubstitute, "40.00")});
  EXPECT_EQ(a.sessions[2].counted, R("45"));
  EXPECT_THAT(a.sessions[2].clause, HasSubstr("floored"));
  EXPECT_EQ(a.aggregate, Rational(145, 3));
}

TEST(StatePairsQualifyingTest, FloorsASubstituteAtFiftyWhenNinetyPercentIsMore) {
  // Others 62.00 and 58.00: average 60.00; 90% is 54.00, so the floor is
  // the lower, 50.00; the substitute's 47.50 counts 50.00. Carry-over
  // (62 + 58 + 50) / 3 = 170/3.
  PairAggregate a = Qualifying({S(1, A::kSubstitute, "47.50"),
                                S(2, A::kPlayed, "62.00"),
                                S(3, A::kPlayed, "58.00")});
  EXPECT_EQ(a.sessions[0].counted, R("50"));
  EXPECT_EQ(a.aggregate, Rational(170, 3));
}

TEST(StatePairsQualifyingTest, KeepsASubstitutesScoreBetweenFloorAndCap) {
  // Others 62.00, 58.00: cap 60.00, floor 50.00; 55.55 stands. Carry-over
  // (62 + 58 + 55.55) / 3 = 175.55 / 3 = 3511/60.
  PairAggregate a = Qualifying({S(1, A::kPlayed, "62.00"),
                                S(2, A::kPlayed, "58.00"),
                                S(3, A::kSubstitute, "55.55")});
  EXPECT_EQ(a.sessions[2].counted, R("55.55"));
  EXPECT_EQ(a.aggregate, Rational(3511, 60));
}

TEST(StatePairsQualifyingTest, GivesSpringNationalsAbsenteesNinetyPercent) {
  // Both at the Spring Nationals in round 2, together in rounds 1 and 3:
  // 90% x (58.40 + 61.60) / 2 = 90% x 60 = 54.00; eligible for the final.
  // Carry-over (58.40 + 54 + 61.60) / 3 = 58.
  PairAggregate a = Qualifying({S(1, A::kPlayed, "58.40"),
                                S(2, A::kAbsentOtherNationalChampionship),
                                S(3, A::kPlayed, "61.60")});
  EXPECT_TRUE(a.eligible);
  EXPECT_EQ(a.sessions[1].counted, R("54"));
  EXPECT_EQ(a.aggregate, R("58"));
}

TEST(StatePairsQualifyingTest, AllowsOnlyOneRoundNotPlayedTogether) {
  // "a pair must play in all 3 qualifying rounds, except that they may
  // have a one player substitution in one round".
  PairAggregate two_subs = Qualifying({S(1, A::kSubstitute, "50.00"),
                                       S(2, A::kSubstitute, "52.00"),
                                       S(3, A::kPlayed, "55.00")});
  EXPECT_FALSE(two_subs.eligible);
  EXPECT_THAT(two_subs.ineligible_reason, HasSubstr("SABF TR 18.1.1"));
  // A substitute and the Spring Nationals: not "played as a pair in the
  // other two", so no 90% either.
  PairAggregate sub_and_away = Qualifying(
      {S(1, A::kSubstitute, "50.00"),
       S(2, A::kAbsentOtherNationalChampionship), S(3, A::kPlayed, "55.00")});
  EXPECT_FALSE(sub_and_away.eligible);
  EXPECT_EQ(sub_and_away.sessions[1].counted, R("0"));
  PairAggregate absent = Qualifying({S(1, A::kPlayed, "50.00"),
                                     S(2, A::kAbsent),
                                     S(3, A::kPlayed, "55.00")});
  EXPECT_FALSE(absent.eligible);
  EXPECT_THAT(absent.ineligible_reason, HasSubstr("absent from session 2"));
}

TEST(StatePairsQualifyingTest, RefusesAFourthRound) {
  EXPECT_THAT(AggregateStatePairsQualifying(
                  "p", {S(1, A::kPlayed, "50"), S(2, A::kPlayed, "50"),
                        S(3, A::kPlayed, "50"), S(4, A::kPlayed, "50")}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("three rounds")));
}

TEST(StatePairsFinalTest, AddsTheCarryOverToTheFinalsRounds) {
  // Carry-over 170/3 + 55.10 + 61.25 + 49.90 = 170/3 + 166.25 = 2675/12.
  PairAggregate a = Final({S(4, A::kPlayed, "55.10"),
                           S(5, A::kPlayed, "61.25"),
                           S(6, A::kPlayed, "49.90")},
                          "170/3");
  EXPECT_TRUE(a.eligible);
  EXPECT_EQ(a.carry_over, Rational(170, 3));
  EXPECT_EQ(a.aggregate, Rational(2675, 12));
}

TEST(StatePairsFinalTest, CapsAndFloorsOneSubstituteRound) {
  // Others 58.00, 62.00 (average 60): 64.00 counts 60.00 (cap); 45.00
  // counts 50.00 (the lower of 54 and 50). Others 40.00, 44.00 (average
  // 42): 30.00 counts 37.80 (90% of 42, lower than 50).
  PairAggregate cap = Final({S(4, A::kPlayed, "58.00"),
                             S(5, A::kSubstitute, "64.00"),
                             S(6, A::kPlayed, "62.00")},
                            "50");
  EXPECT_EQ(cap.sessions[1].counted, R("60"));
  EXPECT_EQ(cap.aggregate, R("230"));  // 50 + 58 + 60 + 62
  PairAggregate floor50 = Final({S(4, A::kPlayed, "58.00"),
                                 S(5, A::kSubstitute, "45.00"),
                                 S(6, A::kPlayed, "62.00")},
                                "50");
  EXPECT_EQ(floor50.sessions[1].counted, R("50"));
  PairAggregate floor90 = Final({S(4, A::kPlayed, "40.00"),
                                 S(5, A::kPlayed, "44.00"),
                                 S(6, A::kSubstitute, "30.00")},
                                "50");
  EXPECT_EQ(floor90.sessions[2].counted, R("37.80"));
  EXPECT_TRUE(floor90.eligible);
}

TEST(StatePairsFinalTest, NationalPlayoffsScoreTheGreaterOf55AndAverage) {
  // Others 52.00, 50.00: average 51 < 55: 55.00, whatever the substitute
  // gained (48.00). Others 60.00, 58.00: average 59 > 55: 59.00.
  PairAggregate low = Final({S(4, A::kPlayed, "52.00"),
                             S(5, A::kPlayed, "50.00"),
                             S(6, A::kNationalPlayoffsSubstitute, "48.00")},
                            "50");
  EXPECT_EQ(low.sessions[2].counted, R("55"));
  EXPECT_TRUE(low.eligible);
  PairAggregate high = Final({S(4, A::kNationalPlayoffsSubstitute, "61.00"),
                              S(5, A::kPlayed, "60.00"),
                              S(6, A::kPlayed, "58.00")},
                             "50");
  EXPECT_EQ(high.sessions[0].counted, R("59"));
}

TEST(StatePairsFinalTest, ASecondSubstituteRoundLosesTheFinalPlacing) {
  // 18.1.2: "they may have a substitute for at most one round".
  PairAggregate a = Final({S(4, A::kSubstitute, "50.00"),
                           S(5, A::kNationalPlayoffsSubstitute, "52.00"),
                           S(6, A::kPlayed, "55.00")},
                          "50");
  EXPECT_FALSE(a.eligible);
  EXPECT_THAT(a.ineligible_reason,
              HasSubstr("not eligible for a final placing"));
}

TEST(StatePairsFinalTest, AnotherNationalChampionshipScoresNothingInTheFinal) {
  // 11.5: the 90% rule "does not apply to the State Pairs Final"; the pair
  // must be represented at each session (18.1.2).
  PairAggregate a = Final({S(4, A::kPlayed, "60.00"),
                           S(5, A::kAbsentOtherNationalChampionship),
                           S(6, A::kPlayed, "58.00")},
                          "50");
  EXPECT_FALSE(a.eligible);
  EXPECT_EQ(a.sessions[1].counted, R("0"));
  EXPECT_THAT(AggregateStatePairsFinal("p", {}, R("101")),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
