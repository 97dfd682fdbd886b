#include "core/movement/movement.h"

#include "core/movement/arrow_switch.h"

#include <map>
#include <set>
#include <utility>
#include <vector>

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

TEST(MitchellTest, FirstTwoRoundsOfFourTablesShareAndRelayByHand) {
  // Share and relay (bridgecentral.com/Relay.htm), 4 tables, 1 board a set.
  // Round 1: sets 1, 2 on tables 1, 2; set 3 on the relay between tables 2
  // and 3; set 4 on table 3; table 4 shares set 1 with table 1.
  // Round 2: the boards move down: table 3's set 4 to the relay, the relay's
  // set 3 to table 2, table 2's set 2 to tables 1 and 4, the shared set 1 to
  // table 3. EW pairs 5-8 move up one table (EW 8 from table 4 to table 1).
  absl::StatusOr<Movement> m = MitchellMovement(4, 1);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->rounds.size(), 4u);
  const MovementRound& r1 = m->rounds[0];
  ASSERT_EQ(r1.tables.size(), 4u);
  EXPECT_EQ(r1.tables[0].boards, std::vector<int>{1});
  EXPECT_EQ(r1.tables[1].boards, std::vector<int>{2});
  EXPECT_EQ(r1.tables[2].boards, std::vector<int>{4});
  EXPECT_EQ(r1.tables[3].boards, std::vector<int>{1});
  EXPECT_EQ(r1.tables[3].ns_pair, 4);
  EXPECT_EQ(r1.tables[3].ew_pair, 8);
  const MovementRound& r2 = m->rounds[1];
  EXPECT_EQ(r2.tables[0].boards, std::vector<int>{2});
  EXPECT_EQ(r2.tables[1].boards, std::vector<int>{3});
  EXPECT_EQ(r2.tables[2].boards, std::vector<int>{1});
  EXPECT_EQ(r2.tables[3].boards, std::vector<int>{2});
  EXPECT_EQ(r2.tables[0].ew_pair, 8);
  EXPECT_EQ(r2.tables[1].ew_pair, 5);
}

TEST(MitchellTest, EveryEwPairMeetsEveryNsPairAndPlaysEveryBoardOnce) {
  for (int tables : {3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 30, 31}) {
    SCOPED_TRACE(tables);
    absl::StatusOr<Movement> m = MitchellMovement(tables, 3);
    ASSERT_TRUE(m.ok());
    EXPECT_EQ(m->rounds.size(), static_cast<size_t>(tables));
    std::set<std::pair<int, int>> meetings;
    std::map<int, std::set<int>> boards_by_pair;
    std::map<int, int> plays_of_board;
    for (const MovementRound& r : m->rounds) {
      EXPECT_EQ(r.tables.size(), static_cast<size_t>(tables));
      for (const TableSeating& t : r.tables) {
        EXPECT_EQ(t.ns_pair, t.table);
        EXPECT_GT(t.ew_pair, tables);
        EXPECT_LE(t.ew_pair, 2 * tables);
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
    for (const auto& [pair, boards] : boards_by_pair) {
      EXPECT_EQ(boards.size(), static_cast<size_t>(tables * 3));
    }
  }
}

TEST(MitchellTest, EvenTablesShareOnlyBetweenTableOneAndTheLast) {
  // Share and relay: in each round exactly the first and the last table
  // play the same set; the other tables play different sets, and one set
  // rests on the relay.
  for (int tables : {4, 6, 10, 30}) {
    SCOPED_TRACE(tables);
    absl::StatusOr<Movement> m = MitchellMovement(tables, 2);
    ASSERT_TRUE(m.ok());
    for (const MovementRound& r : m->rounds) {
      EXPECT_EQ(r.tables.front().boards, r.tables.back().boards);
      std::set<std::vector<int>> sets;
      for (size_t i = 0; i + 1 < r.tables.size(); ++i) {
        EXPECT_TRUE(sets.insert(r.tables[i].boards).second);
      }
      EXPECT_EQ(sets.size(), static_cast<size_t>(tables - 1));
    }
  }
}

TEST(MitchellTest, RefusesSillySizes) {
  EXPECT_THAT(MitchellMovement(2, 3),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("3 to 31 tables")));
  EXPECT_THAT(MitchellMovement(1, 3),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovement(32, 3),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovement(7, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovement(8, 9),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ArrowSwitchTest, LastBoardOfEachRoundByHand) {
  // 3 tables, 2 boards a set. Round 1: table t plays set t (boards 2t-1,
  // 2t); the last board of each set, 2t, is played arrow-switched.
  absl::StatusOr<Movement> m = MitchellMovement(3, 2);
  ASSERT_TRUE(m.ok());
  ASSERT_TRUE(ApplyArrowSwitch({.last_boards = 1}, *m).ok());
  for (const MovementRound& r : m->rounds) {
    for (const TableSeating& t : r.tables) {
      EXPECT_EQ(t.arrow_switched_boards, std::vector<int>{t.boards.back()});
    }
  }
  EXPECT_EQ(m->rounds[0].tables[0].arrow_switched_boards, std::vector<int>{2});
  EXPECT_EQ(m->rounds[0].tables[2].arrow_switched_boards, std::vector<int>{6});
}

TEST(ArrowSwitchTest, AWholeRoundSwitchesEveryBoardOfThatRoundOnly) {
  absl::StatusOr<Movement> m = MitchellMovement(3, 2);
  ASSERT_TRUE(m.ok());
  ASSERT_TRUE(ApplyArrowSwitch({.rounds = {3}}, *m).ok());
  for (const MovementRound& r : m->rounds) {
    for (const TableSeating& t : r.tables) {
      EXPECT_EQ(t.arrow_switched_boards,
                r.round == 3 ? t.boards : std::vector<int>{});
    }
  }
}

TEST(ArrowSwitchTest, RefusesWhatIsNotASwitchAndChangesNothing) {
  absl::StatusOr<Movement> m = MitchellMovement(3, 2);
  ASSERT_TRUE(m.ok());
  EXPECT_THAT(ApplyArrowSwitch({.rounds = {4}}, *m),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("no round 4")));
  EXPECT_THAT(ApplyArrowSwitch({.rounds = {2, 2}}, *m),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("named twice")));
  // Switching both boards of every 2-board set only renames the fields.
  EXPECT_THAT(ApplyArrowSwitch({.last_boards = 2}, *m),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("give 1 to 1")));
  for (const MovementRound& r : m->rounds) {
    for (const TableSeating& t : r.tables) {
      EXPECT_TRUE(t.arrow_switched_boards.empty());
    }
  }
}

}  // namespace
}  // namespace tally::core
