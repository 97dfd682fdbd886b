#include "core/adjust/fouled_board_anc.h"

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

TEST(AncFouledBoardTest, ItcCancelledBoardIsThreeImpsToBothSides) {
  // ANC SR 7.1: "a score of 3 IMPs is assigned for both sides".
  EXPECT_EQ(
      *ArtificialImps(Artificial::kAveragePlus, AncItcArtificialImpsRule()),
      Rational(3));
}

TEST(AncFouledBoardTest, IpcSingleFouledBoardIsSixtyPercentToBoth) {
  // ANC SR 7.4: 60% of the available matchpoints; top 22 -> 13.2, with no
  // session-average alternative (a 70% session changes nothing).
  EXPECT_EQ(
      *ArtificialMatchpoints(Artificial::kAveragePlus, 22,
                             AncIpcArtificialMatchpointRule(), Rational(70)),
      Rational(66, 5));
}

TEST(AncFouledGroupExtremesDroppedTest, TwoUpToSevenResultsFourAbove) {
  // ANC SR 7.2(a): "the two (3-7 results) or four (results >7)".
  EXPECT_EQ(*AncFouledGroupExtremesDropped(3), 2);
  EXPECT_EQ(*AncFouledGroupExtremesDropped(7), 2);
  EXPECT_EQ(*AncFouledGroupExtremesDropped(8), 4);
  EXPECT_EQ(*AncFouledGroupExtremesDropped(20), 4);
  EXPECT_THAT(AncFouledGroupExtremesDropped(2),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("ANC SR 7.2(b)")));
}

const std::vector<int> kTrueGroup = {620, 620, 650, 170, 200, 620};
const std::vector<int> kFouledGroup = {-100, 140, 140, 420};

TEST(AncFouledButlerBoardTest, SeparateDatumsWithoutEqualising) {
  // True group vs 620: 0, 0, +30 -> 1, -450 -> -10, -420 -> -9, 0.
  // Fouled group vs 140: -240 -> -6, 0, 0, +280 -> 7 (no adjustment,
  // unlike NSW TR 7.1.1(a)).
  absl::StatusOr<FouledBoardAwards> r =
      AncFouledButlerBoard(kTrueGroup, 620, kFouledGroup, 140,
                           AncButlerFouledTreatment::kSeparateDatums);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->true_group, ElementsAre(TableAward{0, 0}, TableAward{0, 0},
                                         TableAward{1, -1}, TableAward{-10, 10},
                                         TableAward{-9, 9}, TableAward{0, 0}));
  EXPECT_THAT(r->fouled_group,
              ElementsAre(TableAward{-6, 6}, TableAward{0, 0}, TableAward{0, 0},
                          TableAward{7, -7}));
}

TEST(AncFouledButlerBoardTest, SeparateDatumsNeedThreeResultsEach) {
  EXPECT_THAT(
      AncFouledButlerBoard(kTrueGroup, 620, {140, 420}, 140,
                           AncButlerFouledTreatment::kSeparateDatums),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("7.2(b)")));
  EXPECT_THAT(AncFouledButlerBoard({620, 650}, 620, kFouledGroup, 140,
                                   AncButlerFouledTreatment::kSeparateDatums),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  EXPECT_THAT(AncFouledButlerBoard(kTrueGroup, 620, kFouledGroup, std::nullopt,
                                   AncButlerFouledTreatment::kSeparateDatums),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(AncFouledButlerBoardTest, OtherwiseTwoImpsForBothSides) {
  // ANC SR 7.2(b), 7.3: "2 IMPs for both sides".
  absl::StatusOr<FouledBoardAwards> r =
      AncFouledButlerBoard(kTrueGroup, 620, {140, 420}, std::nullopt,
                           AncButlerFouledTreatment::kTwoImpsToFouled);
  ASSERT_THAT(r, IsOk());
  EXPECT_THAT(r->fouled_group, ElementsAre(TableAward{2, 2}, TableAward{2, 2}));
  EXPECT_EQ(r->true_group[2], (TableAward{1, -1}));
}

TEST(AncMatchScoredAsForfeitTest, LessThanHalfTheBoardsCompared) {
  // ANC SR 7.7: "less than one-half the boards in the match".
  EXPECT_TRUE(*AncMatchScoredAsForfeit(12, 5));
  EXPECT_FALSE(*AncMatchScoredAsForfeit(12, 6));  // exactly half is enough
  EXPECT_TRUE(*AncMatchScoredAsForfeit(7, 3));    // 3 < 3.5
  EXPECT_FALSE(*AncMatchScoredAsForfeit(7, 4));
  EXPECT_THAT(AncMatchScoredAsForfeit(12, 13),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(AncMatchScoredAsForfeit(0, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
