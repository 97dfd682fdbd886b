#include "core/movement/itc_final_draw.h"

#include <map>
#include <vector>

#include "core/base/status_matchers.h"
#include "core/movement/itc_draw.h"
#include "core/movement/movement_testdata.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

TEST(ItcFinalDrawTest, EightTeamsTakeTheDrawNumberOfTheirPlacing) {
  // 10.3: placing after round robin 1 (leader first) 3 1 4 2 8 5 7 6, so
  // team 3 holds draw number 1, team 1 number 2, ..., team 6 number 8.
  // Round 8 is 10.6.1 round 1 "5 v 2, 6 v 3, 7 v 4, 8 v 1" with the
  // numbers' holders: 8 v 1, 5 v 4, 7 v 2, 6 v 3. Round 14 is round 7
  // "2 v 1, 4 v 3, 6 v 5, 8 v 7": 1 v 3, 2 v 4, 5 v 8, 6 v 7.
  absl::StatusOr<ItcFinalRoundRobin> f =
      ItcFinalRoundRobinDraw({3, 1, 4, 2, 8, 5, 7, 6});
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->round_robin, 2);
  EXPECT_EQ(
      f->draw_number,
      (std::map<int, int>{
          {3, 1}, {1, 2}, {4, 3}, {2, 4}, {8, 5}, {5, 6}, {7, 7}, {6, 8}}));
  EXPECT_EQ(f->round_order, (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
  ASSERT_EQ(f->schedule.rounds.size(), 7u);
  EXPECT_EQ(f->schedule.rounds[0].round, 8);
  EXPECT_EQ(f->schedule.rounds[0].pairings,
            (std::vector<Pairing>{{1, 8, 1}, {2, 5, 4}, {3, 7, 2}, {4, 6, 3}}));
  EXPECT_EQ(f->schedule.rounds[6].round, 14);
  EXPECT_EQ(f->schedule.rounds[6].pairings,
            (std::vector<Pairing>{{1, 1, 3}, {2, 2, 4}, {3, 5, 8}, {4, 6, 7}}));
  EXPECT_TRUE(CheckRoundRobin(f->schedule).ok());
}

TEST(ItcFinalDrawTest, SevenTeamsLeaderNumberedOneToFourKeepsTheOrder) {
  // 10.4 applies only when a team numbered 5, 6 or 7 leads. Leader team 2
  // holds number 1, whose bye is 10.6.1 round 1 ("8 v 1"), played as
  // round 8.
  absl::StatusOr<ItcFinalRoundRobin> f =
      ItcFinalRoundRobinDraw({2, 6, 1, 7, 3, 5, 4});
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->round_order, (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(f->schedule.rounds[0].round, 8);
  EXPECT_EQ(f->schedule.rounds[0].bye, 2);
}

TEST(ItcFinalDrawTest, SevenTeamsLeaderNumberedFiveToSevenMovesARound) {
  // 10.4 case. Placing 6 3 1 7 2 5 4: leader team 6 (numbered 5-7). The
  // highest placed of teams 1-4 is team 3, second, so draw number 2, whose
  // bye is 10.6.1 round 2 ("2 v 8"). i) That round is played as round 8;
  // ii) the others keep their order: rounds 1, 3, 4, 5, 6, 7 as 9-14.
  // Round 8 = printed round 2 "1 v 7, 3 v 5, 4 v 6, 2 v 8" with holders
  // 1->6, 7->4, 3->1, 5->2, 4->7, 6->5, 2->3: 6 v 4, 1 v 2, 7 v 5, bye 3.
  // Round 9 = printed round 1 "5 v 2, 6 v 3, 7 v 4, 8 v 1": 2 v 3, 5 v 1,
  // 4 v 7, bye 6 (the leader).
  absl::StatusOr<ItcFinalRoundRobin> f =
      ItcFinalRoundRobinDraw({6, 3, 1, 7, 2, 5, 4});
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->round_order, (std::vector<int>{2, 1, 3, 4, 5, 6, 7}));
  const RoundRobinRound& r8 = f->schedule.rounds[0];
  EXPECT_EQ(r8.round, 8);
  EXPECT_EQ(r8.pairings,
            (std::vector<Pairing>{{1, 6, 4}, {2, 1, 2}, {3, 7, 5}}));
  EXPECT_EQ(r8.bye, 3);
  const RoundRobinRound& r9 = f->schedule.rounds[1];
  EXPECT_EQ(r9.round, 9);
  EXPECT_EQ(r9.pairings,
            (std::vector<Pairing>{{1, 2, 3}, {2, 5, 1}, {3, 4, 7}}));
  EXPECT_EQ(r9.bye, 6);
  EXPECT_EQ(f->schedule.rounds[2].round, 10);
  EXPECT_TRUE(CheckRoundRobin(f->schedule).ok());

  // Why: team 6 had its round robin 1 bye in round 6; in the printed order
  // its bye as number 1 would fall in round 8, the same day (rounds 5-8,
  // SR 1.3). After 10.4 nobody has two byes in one day.
  absl::StatusOr<RoundRobinSchedule> rr1 = ItcRoundRobinDraw(7, 1);
  ASSERT_TRUE(rr1.ok());
  EXPECT_EQ(rr1->rounds[5].bye, 6);
  EXPECT_TRUE(ByeClashes({*rr1, f->schedule}, 4).empty());
}

TEST(ItcFinalDrawTest, SevenTeamsLeaderSevenAndTeamFourHighestOfOneToFour) {
  // Placing 7 5 6 4 1 2 3: team 4 is the highest placed of 1-4, fourth, so
  // draw number 4, bye in 10.6.1 round 4 ("4 v 8"): order 4 1 2 3 5 6 7.
  absl::StatusOr<ItcFinalRoundRobin> f =
      ItcFinalRoundRobinDraw({7, 5, 6, 4, 1, 2, 3});
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->round_order, (std::vector<int>{4, 1, 2, 3, 5, 6, 7}));
  EXPECT_EQ(f->schedule.rounds[0].bye, 4);
  EXPECT_EQ(f->schedule.rounds[1].bye, 7);
}

