#include "core/draw/pairing_search.h"

#include <optional>
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
using ::testing::Pair;

// Entrants 0..n-1; `met` lists the barred pairs.
MayMeetMatrix Allowed(int n, const std::vector<std::pair<int, int>>& met) {
  MayMeetMatrix m(n, std::vector<bool>(n, true));
  for (int i = 0; i < n; ++i) m[i][i] = false;
  for (const auto& [a, b] : met) m[a][b] = m[b][a] = false;
  return m;
}

TEST(PairDownTheFieldTest, PairsDownTheFieldWithoutClash) {
  const auto r = PairDownTheField(Allowed(4, {}), 1000);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->has_value());
  EXPECT_THAT(**r, ElementsAre(Pair(0, 1), Pair(2, 3)));
}

TEST(PairDownTheFieldTest, SkipsAnOpponentAlreadyMet) {
  // 0 met 1: 0 takes the next highest, 2; then 1 v 3.
  const auto r = PairDownTheField(Allowed(4, {{0, 1}}), 1000);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->has_value());
  EXPECT_THAT(**r, ElementsAre(Pair(0, 2), Pair(1, 3)));
}

TEST(PairDownTheFieldTest, BottomClashAdjustsTheMatchAbove) {
  // 4 met 5: 0-1, 2-3 then 4 has no opponent; take back 2-3, 2 takes 4,
  // then 3-5.
  const auto r = PairDownTheField(Allowed(6, {{4, 5}}), 1000);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->has_value());
  EXPECT_THAT(**r, ElementsAre(Pair(0, 1), Pair(2, 4), Pair(3, 5)));
  EXPECT_THAT(AdjustedMatches(Allowed(6, {{4, 5}}), **r), ElementsAre(1));
}

TEST(PairDownTheFieldTest, NoValidDrawIsNullopt) {
  // Four entrants who have all met.
  const auto r = PairDownTheField(
      Allowed(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}), 1000);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->has_value());
}

TEST(PairDownTheFieldTest, OddCountIsInvalid) {
  EXPECT_THAT(PairDownTheField(Allowed(3, {}), 1000),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(PairDownTheFieldTest, StepBoundGivesResourceExhausted) {
  // 4 met 5 needs more than the one tentative match 0-1 allows.
  EXPECT_THAT(PairDownTheField(Allowed(6, {{4, 5}}), 1),
              StatusIs(absl::StatusCode::kResourceExhausted));
}

TEST(PairDownTheFieldTest, OddGroupThatOnlyMeetsItselfEndsQuickly) {
  // 40 entrants: 37..39 have met everyone else and may only meet each other,
  // so one of them is always left over. Tried match by match, the search
  // would run through the pairings of the others (35!! = 2.2 x 10^20 ways to
  // pair 36 of them) before every branch failed; the odd group is seen at
  // once, within a bound of 1000 tentative matches.
  MayMeetMatrix m(40, std::vector<bool>(40, true));
  for (int i = 0; i < 40; ++i) m[i][i] = false;
  for (int i = 37; i < 40; ++i) {
    for (int j = 0; j < 37; ++j) m[i][j] = m[j][i] = false;
  }
  const auto r = PairDownTheField(m, 1000);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->has_value());
}

}  // namespace
}  // namespace tally::core
