#include "core/pairs_event/competition_aggregate.h"

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

PairSessionInput S(int session, int rounds, A attendance,
                   const char* percentage = nullptr) {
  PairSessionInput s;
  s.session = session;
  s.rounds = rounds;
  s.attendance = attendance;
  if (percentage != nullptr) s.percentage = R(percentage);
  return s;
}

PairAggregate Sabf(const std::vector<PairSessionInput>& sessions) {
  auto a = AggregatePair("p", sessions, SessionCombination::kSabfTr11);
  EXPECT_THAT(a, IsOk());
  return *a;
}

TEST(AggregatePairTest, SumsSessionalPercentages) {
  // SABF TR 11.3: 55.20 + 60.10 = 115.30.
  PairAggregate a = Sabf({S(1, 13, A::kPlayed, "55.20"),
                          S(2, 13, A::kPlayed, "60.10")});
  EXPECT_EQ(a.aggregate, R("115.30"));
  EXPECT_TRUE(a.eligible);
  EXPECT_EQ(a.own_average, R("57.65"));
}

TEST(AggregatePairTest, CapsSubstituteAtOwnAverage) {
  // SABF TR 11.4: own 60.00, 56.00 -> average 58.00; substitute's 65.00 is
  // capped at 58.00; aggregate 60 + 56 + 58 = 174.00.
  PairAggregate a = Sabf({S(1, 9, A::kPlayed, "60.00"),
                          S(2, 9, A::kPlayed, "56.00"),
                          S(3, 9, A::kSubstitute, "65.00")});
  EXPECT_EQ(a.sessions[2].counted, R("58"));
  EXPECT_EQ(a.aggregate, R("174"));
}

TEST(AggregatePairTest, FloorsSubstituteAtNinetyPercentOfAverageBelowFifty) {
  // SABF TR 11.4: own 40.00, 44.00 -> average 42.00; floor min(90% x 42 =
  // 37.80, 50) = 37.80; substitute's 30.00 counts 37.80; total 121.80.
  PairAggregate a = Sabf({S(1, 9, A::kPlayed, "40.00"),
                          S(2, 9, A::kPlayed, "44.00"),
                          S(3, 9, A::kSubstitute, "30.00")});
  EXPECT_EQ(a.sessions[2].counted, R("37.80"));
  EXPECT_EQ(a.aggregate, R("121.80"));
}

TEST(AggregatePairTest, FloorsSubstituteAtFiftyWhenLower) {
  // SABF TR 11.4: own 62, 58 -> average 60; 90% = 54 > 50, so the floor is
  // 50: a substitute's 45.00 counts 50, a substitute's 52.00 stands.
  PairAggregate low = Sabf({S(1, 9, A::kPlayed, "62"), S(2, 9, A::kPlayed, "58"),
                            S(3, 9, A::kSubstitute, "45.00")});
  EXPECT_EQ(low.sessions[2].counted, R("50"));
  PairAggregate mid = Sabf({S(1, 9, A::kPlayed, "62"), S(2, 9, A::kPlayed, "58"),
                            S(3, 9, A::kSubstitute, "52.00")});
  EXPECT_EQ(mid.sessions[2].counted, R("52"));
}

TEST(AggregatePairTest, RepresentativeSubstituteCountsFullAverage) {
  // SABF TR 11.4 third paragraph: own 55.00, 57.50 -> average 56.25; the
  // substitute's 40.00 is replaced by 100% of it: 56.25.
  PairAggregate a = Sabf({S(1, 9, A::kPlayed, "55.00"),
                          S(2, 9, A::kPlayed, "57.50"),
                          S(3, 9, A::kRepresentativeSubstitute, "40.00")});
  EXPECT_EQ(a.sessions[2].counted, R("56.25"));
  EXPECT_EQ(a.aggregate, R("168.75"));
}

TEST(AggregatePairTest, StandInsForBothScoreZero) {
  // SABF TR 11.4 first paragraph: "the absent pair will score 0".
  PairAggregate a = Sabf({S(1, 7, A::kPlayed, "50"), S(2, 7, A::kPlayed, "52"),
                          S(3, 7, A::kPlayed, "54"), S(4, 7, A::kAbsent)});
  EXPECT_EQ(a.sessions[3].counted, R("0"));
  EXPECT_FALSE(a.sessions[3].played);
  EXPECT_EQ(a.aggregate, R("156"));
}

