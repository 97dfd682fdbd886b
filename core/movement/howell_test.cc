#include "core/movement/howell.h"

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

std::vector<int> Boards(int first, int count) {
  std::vector<int> boards;
  for (int b = first; b < first + count; ++b) boards.push_back(b);
  return boards;
}

TEST(HowellTest, FirstTwoRoundsOfEightPairsByHand) {
  // 8 pairs: 7 rounds, 7 sets. Pairs 1-7 stand for 0-6 modulo 7; pair 8 is
  // stationary NS at table 1. Classic starter: table i+1 plays {i, -i}, i.e.
  // round 1 is 8-1, 2-7, 3-6, 4-5. Set offsets w = 0 (table 1), then 2, 4, 1
  // for tables 2, 3, 4: they are all different, and 0 with w_i -+ i, that is
  // 0; 2-1=1, 2+1=3; 4-2=2, 4+2=6; 1-3=5, 1+3=4, covers 0..6, so every pair
  // plays every set once. (The search tries table 4's offset first, from 1
  // up: 1 fits (covering 5 and 4); then table 3's, {2, 5}: 1 is taken, 2
  // would cover 0 (taken), 3 would cover 1 and 5 (taken), 4 fits; then
  // table 2's, {1, 6}: 1 is taken, 2 fits.)
  // Round 2 adds 1 to every integer: 8-2, 3-1, 4-7, 5-6, sets 2, 4, 6, 3.
  absl::StatusOr<Movement> m = HowellMovement(8, 2);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->rounds.size(), 7u);
  const std::vector<TableSeating> round1{{1, 8, 1, Boards(1, 2)},
                                         {2, 2, 7, Boards(5, 2)},
                                         {3, 3, 6, Boards(9, 2)},
                                         {4, 4, 5, Boards(3, 2)}};
  const std::vector<TableSeating> round2{{1, 8, 2, Boards(3, 2)},
                                         {2, 3, 1, Boards(7, 2)},
                                         {3, 4, 7, Boards(11, 2)},
                                         {4, 5, 6, Boards(5, 2)}};
  for (size_t t = 0; t < 4; ++t) {
    SCOPED_TRACE(t);
    EXPECT_EQ(m->rounds[0].tables[t].table, round1[t].table);
    EXPECT_EQ(m->rounds[0].tables[t].ns_pair, round1[t].ns_pair);
    EXPECT_EQ(m->rounds[0].tables[t].ew_pair, round1[t].ew_pair);
    EXPECT_EQ(m->rounds[0].tables[t].boards, round1[t].boards);
    EXPECT_EQ(m->rounds[1].tables[t].table, round2[t].table);
    EXPECT_EQ(m->rounds[1].tables[t].ns_pair, round2[t].ns_pair);
    EXPECT_EQ(m->rounds[1].tables[t].ew_pair, round2[t].ew_pair);
    EXPECT_EQ(m->rounds[1].tables[t].boards, round2[t].boards);
  }
}

