#include "core/base/rational.h"

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

TEST(RationalTest, KeepsLowestTermsWithPositiveDenominator) {
  Rational r(6, -4);
  EXPECT_EQ(r.numerator(), -3);
  EXPECT_EQ(r.denominator(), 2);
  EXPECT_EQ(Rational(0, 7), Rational(0));
}

TEST(RationalTest, ArithmeticIsExact) {
  // 1/3 + 1/6 = 1/2; three thirds sum to exactly one.
  EXPECT_EQ(Rational(1, 3) + Rational(1, 6), Rational(1, 2));
  EXPECT_EQ(Rational(1, 3) + Rational(1, 3) + Rational(1, 3), Rational(1));
  EXPECT_EQ(Rational(2, 3) * Rational(9, 4), Rational(3, 2));
  EXPECT_EQ(Rational(2, 3) / Rational(4, 9), Rational(3, 2));
  EXPECT_EQ(Rational(1, 2) - Rational(3, 4), Rational(-1, 4));
  EXPECT_LT(Rational(1, 3), Rational(34, 100));
  EXPECT_GT(Rational(-1, 3), Rational(-34, 100));
}

TEST(RationalTest, FloorAndCeilFollowTheNumberLine) {
  EXPECT_EQ(Rational(7, 2).Floor(), 3);
  EXPECT_EQ(Rational(7, 2).Ceil(), 4);
  EXPECT_EQ(Rational(-7, 2).Floor(), -4);
  EXPECT_EQ(Rational(-7, 2).Ceil(), -3);
  EXPECT_EQ(Rational(4).Floor(), 4);
  EXPECT_EQ(Rational(4).Ceil(), 4);
}

TEST(RationalTest, HalvesRoundAsAsked) {
  Rational pos(5, 2), neg(-5, 2);
  EXPECT_EQ(pos.RoundToInteger(HalfRounding::kAwayFromZero), 3);
  EXPECT_EQ(neg.RoundToInteger(HalfRounding::kAwayFromZero), -3);
  EXPECT_EQ(pos.RoundToInteger(HalfRounding::kTowardZero), 2);
  EXPECT_EQ(neg.RoundToInteger(HalfRounding::kTowardZero), -2);
  EXPECT_EQ(pos.RoundToInteger(HalfRounding::kUp), 3);
  EXPECT_EQ(neg.RoundToInteger(HalfRounding::kUp), -2);
  EXPECT_EQ(pos.RoundToInteger(HalfRounding::kDown), 2);
  EXPECT_EQ(neg.RoundToInteger(HalfRounding::kDown), -3);
  EXPECT_EQ(pos.RoundToInteger(HalfRounding::kEven), 2);
  EXPECT_EQ(Rational(7, 2).RoundToInteger(HalfRounding::kEven), 4);
  // Not a half: always the nearer integer.
  EXPECT_EQ(Rational(26, 10).RoundToInteger(HalfRounding::kTowardZero), 3);
  EXPECT_EQ(Rational(-24, 10).RoundToInteger(HalfRounding::kAwayFromZero), -2);
}

TEST(RationalTest, RoundsToMultiplesOfTen) {
  // A datum of 425 is exactly halfway between 420 and 430.
  EXPECT_EQ(Rational(425).RoundToMultiple(10, HalfRounding::kAwayFromZero),
            430);
  EXPECT_EQ(Rational(425).RoundToMultiple(10, HalfRounding::kTowardZero), 420);
  EXPECT_EQ(Rational(-425).RoundToMultiple(10, HalfRounding::kAwayFromZero),
            -430);
  EXPECT_EQ(Rational(-425).RoundToMultiple(10, HalfRounding::kUp), -420);
  EXPECT_EQ(Rational(4241, 10).RoundToMultiple(10, HalfRounding::kUp), 420);
}

TEST(RationalTest, ParsesDecimalsAndFractionsExactly) {
  EXPECT_EQ(*Rational::Parse("42.495"), Rational(42495, 1000));
  EXPECT_EQ(*Rational::Parse("-0.5"), Rational(-1, 2));
  EXPECT_EQ(*Rational::Parse("7/2"), Rational(7, 2));
  EXPECT_EQ(*Rational::Parse(" 12 "), Rational(12));
  EXPECT_EQ(*Rational::Parse(".25"), Rational(1, 4));
  EXPECT_THAT(Rational::Parse("4x"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Rational::Parse(""),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Rational::Parse("1/0"),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Rational::Parse("-"),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// The weights of issue #14's report: 1/3100000000 + 1/3100000001 needs a
// denominator of about 9.6e18 > 2^63 - 1.
TEST(RationalTest, CheckedArithmeticReportsOverflowAsAStatus) {
  const Rational a(1, 3100000000), b(1, 3100000001);
  EXPECT_THAT(Rational::CheckedAdd(a, b),
              StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(Rational::CheckedSub(a, b),
              StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(Rational::CheckedMul(a, b),
              StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(Rational::CheckedDiv(a, Rational(0)),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(Rational::Checked(1, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  // In range, the checked results equal the operators'.
  absl::StatusOr<Rational> sum =
      Rational::CheckedAdd(Rational(1, 3), Rational(1, 6));
  ASSERT_TRUE(sum.ok());
  EXPECT_EQ(*sum, Rational(1, 2));
  absl::StatusOr<Rational> quotient =
      Rational::CheckedDiv(Rational(3, 4), Rational(-3, 2));
  ASSERT_TRUE(quotient.ok());
  EXPECT_EQ(*quotient, Rational(-1, 2));
}

TEST(RationalTest, OperatorOverflowIsCountedNotAnAbort) {
  RationalOverflowScope outer;
  {
    RationalOverflowScope clean;
    EXPECT_EQ(Rational(1, 3) + Rational(1, 6), Rational(1, 2));
    EXPECT_FALSE(clean.overflowed());
  }
  EXPECT_FALSE(outer.overflowed());
  {
    RationalOverflowScope inner;
    const Rational sum = Rational(1, 3100000000) + Rational(1, 3100000001);
    EXPECT_TRUE(inner.overflowed());
    EXPECT_GT(sum, Rational(0));  // saturated, still a number
    RationalOverflowScope after;  // a new scope starts clean
    EXPECT_FALSE(after.overflowed());
    EXPECT_EQ(Rational(5) / Rational(0), Rational(0));
    EXPECT_TRUE(after.overflowed());
  }
  EXPECT_TRUE(outer.overflowed());  // an inner overflow is the outer's too
}

}  // namespace
}  // namespace tally::core