TEST(AggregatePairTest, AbsentPairsScoreFullOrNinetyPercentWhenEligible) {
  // 4 sessions x 7 rounds = 28 required; 75% = 21; played 21 (own 21 > 14):
  // eligible (SABF TR 11.6). Own 50, 52, 54 -> average 52.
  // SABF TR 11.5: representing -> 52; other NC -> 90% x 52 = 46.80.
  PairAggregate rep = Sabf({S(1, 7, A::kPlayed, "50"), S(2, 7, A::kPlayed, "52"),
                            S(3, 7, A::kPlayed, "54"),
                            S(4, 7, A::kAbsentRepresentative)});
  EXPECT_TRUE(rep.eligible);
  EXPECT_EQ(rep.rounds_needed, 21);
  EXPECT_EQ(rep.aggregate, R("208"));
  PairAggregate nc =
      Sabf({S(1, 7, A::kPlayed, "50"), S(2, 7, A::kPlayed, "52"),
            S(3, 7, A::kPlayed, "54"),
            S(4, 7, A::kAbsentOtherNationalChampionship)});
  EXPECT_EQ(nc.sessions[3].counted, R("46.80"));
  EXPECT_EQ(nc.aggregate, R("202.80"));
}

TEST(AggregatePairTest, AbsentPairScoresNothingWhenNotEligible) {
  // 3 x 9 = 27 required; 75% = 20.25 -> 21; played 18: not eligible
  // (SABF TR 11.6), so the 11.5 score does not apply: 0.
  PairAggregate a = Sabf({S(1, 9, A::kPlayed, "60"), S(2, 9, A::kPlayed, "60"),
                          S(3, 9, A::kAbsentRepresentative)});
  EXPECT_FALSE(a.eligible);
  EXPECT_EQ(a.rounds_needed, 21);
  EXPECT_EQ(a.sessions[2].counted, R("0"));
  EXPECT_EQ(a.aggregate, R("120"));
}

TEST(AggregatePairTest, SeventyFivePercentOfRoundsIsRoundedUp) {
  // Rounds 8 + 7 + 6 = 21; 75% = 15.75, "decimals rounded up" -> 16.
  // Playing sessions 1 and 2 (15 rounds, own 15 > 10.5) is one short.
  PairAggregate a = Sabf({S(1, 8, A::kPlayed, "50"), S(2, 7, A::kPlayed, "50"),
                          S(3, 6, A::kAbsent)});
  EXPECT_EQ(a.rounds_needed, 16);
  EXPECT_EQ(a.rounds_with_substitutes, 15);
  EXPECT_FALSE(a.eligible);
}

TEST(AggregatePairTest, OneSubstituteSessionsCountTowardSeventyFivePercent) {
  // 3 x 10 = 30 required, 75% = 22.5 -> 23; own 20 > 15, with the one
  // substitute session 30 >= 23: eligible (SABF TR 11.6).
  PairAggregate a = Sabf({S(1, 10, A::kPlayed, "50"), S(2, 10, A::kPlayed, "50"),
                          S(3, 10, A::kSubstitute, "50")});
  EXPECT_TRUE(a.eligible);
}

TEST(AggregatePairTest, PairMustItselfPlayMoreThanHalf) {
  // 2 x 10 = 20 required: own 10 is exactly half, not "more than half",
  // though with the substitute 20 >= 15 (SABF TR 11.6).
  PairAggregate a = Sabf({S(1, 10, A::kPlayed, "50"),
                          S(2, 10, A::kSubstitute, "50")});
  EXPECT_EQ(a.rounds_own, 10);
  EXPECT_FALSE(a.eligible);
}

