// FlatMap keeps its items in key order whatever order they come in,
// answers as std::map does, and keeps its capacity when copied.

#include "replay/state/flat_map.h"

#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace tally::replay {
namespace {

using Results = FlatMap<std::pair<int, int>, int>;

// The items of `r` in iteration order.
std::vector<std::pair<std::pair<int, int>, int>> Items(const Results& r) {
  return {r.begin(), r.end()};
}

TEST(FlatMapTest, AnswersAsAMapInAnyOrderOfInsertion) {
  Results r;
  std::map<std::pair<int, int>, int> want;
  // (board, table) keys in a Mitchell-like order: every round a different
  // board at each table.
  for (int round = 1; round <= 5; ++round) {
    for (int table = 1; table <= 5; ++table) {
      const std::pair<int, int> key{(table + round) % 5 + 1, table};
      r[key] = 10 * round + table;
      want[key] = 10 * round + table;
    }
  }
  EXPECT_EQ(Items(r), (std::vector<std::pair<std::pair<int, int>, int>>(
                          want.begin(), want.end())));
  EXPECT_EQ(r.size(), 25u);
  EXPECT_TRUE(r.contains({3, 2}));
  EXPECT_FALSE(r.contains({3, 6}));
  EXPECT_EQ(r.find({3, 6}), r.end());
  EXPECT_EQ(r.at({3, 2}), want.at({3, 2}));
  EXPECT_THROW(r.at({9, 9}), std::out_of_range);
  // The first of board 3's results, as map::lower_bound gives it.
  EXPECT_EQ(r.lower_bound({3, 0})->first, (std::pair<int, int>{3, 1}));
}

TEST(FlatMapTest, TryEmplaceKeepsWhatIsThere) {
  Results r;
  EXPECT_TRUE(r.try_emplace({1, 1}, 5).second);
  const auto [it, inserted] = r.try_emplace({1, 1}, 6);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(it->second, 5);
  // A hint out of order still inserts in key order, once.
  r.emplace_hint(r.end(), {2, 1}, 7);
  r.emplace_hint(r.end(), {1, 0}, 8);
  r.emplace_hint(r.end(), {1, 0}, 9);
  EXPECT_EQ(Items(r), (std::vector<std::pair<std::pair<int, int>, int>>{
                          {{1, 0}, 8}, {{1, 1}, 5}, {{2, 1}, 7}}));
}

TEST(FlatMapTest, ErasesByKeyAndByPosition) {
  Results r;
  r[{1, 1}] = 1;
  r[{1, 2}] = 2;
  r[{2, 1}] = 3;
  EXPECT_EQ(r.erase({1, 2}), 1u);
  EXPECT_EQ(r.erase({1, 2}), 0u);
  r.erase(r.begin());
  EXPECT_EQ(Items(r),
            (std::vector<std::pair<std::pair<int, int>, int>>{{{2, 1}, 3}}));
}

TEST(FlatMapTest, ACopyKeepsTheCapacity) {
  Results r;
  r.reserve(40);
  r[{1, 1}] = 1;
  const Results copy = r;
  EXPECT_EQ(copy.capacity(), 40u);
  EXPECT_EQ(Items(copy), Items(r));
  Results assigned;
  assigned = r;
  EXPECT_EQ(assigned.capacity(), 40u);
  EXPECT_EQ(Items(assigned), Items(r));
}

TEST(FlatMapTest, FromSortedTakesTheItemsAsTheyAre) {
  const Results r = Results::FromSorted({{{1, 2}, 5}, {{2, 1}, 6}});
  EXPECT_EQ(r.at({1, 2}), 5);
  EXPECT_EQ(r.at({2, 1}), 6);
  EXPECT_EQ(r.size(), 2u);
}

}  // namespace
}  // namespace tally::replay
