#include "core/adjust/fouled_board_nsw.h"

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

TEST(NswSufficientTablesTest, LesserOfFourAndAThirdRoundedUp) {
  // NSW TR 7.1.1(a), 7.3.2.
  EXPECT_EQ(*NswSufficientTables(6), 2);   // 6/3 = 2
  EXPECT_EQ(*NswSufficientTables(7), 3);   // 7/3 = 2.33 -> 3
  EXPECT_EQ(*NswSufficientTables(10), 4);  // 3.33 -> 4
  EXPECT_EQ(*NswSufficientTables(13), 4);  // 4.33 -> 5, capped at 4
  EXPECT_EQ(*NswSufficientTables(1), 1);
  EXPECT_THAT(NswSufficientTables(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// Ten tables: six on the true deal, four on the fouled one.
const std::vector<int> kTrueGroup = {620, 620, 650, 170, 200, 620};
const std::vector<int> kFouledGroup = {-100, 140, 140, 420};

TEST(NswFouledButlerBoardTest, SeparateDatumThenEqualisingInteger) {
  // True group, datum 620: 0, 0, +30 -> 1, -450 -> -10, -420 -> -9, 0.
  //   Sum -18, mean NS -3.
  // Fouled group, datum 140: -240 -> -6, 0, 0, +280 -> 7. Sum 1, mean 0.25.
  // The integer nearest -3 - 0.25 = -3.25 is -3: NS -9, -3, -3, 4 and EW
  // 6 + 3 = 9, 3, 3, -7 + 3 = -4.
  absl::StatusOr<NswButlerFouledResult> r =
      NswFouledButlerBoard(kTrueGroup, 620, kFouledGroup, 140,
                           NswButlerFouledTreatment::kSeparateDatum);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->fouled_group_adjustment, -3);
  EXPECT_THAT(
      r->awards.true_group,
      ElementsAre(TableAward{0, 0}, TableAward{0, 0}, TableAward{1, -1},
                  TableAward{-10, 10}, TableAward{-9, 9}, TableAward{0, 0}));
  EXPECT_THAT(r->awards.fouled_group,
              ElementsAre(TableAward{-9, 9}, TableAward{-3, 3},
                          TableAward{-3, 3}, TableAward{4, -4}));
}

TEST(NswFouledButlerBoardTest, HalfWayGapIsTheSettingsChoice) {
  // Six tables (2 sufficient). True +650, +620 vs datum 620: 1, 0 -> mean
  // 0.5. Fouled four x +140 vs datum 140: mean 0. Gap 0.5 exactly.
  const std::vector<int> fouled = {140, 140, 140, 140};
  absl::StatusOr<NswButlerFouledResult> away = NswFouledButlerBoard(
      {650, 620}, 620, fouled, 140, NswButlerFouledTreatment::kSeparateDatum);
  absl::StatusOr<NswButlerFouledResult> toward = NswFouledButlerBoard(
      {650, 620}, 620, fouled, 140, NswButlerFouledTreatment::kSeparateDatum,
      {.equalising_half = HalfRounding::kTowardZero});
  ASSERT_THAT(away, IsOk());
  ASSERT_THAT(toward, IsOk());
  EXPECT_EQ(away->fouled_group_adjustment, 1);
  EXPECT_EQ(away->awards.fouled_group[0], (TableAward{1, -1}));
  EXPECT_EQ(toward->fouled_group_adjustment, 0);
}

TEST(NswFouledButlerBoardTest, EqualisingCanBeTurnedOff) {
  // The first example without the equalising integer: the fouled group keeps
  // its IMPs against its own datum, -6, 0, 0, 7.
  absl::StatusOr<NswButlerFouledResult> r = NswFouledButlerBoard(
      kTrueGroup, 620, kFouledGroup, 140,
      NswButlerFouledTreatment::kSeparateDatum, {.equalise_averages = false});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->fouled_group_adjustment, 0);
  EXPECT_THAT(r->awards.fouled_group,
              ElementsAre(TableAward{-6, 6}, TableAward{0, 0}, TableAward{0, 0},
                          TableAward{7, -7}));
}

TEST(NswFouledButlerBoardTest, TwoImpsToThoseWhoPlayedTheFouledBoard) {
  // NSW TR 7.1.1(b): +2 to both sides; the true group against its datum.
  absl::StatusOr<NswButlerFouledResult> r =
      NswFouledButlerBoard(kTrueGroup, 620, {140, 420, -100}, std::nullopt,
                           NswButlerFouledTreatment::kTwoImpsToFouled);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->fouled_group_adjustment, 0);
  EXPECT_THAT(
      r->awards.fouled_group,
      ElementsAre(TableAward{2, 2}, TableAward{2, 2}, TableAward{2, 2}));
  EXPECT_EQ(r->awards.true_group[3], (TableAward{-10, 10}));
}

