#include "core/scoring/percentage.h"

#include "core/base/rational.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

TEST(SessionPercentageTest, HalfRoundsAwayFromZero) {
  // 84.99 of 200 = 42.495% -> 42.50 (SABF TR 11.3, halves away from zero).
  const Decimal p = SessionPercentage(Rational(8499, 100), 200);
  EXPECT_EQ(p.ToString(), "42.50");
  EXPECT_EQ(p, Decimal(4250, 2));
}

TEST(SessionPercentageTest, JustBelowHalfRoundsDown) {
  // 84.9899 of 200 = 42.49495% -> 42.49.
  EXPECT_EQ(SessionPercentage(Rational(849899, 10000), 200).ToString(),
            "42.49");
}

TEST(SessionPercentageTest, RoundsRepeatingFractionsToNearest) {
  // 1 of 3 = 33.333...% -> 33.33; 2 of 3 = 66.666...% -> 66.67.
  EXPECT_EQ(SessionPercentage(1, 3).ToString(), "33.33");
  EXPECT_EQ(SessionPercentage(2, 3).ToString(), "66.67");
  // 131 of 240 = 54.58333...% -> 54.58.
  EXPECT_EQ(SessionPercentage(131, 240).ToString(), "54.58");
}

TEST(SessionPercentageTest, FactoredMatchpointsAreNotRoundedFirst) {
  // 71/6 + 50 of 120: (71 + 300) / 6 / 120 = 371/720 = 51.52777...% -> 51.53.
  // (Rounding 71/6 to 11.8 first would give 61.8/120 = 51.50%.)
  EXPECT_EQ(SessionPercentage(Rational(71, 6) + 50, 120).ToString(), "51.53");
}

TEST(SessionPercentageTest, ZeroFullAndNegative) {
  EXPECT_EQ(SessionPercentage(0, 156).ToString(), "0.00");
  EXPECT_EQ(SessionPercentage(156, 156).ToString(), "100.00");
  // A penalty can take a total below zero: -0.01 of 200 = -0.005% -> -0.01.
  EXPECT_EQ(SessionPercentage(Rational(-1, 100), 200).ToString(), "-0.01");
}

// Nothing available is a caller's bug: reported to the caller's
// RationalOverflowScope (the read answers INTERNAL), never an abort.
TEST(SessionPercentageTest, NothingAvailableIsReportedToTheCallersScope) {
  for (int available : {0, -10}) {
    RationalOverflowScope scope;
    SessionPercentage(1, available);
    EXPECT_TRUE(scope.overflowed()) << available;
  }
  RationalOverflowScope scope;
  SessionPercentage(1, 10);
  EXPECT_FALSE(scope.overflowed());
}

// SABF TR 11.3 ("to the nearest two decimal places"): 84.99 of 200 is
// 42.495%, published 42.50 and ranked on 42.50. NSW TR 11.1 ("Differences
// of fractions of a ... percentage ... will be sufficient to determine
// placings"): no places, shown 42.50 but ranked on the exact 42.495.
TEST(PairSessionPercentageTest, RoundedWhereTheProfileSaysElseRankedExact) {
  absl::StatusOr<PairPercentage> sabf = PairSessionPercentage(
      Rational(8499, 100), 200, 2, HalfRounding::kAwayFromZero);
  ASSERT_TRUE(sabf.ok());
  EXPECT_EQ(sabf->exact, Rational(8499, 200));
  EXPECT_EQ(sabf->published.ToString(), "42.50");
  EXPECT_EQ(sabf->ranking, Rational(85, 2));
  absl::StatusOr<PairPercentage> nsw = PairSessionPercentage(
      Rational(8499, 100), 200, std::nullopt, HalfRounding::kAwayFromZero);
  ASSERT_TRUE(nsw.ok());
  EXPECT_EQ(nsw->published.ToString(), "42.50");
  EXPECT_EQ(nsw->ranking, Rational(8499, 200));
  // Halves down at one place: 42.45 -> 42.4.
  absl::StatusOr<PairPercentage> down = PairSessionPercentage(
      Rational(8490, 100), 200, 1, HalfRounding::kDown);
  ASSERT_TRUE(down.ok());
  EXPECT_EQ(down->published.ToString(), "42.4");
  EXPECT_FALSE(PairSessionPercentage(10, 0, 2, HalfRounding::kUp).ok());
}

}  // namespace
}  // namespace tally::core
