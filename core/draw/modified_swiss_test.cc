#include "core/draw/modified_swiss.h"

#include "gtest/gtest.h"

namespace tally::core {
namespace {

TEST(PlanSmallFieldTest,
     NineRoundsStandardThroughFiveRepeatsFromRoundsOneToFour) {
  // ANC SR appendix: "9 rounds - standard Swiss up to and including the draw
  // for Round 5. In rounds 6, 7, 8 and 9 ... units may play a unit
  // previously played in Rounds 1-4."
  const SmallFieldPlan p = PlanSmallField(12, 9);
  EXPECT_TRUE(p.applies);
  EXPECT_EQ(p.standard_swiss_through_round, 5);
  EXPECT_EQ(p.repeatable_through_round, 4);
}

TEST(PlanSmallFieldTest,
     TenRoundsStandardThroughSixRepeatsFromRoundsOneToFive) {
  // ANC SR appendix: "10 rounds - standard Swiss up to and including the
  // draw for Round 6. In rounds 7 to 10 ... Rounds 1-5."
  const SmallFieldPlan p = PlanSmallField(12, 10);
  EXPECT_EQ(p.standard_swiss_through_round, 6);
  EXPECT_EQ(p.repeatable_through_round, 5);
}

TEST(PlanSmallFieldTest, AppliesOnlyBelowTwiceTheRounds) {
  // "fewer than twice the number of rounds".
  EXPECT_TRUE(PlanSmallField(13, 7).applies);
  EXPECT_FALSE(PlanSmallField(14, 7).applies);
}

TEST(PlanSmallFieldTest, RoundRobinFitsWhenItsRoundsDo) {
  // 8 entrants: 7 rounds of round robin fill a 7-round event exactly.
  const SmallFieldPlan eight = PlanSmallField(8, 7);
  EXPECT_TRUE(eight.round_robin_fits);
  EXPECT_EQ(eight.round_robin_rounds, 7);
  EXPECT_EQ(eight.placing_rounds, 0);
  // 5 entrants: 5 rounds (one bye each); 2 rounds left to decide placings.
  const SmallFieldPlan five = PlanSmallField(5, 7);
  EXPECT_TRUE(five.round_robin_fits);
  EXPECT_EQ(five.round_robin_rounds, 5);
  EXPECT_EQ(five.placing_rounds, 2);
  // 10 entrants need 9 rounds: not in 7.
  EXPECT_FALSE(PlanSmallField(10, 7).round_robin_fits);
}

TEST(MayMeetAgainTest, StandardSwissNeverRepeats) {
  EXPECT_FALSE(MayMeetAgain(RepeatRule::kNever, 9, 9, 1));
}

TEST(MayMeetAgainTest, ModifiedSwissFollowsTheAppendixWindows) {
  // 9 rounds: rounds up to 5 bar everything; from round 6, meetings in
  // rounds 1-4 may repeat but a round-5 meeting may not.
  EXPECT_FALSE(MayMeetAgain(RepeatRule::kModifiedSwiss, 9, 5, 1));
  EXPECT_TRUE(MayMeetAgain(RepeatRule::kModifiedSwiss, 9, 6, 1));
  EXPECT_TRUE(MayMeetAgain(RepeatRule::kModifiedSwiss, 9, 6, 4));
  EXPECT_FALSE(MayMeetAgain(RepeatRule::kModifiedSwiss, 9, 6, 5));
  EXPECT_FALSE(MayMeetAgain(RepeatRule::kModifiedSwiss, 9, 9, 7));
}

}  // namespace
}  // namespace tally::core
