#include "core/scoring/board.h"

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

// The markings on boards 1 to 16 (Law 2), as printed on a standard set.
struct Marking {
  int board;
  const char* dealer;
  const char* vulnerability;
};
constexpr Marking kMarkings[] = {
    {1, "N", "None"}, {2, "E", "NS"},    {3, "S", "EW"},    {4, "W", "All"},
    {5, "N", "NS"},   {6, "E", "EW"},    {7, "S", "All"},   {8, "W", "None"},
    {9, "N", "EW"},   {10, "E", "All"},  {11, "S", "None"}, {12, "W", "NS"},
    {13, "N", "All"}, {14, "E", "None"}, {15, "S", "NS"},   {16, "W", "EW"},
};

TEST(BoardTest, SixteenBoardCycleMatchesTheMarkings) {
  for (const Marking& m : kMarkings) {
    absl::StatusOr<BoardConditions> c = ConditionsForBoard(m.board);
    ASSERT_THAT(c, IsOk());
    EXPECT_EQ(SeatName(c->dealer), m.dealer) << "board " << m.board;
    EXPECT_EQ(VulnerabilityName(c->vulnerability), m.vulnerability)
        << "board " << m.board;
  }
}

TEST(BoardTest, BoardsAfterSixteenRepeatTheCycle) {
  EXPECT_EQ(*ConditionsForBoard(17),
            (BoardConditions{Seat::kNorth, Vulnerability::kNone}));
  for (const Marking& m : kMarkings) {
    EXPECT_EQ(*ConditionsForBoard(m.board + 16), *ConditionsForBoard(m.board));
    EXPECT_EQ(*ConditionsForBoard(m.board + 32), *ConditionsForBoard(m.board));
  }
}

TEST(BoardTest, RejectsBoardNumbersBelowOne) {
  EXPECT_THAT(ConditionsForBoard(0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("board 0 is not a board number")));
  EXPECT_THAT(ConditionsForBoard(-3),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(BoardTest, VulnerabilityBySeat) {
  for (Seat s : {Seat::kNorth, Seat::kEast, Seat::kSouth, Seat::kWest}) {
    EXPECT_FALSE(IsVulnerable(Vulnerability::kNone, s)) << SeatName(s);
    EXPECT_TRUE(IsVulnerable(Vulnerability::kBoth, s)) << SeatName(s);
  }
  EXPECT_TRUE(IsVulnerable(Vulnerability::kNorthSouth, Seat::kNorth));
  EXPECT_TRUE(IsVulnerable(Vulnerability::kNorthSouth, Seat::kSouth));
  EXPECT_FALSE(IsVulnerable(Vulnerability::kNorthSouth, Seat::kEast));
  EXPECT_FALSE(IsVulnerable(Vulnerability::kNorthSouth, Seat::kWest));
  EXPECT_FALSE(IsVulnerable(Vulnerability::kEastWest, Seat::kNorth));
  EXPECT_FALSE(IsVulnerable(Vulnerability::kEastWest, Seat::kSouth));
  EXPECT_TRUE(IsVulnerable(Vulnerability::kEastWest, Seat::kEast));
  EXPECT_TRUE(IsVulnerable(Vulnerability::kEastWest, Seat::kWest));
}

TEST(BoardTest, SidesAndNames) {
  EXPECT_TRUE(IsNorthSouth(Seat::kNorth));
  EXPECT_TRUE(IsNorthSouth(Seat::kSouth));
  EXPECT_FALSE(IsNorthSouth(Seat::kEast));
  EXPECT_FALSE(IsNorthSouth(Seat::kWest));
  EXPECT_EQ(SeatName(Seat::kEast), "E");
  EXPECT_EQ(VulnerabilityName(Vulnerability::kBoth), "All");
  EXPECT_EQ(VulnerabilityWords(Vulnerability::kNone),
            "neither side vulnerable");
  EXPECT_EQ(VulnerabilityWords(Vulnerability::kEastWest), "EW vulnerable");
  EXPECT_EQ(VulnerabilityWords(Vulnerability::kBoth), "both sides vulnerable");
}

}  // namespace
}  // namespace tally::core