TEST(AggregatePairTest, TotalPercentagesLetsSubstituteScoreStandAndAbsentZero) {
  // NSW TR has no rule: 63.00 + 41.50 + 0 = 104.50, every pair placed.
  auto a = AggregatePair("p",
                         {S(1, 10, A::kPlayed, "63.00"),
                          S(2, 10, A::kSubstitute, "41.50"),
                          S(3, 10, A::kAbsentRepresentative)},
                         SessionCombination::kTotalPercentages);
  ASSERT_THAT(a, IsOk());
  EXPECT_EQ(a->aggregate, R("104.50"));
  EXPECT_TRUE(a->eligible);
}

TEST(AggregatePairTest, RefusesPlayedSessionWithoutPercentage) {
  EXPECT_THAT(AggregatePair("7", {S(2, 9, A::kPlayed)},
                            SessionCombination::kSabfTr11),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("session 2")));
  EXPECT_THAT(AggregatePair("7", {S(1, 9, A::kPlayed, "50"),
                                  S(1, 9, A::kPlayed, "50")},
                            SessionCombination::kSabfTr11),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("twice")));
}

TEST(RankCompetitionTest, TieWithinThreeHundredthsGoesToMostSessionsPlayed) {
  // SABF TR 11.7. A played four sessions of 50.00: 200.00. B played
  // 48.00, 52.00, 50.01 (average 150.01 / 3) and was absent representing in
  // the fourth (eligible: 21 of 28 rounds): 4 x 150.01 / 3 = 200.0133...,
  // within 0.03 of A, so tied; A played more sessions and ranks first.
  // C (4 x 49.875 = 199.50) is 0.5 behind: placed third on score.
  // D played one session of four: not eligible, listed unplaced.
  auto chain = ChainSpecFromCriteria(
      {"most_sessions_played", "sessions_above_60_percent",
       "sessions_above_55_percent", "sessions_above_50_percent"},
      "SABF TR 11.7", R("0.03"));
  ASSERT_THAT(chain, IsOk());
  std::vector<PairAggregate> pairs = {
      Sabf({S(1, 7, A::kPlayed, "48.00"), S(2, 7, A::kPlayed, "52.00"),
            S(3, 7, A::kPlayed, "50.01"), S(4, 7, A::kAbsentRepresentative)}),
      Sabf({S(1, 7, A::kPlayed, "50"), S(2, 7, A::kPlayed, "50"),
            S(3, 7, A::kPlayed, "50"), S(4, 7, A::kPlayed, "50")}),
      Sabf({S(1, 7, A::kPlayed, "49.75"), S(2, 7, A::kPlayed, "50"),
            S(3, 7, A::kPlayed, "49.75"), S(4, 7, A::kPlayed, "50")}),
      Sabf({S(1, 7, A::kPlayed, "70"), S(2, 7, A::kAbsent),
            S(3, 7, A::kAbsent), S(4, 7, A::kAbsent)}),
  };
  pairs[0].id = "B";
  pairs[1].id = "A";
  pairs[2].id = "C";
  pairs[3].id = "D";
  EXPECT_EQ(pairs[0].aggregate, R("600.04") / Rational(3));
  auto ranked = RankCompetition(*chain, pairs);
  ASSERT_THAT(ranked, IsOk());
  ASSERT_EQ(ranked->placings.size(), 4u);
  EXPECT_EQ(ranked->placings[0].pair.id, "A");
  EXPECT_EQ(ranked->placings[0].position, 1);
  EXPECT_TRUE(ranked->placings[0].tied);
  EXPECT_EQ(ranked->placings[1].pair.id, "B");
  EXPECT_EQ(ranked->placings[1].position, 2);
  EXPECT_EQ(ranked->placings[1].decision, PlaceDecision::kTieBreak);
  EXPECT_EQ(ranked->placings[1].criterion, "most_sessions_played");
  EXPECT_EQ(ranked->placings[2].pair.id, "C");
  EXPECT_EQ(ranked->placings[2].position, 3);
  EXPECT_FALSE(ranked->placings[2].tied);
  EXPECT_EQ(ranked->placings[3].pair.id, "D");
  EXPECT_EQ(ranked->placings[3].position, 0);
  EXPECT_FALSE(ranked->placings[3].pair.eligible);
}

}  // namespace
}  // namespace tally::core
