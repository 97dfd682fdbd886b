#include "core/penalty/nsw_penalties.h"

#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;

// One printed row: VPs (IMPs) in a 20-VP match, % of a top at matchpoints.
struct Row {
  int vps;
  int imps;
  int percent_of_top;
};

void ExpectRow(const PenaltyStep& step, const Row& row) {
  EXPECT_EQ(step.kind, PenaltyKind::kDeduction);
  EXPECT_EQ(*DeductionIn(step, PenaltyUnit::kVictoryPoints), Rational(row.vps));
  EXPECT_EQ(*DeductionIn(step, PenaltyUnit::kImps), Rational(row.imps));
  EXPECT_EQ(*DeductionIn(step, PenaltyUnit::kPercentOfTop),
            Rational(row.percent_of_top));
}

TEST(NswPenaltiesTest, ScaleIsValid) {
  EXPECT_THAT(ValidatePenaltyScale(NswPenalties()), IsOk());
}

TEST(NswPenaltiesTest, LateArrivalTableCellForCell) {
  // NSW TR 6.2:
  //   From 5 to 10 minutes late:  1 VP (3 IMPs)   25% of a top
  //   From 11 to 15 minutes late: 2 VP (6 IMPs)   50% of a top
  //   From 16 to 20 minutes late: 3 VP (9 IMPs)   75% of a top
  //   From 21 to 30 minutes late: 5 VP (15 IMPs)  125% of a top
  const PenaltyScale& s = NswPenalties();
  struct Cell {
    int minutes;
    Row row;
  };
  for (const Cell& c : std::vector<Cell>{{5, {1, 3, 25}},
                                         {10, {1, 3, 25}},
                                         {11, {2, 6, 50}},
                                         {15, {2, 6, 50}},
                                         {16, {3, 9, 75}},
                                         {20, {3, 9, 75}},
                                         {21, {5, 15, 125}},
                                         {30, {5, 15, 125}}}) {
    SCOPED_TRACE(c.minutes);
    // No escalation: the fifth late arrival costs what the first does.
    ExpectRow(*PenaltyFor(s, *LateArrivalOffence(s, c.minutes), 5), c.row);
  }
}

TEST(NswPenaltiesTest, UnderFiveMinutesIsNotPenalised) {
  // "Any unit not seated and ready to play within 5 minutes after the start"
  EXPECT_THAT(LateArrivalOffence(NswPenalties(), 4),
              StatusIs(absl::StatusCode::kNotFound));
}

TEST(NswPenaltiesTest, OverThirtyMinutesIsTheDirectorsCall) {
  const PenaltyScale& s = NswPenalties();
  EXPECT_EQ(PenaltyFor(s, *LateArrivalOffence(s, 31), 1)->kind,
            PenaltyKind::kDirectorsDiscretion);
}

TEST(NswPenaltiesTest, SlowPlayLadderCellForCell) {
  // NSW TR 6.4: First offence warning; Second 1 VP (3 IMPs) 25%; Third
  // 2 VP (6 IMPs) 50%; Fourth and subsequent 3 VP (9 IMPs) 75%.
  const PenaltyScale& s = NswPenalties();
  EXPECT_EQ(PenaltyFor(s, "slow_play", 1)->kind, PenaltyKind::kWarning);
  ExpectRow(*PenaltyFor(s, "slow_play", 2), {1, 3, 25});
  ExpectRow(*PenaltyFor(s, "slow_play", 3), {2, 6, 50});
  ExpectRow(*PenaltyFor(s, "slow_play", 4), {3, 9, 75});
  ExpectRow(*PenaltyFor(s, "slow_play", 6), {3, 9, 75});
}

TEST(NswPenaltiesTest, MobilePhoneLadderCellForCell) {
  // NSW TR 6.9.1: First 1 VP (3 IMPs) 10%; Second 3 VP (9 IMPs) 50%; Third
  // and subsequent 6 VP (18 IMPs) 100% of a top.
  const PenaltyScale& s = NswPenalties();
  ExpectRow(*PenaltyFor(s, "phone_answered", 1), {1, 3, 10});
  ExpectRow(*PenaltyFor(s, "phone_answered", 2), {3, 9, 50});
  ExpectRow(*PenaltyFor(s, "phone_answered", 3), {6, 18, 100});
  ExpectRow(*PenaltyFor(s, "phone_answered", 4), {6, 18, 100});
}

TEST(NswPenaltiesTest, ResetRulesAndCountingAreData) {
  // 6.4: six calendar months, by the same pair; 6.9.4: twelve, by the same
  // player; 6.7: offences carry over irrespective of a change of event.
  const PenaltyScale& s = NswPenalties();
  const OffenceCounter& slow = **FindCounter(s, "slow_play");
  ASSERT_TRUE(slow.reset.has_value());
  EXPECT_EQ(slow.reset->months, 6);
  EXPECT_EQ(slow.offender, Offender::kPair);
  EXPECT_EQ(slow.scope, CountingScope::kAnyEvent);
  const OffenceCounter& phone = **FindCounter(s, "mobile_phone");
  ASSERT_TRUE(phone.reset.has_value());
  EXPECT_EQ(phone.reset->months, 12);
  EXPECT_EQ(phone.offender, Offender::kPlayer);
  EXPECT_EQ(phone.scope, CountingScope::kAnyEvent);
}

}  // namespace
}  // namespace tally::core
