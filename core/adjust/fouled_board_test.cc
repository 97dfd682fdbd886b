#include "core/adjust/fouled_board.h"

#include <vector>

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

Rational R(const char* text) { return Rational::Parse(text).value(); }

TEST(GuideGroupCanBeRankedTest, MoreThanThreeTimesOrMoreThanAThird) {
  // Fouled-board guide: "played more than 3 times OR by more than 1/3 of
  // the field".
  EXPECT_TRUE(GuideGroupCanBeRanked(4, 100));
  EXPECT_FALSE(GuideGroupCanBeRanked(3, 10));  // 3 is not > 10/3 = 3.33
  EXPECT_FALSE(GuideGroupCanBeRanked(3, 9));   // 3 is not > 9/3 = 3
  EXPECT_TRUE(GuideGroupCanBeRanked(3, 8));    // 3 > 8/3 = 2.67
  EXPECT_TRUE(GuideGroupCanBeRanked(1, 2));    // 1 > 2/3
}

// A ten-table field: six played the true deal, four the fouled one.
const std::vector<int> kTrueGroup = {620, 620, 650, 170, 200, -50};
const std::vector<int> kFouledGroup = {-100, 140, 140, 420};

TEST(FactorFouledGroupsTest, FoursomeFactoredToTheFullField) {
  // Fouled group (A = 4, E = 10, group top 6): M = 0, 3, 3, 6.
  // Corrected guide formula F = (M x E + E - A) / A:
  //   M 0: (0 + 6) / 4 = 1.5;  M 3: (30 + 6) / 4 = 9;  M 6: (60 + 6) / 4 =
  //   16.5. (As printed, without "/ A", M 6 would give 66, above the top 18.)
  // East-West: M = 6, 3, 3, 0 -> 16.5, 9, 9, 1.5.
  absl::StatusOr<std::vector<std::vector<TableAward>>> f = FactorFouledGroups(
      {kTrueGroup, kFouledGroup}, 10, HalfRounding::kAwayFromZero);
  ASSERT_THAT(f, IsOk());
  ASSERT_EQ(f->size(), 2u);
  EXPECT_THAT((*f)[1],
              ElementsAre(TableAward{R("1.5"), R("16.5")}, TableAward{9, 9},
                          TableAward{9, 9}, TableAward{R("16.5"), R("1.5")}));
}

TEST(FactorFouledGroupsTest, TrueGroupRoundedToOneDecimal) {
  // True group (A = 6, E = 10, group top 10). Sorted -50 170 200 620 620 650:
  // M = 0, 2, 4, 7, 7, 10. F = (M + 1) x 10 / 6 - 1:
  //   M 7: 80/6 - 1 = 12.33 -> 12.3    EW M 3:  40/6 - 1 = 5.67 -> 5.7
  //   M 10: 110/6 - 1 = 17.33 -> 17.3  EW M 0:  10/6 - 1 = 0.67 -> 0.7
  //   M 2: 30/6 - 1 = 4                EW M 8:  90/6 - 1 = 14
  //   M 4: 50/6 - 1 = 7.33 -> 7.3      EW M 6:  70/6 - 1 = 10.67 -> 10.7
  //   M 0: 0.7                         EW M 10: 17.3
  absl::StatusOr<std::vector<std::vector<TableAward>>> f = FactorFouledGroups(
      {kTrueGroup, kFouledGroup}, 10, HalfRounding::kAwayFromZero);
  ASSERT_THAT(f, IsOk());
  EXPECT_THAT((*f)[0],
              ElementsAre(TableAward{R("12.3"), R("5.7")},
                          TableAward{R("12.3"), R("5.7")},
                          TableAward{R("17.3"), R("0.7")}, TableAward{4, 14},
                          TableAward{R("7.3"), R("10.7")},
                          TableAward{R("0.7"), R("17.3")}));
}

TEST(FactorFouledGroupsTest, WholeFieldInOneGroupKeepsItsMatchpoints) {
  // A = E: F = (M + 1) E / E - 1 = M.
  absl::StatusOr<std::vector<std::vector<TableAward>>> f =
      FactorFouledGroups({{420, 450, 170}}, 3, HalfRounding::kAwayFromZero);
  ASSERT_THAT(f, IsOk());
  EXPECT_THAT((*f)[0], ElementsAre(TableAward{2, 2}, TableAward{4, 0},
                                   TableAward{0, 4}));
}

