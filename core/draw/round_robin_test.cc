#include "core/draw/round_robin.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
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

const std::vector<std::string> kSix = {"A", "B", "C", "D", "E", "F"};

TEST(RoundRobinDrawTest, SixEntrantsFollowTheFideBergerTable) {
  // FIDE Handbook C.05 Annex 1, 5 or 6 players: round 1 "1-6 2-5 3-4",
  // round 2 "6-4 5-3 1-2" (home listed first). Round 2 renumbered by the
  // best seed of each match: 1-2 (A), 5-3 (C), 6-4 (D).
  const auto r1 = DrawRoundRobinRound(kSix, 1);
  ASSERT_THAT(r1, IsOk());
  EXPECT_THAT(r1->matches,
              ElementsAre(DrawnMatch{1, "A", "F"}, DrawnMatch{2, "B", "E"},
                          DrawnMatch{3, "C", "D"}));
  const auto r2 = DrawRoundRobinRound(kSix, 2);
  ASSERT_THAT(r2, IsOk());
  EXPECT_THAT(r2->matches,
              ElementsAre(DrawnMatch{1, "A", "B"}, DrawnMatch{2, "E", "C"},
                          DrawnMatch{3, "F", "D"}));
  EXPECT_FALSE(r2->bye.has_value());
}

TEST(RoundRobinDrawTest, FiveEntrantsGiveTheByeToWhoeverMeetsSix) {
  // The same table with entrant 6 absent: round 2's "6-4" is D's bye.
  const std::vector<std::string> five = {"A", "B", "C", "D", "E"};
  const auto r2 = DrawRoundRobinRound(five, 2);
  ASSERT_THAT(r2, IsOk());
  EXPECT_EQ(r2->bye, "D");
  EXPECT_THAT(r2->matches,
              ElementsAre(DrawnMatch{1, "A", "B"}, DrawnMatch{2, "E", "C"}));
  std::multiset<std::string> byes;
  for (int round = 1; round <= 5; ++round) {
    byes.insert(*DrawRoundRobinRound(five, round)->bye);
  }
  EXPECT_EQ(byes, std::multiset<std::string>(five.begin(), five.end()));
}

TEST(RoundRobinDrawTest, EveryPairMeetsExactlyOnce) {
  for (int n : {2, 7, 8, 11}) {
    std::vector<std::string> s;
    for (int i = 0; i < n; ++i) s.push_back(std::string(1, 'a' + i));
    std::map<std::pair<std::string, std::string>, int> met;
    const int rounds = n % 2 == 0 ? n - 1 : n;
    for (int round = 1; round <= rounds; ++round) {
      const auto d = DrawRoundRobinRound(s, round);
      ASSERT_THAT(d, IsOk());
      for (const DrawnMatch& m : d->matches) ++met[std::minmax(m.home, m.away)];
    }
    EXPECT_EQ(met.size(), static_cast<size_t>(n * (n - 1) / 2)) << n;
    for (const auto& [pair, count] : met) EXPECT_EQ(count, 1) << n;
  }
}

TEST(RoundRobinDrawTest, RejectsRoundsOutsideTheScheduleAndBadIds) {
  EXPECT_THAT(
      DrawRoundRobinRound({"A", "B", "C", "D"}, 4),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rounds 1 to 3")));
  EXPECT_THAT(DrawRoundRobinRound({"A", "A"}, 1),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(DrawRoundRobinRound({"A"}, 1),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