TEST(ItcFinalDrawTest, SixTeamsPlayTheRoundRobinOneDrawAsRounds11To15) {
  // Placing after round robin 2: 5 2 6 1 4 3. Round 11 is 10.7.1 round 1
  // "4 v 1, 3 v 5, 2 v 6" with holders 1->5, 2->2, 3->6, 4->1, 5->4, 6->3:
  // 1 v 5, 6 v 4, 2 v 3.
  absl::StatusOr<ItcFinalRoundRobin> f =
      ItcFinalRoundRobinDraw({5, 2, 6, 1, 4, 3});
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->round_robin, 3);
  ASSERT_EQ(f->schedule.rounds.size(), 5u);
  EXPECT_EQ(f->schedule.rounds[0].round, 11);
  EXPECT_EQ(f->schedule.rounds[0].pairings,
            (std::vector<Pairing>{{1, 1, 5}, {2, 6, 4}, {3, 2, 3}}));
  EXPECT_EQ(f->schedule.rounds[4].round, 15);
}

TEST(ItcFinalDrawTest, FiveTeamsWithoutAClashNeedNoCtdDecision) {
  // Placing 1 2 3 4 5: round robin 3 byes (10.7.1, against 6) are numbers
  // 2, 3, 4, 1, 5 in rounds 11-15: teams 2, 3 on day 3 (rounds 9-12), whose
  // other byes were rounds 1 and 7 (team 2), 2 and 8 (team 3); day 3's
  // earlier byes are teams 5 (round 9) and 4 (round 10). No clash.
  absl::StatusOr<ItcFinalRoundRobin> f =
      ItcFinalRoundRobinDraw({1, 2, 3, 4, 5});
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->round_order, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(f->schedule.rounds[0].bye, 2);
  EXPECT_EQ(f->schedule.rounds[1].bye, 3);
}

TEST(ItcFinalDrawTest, FiveTeamsWithAClashWaitForTheCtd) {
  // Placing 1 5 2 3 4: team 5 holds number 2, whose bye is round 11 (day
  // 3); its round robin 2 bye was round 9 ("5 v 6"), also day 3. 10.5: the
  // CTD decides the order.
  EXPECT_THAT(
      ItcFinalRoundRobinDraw({1, 5, 2, 3, 4}),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               ::testing::AllOf(::testing::HasSubstr("10.5"),
                                ::testing::HasSubstr("team 5 on day 3"))));
}

