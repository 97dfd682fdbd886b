// Each criterion alone (a one-step chain), on hand-built ties.

#include "core/tiebreak/criteria.h"

#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "core/tiebreak/rank.h"
#include "core/tiebreak/tiebreak_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::core::testing::Bye;
using ::tally::core::testing::E;
using ::tally::core::testing::M;
using ::tally::core::testing::OneStep;
using ::tally::core::testing::R;
using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The ids in placing order.
std::vector<std::string> Order(const TieBreakResult& r) {
  std::vector<std::string> ids;
  for (const Placing& p : r.placings) ids.push_back(p.id);
  return ids;
}

// Ranks A and B (listed in that order) under one criterion.
absl::StatusOr<TieBreakResult> Rank(absl::string_view criterion,
                                    std::vector<TieBreakEntrant> field,
                                    TieBreakOptions options = {}) {
  return RankWithTieBreaks(OneStep(criterion), field, options);
}

TEST(CriteriaTest, EveryCriterionIsRegisteredOnce) {
  std::set<std::string> ids;
  for (const TieBreakCriterionInfo& c : AllTieBreakCriterionInfos()) {
    EXPECT_TRUE(ids.insert(std::string(c.id)).second) << c.id;
    EXPECT_THAT(FindTieBreakCriterionInfo(c.id), IsOk());
  }
  EXPECT_EQ(ids.size(), 19u);
  EXPECT_THAT(FindTieBreakCriterionInfo("coin_toss"),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("net_imps")));
}

TEST(CriteriaTest, TotalVpsReadsVpsAndFallsBackToScore) {
  TieBreakEntrant a = E("A", "6");
  a.vps = R("140");
  TieBreakEntrant b = E("B", "6");
  b.vps = R("150");
  auto r = Rank(kCriterionTotalVps, {a, b});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A"));
  // Without vps the score is used: equal, so still tied.
  r = Rank(kCriterionTotalVps, {E("A", "6"), E("B", "6")});
  EXPECT_EQ(r->placings[1].decision, PlaceDecision::kShared);
}

TEST(CriteriaTest, TotalVpsWithoutFinesAddsTheFinesBack) {
  // Both 100 VPs after fines; A was fined 3 (103 before), B nothing.
  TieBreakEntrant a = E("A", "100");
  a.fines = R("3");
  const auto r = Rank(kCriterionTotalVpsWithoutFines, {E("B", "100"), a});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B"));
  EXPECT_EQ(r->placings[1].criterion, kCriterionTotalVpsWithoutFines);
}

TEST(CriteriaTest, ScoreWithoutCarryOverRemovesIt) {
  // ANC SR 12.3: 120.5 each; A's includes a 3.5 carry-over: 117 < 120.5.
  TieBreakEntrant a = E("A", "120.5");
  a.carry_over = R("3.5");
  const auto r = Rank(kCriterionRemoveCarryOver, {a, E("B", "120.5")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A"));
}

TEST(CriteriaTest, OpponentsTotalVpsSumsOpponentsAndSkipsByes) {
  // A met C (40) and D (25): 65. B met C (40) twice and had a bye: 80.
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "15", "5"), M(2, "D", "15", "5")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "C", "10", "10"), Bye(2, "12"), M(3, "C", "8", "12")};
  const auto r =
      Rank(kCriterionOpponentsTotalVps, {a, b, E("C", "40"), E("D", "25")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("C", "B", "A", "D"));
  EXPECT_EQ(r->placings[2].criterion, kCriterionOpponentsTotalVps);
}

TEST(CriteriaTest, OpponentsTotalNeedsTheOpponentInTheField) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "Z", "15", "5")};
  EXPECT_THAT(Rank(kCriterionOpponentsTotalVps, {a, E("B", "30")}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("opponent Z of A")));
}

TEST(CriteriaTest, OpponentsTotalMatchpointsOnlyForAnIncompleteMovement) {
  // NSW TR 11.2.4(a). A met C (60), B met D (40).
  TieBreakEntrant a = E("A", "50");
  a.matches = {M(1, "C", "10", "14")};
  TieBreakEntrant b = E("B", "50");
  b.matches = {M(1, "D", "14", "10")};
  const std::vector<TieBreakEntrant> field = {b, a, E("C", "60"), E("D", "40")};
  auto r = Rank(kCriterionOpponentsTotalMatchpoints, field);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->placings[2].decision, PlaceDecision::kShared);
  r = Rank(kCriterionOpponentsTotalMatchpoints, field,
           TieBreakOptions{.incomplete_movement = true});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("C", "A", "B", "D"));
}

