// Each built-in chain on a constructed tie that reaches its last criterion
// (and, where the regulation says so, ties left shared).

#include "core/tiebreak/chains.h"

#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "core/tiebreak/criteria.h"
#include "core/tiebreak/rank.h"
#include "core/tiebreak/tiebreak_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::core::testing::E;
using ::tally::core::testing::M;
using ::tally::core::testing::R;
using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

TieBreakChainSpec Chain(absl::string_view id) {
  return *FindTieBreakChainSpec(id);
}

std::vector<std::string> Order(const TieBreakResult& r) {
  std::vector<std::string> ids;
  for (const Placing& p : r.placings) ids.push_back(p.id);
  return ids;
}

const Placing& Of(const TieBreakResult& r, const std::string& id) {
  for (const Placing& p : r.placings) {
    if (p.id == id) return p;
  }
  static const Placing kNone;
  ADD_FAILURE() << id << " not ranked";
  return kNone;
}

TEST(TieBreakChainsTest, EveryChainNamesRegisteredCriteriaAndIsFoundById) {
  std::set<std::string> ids;
  for (const TieBreakChainSpec& c : AllTieBreakChainSpecs()) {
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
    EXPECT_THAT(FindTieBreakChainSpec(c.id), IsOk());
    for (const TieBreakStep& s : c.steps) {
      EXPECT_THAT(FindTieBreakCriterionInfo(s.criterion), IsOk()) << c.id;
      EXPECT_FALSE(s.clause.empty()) << c.id;
    }
  }
  EXPECT_EQ(ids.size(), 15u);
  EXPECT_THAT(FindTieBreakChainSpec("wbf"),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("anc_sr_17_3")));
}

TEST(TieBreakChainsTest, ChainSpecFromCriteriaTakesAProfilesIdList) {
  const auto c = ChainSpecFromCriteria({"net_imps", "lot"}, "ANC SR 17.2", 0);
  ASSERT_THAT(c, IsOk());
  ASSERT_EQ(c->steps.size(), 2u);
  EXPECT_EQ(c->steps[1].criterion, "lot");
  EXPECT_EQ(c->steps[1].clause, "ANC SR 17.2");
  EXPECT_THAT(
      ChainSpecFromCriteria({"net_imps", "coin_toss"}, "X", 0),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("coin_toss")));
  EXPECT_THAT(ChainSpecFromCriteria({}, "X", R("-0.01")),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// ANC SR 12.2: wins, then net IMPs, then lot. A and B: 70 VPs, one win and
// one loss each, net IMPs +5 -5 = 0 and +10 -10 = 0. The lot (B 1st) decides.
TEST(TieBreakChainsTest, AncItcRoundRobinReachesTheLot) {
  TieBreakEntrant a = E("A", "70");
  a.matches = {M(1, "C", "40", "30", "5"), M(2, "D", "30", "40", "-5")};
  TieBreakEntrant b = E("B", "70");
  b.matches = {M(1, "D", "45", "25", "10"), M(2, "C", "25", "45", "-10")};
  std::vector<TieBreakEntrant> field = {a, b, E("C", "75"), E("D", "65")};
  auto r = RankWithTieBreaks(Chain("anc_sr_12_2"), field);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->pending, ElementsAre(PendingDecision{
                              "lot", "ANC 2025 SR 12.2", {"A", "B"}}));
  EXPECT_EQ(Of(*r, "A").position, 2);
  EXPECT_EQ(Of(*r, "B").position, 2);

  field[0].lot = 2;
  field[1].lot = 1;
  r = RankWithTieBreaks(Chain("anc_sr_12_2"), field);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("C", "B", "A", "D"));
  EXPECT_EQ(Of(*r, "A").decision, PlaceDecision::kTieBreak);
  EXPECT_EQ(Of(*r, "A").criterion, "lot");
  EXPECT_EQ(Of(*r, "A").clause, "ANC 2025 SR 12.2");
  EXPECT_THAT(r->pending, IsEmpty());
}

