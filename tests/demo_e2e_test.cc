// End to end: `tallyd --demo` seeds its demo tournament through the real
// decide step (a matchpoint pairs session and a Butler round robin), the
// README's queries answer from it, and seeding again on restart changes
// nothing.

#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "tests/client_calls.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

TEST(DemoTest, SeedsBothCompetitionsOnceAndTheyAnswer) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("demo"));
  tallyd.AddFlag("--demo");
  ASSERT_THAT(tallyd.Start(), IsOk());

  absl::StatusOr<v1::Standings> pairs = GetStandings(*tallyd.channel(), "demo");
  ASSERT_THAT(pairs, IsOk());
  EXPECT_EQ(pairs->results_entered(), 75);  // 5 tables x 15 boards
  EXPECT_EQ(pairs->results_expected(), 75);

  MatchClient butler(tallyd.channel(), "demo", "butler");
  absl::StatusOr<v1::MatchStandings> standings = butler.Standings(2);
  ASSERT_THAT(standings, IsOk());
  ASSERT_EQ(standings->rows_size(), 14);
  for (const v1::MatchStandingsRow& row : standings->rows()) {
    EXPECT_EQ(row.matches(), 2) << "pair " << row.entrant();
  }
  // Round 3 is drawn and not played: SABF TR 21.16 round 3, table 1 is
  // 14 v 13.
  absl::StatusOr<v1::DrawView> draw = butler.GetDraw(3);
  ASSERT_THAT(draw, IsOk());
  EXPECT_EQ(draw->draw().matches(0).home(), 14);
  EXPECT_EQ(draw->draw().matches(0).away(), 13);
  for (int round = 1; round <= 3; ++round) {
    absl::StatusOr<v1::DrawCheck> check = butler.CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees()) << "round " << round;
  }

  // Every event names a principal tallyd knows (issue #15): the demo is
  // seeded on behalf of the bootstrap administrator.
  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(*tallyd.channel());
  ASSERT_THAT(log, IsOk());
  for (const v1::Event& e : *log) {
    EXPECT_EQ(e.actor().role(), v1::ROLE_ADMINISTRATOR) << e.sequence();
    EXPECT_EQ(e.actor().identity(), "admin") << e.sequence();
  }

  absl::StatusOr<uint64_t> length = butler.LogLength();
  ASSERT_THAT(length, IsOk());
  ASSERT_EQ(tallyd.Stop(), 0);
  ASSERT_THAT(tallyd.Start(), IsOk());  // --demo again: a no-op
  MatchClient again(tallyd.channel(), "demo", "butler");
  absl::StatusOr<uint64_t> after = again.LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *length);
}

}  // namespace
}  // namespace tally::testing