TEST(CriteriaTest, HeadToHeadDecidesTwoThatMet) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "B", "8", "12")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "A", "12", "8")};
  const auto r = Rank(kCriterionHeadToHead, {a, b});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A"));
  EXPECT_EQ(r->placings[1].decision, PlaceDecision::kTieBreak);
}

TEST(CriteriaTest, HeadToHeadSkipsThreeWayTiesAndPairsThatNeverMet) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "B", "8", "12")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "A", "12", "8")};
  auto r = Rank(kCriterionHeadToHead, {a, b, E("C", "30")});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->placings[1].decision, PlaceDecision::kShared);
  EXPECT_EQ(r->placings[2].decision, PlaceDecision::kShared);
  r = Rank(kCriterionHeadToHead, {E("C", "30"), E("D", "30")});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->placings[1].decision, PlaceDecision::kShared);
}

TEST(CriteriaTest, HeadToHeadRefusesOneSidedRecords) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "B", "8", "12")};
  EXPECT_THAT(
      Rank(kCriterionHeadToHead, {a, E("B", "30")}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("disagree")));
}

TEST(CriteriaTest, NetImpsSums) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "15", "5", "12"), M(2, "D", "5", "15", "-12")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "D", "15", "5", "14"), M(2, "C", "5", "15", "-13")};
  const auto r = Rank(kCriterionNetImps, {a, b, E("C", "1"), E("D", "1")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A", "C", "D"));
}

TEST(CriteriaTest, NetImpsCappedCapsPositiveImpsAtTheTwentyNilMargin) {
  // NSW TR 11.2.1(c). A: +45 capped at 31, then -12: 19 (uncapped 33).
  // B: +25, -5: 20. Capped, B is ahead.
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "20", "0", "45"), M(2, "D", "10", "10", "-12")};
  a.matches[0].blitz_margin = R("31");
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "D", "17", "3", "25"), M(2, "C", "13", "7", "-5")};
  b.matches[0].blitz_margin = R("31");
  const std::vector<TieBreakEntrant> field = {a, b, E("C", "1"), E("D", "1")};
  auto r = Rank(kCriterionNetImpsCappedAtBlitz, field);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A", "C", "D"));
  r = Rank(kCriterionNetImps, field);
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C", "D"));
}

TEST(CriteriaTest, NetImpsCappedNeedsTheMarginForAPositiveMatch) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "20", "0", "45")};
  EXPECT_THAT(
      Rank(kCriterionNetImpsCappedAtBlitz, {a, E("B", "30"), E("C", "1")}),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("NSW TR 11.2.1(c)")));
}

TEST(CriteriaTest, MatchesWonIgnoresDrawsWhichCountHalfUnderNsw) {
  // A: won 1, drew 2 (wins 1; with halves 2). B: won 1, drew 1, lost 1
  // (wins 1; with halves 1.5). A bye is neither.
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "12", "8"), M(2, "D", "10", "10"),
               M(3, "C", "10", "10"), Bye(4, "12")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "D", "12", "8"), M(2, "C", "10", "10"),
               M(3, "D", "8", "12"), Bye(4, "12")};
  const std::vector<TieBreakEntrant> field = {b, a, E("C", "1"), E("D", "1")};
  auto r = Rank(kCriterionMatchesWon, field);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->placings[1].decision, PlaceDecision::kShared);
  r = Rank(kCriterionWinsDrawHalf, field);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C", "D"));
}

TEST(CriteriaTest, SuccessiveDeletionDropsTheWorstResultFirst) {
  // A 5+12+13 = 30, B 8+8+14 = 30. Less the worst: A 25, B 22.
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "5", "15"), M(2, "C", "12", "8"),
               M(3, "C", "13", "7")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "C", "8", "12"), M(2, "C", "8", "12"),
               M(3, "C", "14", "6")};
  const auto r = Rank(kCriterionDropWorstResults, {b, a, E("C", "1")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C"));
}

TEST(CriteriaTest, SuccessiveDeletionGoesOnToTheSecondWorst) {
  // A 5+10+15, B 5+11+14 (30 each). Less the worst: 25 and 25. Less the two
  // worst: A 15, B 14.
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "5", "15"), M(2, "C", "10", "10"),
               M(3, "C", "15", "5")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "C", "5", "15"), M(2, "C", "11", "9"),
               M(3, "C", "14", "6")};
  const auto r = Rank(kCriterionDropWorstResults, {b, a, E("C", "1")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C"));
}

TEST(CriteriaTest, SessionCountsUsePlayedSessionsStrictlyAbove) {
  // A: 60.00 (not above 60), 61 played; 70 not played (assigned).
  // B: 60.01 played. Above 60: A 1, B 1. Played: A 2, B 1.
  TieBreakEntrant a = E("A", "57");
  a.sessions = {{R("60.00"), true}, {R("61"), true}, {R("70"), false}};
  TieBreakEntrant b = E("B", "57");
  b.sessions = {{R("60.01"), true}};
  auto r = Rank(kCriterionSessionsAbove60Percent, {b, a});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->placings[1].decision, PlaceDecision::kShared);
  r = Rank(kCriterionMostSessionsPlayed, {b, a});
  EXPECT_THAT(Order(*r), ElementsAre("A", "B"));
}

