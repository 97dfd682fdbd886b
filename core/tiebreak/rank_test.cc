#include "core/tiebreak/rank.h"

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "core/tiebreak/criteria.h"
#include "core/tiebreak/tiebreak_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {

// Readable failures.
void PrintTo(const Placing& p, std::ostream* os) {
  *os << "{" << p.id << " at " << p.position << ", decision "
      << static_cast<int>(p.decision) << ", " << p.criterion << " (" << p.clause
      << ")" << (p.tied_on_score ? ", tied" : "") << "}";
}

namespace {

using ::tally::core::testing::E;
using ::tally::core::testing::M;
using ::tally::core::testing::OneStep;
using ::tally::core::testing::R;
using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

Placing P(const std::string& id, int position, PlaceDecision decision,
          bool tied, const std::string& criterion = "",
          const std::string& clause = "") {
  Placing p;
  p.id = id;
  p.position = position;
  p.decision = decision;
  p.criterion = criterion;
  p.clause = clause;
  p.tied_on_score = tied;
  return p;
}

TieBreakChainSpec Empty() {
  TieBreakChainSpec c;
  c.id = "empty";
  return c;
}

TEST(RankWithTieBreaksTest, OrdersByScoreWhenNothingIsTied) {
  const auto r =
      RankWithTieBreaks(Empty(), {E("B", "10"), E("A", "12"), E("C", "9.5")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->placings,
              ElementsAre(P("A", 1, PlaceDecision::kTop, false),
                          P("B", 2, PlaceDecision::kScore, false),
                          P("C", 3, PlaceDecision::kScore, false)));
}

TEST(RankWithTieBreaksTest, AnUnbrokenTieSharesThePosition) {
  // A and B tied for 1st share it; C is 3rd, not 2nd.
  const auto r =
      RankWithTieBreaks(Empty(), {E("A", "12"), E("B", "12"), E("C", "9")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->placings,
              ElementsAre(P("A", 1, PlaceDecision::kTop, true),
                          P("B", 1, PlaceDecision::kShared, true),
                          P("C", 3, PlaceDecision::kScore, false)));
  EXPECT_THAT(r->pending, IsEmpty());
}

TEST(RankWithTieBreaksTest, ATieWaitingForALotIsDueNotShared) {
  // ANC SR 12.2 "... then net IMPs, then lot": A and B level on VPs and net
  // IMPs (no matches: 0 each), C below. Until the lot is recorded both hold
  // 1st, each marked as waiting for the lot, never as sharing the place.
  TieBreakChainSpec chain = Empty();
  chain.steps = {{std::string(kCriterionNetImps), "ANC SR 12.2"},
                 {"lot", "ANC SR 12.2"}};
  const auto r =
      RankWithTieBreaks(chain, {E("A", "70"), E("B", "70"), E("C", "60")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(
      r->placings,
      ElementsAre(
          P("A", 1, PlaceDecision::kOutcomeDue, true, "lot", "ANC SR 12.2"),
          P("B", 1, PlaceDecision::kOutcomeDue, true, "lot", "ANC SR 12.2"),
          P("C", 3, PlaceDecision::kScore, false)));
  EXPECT_EQ(PlaceDecisionText(r->placings[1]), "lot_due");
  EXPECT_EQ(r->pending.size(), 1u);
}

TEST(RankWithTieBreaksTest, MarginTiesChainFromEntrantToEntrant) {
  // Margin 0.03: 57.10-57.08 and 57.08-57.05 are within it (0.02, 0.03
  // inclusive), so A B C are one tie though A-C is 0.05; D (0.04 below C)
  // is not.
  TieBreakChainSpec c = Empty();
  c.tie_within = R("0.03");
  const auto r = RankWithTieBreaks(
      c, {E("A", "57.10"), E("B", "57.08"), E("C", "57.05"), E("D", "57.01")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->placings,
              ElementsAre(P("A", 1, PlaceDecision::kTop, true),
                          P("B", 1, PlaceDecision::kShared, true),
                          P("C", 1, PlaceDecision::kShared, true),
                          P("D", 4, PlaceDecision::kScore, false)));
}

TEST(RankWithTieBreaksTest, ASplitTieStartsAgainFromTheFirstCriterion) {
  // NSW TR 11.2.1 (a) then (b). A, B, C tied on 30. Opponents' totals:
  // A met B and D (30 + 20 = 50), B met A and D (30 + 20 = 50), C met D and
  // E (20 + 10 = 30). (a) puts C third; A-B is now a two-way tie, broken
  // afresh from (a) (equal) to (b): B beat A.
  TieBreakEntrant a = E("A", "30");
  a.matches = {M(1, "B", "8", "12"), M(2, "D", "22", "8")};
  TieBreakEntrant b = E("B", "30");
  b.matches = {M(1, "A", "12", "8"), M(2, "D", "18", "12")};
  TieBreakEntrant c = E("C", "30");
  c.matches = {M(1, "D", "15", "15"), M(2, "E", "15", "15")};
  TieBreakChainSpec chain = Empty();
  chain.steps = {{std::string(kCriterionOpponentsTotalVps), "NSW TR 11.2.1(a)"},
                 {std::string(kCriterionHeadToHead), "NSW TR 11.2.1(b)"}};
  const auto r =
      RankWithTieBreaks(chain, {a, b, c, E("D", "20"), E("E", "10")});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->placings,
              ElementsAre(P("B", 1, PlaceDecision::kTop, true),
                          P("A", 2, PlaceDecision::kTieBreak, true,
                            "head_to_head", "NSW TR 11.2.1(b)"),
                          P("C", 3, PlaceDecision::kTieBreak, true,
                            "opponents_total_vps", "NSW TR 11.2.1(a)"),
                          P("D", 4, PlaceDecision::kScore, false),
                          P("E", 5, PlaceDecision::kScore, false)));
}

TEST(RankWithTieBreaksTest, OnlyForPositionLeavesOtherTiesShared) {
  // Breaks only a tie covering 3rd place: C-D (3rd-4th) by net IMPs; A-B
  // (1st-2nd) stays shared though A has more IMPs.
  TieBreakChainSpec chain = OneStep(kCriterionNetImps);
  chain.only_for_position = 3;
  TieBreakEntrant a = E("A", "50");
  a.matches = {M(1, "C", "15", "5", "20")};
  TieBreakEntrant b = E("B", "50");
  TieBreakEntrant c = E("C", "40");
  TieBreakEntrant d = E("D", "40");
  d.matches = {M(1, "B", "12", "8", "6")};
  const auto r = RankWithTieBreaks(chain, {a, b, c, d});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->placings, ElementsAre(P("A", 1, PlaceDecision::kTop, true),
                                       P("B", 1, PlaceDecision::kShared, true),
                                       P("D", 3, PlaceDecision::kScore, true),
                                       P("C", 4, PlaceDecision::kTieBreak, true,
                                         "net_imps", "test clause")));
}

TEST(RankWithTieBreaksTest, RejectsRepeatedIdsAndUnknownCriteria) {
  EXPECT_THAT(
      RankWithTieBreaks(Empty(), {E("A", "1"), E("A", "2")}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("distinct")));
  EXPECT_THAT(
      RankWithTieBreaks(OneStep("coin_toss"), {E("A", "1")}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("coin_toss")));
  TieBreakChainSpec negative = Empty();
  negative.tie_within = R("-1");
  EXPECT_THAT(RankWithTieBreaks(negative, {E("A", "1")}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(RankWithTieBreaksTest, OpponentsOutsideTheFieldCountInOpponentsTotals) {
  // A two-field movement (ANC SR 16.4-16.5): NS pairs 1 and 2, tied on 20
  // VPs, met only EW pairs, who are not ranked with them. 1 met EW 5 (25
  // VPs) and 6 (15), 40 in all; 2 met EW 6 and 7 (30), 45 in all: 2 ranks
  // above 1 on opponents' total VPs (ANC SR 17.3).
  TieBreakEntrant one = E("1", "20");
  one.matches = {M(1, "5", "12", "8"), M(2, "6", "8", "12")};
  TieBreakEntrant two = E("2", "20");
  two.matches = {M(1, "6", "10", "10"), M(2, "7", "10", "10")};
  TieBreakOptions options;
  options.opponents_outside_field = {E("5", "25"), E("6", "15"),
                                     E("7", "30")};
  const auto r =
      RankWithTieBreaks(OneStep(kCriterionOpponentsTotalVps), {one, two},
                        options);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->placings,
              ElementsAre(P("2", 1, PlaceDecision::kTop, true),
                          P("1", 2, PlaceDecision::kTieBreak, true,
                            "opponents_total_vps", "test clause")));
  // Without the other field the opponents cannot be looked up.
  EXPECT_THAT(RankWithTieBreaks(OneStep(kCriterionOpponentsTotalVps),
                                {one, two}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("not in the field")));
  // An outside id may not repeat a ranked one.
  options.opponents_outside_field.push_back(E("1", "0"));
  EXPECT_THAT(RankWithTieBreaks(OneStep(kCriterionOpponentsTotalVps),
                                {one, two}, options),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("outside the field")));
}

TEST(RankWithTieBreaksTest, EmptyFieldIsAnEmptyRanking) {
  const auto r = RankWithTieBreaks(Empty(), {});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->placings, IsEmpty());
}

}  // namespace
}  // namespace tally::core