// ANC SR 12.3: the final tied at 120.5 IMPs; A's includes its 3.5 carry-over
// (11.2), so without it A has 117 and B wins. With no carry-over at all the
// title is shared.
TEST(TieBreakChainsTest, AncItcFinalRemovesCarryOverThenShares) {
  TieBreakEntrant a = E("A", "120.5");
  a.carry_over = R("3.5");
  auto r = RankWithTieBreaks(Chain("anc_sr_12_3"), {a, E("B", "120.5")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A"));
  EXPECT_EQ(Of(*r, "A").criterion, "remove_carry_over");

  r = RankWithTieBreaks(Chain("anc_sr_12_3"), {E("A", "117"), E("B", "117")});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Of(*r, "A").position, 1);
  EXPECT_EQ(Of(*r, "B").position, 1);
  EXPECT_EQ(Of(*r, "B").decision, PlaceDecision::kShared);
  EXPECT_THAT(r->pending, IsEmpty());
}

// ANC SR 17.2 (draw): net IMPs, then lot. Both +12 net.
TEST(TieBreakChainsTest, AncSwissDrawReachesTheLot) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "16", "4", "20"), M(2, "D", "6", "14", "-8")};
  a.lot = 1;
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "D", "13", "7", "7"), M(2, "C", "17", "3", "5")};
  b.lot = 2;
  const auto r = RankWithTieBreaks(Chain("anc_sr_17_2"),
                                   {b, a, E("C", "20"), E("D", "20")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C", "D"));
  EXPECT_EQ(Of(*r, "B").criterion, "lot");
  EXPECT_EQ(Of(*r, "B").clause, "ANC 2025 SR 17.2");
}

// ANC SR 17.3: opponents' VPs, wins, net IMPs, lot. A and B both met C and
// D (opponents' VPs 25 + 22 each), won both (18-2 and 12-8; 14-6 and 16-4),
// net IMPs 25 + 5 = 30 and 10 + 20 = 30.
TEST(TieBreakChainsTest, AncSwissFinalPlacingReachesTheLot) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "18", "2", "25"), M(2, "D", "12", "8", "5")};
  a.lot = 2;
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "D", "14", "6", "10"), M(2, "C", "16", "4", "20")};
  b.lot = 1;
  const auto r = RankWithTieBreaks(Chain("anc_sr_17_3"),
                                   {a, b, E("C", "25"), E("D", "22")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A", "C", "D"));
  EXPECT_EQ(Of(*r, "A").criterion, "lot");
  EXPECT_EQ(Of(*r, "A").clause, "ANC 2025 SR 17.3");
}

// ANC SR 21.3: tied pairs share the points, whatever 17.3 would say.
TEST(TieBreakChainsTest, AncAwardsShareTiedPositions) {
  TieBreakEntrant a = E("A", "30");
  a.lot = 1;
  const auto r = RankWithTieBreaks(Chain("anc_sr_21_3"),
                                   {E("B", "30"), a, E("C", "29.99")});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Of(*r, "A").position, 1);
  EXPECT_EQ(Of(*r, "B").position, 1);
  EXPECT_EQ(Of(*r, "C").position, 3);
}

// SABF TR 11.7: A 57.10 (62, 56, 53.30) and B 57.08 (64, 58, 49.24) are
// within 0.03. Sessions 3 and 3; above 60: 1 and 1; above 55: 2 and 2; above
// 50: 3 and 2 - A.
TEST(TieBreakChainsTest, SabfMatchpointPairsReachScoresAboveFifty) {
  TieBreakEntrant a = E("A", "57.10");
  a.sessions = {{R("62"), true}, {R("56"), true}, {R("53.30"), true}};
  TieBreakEntrant b = E("B", "57.08");
  b.sessions = {{R("64"), true}, {R("58"), true}, {R("49.24"), true}};
  const auto r =
      RankWithTieBreaks(Chain("sabf_tr_11_7"), {b, a, E("C", "50.00")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C"));
  EXPECT_EQ(Of(*r, "B").criterion, "sessions_above_50_percent");
  EXPECT_TRUE(Of(*r, "B").tied_on_score);
}

// SABF TR 11.7: the same criteria all equal: the tie stands (shared), and
// for master points the tie is never broken.
TEST(TieBreakChainsTest, SabfMatchpointPairsShareAnUnbrokenTie) {
  TieBreakEntrant a = E("A", "57.10");
  a.sessions = {{R("62"), true}, {R("56"), true}, {R("53.30"), true}};
  TieBreakEntrant b = E("B", "57.08");
  b.sessions = {{R("61"), true}, {R("58"), true}, {R("52.24"), true}};
  auto r = RankWithTieBreaks(Chain("sabf_tr_11_7"), {a, b});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Of(*r, "B").position, 1);
  EXPECT_EQ(Of(*r, "B").decision, PlaceDecision::kShared);
  b.sessions.pop_back();  // B played fewer sessions: 11.7 would break it
  r = RankWithTieBreaks(Chain("sabf_tr_11_7_masterpoints"), {a, b});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Of(*r, "B").position, 1);
}

