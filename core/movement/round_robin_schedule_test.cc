#include "core/movement/round_robin_schedule.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "core/movement/movement_testdata.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;

// "1-8 2-7" -> {{1, 8}, {2, 7}}.
std::vector<std::pair<int, int>> Parse(const std::string& row) {
  std::vector<std::pair<int, int>> out;
  for (absl::string_view cell : absl::StrSplit(row, ' ', absl::SkipEmpty())) {
    std::vector<std::string> two = absl::StrSplit(cell, '-');
    int a = 0, b = 0;
    EXPECT_TRUE(absl::SimpleAtoi(two[0], &a) && absl::SimpleAtoi(two[1], &b))
        << cell;
    out.push_back({a, b});
  }
  return out;
}

std::vector<std::pair<int, int>> Listed(const RoundRobinRound& round) {
  std::vector<std::pair<int, int>> out;
  for (const Pairing& p : round.pairings) out.push_back({p.home, p.away});
  return out;
}

TEST(BergerTest, EightEntrantsAreTheFideTable) {
  // FIDE Handbook C.05 Annex 1, Berger table for 7 or 8 players, copied by
  // hand (home = white = listed first).
  const std::vector<std::string> fide{"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2",
                                      "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
                                      "3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4",
                                      "4-8 5-3 6-2 7-1"};
  absl::StatusOr<RoundRobinSchedule> s = BergerRoundRobin(8);
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->rounds.size(), fide.size());
  for (size_t r = 0; r < fide.size(); ++r) {
    EXPECT_EQ(s->rounds[r].round, static_cast<int>(r) + 1);
    EXPECT_EQ(Listed(s->rounds[r]), Parse(fide[r])) << "round " << r + 1;
    EXPECT_FALSE(s->rounds[r].bye.has_value());
  }
}

TEST(BergerTest, SixAndTenEntrantsAreTheFideTables) {
  // FIDE Handbook C.05 Annex 1, tables for 5 or 6 and 9 or 10 players.
  const std::vector<std::string> six{"1-6 2-5 3-4", "6-4 5-3 1-2",
                                     "2-6 3-1 4-5", "6-5 1-4 2-3",
                                     "3-6 4-2 5-1"};
  const std::vector<std::string> ten{
      "1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7",
      "10-7 8-6 9-5 1-4 2-3", "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4",
      "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5", "5-10 6-4 7-3 8-2 9-1"};
  for (const auto& [n, table] : {std::pair{6, six}, std::pair{10, ten}}) {
    absl::StatusOr<RoundRobinSchedule> s = BergerRoundRobin(n);
    ASSERT_TRUE(s.ok()) << s.status();
    ASSERT_EQ(s->rounds.size(), table.size());
    for (size_t r = 0; r < table.size(); ++r) {
      EXPECT_EQ(Listed(s->rounds[r]), Parse(table[r]))
          << n << " entrants, round " << r + 1;
    }
  }
}

TEST(BergerTest, OddFieldGivesTheByeToWhoeverMeetsTheExtraNumber) {
  // 7 entrants use the 8-player table; round 1 (1-8 2-7 3-6 4-5) gives
  // entrant 1 the bye, round 2 (8-5 6-4 7-3 1-2) entrant 5. The remaining
  // pairings keep their order at tables 1-3.
  absl::StatusOr<RoundRobinSchedule> s = BergerRoundRobin(7);
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->rounds.size(), 7u);
  EXPECT_EQ(s->rounds[0].bye, 1);
  EXPECT_EQ(s->rounds[0].pairings,
            (std::vector<Pairing>{{1, 2, 7}, {2, 3, 6}, {3, 4, 5}}));
  EXPECT_EQ(s->rounds[1].bye, 5);
  EXPECT_EQ(s->rounds[1].pairings,
            (std::vector<Pairing>{{1, 6, 4}, {2, 7, 3}, {3, 1, 2}}));
}

TEST(BergerTest, EveryoneMeetsEveryoneOnceForEverySize) {
  for (int n = 2; n <= 64; ++n) {
    absl::StatusOr<RoundRobinSchedule> s = BergerRoundRobin(n);
    ASSERT_TRUE(s.ok()) << s.status();
    EXPECT_THAT(CheckRoundRobin(*s), IsOk()) << n << " entrants";
  }
}

TEST(BergerTest, RefusesSillySizes) {
  EXPECT_THAT(BergerRoundRobin(1),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(BergerRoundRobin(65),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

RoundRobinSchedule FourByHand() {
  // 1-4 2-3 / 4-3 1-2 / 2-4 3-1: a round robin of 4.
  return {4,
          {{1, {{1, 1, 4}, {2, 2, 3}}, std::nullopt},
           {2, {{1, 4, 3}, {2, 1, 2}}, std::nullopt},
           {3, {{1, 2, 4}, {2, 3, 1}}, std::nullopt}}};
}

TEST(CheckRoundRobinTest, AcceptsAHandMadeRoundRobin) {
  EXPECT_THAT(CheckRoundRobin(FourByHand()), IsOk());
}

TEST(CheckRoundRobinTest, RefusesARepeatedMeeting) {
  RoundRobinSchedule s = FourByHand();
  s.rounds[2].pairings = {{1, 4, 1}, {2, 2, 3}};  // 1-4 and 2-3 again
  EXPECT_THAT(CheckRoundRobin(s),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("already met")));
}

TEST(CheckRoundRobinTest, RefusesAnEntrantTwiceOrMissing) {
  RoundRobinSchedule twice = FourByHand();
  twice.rounds[0].pairings[1] = {2, 1, 3};
  EXPECT_THAT(CheckRoundRobin(twice),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("appears twice")));
  RoundRobinSchedule missing = FourByHand();
  missing.rounds[0].pairings.pop_back();
  EXPECT_THAT(CheckRoundRobin(missing),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("places 2 of the 4")));
}

TEST(CheckRoundRobinTest, RefusesAByeInAnEvenFieldAndWrongRoundCounts) {
  RoundRobinSchedule bye = FourByHand();
  bye.rounds[0].pairings.pop_back();
  bye.rounds[0].bye = 2;
  EXPECT_THAT(CheckRoundRobin(bye),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("bye with an even number")));
  RoundRobinSchedule short_one = FourByHand();
  short_one.rounds.pop_back();
  EXPECT_THAT(CheckRoundRobin(short_one),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("has 3 rounds, not 2")));
}

TEST(CheckRoundRobinTest, RefusesMisnumberedTablesAndRounds) {
  RoundRobinSchedule tables = FourByHand();
  tables.rounds[1].pairings[1].table = 3;
  EXPECT_THAT(CheckRoundRobin(tables),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("table 3 where table 2")));
  RoundRobinSchedule rounds = FourByHand();
  rounds.rounds[2].round = 2;
  EXPECT_THAT(CheckRoundRobin(rounds),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("comes after round 2")));
}

}  // namespace
}  // namespace tally::core
