#include "core/carryover/itc_carryover.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

Rational R(const char* text) { return *Rational::Parse(text); }

TEST(ItcFinalCarryOverTest, TenPercentOfTheVpMargin) {
  // ANC SR 11.2: 412.5 - 398.3 = 14.2 VPs -> 1.42 IMPs.
  EXPECT_EQ(*ItcFinalCarryOver(R("412.5"), R("398.3")), R("1.42"));
  // 35.7 VPs -> 3.57 IMPs.
  EXPECT_EQ(*ItcFinalCarryOver(R("455.2"), R("419.5")), R("3.57"));
}

TEST(ItcFinalCarryOverTest, IsNotRounded) {
  // "The carry-over is not rounded." A forfeit average can leave a third of
  // a VP: 400 1/3 - 390 = 10 1/3 VPs -> 31/30 IMPs (1.0333...), kept exact.
  EXPECT_EQ(*ItcFinalCarryOver(Rational(1201, 3), Rational(390)),
            Rational(31, 30));
}

TEST(ItcFinalCarryOverTest, LevelTeamsCarryNothing) {
  EXPECT_EQ(*ItcFinalCarryOver(R("401.5"), R("401.5")), Rational(0));
}

TEST(ItcFinalCarryOverTest, RejectsTeamsInTheWrongOrder) {
  EXPECT_THAT(ItcFinalCarryOver(R("398.3"), R("412.5")),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
