#include "core/adjust/unplayed_boards.h"

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

TEST(NswUnplayedBoardsImpsTest, TwoPerBoardForOneToThreeBoards) {
  // NSW TR 12.10(a): 2 IMPs per board unplayed.
  EXPECT_EQ(*NswUnplayedBoardsImps(1), (UnplayedBoardsImps{2, 2}));
  EXPECT_EQ(*NswUnplayedBoardsImps(3), (UnplayedBoardsImps{2, 6}));
}

TEST(NswUnplayedBoardsImpsTest, OnePerBoardPlusThreeForFourToSevenBoards) {
  // NSW TR 12.10(b): 1 IMP per board + 3.0 IMPs: 4 -> 7 (7/4 a board);
  // 7 -> 10 (10/7 a board).
  EXPECT_EQ(*NswUnplayedBoardsImps(4), (UnplayedBoardsImps{Rational(7, 4), 7}));
  EXPECT_EQ(*NswUnplayedBoardsImps(7),
            (UnplayedBoardsImps{Rational(10, 7), 10}));
}

TEST(NswUnplayedBoardsImpsTest, FormulaFromEightBoardsRoundsToHalfImps) {
  // NSW TR 12.10(c): A = M / U to the nearest 0.5, 0.25 and 0.75 up.
  // M 28, U 8: 3.5 exactly -> 28 in all.
  EXPECT_EQ(*NswUnplayedBoardsImps(8, 28),
            (UnplayedBoardsImps{Rational(7, 2), 28}));
  // M 27, U 8: 3.375 -> 3.5 (0.125 away, against 0.375 from 3.0).
  EXPECT_EQ(*NswUnplayedBoardsImps(8, 27),
            (UnplayedBoardsImps{Rational(7, 2), 28}));
  // M 26, U 8: 3.25 exactly -> rounded up to 3.5.
  EXPECT_EQ(*NswUnplayedBoardsImps(8, 26),
            (UnplayedBoardsImps{Rational(7, 2), 28}));
  // M 30, U 8: 3.75 exactly -> rounded up to 4.0, 32 in all.
  EXPECT_EQ(*NswUnplayedBoardsImps(8, 30), (UnplayedBoardsImps{4, 32}));
  // M 29, U 10: 2.9 -> 3.0, 30 in all.
  EXPECT_EQ(*NswUnplayedBoardsImps(10, 29), (UnplayedBoardsImps{3, 30}));
  // M 22, U 10: 2.2 -> 2.0 (below the quarter), 20 in all.
  EXPECT_EQ(*NswUnplayedBoardsImps(10, 22), (UnplayedBoardsImps{2, 20}));
}

TEST(NswUnplayedBoardsImpsTest, FormulaNeedsTheVpScaleFigure) {
  EXPECT_THAT(NswUnplayedBoardsImps(8),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("NSW TR 12.10(c)")));
  EXPECT_THAT(NswUnplayedBoardsImps(9, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(NswUnplayedBoardsImpsTest, RejectsNoBoards) {
  EXPECT_THAT(NswUnplayedBoardsImps(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