TEST(FactorFouledGroupsTest, ExactHalfBalancesUnderBankersRounding) {
  // One group of 20 in a field of 21 (the 21st table scored by the table for
  // 1-3 fouled tables). Lowest NS: M 0 -> 21/20 - 1 = 0.05; its EW: M 38 ->
  // 39 x 21 / 20 - 1 = 39.95. kEven: 0.0 + 40.0 = 40, the full top;
  // kAwayFromZero: 0.1 + 40.0 = 40.1.
  std::vector<int> twenty;
  for (int i = 0; i < 20; ++i) twenty.push_back(10 * i);
  absl::StatusOr<std::vector<std::vector<TableAward>>> even =
      FactorFouledGroups({twenty}, 21, HalfRounding::kEven);
  absl::StatusOr<std::vector<std::vector<TableAward>>> away =
      FactorFouledGroups({twenty}, 21, HalfRounding::kAwayFromZero);
  ASSERT_THAT(even, IsOk());
  ASSERT_THAT(away, IsOk());
  EXPECT_EQ((*even)[0][0], (TableAward{0, 40}));
  EXPECT_EQ((*away)[0][0], (TableAward{R("0.1"), 40}));
}

TEST(FactorFouledGroupsTest, RefusesAGroupTooSmallToRank) {
  // Seven and three in a field of ten: 3 is neither > 3 nor > 10/3.
  EXPECT_THAT(FactorFouledGroups(
                  {{420, 450, 170, 170, 420, 140, 620}, {-100, 140, 420}}, 10,
                  HalfRounding::kAwayFromZero),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("1, 2 or 3 fouled tables")));
}