TEST(ItcFinalDrawTest, FiveTeamsTakeTheCtdsOrderWhenItClearsTheClash) {
  // Order 2 3 1 4 5 (rounds 11-15): byes number 3 (team 2, earlier byes
  // rounds 1, 7), number 4 (team 3: rounds 2, 8), then number 2 (team 5) in
  // round 13 on day 4, number 1 (team 1) and number 5 (team 4) on day 4.
  ItcFinalDrawOptions options;
  options.ctd_round_order = {2, 3, 1, 4, 5};
  absl::StatusOr<ItcFinalRoundRobin> f =
      ItcFinalRoundRobinDraw({1, 5, 2, 3, 4}, options);
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->round_order, (std::vector<int>{2, 3, 1, 4, 5}));
  EXPECT_EQ(f->schedule.rounds[0].round, 11);
  EXPECT_EQ(f->schedule.rounds[0].bye, 2);
  EXPECT_EQ(f->schedule.rounds[2].round, 13);
  EXPECT_EQ(f->schedule.rounds[2].bye, 5);
}

TEST(ItcFinalDrawTest, RefusesACtdOrderThatIsWrongOrNotCalledFor) {
  ItcFinalDrawOptions keeps_clash;
  // 4 1 2 3 5: number 1 (team 1) in round 11, then number 2 (team 5) in
  // round 12, still day 3.
  keeps_clash.ctd_round_order = {4, 1, 2, 3, 5};
  EXPECT_THAT(ItcFinalRoundRobinDraw({1, 5, 2, 3, 4}, keeps_clash),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("still gives")));
  ItcFinalDrawOptions not_a_permutation;
  not_a_permutation.ctd_round_order = {2, 3, 1, 4, 4};
  EXPECT_THAT(ItcFinalRoundRobinDraw({1, 5, 2, 3, 4}, not_a_permutation),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("once each")));
  ItcFinalDrawOptions unneeded;
  unneeded.ctd_round_order = {2, 3, 1, 4, 5};
  EXPECT_THAT(ItcFinalRoundRobinDraw({1, 2, 3, 4, 5}, unneeded),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("no team two byes")));
  EXPECT_THAT(ItcFinalRoundRobinDraw({1, 2, 3, 4, 5, 6}, unneeded),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("5-team")));
}

TEST(ItcFinalDrawTest, RefusesAPlacingThatIsNotEveryTeamOnce) {
  EXPECT_THAT(ItcFinalRoundRobinDraw({1, 2, 3, 3, 5, 6, 7}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("12.2")));
  EXPECT_THAT(ItcFinalRoundRobinDraw({2, 3, 4, 5, 6, 7, 8}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ItcFinalRoundRobinDraw({1, 2, 3, 4}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  ItcFinalDrawOptions no_days;
  no_days.rounds_per_day = 0;
  EXPECT_THAT(ItcFinalRoundRobinDraw({1, 2, 3, 4, 5, 6, 7, 8}, no_days),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ByeClashesTest, FindsTwoByesOnOneDayByHand) {
  // Three entrants over rounds 1-3 and 4-6, two rounds a day: team 3 has
  // byes in rounds 3 and 4 (both day 2); team 1 in rounds 1 and 5.
  RoundRobinSchedule a{
      3, {{1, {{1, 2, 3}}, 1}, {2, {{1, 3, 1}}, 2}, {3, {{1, 1, 2}}, 3}}};
  RoundRobinSchedule b{
      3, {{4, {{1, 1, 2}}, 3}, {5, {{1, 2, 3}}, 1}, {6, {{1, 3, 1}}, 2}}};
  EXPECT_EQ(ByeClashes({a, b}, 2), (std::vector<ByeClash>{{3, 2}}));
  EXPECT_TRUE(ByeClashes({a, b}, 1).empty());
  // Three rounds a day: day 2 is rounds 4-6, one bye each; day 1 the same.
  EXPECT_TRUE(ByeClashes({a, b}, 3).empty());
  // Six rounds a day: everyone twice on day 1.
  EXPECT_EQ(ByeClashes({a, b}, 6),
            (std::vector<ByeClash>{{1, 1}, {2, 1}, {3, 1}}));
}

}  // namespace
}  // namespace tally::core
