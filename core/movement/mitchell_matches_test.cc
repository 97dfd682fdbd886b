#include "core/movement/mitchell_matches.h"

#include <map>
#include <set>
#include <vector>

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;

std::vector<int> Range(int first, int last) {
  std::vector<int> v;
  for (int b = first; b <= last; ++b) v.push_back(b);
  return v;
}

TEST(MitchellMatchesTest, TenTablesOfTwelveBoardMatchesAsAncSr16_5) {
  // ANC SR 16.5: "a 10 table Mitchell playing 12 board matches". Ten
  // tables is even: share and relay (movement.h). Round 1: table t, NS t v
  // EW 10+t; sets 1-5 (boards 1-12 .. 49-60) on tables 1-5, set 6 on the
  // relay, sets 7-10 on tables 6-9, and table 10 shares set 1 with table
  // 1. Round 2: EW pairs up one table (EW 20 from table 10 to table 1),
  // sets down one place: tables 1 and 10 share set 2 (boards 13-24), table
  // 6 gets set 8 (boards 85-96).
  absl::StatusOr<Movement> m = MitchellMovementOfMatches(10, 12);
  ASSERT_THAT(m, IsOk());
  ASSERT_EQ(m->rounds.size(), 10u);
  EXPECT_EQ(m->rounds[0].tables[0].ew_pair, 11);
  EXPECT_EQ(m->rounds[0].tables[0].boards, Range(1, 12));
  EXPECT_EQ(m->rounds[0].tables[4].boards, Range(49, 60));
  EXPECT_EQ(m->rounds[0].tables[5].boards, Range(73, 84));
  EXPECT_EQ(m->rounds[0].tables[9].boards, Range(1, 12));
  EXPECT_EQ(m->rounds[1].tables[0].ew_pair, 20);
  EXPECT_EQ(m->rounds[1].tables[0].boards, Range(13, 24));
  EXPECT_EQ(m->rounds[1].tables[5].boards, Range(85, 96));
  EXPECT_EQ(m->rounds[1].tables[9].boards, Range(13, 24));
  // Every NS pair meets every EW pair once and every board is played at
  // all 10 tables.
  std::set<std::pair<int, int>> meetings;
  std::map<int, int> times;
  for (const MovementRound& r : m->rounds) {
    for (const TableSeating& t : r.tables) {
      meetings.insert({t.ns_pair, t.ew_pair});
      for (int b : t.boards) ++times[b];
    }
  }
  EXPECT_EQ(meetings.size(), 100u);
  ASSERT_EQ(times.size(), 120u);
  for (const auto& [board, n] : times) EXPECT_EQ(n, 10) << "board " << board;
}

TEST(MitchellMatchesTest, EqualsTheClubMitchellUpToEightBoards) {
  for (int tables : {3, 4, 7, 10}) {
    for (int boards : {1, 3, 8}) {
      absl::StatusOr<Movement> a = MitchellMovementOfMatches(tables, boards);
      absl::StatusOr<Movement> b = MitchellMovement(tables, boards);
      ASSERT_THAT(a, IsOk());
      ASSERT_THAT(b, IsOk());
      ASSERT_EQ(a->rounds.size(), b->rounds.size());
      for (size_t r = 0; r < a->rounds.size(); ++r) {
        for (size_t t = 0; t < a->rounds[r].tables.size(); ++t) {
          const TableSeating& x = a->rounds[r].tables[t];
          const TableSeating& y = b->rounds[r].tables[t];
          EXPECT_EQ(x.ns_pair, y.ns_pair);
          EXPECT_EQ(x.ew_pair, y.ew_pair);
          EXPECT_EQ(x.boards, y.boards)
              << tables << " tables, " << boards << " boards, round " << r + 1
              << " table " << t + 1;
        }
      }
    }
  }
}

TEST(MitchellMatchesTest, RefusesWhatCannotBeNumbered) {
  EXPECT_THAT(MitchellMovementOfMatches(10, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovementOfMatches(10, 37),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovementOfMatches(2, 12),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovementOfMatches(31, 33),  // 1023 boards
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(MitchellMovementOfMatches(31, 32), IsOk());  // 992 boards
}

}  // namespace
}  // namespace tally::core
