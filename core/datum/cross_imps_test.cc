#include "core/datum/cross_imps.h"

#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;

// WBF IMP scale bands used below: 20-40 = 1, 270-310 = 7, 430-490 = 10,
// 600-740 = 12, 750-890 = 13.

TEST(CrossImpsTest, AveragesEachScoreAgainstEveryOther) {
  // 400 vs 420: -20 -> -1; vs -50: 450 -> 10. Total 9, average 9/2.
  // 420 vs 400: 20 -> 1; vs -50: 470 -> 10. Total 11, average 11/2.
  // -50 vs 400: -450 -> -10; vs 420: -470 -> -10. Total -20, average -10.
  absl::StatusOr<std::vector<Rational>> imps = CrossImps({400, 420, -50});
  ASSERT_THAT(imps, IsOk());
  EXPECT_THAT(*imps,
              ElementsAre(Rational(9, 2), Rational(11, 2), Rational(-10)));
}

TEST(CrossImpsTest, KeepsThirdsExact) {
  // 620: vs 170 (450) 10, vs 650 (-30) -1, vs -100 (720) 12: 21 -> 7.
  // 170: vs 620 -10, vs 650 (-480) -10, vs -100 (270) 7: -13 -> -13/3.
  // 650: vs 620 1, vs 170 (480) 10, vs -100 (750) 13: 24 -> 8.
  // -100: -12, -7, -13: -32 -> -32/3.
  absl::StatusOr<std::vector<Rational>> imps = CrossImps({620, 170, 650, -100});
  ASSERT_THAT(imps, IsOk());
  EXPECT_THAT(*imps, ElementsAre(Rational(7), Rational(-13, 3), Rational(8),
                                 Rational(-32, 3)));
  // The board balances.
  Rational sum;
  for (const Rational& r : *imps) sum += r;
  EXPECT_EQ(sum, Rational(0));
}

TEST(CrossImpsTest, TotalIsTheUndividedSum) {
  absl::StatusOr<std::vector<Rational>> imps =
      CrossImps({620, 170, 650, -100}, CrossImpsAveraging::kTotal);
  ASSERT_THAT(imps, IsOk());
  EXPECT_THAT(*imps, ElementsAre(Rational(21), Rational(-13), Rational(24),
                                 Rational(-32)));
}

TEST(CrossImpsTest, NeedsTwoScores) {
  EXPECT_THAT(CrossImps({420}), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(CrossImps({}), StatusIs(absl::StatusCode::kInvalidArgument));
  // Two scores: each is IMPed against the other once.
  absl::StatusOr<std::vector<Rational>> imps = CrossImps({400, -50});
  ASSERT_THAT(imps, IsOk());
  EXPECT_THAT(*imps, ElementsAre(Rational(10), Rational(-10)));
}

}  // namespace
}  // namespace tally::core