// SABF TR 13.10: VPs before fines, opponents' VPs, matches won, net IMPs.
// A and B: 100 VPs, no fines, both met C and D, won one each; net IMPs A
// +20, B +15: A. Left with equal IMPs, the tie is shared (no lot).
TEST(TieBreakChainsTest, SabfTeamsReachNetImpsThenShare) {
  TieBreakEntrant a = E("A", "100");
  a.matches = {M(1, "C", "60", "40", "30"), M(2, "D", "40", "60", "-10")};
  TieBreakEntrant b = E("B", "100");
  b.matches = {M(1, "D", "55", "45", "20"), M(2, "C", "45", "55", "-5")};
  std::vector<TieBreakEntrant> field = {b, a, E("C", "90"), E("D", "80")};
  auto r = RankWithTieBreaks(Chain("sabf_tr_13_10"), field);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C", "D"));
  EXPECT_EQ(Of(*r, "B").criterion, "net_imps");
  EXPECT_EQ(Of(*r, "B").clause, "SABF TR 13.10");

  field[0].matches[1].imps = R("0");  // B now +20 too
  r = RankWithTieBreaks(Chain("sabf_tr_13_10"), field);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Of(*r, "A").position, 1);
  EXPECT_EQ(Of(*r, "B").position, 1);
  EXPECT_THAT(r->pending, IsEmpty());
}

// SABF TR 14.1 (draw): opponents' VPs, net IMPs, then (tally's reading) lot.
TEST(TieBreakChainsTest, SabfSwissDrawReachesTheLot) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "C", "15", "5", "10"), M(2, "D", "15", "5", "10")};
  a.lot = 2;
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "D", "16", "4", "14"), M(2, "C", "14", "6", "6")};
  b.lot = 1;
  const auto r = RankWithTieBreaks(Chain("sabf_tr_14_1"),
                                   {a, b, E("C", "11"), E("D", "9")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A", "C", "D"));
  EXPECT_EQ(Of(*r, "A").criterion, "lot");
}

// SABF TR 17.2: finals qualifying points, then VPs, VPs before fines, net
// IMPs, lot. A and B: 6 points; 150 VPs after 2 VP fines each; net IMPs 40
// each.
TEST(TieBreakChainsTest, SabfStateTeamsQualificationReachesTheLot) {
  TieBreakEntrant a = E("A", "6");
  a.vps = R("150");
  a.fines = R("2");
  a.matches = {M(1, "C", "80", "70", "40")};
  a.lot = 1;
  TieBreakEntrant b = E("B", "6");
  b.vps = R("150");
  b.fines = R("2");
  b.matches = {M(1, "D", "75", "60", "25"), M(2, "C", "75", "65", "15")};
  b.lot = 2;
  auto r = RankWithTieBreaks(Chain("sabf_tr_17_2"),
                             {b, a, E("C", "4"), E("D", "3")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B", "C", "D"));
  EXPECT_EQ(Of(*r, "B").criterion, "lot");
  EXPECT_EQ(Of(*r, "B").clause, "SABF TR 17.2");
}

// SABF TR 19.11.4 breaks only a tie for third: A-B (3rd-4th, 180 VPs, no
// fines, 2 wins each, net IMPs 30 each) go to the lot; C-D (5th-6th, with
// different wins) stay shared.
TEST(TieBreakChainsTest, SabfButlerTrialsBreakOnlyATieForThird) {
  TieBreakEntrant a = E("A", "180");
  a.matches = {M(1, "P1", "15", "5", "20"), M(2, "P2", "13", "7", "10")};
  a.lot = 2;
  TieBreakEntrant b = E("B", "180");
  b.matches = {M(1, "P2", "12", "8", "8"), M(2, "P1", "16", "4", "22")};
  b.lot = 1;
  TieBreakEntrant c = E("C", "170");
  c.matches = {M(1, "P1", "15", "5", "20")};
  TieBreakEntrant d = E("D", "170");
  const auto r = RankWithTieBreaks(
      Chain("sabf_tr_19_11_4"), {a, b, c, d, E("P1", "200"), E("P2", "190")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("P1", "P2", "B", "A", "C", "D"));
  EXPECT_EQ(Of(*r, "A").position, 4);
  EXPECT_EQ(Of(*r, "A").criterion, "lot");
  EXPECT_EQ(Of(*r, "C").position, 5);
  EXPECT_EQ(Of(*r, "D").position, 5);
  EXPECT_EQ(Of(*r, "D").decision, PlaceDecision::kShared);
}

// The NSW Swiss tie that passes (a)-(e): A and B on 30 drew with each other
// (10-10), each beat one of C, D by 12 IMPs (20-0 margin 30) and lost to
// the other by 12. (a) opponents 30+C+D each; (b) 10 v 10; (c) 0 and 0;
// (d) 1.5 and 1.5; (e) results 5, 10, 15 each. (f) the lot.
std::vector<TieBreakEntrant> NswTieThroughE() {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "B", "10", "10", "0"), M(2, "C", "15", "5", "12"),
               M(3, "D", "5", "15", "-12")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "A", "10", "10", "0"), M(2, "D", "15", "5", "12"),
               M(3, "C", "5", "15", "-12")};
  for (TieBreakEntrant* e : {&a, &b}) {
    for (TieBreakMatch& m : e->matches) m.blitz_margin = R("30");
  }
  a.lot = 2;
  b.lot = 1;
  return {a, b, E("C", "28"), E("D", "27")};
}

TEST(TieBreakChainsTest, NswSwissReachesTheLot) {
  const auto r = RankWithTieBreaks(Chain("nsw_tr_11_2_1"), NswTieThroughE());
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A", "C", "D"));
  EXPECT_EQ(Of(*r, "A").criterion, "lot");
  EXPECT_EQ(Of(*r, "A").clause, "NSW TR 11.2.1(f)");
}

TEST(TieBreakChainsTest, NswRoundRobinReachesTheLot) {
  const auto r = RankWithTieBreaks(Chain("nsw_tr_11_2_3"), NswTieThroughE());
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("B", "A", "C", "D"));
  EXPECT_EQ(Of(*r, "A").clause, "NSW TR 11.2.3, 11.2.1(f)");
}

