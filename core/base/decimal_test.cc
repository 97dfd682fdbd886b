#include "core/base/decimal.h"

#include "gtest/gtest.h"

namespace tally::core {
namespace {

TEST(DecimalTest, RoundsPercentagesToTwoPlacesHalfUp) {
  // SABF TR 11.3: "to the nearest two decimal places". 42.495 -> 42.50.
  Decimal d =
      Decimal::Round(Rational(42495, 1000), 2, HalfRounding::kAwayFromZero);
  EXPECT_EQ(d.units(), 4250);
  EXPECT_EQ(d.ToString(), "42.50");
  // 2/3 of 100 = 66.666... -> 66.67.
  EXPECT_EQ(Decimal::Round(Rational(200, 3), 2, HalfRounding::kAwayFromZero)
                .ToString(),
            "66.67");
}

TEST(DecimalTest, PrintsEveryPlaceAndTheSign) {
  EXPECT_EQ(Decimal(-30, 2).ToString(), "-0.30");
  EXPECT_EQ(Decimal(5, 1).ToString(), "0.5");
  EXPECT_EQ(Decimal(7, 0).ToString(), "7");
  EXPECT_EQ(Decimal(100005, 3).ToString(), "100.005");
}

TEST(DecimalTest, ComparesByValue) {
  EXPECT_EQ(Decimal(15, 1), Decimal(150, 2));
  EXPECT_LT(Decimal(149, 2), Decimal(15, 1));
  EXPECT_EQ(Decimal(4250, 2).ToRational(), Rational(85, 2));
}

}  // namespace
}  // namespace tally::core