TEST(CriteriaTest, BoardComparisonScoresTiedPairsBoardByBoard) {
  // NSW TR 11.2.4(b):
  //   board 1: both NS, +420 each: equal, 1 each (i).
  //   board 2: both NS, A +100, B -50: A beat B, A 2 (i).
  //   board 3: A NS 7/10 (above half: 2), B EW 5/10 (half: 1) (ii).
  //   board 4: only B, 3/10 (below half: 0) (ii).
  // A 1+2+2 = 5, B 1+0+1+0 = 2.
  TieBreakEntrant a = E("A", "150");
  a.boards = {{1, 1, BoardDirection::kNorthSouth, 420, R("5"), R("10")},
              {1, 2, BoardDirection::kNorthSouth, 100, R("9"), R("10")},
              {1, 3, BoardDirection::kNorthSouth, 50, R("7"), R("10")}};
  TieBreakEntrant b = E("B", "150");
  b.boards = {{1, 1, BoardDirection::kNorthSouth, 420, R("5"), R("10")},
              {1, 2, BoardDirection::kNorthSouth, -50, R("2"), R("10")},
              {1, 3, BoardDirection::kEastWest, 0, R("5"), R("10")},
              {1, 4, BoardDirection::kEastWest, -200, R("3"), R("10")}};
  const auto r = Rank(kCriterionMatchpointsBetweenTied, {b, a});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B"));
}

TEST(CriteriaTest, BoardComparisonUsesMatchpointsForAnArtificialScore) {
  // Board 1 both NS; B's score artificial (6/10 MP) beats A's 4/10.
  TieBreakEntrant a = E("A", "150");
  a.boards = {{1, 1, BoardDirection::kNorthSouth, 420, R("4"), R("10")}};
  TieBreakEntrant b = E("B", "150");
  b.boards = {
      {1, 1, BoardDirection::kNorthSouth, std::nullopt, R("6"), R("10")}};
  const auto r = Rank(kCriterionMatchpointsBetweenTied, {a, b});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A"));
}

TEST(CriteriaTest, ScoreAgainstHigherPlacedSkipsPairsNotBothMet) {
  // Field by score: P1 100, P2 90, A = B 80, P3 70. Only A met P1, so P1 is
  // skipped. Against P2: A 6, B 9: B ahead (P3 would favour A).
  TieBreakEntrant a = E("A", "80");
  a.matches = {M(1, "P1", "12", "8"), M(2, "P2", "6", "14"),
               M(3, "P3", "14", "6")};
  TieBreakEntrant b = E("B", "80");
  b.matches = {M(2, "P2", "9", "11"), M(3, "P3", "8", "12")};
  const auto r = Rank(kCriterionScoreAgainstHighestPlaced,
                      {E("P3", "70"), a, b, E("P2", "90"), E("P1", "100")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("P1", "P2", "B", "A", "P3"));
}

TEST(CriteriaTest, LotNeedsEveryTiedEntrantsRecordedLot) {
  TieBreakEntrant a = E("A", "30");
  a.lot = 2;
  TieBreakEntrant b = E("B", "30");
  b.lot = 1;
  auto r = Rank(kCriterionLot, {a, b});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A"));
  EXPECT_TRUE(r->pending.empty());
  r = Rank(kCriterionLot, {a, E("B", "30")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->pending,
              ElementsAre(PendingDecision{"lot", "test clause", {"A", "B"}}));
  b.lot = 2;
  EXPECT_THAT(
      Rank(kCriterionLot, {a, b}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("same place 2")));
}

TEST(CriteriaTest, PlayoffPlaceIsARecordedOutcomeLikeTheLot) {
  // NSW TR 11.2.2: B won the four-board playoff.
  TieBreakEntrant a = E("A", "45");
  a.playoff_place = 2;
  TieBreakEntrant b = E("B", "45");
  b.playoff_place = 1;
  auto r = Rank(kCriterionFourBoardPlayoff, {a, b});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A"));
  r = Rank(kCriterionFourBoardPlayoff, {E("A", "45"), E("B", "45")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->pending,
              ElementsAre(PendingDecision{
                  "four_board_playoff", "test clause", {"A", "B"}}));
}

}  // namespace
}  // namespace tally::core
