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

TEST(RoundRobinTest, FourEntrantsFollowTheCircleMethod) {
  // N = 4, entrant 3 fixed: round r pairs 3 with r and (r+1)%3 with
  // (r-1)%3. Round 1: A-D, B-C. Round 2: B-D, A-C. Round 3: C-D, A-B.
  const std::vector<std::string> s = {"A", "B", "C", "D"};
  EXPECT_THAT(
      DrawRoundRobinRound(s, 1, HomeRule::kHigherRankedHome, 0)->matches,
      ElementsAre(DrawnMatch{1, "A", "D"}, DrawnMatch{2, "B", "C"}));
  EXPECT_THAT(
      DrawRoundRobinRound(s, 2, HomeRule::kHigherRankedHome, 0)->matches,
      ElementsAre(DrawnMatch{1, "A", "C"}, DrawnMatch{2, "B", "D"}));
  EXPECT_THAT(
      DrawRoundRobinRound(s, 3, HomeRule::kHigherRankedHome, 0)->matches,
      ElementsAre(DrawnMatch{1, "A", "B"}, DrawnMatch{2, "C", "D"}));
}

TEST(RoundRobinTest, OddFieldGivesEachEntrantOneBye) {
  // 5 entrants, 5 rounds; round 1: A has the bye (paired with the phantom),
  // B-E, C-D.
  const std::vector<std::string> s = {"A", "B", "C", "D", "E"};
  const auto r1 = DrawRoundRobinRound(s, 1, HomeRule::kHigherRankedHome, 0);
  ASSERT_THAT(r1, IsOk());
  EXPECT_EQ(r1->bye, "A");
  EXPECT_THAT(r1->matches,
              ElementsAre(DrawnMatch{1, "B", "E"}, DrawnMatch{2, "C", "D"}));
  std::multiset<std::string> byes;
  for (int round = 1; round <= 5; ++round) {
    byes.insert(
        *DrawRoundRobinRound(s, round, HomeRule::kHigherRankedHome, 0)->bye);
  }
  EXPECT_EQ(byes, std::multiset<std::string>(s.begin(), s.end()));
}

TEST(RoundRobinTest, EveryPairMeetsExactlyOnce) {
  for (int n : {2, 6, 7, 8, 11, 12}) {
    std::vector<std::string> s;
    for (int i = 0; i < n; ++i) s.push_back(std::string(1, 'a' + i));
    std::map<std::pair<std::string, std::string>, int> met;
    const int rounds = n % 2 == 0 ? n - 1 : n;
    for (int round = 1; round <= rounds; ++round) {
      const auto d = DrawRoundRobinRound(s, round, HomeRule::kByLot, 3);
      ASSERT_THAT(d, IsOk());
      for (const DrawnMatch& m : d->matches) ++met[std::minmax(m.home, m.away)];
    }
    EXPECT_EQ(met.size(), static_cast<size_t>(n * (n - 1) / 2)) << n;
    for (const auto& [pair, count] : met) EXPECT_EQ(count, 1) << n;
  }
}

TEST(RoundRobinTest, RejectsRoundsOutsideTheSchedule) {
  const std::vector<std::string> s = {"A", "B", "C", "D"};
  EXPECT_THAT(DrawRoundRobinRound(s, 4, HomeRule::kHigherRankedHome, 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("rounds 1 to 3")));
  EXPECT_THAT(
      DrawRoundRobinRound({"A", "A"}, 1, HomeRule::kHigherRankedHome, 0),
      StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