// Checks the guarantees in howell.h for `pairs` pairs.
void ExpectCompleteHowell(int pairs, int boards_per_round) {
  SCOPED_TRACE(::testing::Message()
               << pairs << " pairs, " << boards_per_round << " boards a round");
  absl::StatusOr<Movement> m = HowellMovement(pairs, boards_per_round);
  ASSERT_TRUE(m.ok()) << m.status();
  const bool odd = pairs % 2 == 1;
  const int n = (pairs + 1) / 2;  // tables, counting the empty one if odd
  const int sets = 2 * n - 1;
  ASSERT_EQ(m->rounds.size(), static_cast<size_t>(sets));
  std::set<std::pair<int, int>> meetings;
  std::map<int, std::set<int>> boards_by_pair;
  std::map<int, int> plays_of_board;
  std::map<int, int> rounds_out;
  for (const MovementRound& r : m->rounds) {
    const int tables = odd ? n - 1 : n;
    ASSERT_EQ(r.tables.size(), static_cast<size_t>(tables));
    std::set<int> seated;
    std::set<int> boards_this_round;
    for (int t = 0; t < tables; ++t) {
      const TableSeating& s = r.tables[t];
      EXPECT_EQ(s.table, t + 1);
      EXPECT_EQ(s.boards.size(), static_cast<size_t>(boards_per_round));
      for (int pair : {s.ns_pair, s.ew_pair}) {
        EXPECT_GE(pair, 1);
        EXPECT_LE(pair, pairs);
        EXPECT_TRUE(seated.insert(pair).second) << "pair " << pair;
      }
      EXPECT_TRUE(meetings.insert(std::minmax(s.ns_pair, s.ew_pair)).second)
          << s.ns_pair << " v " << s.ew_pair << " again";
      for (int b : s.boards) {
        EXPECT_TRUE(boards_this_round.insert(b).second) << "board " << b;
        EXPECT_TRUE(boards_by_pair[s.ns_pair].insert(b).second);
        EXPECT_TRUE(boards_by_pair[s.ew_pair].insert(b).second);
        ++plays_of_board[b];
      }
    }
    for (int pair = 1; pair <= pairs; ++pair) {
      if (!seated.contains(pair)) ++rounds_out[pair];
    }
  }
  EXPECT_EQ(meetings.size(), static_cast<size_t>(pairs * (pairs - 1) / 2));
  const int all_boards = sets * boards_per_round;
  for (int pair = 1; pair <= pairs; ++pair) {
    EXPECT_EQ(rounds_out[pair], odd ? 1 : 0) << "pair " << pair;
    EXPECT_EQ(
        boards_by_pair[pair].size(),
        static_cast<size_t>(odd ? all_boards - boards_per_round : all_boards))
        << "pair " << pair;
  }
  EXPECT_EQ(plays_of_board.size(), static_cast<size_t>(all_boards));
  for (const auto& [board, plays] : plays_of_board) {
    EXPECT_EQ(plays, odd ? n - 1 : n) << "board " << board;
  }
}

TEST(HowellTest, EverySupportedSizeIsACompleteHowell) {
  for (int pairs = 7; pairs <= 32; ++pairs) ExpectCompleteHowell(pairs, 2);
}

TEST(HowellTest, TenPairsWorkThoughTheClassicStarterHasNoOffsets) {
  // Modulo 9 the classic starter {1,8}, {2,7}, {3,6}, {4,5} admits no set
  // offsets (an exhaustive search when this was written), so the search
  // falls back to another starter, e.g. {1,2}, {3,7}, {4,6}, {5,8}.
  ExpectCompleteHowell(10, 3);
  ExpectCompleteHowell(9, 1);
}

TEST(HowellTest, OddFieldSitsOutThePairThatWouldMeetTheAbsentPair) {
  // 7 pairs: the 8-pair movement without pair 8 and its table. Round 1 is
  // 2-7, 3-6, 4-5 at tables 1-3 (pair 1 sits out) on sets 3, 5, 2.
  absl::StatusOr<Movement> m = HowellMovement(7, 1);
  ASSERT_TRUE(m.ok()) << m.status();
  const MovementRound& r1 = m->rounds[0];
  ASSERT_EQ(r1.tables.size(), 3u);
  EXPECT_EQ(r1.tables[0].ns_pair, 2);
  EXPECT_EQ(r1.tables[0].ew_pair, 7);
  EXPECT_EQ(r1.tables[0].boards, std::vector<int>{3});
  EXPECT_EQ(r1.tables[2].table, 3);
  EXPECT_EQ(r1.tables[2].ns_pair, 4);
  EXPECT_EQ(r1.tables[2].boards, std::vector<int>{2});
}

TEST(HowellTest, RefusesSizesWithoutSuchAMovement) {
  for (int pairs : {4, 5, 6}) {
    EXPECT_THAT(HowellMovement(pairs, 2),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         ::testing::HasSubstr("no complete Howell")));
  }
  EXPECT_THAT(HowellMovement(3, 2),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(HowellMovement(33, 2),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(HowellMovement(8, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(HowellMovement(8, 9),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
