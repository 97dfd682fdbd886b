#include "core/movement/movement.h"

#include <map>
#include <set>
#include <utility>

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

TEST(MitchellTest, FirstTwoRoundsOfThreeTablesByHand) {
  // Round 1: table t has NS t, EW 3+t, board set t.
  // Round 2: EW moved up one table (EW 6 wraps to table 1), boards down one
  // (set 1 goes from table 1 to table 3).
  absl::StatusOr<Movement> m = MitchellMovement(3, 2);
  ASSERT_TRUE(m.ok());
  ASSERT_EQ(m->rounds.size(), 3u);
  const MovementRound& r1 = m->rounds[0];
  EXPECT_EQ(r1.tables[0].ew_pair, 4);
  EXPECT_EQ(r1.tables[0].boards, (std::vector<int>{1, 2}));
  EXPECT_EQ(r1.tables[2].ew_pair, 6);
  EXPECT_EQ(r1.tables[2].boards, (std::vector<int>{5, 6}));
  const MovementRound& r2 = m->rounds[1];
  EXPECT_EQ(r2.tables[0].ns_pair, 1);
  EXPECT_EQ(r2.tables[0].ew_pair, 6);
  EXPECT_EQ(r2.tables[1].ew_pair, 4);
  EXPECT_EQ(r2.tables[0].boards, (std::vector<int>{3, 4}));
  EXPECT_EQ(r2.tables[2].boards, (std::vector<int>{1, 2}));
}

TEST(MitchellTest, EveryEwPairMeetsEveryNsPairAndPlaysEveryBoardOnce) {
  for (int tables : {3, 5, 7, 9, 13}) {
    absl::StatusOr<Movement> m = MitchellMovement(tables, 3);
    ASSERT_TRUE(m.ok());
    std::set<std::pair<int, int>> meetings;
    std::map<int, std::set<int>> boards_by_pair;
    std::map<int, int> plays_of_board;
    for (const MovementRound& r : m->rounds) {
      for (const TableSeating& t : r.tables) {
        EXPECT_EQ(t.ns_pair, t.table);
        EXPECT_TRUE(meetings.insert({t.ns_pair, t.ew_pair}).second);
        for (int b : t.boards) {
          EXPECT_TRUE(boards_by_pair[t.ns_pair].insert(b).second);
          EXPECT_TRUE(boards_by_pair[t.ew_pair].insert(b).second);
          ++plays_of_board[b];
        }
      }
    }
    EXPECT_EQ(meetings.size(), static_cast<size_t>(tables * tables));
    EXPECT_EQ(plays_of_board.size(), static_cast<size_t>(tables * 3));
    for (const auto& [board, plays] : plays_of_board) EXPECT_EQ(plays, tables);
  }
}

TEST(MitchellTest, RefusesEvenTablesAndSillySizes) {
  EXPECT_THAT(MitchellMovement(8, 3),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("skip or a relay")));
  EXPECT_THAT(MitchellMovement(1, 3),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovement(7, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