TEST(NswFouledButlerBoardTest, SeparateDatumNeedsSufficientPairs) {
  // Nine tables: 6 true, 3 fouled; sufficient is min(4, 3) = 3, so 3 will
  // do. Ten tables: 7 true, 3 fouled; min(4, 4) = 4 are needed.
  EXPECT_THAT(NswFouledButlerBoard(kTrueGroup, 620, {-100, 140, 420}, 140,
                                   NswButlerFouledTreatment::kSeparateDatum),
              IsOk());
  std::vector<int> seven = kTrueGroup;
  seven.push_back(450);
  EXPECT_THAT(NswFouledButlerBoard(seven, 620, {-100, 140, 420}, 140,
                                   NswButlerFouledTreatment::kSeparateDatum),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NSW TR 7.1.1(b)")));
}

TEST(NswFouledButlerBoardTest, SeparateDatumNeedsTheFouledDatum) {
  EXPECT_THAT(NswFouledButlerBoard(kTrueGroup, 620, kFouledGroup, std::nullopt,
                                   NswButlerFouledTreatment::kSeparateDatum),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(NswFouledButlerBoard({}, 620, kFouledGroup, 140,
                                   NswButlerFouledTreatment::kSeparateDatum),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(NswFouledMatchpointBoardTest, SeparateDealPlusOnePerOtherScore) {
  // NSW TR 7.3.2, 10 tables (full top 18), 4 fouled (sufficient).
  // True group (top 10), -50 170 200 620 620 650 in the order
  // 620 650 170 620 200 -50: M = 7, 10, 2, 7, 4, 0; + 4 for the fouled
  //   scores: NS 11, 14, 6, 11, 8, 4; EW (10 - M) + 4: 7, 4, 12, 7, 10, 14.
  // Fouled group (top 6): M = 0, 3, 3, 6; + 6: NS 6, 9, 9, 12; EW 12, 9, 9, 6.
  // Every table adds up to the full top 18.
  absl::StatusOr<NswMatchpointFouledResult> r =
      NswFouledMatchpointBoard({620, 650, 170, 620, 200, -50}, kFouledGroup);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->separate_deal);
  EXPECT_THAT(
      r->awards.true_group,
      ElementsAre(TableAward{11, 7}, TableAward{14, 4}, TableAward{6, 12},
                  TableAward{11, 7}, TableAward{8, 10}, TableAward{4, 14}));
  EXPECT_THAT(r->awards.fouled_group,
              ElementsAre(TableAward{6, 12}, TableAward{9, 9}, TableAward{9, 9},
                          TableAward{12, 6}));
}

const std::vector<int> kSevenTrue = {620, 650, 170, 620, 200, -50, 420};

TEST(NswFouledMatchpointBoardTest, SixtyPercentWhenTooFewPlayedTheFouledDeal) {
  // 10 tables, 3 fouled (4 needed): 60% of 18 = 10.8 to both sides there.
  // True group (top 12), sorted -50 170 200 420 620 620 650: M in the order
  // given = 9, 12, 2, 9, 4, 0, 6; + 3: NS 12, 15, 5, 12, 7, 3, 9;
  // EW (12 - M) + 3: 6, 3, 13, 6, 11, 15, 9.
  absl::StatusOr<NswMatchpointFouledResult> r =
      NswFouledMatchpointBoard(kSevenTrue, {-100, 140, 420});
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->separate_deal);
  EXPECT_THAT(r->awards.fouled_group,
              ElementsAre(TableAward{R("10.8"), R("10.8")},
                          TableAward{R("10.8"), R("10.8")},
                          TableAward{R("10.8"), R("10.8")}));
  EXPECT_THAT(
      r->awards.true_group,
      ElementsAre(TableAward{12, 6}, TableAward{15, 3}, TableAward{5, 13},
                  TableAward{12, 6}, TableAward{7, 11}, TableAward{3, 15},
                  TableAward{9, 9}));
}

TEST(NswFouledMatchpointBoardTest, TrueGroupFactoredWhenTheSettingSaysSo) {
  // As above, true group factored: F = (M + 1) x 10 / 7 - 1.
  //   M 9: 100/7 - 1 = 13.29 -> 13.3    EW M 3: 40/7 - 1 = 4.71 -> 4.7
  //   M 12: 130/7 - 1 = 17.57 -> 17.6   EW M 0: 10/7 - 1 = 0.43 -> 0.4
  //   M 2: 30/7 - 1 = 3.29 -> 3.3       EW M 10: 110/7 - 1 = 14.71 -> 14.7
  //   M 4: 50/7 - 1 = 6.14 -> 6.1       EW M 8: 90/7 - 1 = 11.86 -> 11.9
  //   M 0: 0.4                          EW M 12: 17.6
  //   M 6: 70/7 - 1 = 9                 EW M 6: 9
  absl::StatusOr<NswMatchpointFouledResult> r = NswFouledMatchpointBoard(
      kSevenTrue, {-100, 140, 420},
      {.true_group_when_insufficient = NswTrueGroupScoring::kFactored});
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->awards.true_group,
              ElementsAre(TableAward{R("13.3"), R("4.7")},
                          TableAward{R("17.6"), R("0.4")},
                          TableAward{R("3.3"), R("14.7")},
                          TableAward{R("13.3"), R("4.7")},
                          TableAward{R("6.1"), R("11.9")},
                          TableAward{R("0.4"), R("17.6")}, TableAward{9, 9}));
}

TEST(NswFouledMatchpointBoardTest, RejectsAnEmptyGroup) {
  EXPECT_THAT(NswFouledMatchpointBoard(kSevenTrue, {}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