// NSW TR 11.2.3 skips (a): A's opponents scored more (11.2.1 ranks A
// first) but B won their match (11.2.3 ranks B first).
TEST(TieBreakChainsTest, NswRoundRobinSkipsOpponentsTotal) {
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "B", "8", "12"), M(2, "C", "22", "-2")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "A", "12", "8"), M(2, "D", "18", "2")};
  const std::vector<TieBreakEntrant> field = {a, b, E("C", "25"), E("D", "5")};
  auto swiss = RankWithTieBreaks(Chain("nsw_tr_11_2_1"), field);
  ASSERT_THAT(swiss, IsOk());
  EXPECT_THAT(Order(*swiss), ElementsAre("A", "B", "C", "D"));
  EXPECT_EQ(Of(*swiss, "B").clause, "NSW TR 11.2.1(a)");
  auto rr = RankWithTieBreaks(Chain("nsw_tr_11_2_3"), field);
  ASSERT_THAT(rr, IsOk());
  EXPECT_THAT(Order(*rr), ElementsAre("B", "A", "C", "D"));
  EXPECT_EQ(Of(*rr, "A").clause, "NSW TR 11.2.3, 11.2.1(b)");
}

// NSW TR 11.2.4 through (d). A and B on 150 matchpoints, complete movement
// ((a) skipped). (b): board 1 both NS +420: 1 each; board 2 A NS 7/10 (2),
// B EW 6/10 (2): equal. (c) they met: 10 v 10. (d) the highest-placed other
// pair P1 (170): A scored 12, B 9 against it - A. (P2 would favour B.)
TEST(TieBreakChainsTest, NswMatchpointsReachScoreAgainstHigherPlaced) {
  TieBreakEntrant a = E("A", "150");
  a.boards = {{1, 1, BoardDirection::kNorthSouth, 420, R("5"), R("10")},
              {1, 2, BoardDirection::kNorthSouth, 100, R("7"), R("10")}};
  a.matches = {M(1, "B", "10", "10"), M(2, "P1", "12", "8"),
               M(3, "P2", "5", "15")};
  TieBreakEntrant b = E("B", "150");
  b.boards = {{1, 1, BoardDirection::kNorthSouth, 420, R("5"), R("10")},
              {1, 2, BoardDirection::kEastWest, -90, R("6"), R("10")}};
  b.matches = {M(1, "A", "10", "10"), M(2, "P1", "9", "11"),
               M(3, "P2", "11", "9")};
  const std::vector<TieBreakEntrant> field = {b, a, E("P1", "170"),
                                              E("P2", "160")};
  auto r = RankWithTieBreaks(Chain("nsw_tr_11_2_4"), field);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("P1", "P2", "A", "B"));
  EXPECT_EQ(Of(*r, "B").criterion, "score_against_highest_placed");
  EXPECT_EQ(Of(*r, "B").clause, "NSW TR 11.2.4(d)");

  // With an incomplete movement (a) applies first: B's opponents (A 150,
  // P1 170, P2 160) and A's (B 150, P1, P2) are equal, so (d) still decides.
  r = RankWithTieBreaks(Chain("nsw_tr_11_2_4"), field,
                        TieBreakOptions{.incomplete_movement = true});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Of(*r, "B").criterion, "score_against_highest_placed");
}

// NSW TR 11.2.2: a knock-out match tied on IMPs goes to the recorded
// four-board playoff.
TEST(TieBreakChainsTest, NswKnockOutGoesToThePlayoff) {
  TieBreakEntrant a = E("A", "87");
  a.playoff_place = 1;
  TieBreakEntrant b = E("B", "87");
  b.playoff_place = 2;
  const auto r = RankWithTieBreaks(Chain("nsw_tr_11_2_2"), {b, a});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(Order(*r), ElementsAre("A", "B"));
  EXPECT_EQ(Of(*r, "B").criterion, "four_board_playoff");
  EXPECT_EQ(Of(*r, "B").clause, "NSW TR 11.2.2");
}

}  // namespace
}  // namespace tally::core
