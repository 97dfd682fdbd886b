#include "core/movement/sabf_butler_draw.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "core/base/status_matchers.h"
#include "core/movement/movement_testdata.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using testdata::Cells;
using testdata::MovementTableLines;

int Number(const std::string& text) {
  int n = 0;
  EXPECT_TRUE(absl::SimpleAtoi(text, &n)) << "'" << text << "'";
  return n;
}

// Expects the draw for `pairs` to be testdata/`name` cell for cell: each
// row "Rd, NS, EW, ..., Seed, Pair #".
void ExpectPrinted(int pairs, const std::string& name) {
  absl::StatusOr<RoundRobinSchedule> draw = SabfButlerRoundRobinDraw(pairs);
  ASSERT_TRUE(draw.ok()) << draw.status();
  absl::StatusOr<std::vector<int>> by_seed = SabfButlerPairNumbersBySeed(pairs);
  ASSERT_TRUE(by_seed.ok()) << by_seed.status();
  const size_t tables = pairs / 2;
  size_t rounds_seen = 0;
  std::vector<int> seeds_seen;
  for (const std::string& line : MovementTableLines(name)) {
    const std::vector<std::string> cells = Cells(line);
    if (cells.size() != 1 + 2 * tables + 2) continue;  // heading and note
    if (cells[1] == "NS") continue;                    // column names
    const std::string& seed = cells[cells.size() - 2];
    const std::string& pair = cells[cells.size() - 1];
    const int s = Number(seed);
    ASSERT_GE(s, 1);
    ASSERT_LE(s, pairs);
    EXPECT_EQ((*by_seed)[s - 1], Number(pair)) << "seed " << s;
    seeds_seen.push_back(s);
    if (cells[0].empty()) continue;  // the seeding column's last row
    const int round = Number(cells[0]);
    ASSERT_EQ(round, static_cast<int>(rounds_seen) + 1);
    ASSERT_LT(rounds_seen, draw->rounds.size());
    const RoundRobinRound& r = draw->rounds[rounds_seen++];
    EXPECT_EQ(r.round, round);
    EXPECT_FALSE(r.bye.has_value());
    ASSERT_EQ(r.pairings.size(), tables);
    for (size_t t = 0; t < tables; ++t) {
      EXPECT_EQ(r.pairings[t].table, static_cast<int>(t) + 1);
      EXPECT_EQ(r.pairings[t].home, Number(cells[1 + 2 * t]))
          << "round " << round << " table " << t + 1 << " NS";
      EXPECT_EQ(r.pairings[t].away, Number(cells[2 + 2 * t]))
          << "round " << round << " table " << t + 1 << " EW";
    }
  }
  EXPECT_EQ(rounds_seen, draw->rounds.size());
  EXPECT_EQ(rounds_seen, static_cast<size_t>(pairs - 1));
  std::sort(seeds_seen.begin(), seeds_seen.end());
  EXPECT_EQ(seeds_seen.size(), static_cast<size_t>(pairs));
  EXPECT_EQ(by_seed->size(), static_cast<size_t>(pairs));
}

TEST(SabfButlerDrawTest, TwelvePairsIsTheDrawOf21_15) {
  ExpectPrinted(12, "sabf_tr_21_15.txt");
}

TEST(SabfButlerDrawTest, FourteenPairsIsTheDrawOf21_16) {
  ExpectPrinted(14, "sabf_tr_21_16.txt");
}

TEST(SabfButlerDrawTest, BothDrawsAreRoundRobinsAndSeedingsPermutations) {
  for (int pairs : {12, 14}) {
    absl::StatusOr<RoundRobinSchedule> draw = SabfButlerRoundRobinDraw(pairs);
    ASSERT_TRUE(draw.ok());
    EXPECT_THAT(CheckRoundRobin(*draw), IsOk()) << pairs << " pairs";
    absl::StatusOr<std::vector<int>> by_seed =
        SabfButlerPairNumbersBySeed(pairs);
    ASSERT_TRUE(by_seed.ok());
    std::vector<int> sorted = *by_seed;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < pairs; ++i) EXPECT_EQ(sorted[i], i + 1);
  }
}

TEST(SabfButlerDrawTest, TheHighestPairIsStationaryNsAtTableOne) {
  // Read off the printed draws: pair 12 (21.15) and pair 14 (21.16) sit NS
  // at table 1 in every round.
  for (int pairs : {12, 14}) {
    absl::StatusOr<RoundRobinSchedule> draw = SabfButlerRoundRobinDraw(pairs);
    ASSERT_TRUE(draw.ok());
    for (const RoundRobinRound& r : draw->rounds) {
      EXPECT_EQ(r.pairings[0].home, pairs) << "round " << r.round;
    }
  }
}

TEST(SabfButlerDrawTest, RefusesOtherSizes) {
  for (int pairs : {10, 13, 16}) {
    EXPECT_THAT(SabfButlerRoundRobinDraw(pairs),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         ::testing::HasSubstr("21.15-21.16")));
    EXPECT_THAT(SabfButlerPairNumbersBySeed(pairs),
                StatusIs(absl::StatusCode::kInvalidArgument));
  }
}

}  // namespace
}  // namespace tally::core