TEST(FactorFouledGroupsTest, RejectsAFieldSmallerThanItsScores) {
  EXPECT_THAT(FactorFouledGroups({kTrueGroup, kFouledGroup}, 9,
                                 HalfRounding::kAwayFromZero),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(
      FactorFouledGroups({kTrueGroup, {}}, 10, HalfRounding::kAwayFromZero),
      StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(GuideFewFouledTablesPercentTest, TheGuidesTable) {
  // Fouled-board guide: "1 50% / 2 55% 45% / 3 60% 50% 40%"; EW 100 - NS.
  EXPECT_THAT(*GuideFewFouledTablesPercent({420}),
              ElementsAre(TableAward{50, 50}));
  EXPECT_THAT(*GuideFewFouledTablesPercent({170, 420}),
              ElementsAre(TableAward{45, 55}, TableAward{55, 45}));
  EXPECT_THAT(
      *GuideFewFouledTablesPercent({420, 620, 170}),
      ElementsAre(TableAward{50, 50}, TableAward{60, 40}, TableAward{40, 60}));
}

TEST(GuideFewFouledTablesPercentTest, TiedPairsShareTheDifference) {
  // "Tie pairs share the difference": two tied of two: (55 + 45) / 2 = 50;
  // two tied top of three: (60 + 50) / 2 = 55, then 40; two tied bottom:
  // 60, then (50 + 40) / 2 = 45.
  EXPECT_THAT(*GuideFewFouledTablesPercent({420, 420}),
              ElementsAre(TableAward{50, 50}, TableAward{50, 50}));
  EXPECT_THAT(
      *GuideFewFouledTablesPercent({620, 170, 620}),
      ElementsAre(TableAward{55, 45}, TableAward{40, 60}, TableAward{55, 45}));
  EXPECT_THAT(
      *GuideFewFouledTablesPercent({170, 620, 170}),
      ElementsAre(TableAward{45, 55}, TableAward{60, 40}, TableAward{45, 55}));
}

TEST(GuideFewFouledTablesPercentTest, OnlyOneToThreeTables) {
  EXPECT_THAT(GuideFewFouledTablesPercent({}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(GuideFewFouledTablesPercent({1, 2, 3, 4}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(GuideFouledSidePercentTest, IndemnityNoIncreaseOrPenalty) {
  // Notes B-D: not at fault +10% (55 -> 65), or the session score if
  // greater (68); partly at fault no increase (55); responsible -10% (45 ->
  // 35).
  EXPECT_EQ(*GuideFouledSidePercent(55, FouledBoardFault::kNotAtFault, 52),
            Rational(65));
  EXPECT_EQ(*GuideFouledSidePercent(55, FouledBoardFault::kNotAtFault, 68),
            Rational(68));
  EXPECT_EQ(*GuideFouledSidePercent(55, FouledBoardFault::kPartlyAtFault, 68),
            Rational(55));
  EXPECT_EQ(*GuideFouledSidePercent(45, FouledBoardFault::kResponsible, 68),
            Rational(35));
  EXPECT_THAT(GuideFouledSidePercent(55, FouledBoardFault::kNotAtFault, 140),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// Fouled-board guide, Match Play: "The team responsible for the fouling
// will be fined 3 IMPs. (6 IMPs if cards are exchanged between partners)."
TEST(GuideMatchPlayTest, CorrectedBoardFinesThreeOrSixImps) {
  GuideMatchPlayChoice c{.treatment = GuideMatchPlayTreatment::kPlayProceeds,
                         .offender_named = true};
  absl::StatusOr<GuideMatchPlayOutcome> out = GuideMatchPlay(c);
  ASSERT_THAT(out, IsOk());
  EXPECT_EQ(out->fine_imps, 3);
  EXPECT_FALSE(out->redeal);
  EXPECT_FALSE(out->non_offenders_imps.has_value());
  c.cards_exchanged = true;
  out = GuideMatchPlay(c);
  ASSERT_THAT(out, IsOk());
  EXPECT_EQ(out->fine_imps, 6);
}

// (a) "an adjusted score greater than 3 IMPs ... There is no fine and the
// hand is not redealt"; (b) "redealt and the offending side fined 3 IMPs";
// (c) "redealt and there is no fine".
TEST(GuideMatchPlayTest, ClausesAToC) {
  absl::StatusOr<GuideMatchPlayOutcome> a =
      GuideMatchPlay({.treatment = GuideMatchPlayTreatment::kAdjusted,
                      .offender_named = true,
                      .adjusted_imps = 5});
  ASSERT_THAT(a, IsOk());
  EXPECT_EQ(a->non_offenders_imps, 5);
  EXPECT_EQ(a->fine_imps, 0);
  EXPECT_FALSE(a->redeal);
  EXPECT_EQ(a->clause, "Fouled-board guide (Match Play) (a)");
  absl::StatusOr<GuideMatchPlayOutcome> b = GuideMatchPlay(
      {.treatment = GuideMatchPlayTreatment::kRedealt, .offender_named = true});
  ASSERT_THAT(b, IsOk());
  EXPECT_EQ(b->fine_imps, 3);
  EXPECT_TRUE(b->redeal);
  absl::StatusOr<GuideMatchPlayOutcome> c = GuideMatchPlay(
      {.treatment = GuideMatchPlayTreatment::kRedealtBothAtFault});
  ASSERT_THAT(c, IsOk());
  EXPECT_EQ(c->fine_imps, 0);
  EXPECT_TRUE(c->redeal);
}

TEST(GuideMatchPlayTest, RefusesWhatTheGuideDoesNotAllow) {
  EXPECT_THAT(GuideMatchPlay({.treatment = GuideMatchPlayTreatment::kAdjusted,
                              .offender_named = true,
                              .adjusted_imps = 3}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("(a): the adjusted score is \"greater than "
                                 "3 IMPs\"")));
  EXPECT_THAT(
      GuideMatchPlay({.treatment = GuideMatchPlayTreatment::kRedealtBothAtFault,
                      .offender_named = true}),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("(c): both sides were at fault")));
  EXPECT_THAT(GuideMatchPlay({.treatment = GuideMatchPlayTreatment::kRedealt,
                              .offender_named = true,
                              .cards_exchanged = true}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("(b)")));
  EXPECT_THAT(GuideMatchPlay({.treatment = GuideMatchPlayTreatment::kRedealt}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("name the team responsible")));
  EXPECT_THAT(GuideMatchPlayTreatmentById("two_imps"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("Fouled-board guide (Match Play)")));
}

}  // namespace
}  // namespace tally::core
