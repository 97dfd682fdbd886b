#include "core/penalty/sabf_penalties.h"

#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;

Rational Late(const PenaltyScale& s, int minutes, int occurrence,
              PenaltyUnit unit) {
  const std::string key = *LateArrivalOffence(s, minutes);
  return *DeductionIn(*PenaltyFor(s, key, occurrence), unit);
}

PenaltyStep Step(const PenaltyScale& s, const std::string& key,
                 int occurrence) {
  return *PenaltyFor(s, key, occurrence);
}

struct Cell {
  int minutes;
  Rational amount;
};

TEST(SabfPenaltiesTest, EveryScaleIsValid) {
  EXPECT_THAT(ValidatePenaltyScale(SabfMatchpointPairsPenalties()), IsOk());
  EXPECT_THAT(ValidatePenaltyScale(SabfTeamsPenalties()), IsOk());
  EXPECT_THAT(ValidatePenaltyScale(SabfTeamsFinalsPenalties()), IsOk());
}

TEST(SabfMatchpointPairsPenaltiesTest, LateArrivalTableCellForCell) {
  // SABF TR 11.2:
  //   Less than 5 minutes  Warning for first occurrence. For second or
  //                        subsequent offence in the same multi-session
  //                        event - 10% of a top.
  //   5 to 10 minutes 15%; 11 to 15 25%; 16 to 20 40%; 21 to 30 100%.
  const PenaltyScale& s = SabfMatchpointPairsPenalties();
  const PenaltyUnit top = PenaltyUnit::kPercentOfTop;
  EXPECT_EQ(Step(s, *LateArrivalOffence(s, 4), 1).kind, PenaltyKind::kWarning);
  EXPECT_EQ(Late(s, 4, 2, top), Rational(10));
  for (const Cell& c : std::vector<Cell>{{5, 15},
                                         {10, 15},
                                         {11, 25},
                                         {15, 25},
                                         {16, 40},
                                         {20, 40},
                                         {21, 100},
                                         {30, 100}}) {
    SCOPED_TRACE(c.minutes);
    EXPECT_EQ(Late(s, c.minutes, 1, top), c.amount);
  }
  // "Beyond 30 minutes ... the TD may assess a more severe penalty".
  EXPECT_EQ(Step(s, *LateArrivalOffence(s, 31), 1).kind,
            PenaltyKind::kDirectorsDiscretion);
}

TEST(SabfMatchpointPairsPenaltiesTest, FinesOfElevenPointTenAreMaxima) {
  // SABF TR 11.10: Mis-scoring 1% deducted from the final score; No score
  // entered 40% of a top on the board; Slow play half a top for the third
  // and subsequent offence, warned after each of the first two.
  const PenaltyScale& s = SabfMatchpointPairsPenalties();
  const PenaltyStep mis = Step(s, "mis_scoring", 1);
  EXPECT_TRUE(mis.is_maximum);
  EXPECT_EQ(*DeductionIn(mis, PenaltyUnit::kScorePercentagePoints),
            Rational(1));
  EXPECT_EQ(
      *DeductionIn(Step(s, "no_score_entered", 1), PenaltyUnit::kPercentOfTop),
      Rational(40));
  EXPECT_EQ(Step(s, "slow_play", 1).kind, PenaltyKind::kWarning);
  EXPECT_EQ(Step(s, "slow_play", 2).kind, PenaltyKind::kWarning);
  EXPECT_EQ(*DeductionIn(Step(s, "slow_play", 3), PenaltyUnit::kPercentOfTop),
            Rational(50));
  EXPECT_EQ(*DeductionIn(Step(s, "slow_play", 4), PenaltyUnit::kPercentOfTop),
            Rational(50));
}

TEST(SabfMatchpointPairsPenaltiesTest, TenPercentOfATopInMatchpoints) {
  // A second late arrival at a 13-table Mitchell (top 24 on the
  // 2-per-beat scale): 10% of 24 = 2.4 MP off the pair's total.
  const Rational percent =
      *DeductionIn(Step(SabfMatchpointPairsPenalties(), "late_under_5", 2),
                   PenaltyUnit::kPercentOfTop);
  EXPECT_EQ(*MatchpointsForPercentOfTop(percent, Rational(24)),
            Rational(12, 5));
}

TEST(SabfTeamsPenaltiesTest, LateArrivalTableCellForCell) {
  // SABF TR 13.14: Less than 5 minutes: warning for first occurrence, 1/2 VP
  // for second or subsequent; 5 to 10 1 VPs; 11 to 15 2 VPs; 16 to 20 3 VPs;
  // 21 to 30 5 VPs.
  const PenaltyScale& s = SabfTeamsPenalties();
  const PenaltyUnit vp = PenaltyUnit::kVictoryPoints;
  EXPECT_EQ(Step(s, *LateArrivalOffence(s, 0), 1).kind, PenaltyKind::kWarning);
  EXPECT_EQ(Late(s, 3, 2, vp), Rational(1, 2));
  for (const Cell& c : std::vector<Cell>{{5, 1},
                                         {10, 1},
                                         {11, 2},
                                         {15, 2},
                                         {16, 3},
                                         {20, 3},
                                         {21, 5},
                                         {30, 5}}) {
    SCOPED_TRACE(c.minutes);
    EXPECT_EQ(Late(s, c.minutes, 1, vp), c.amount);
  }
  // 13.14 prints nothing beyond 30 minutes.
  EXPECT_THAT(LateArrivalOffence(s, 31), StatusIs(absl::StatusCode::kNotFound));
}

TEST(SabfTeamsPenaltiesTest, SlowPlayFirstOffenceFreeThenOneVpPerBoard) {
  // SABF TR 13.15: 1 VP for each board missed, no deduction for the first
  // offence by a team in the competition. Second offence, 3 boards: 3 VPs.
  const PenaltyScale& s = SabfTeamsPenalties();
  const PenaltyUnit vp = PenaltyUnit::kVictoryPoints;
  EXPECT_EQ(*DeductionIn(Step(s, "boards_missed", 1), vp, 3), Rational(0));
  EXPECT_EQ(*DeductionIn(Step(s, "boards_missed", 2), vp, 3), Rational(3));
  EXPECT_EQ(*DeductionIn(Step(s, "boards_missed", 4), vp, 1), Rational(1));
  // 13.16: the last board finished after time: a slow-play offence whose
  // amount is the TD's.
  EXPECT_EQ(Step(s, "final_board_over_time", 2).kind,
            PenaltyKind::kDirectorsDiscretion);
}

TEST(SabfTeamsFinalsPenaltiesTest, LateArrivalTableCellForCell) {
  // SABF TR 16.3: less than 5 minutes warning, then 2 IMPs in the same
  // finals series; 5 to 10 3 IMPs; 11 to 15 5; 16 to 20 7; 21 to 30 10;
  // more than 30 minutes: the other team wins by forfeit.
  const PenaltyScale& s = SabfTeamsFinalsPenalties();
  const PenaltyUnit imp = PenaltyUnit::kImps;
  EXPECT_EQ(Step(s, *LateArrivalOffence(s, 2), 1).kind, PenaltyKind::kWarning);
  EXPECT_EQ(Late(s, 2, 2, imp), Rational(2));
  for (const Cell& c : std::vector<Cell>{
           {5, 3}, {10, 3}, {11, 5}, {16, 7}, {21, 10}, {30, 10}}) {
    SCOPED_TRACE(c.minutes);
    EXPECT_EQ(Late(s, c.minutes, 1, imp), c.amount);
  }
  EXPECT_EQ(Step(s, *LateArrivalOffence(s, 31), 1).kind, PenaltyKind::kForfeit);
}

TEST(SabfTeamsTimeAllowanceTest, SevenAndAHalfMinutesPerBoard) {
  // SABF TR 13.16: 7.5 minutes per board. 10 boards: 75 minutes, last
  // board started before 70 minutes; 14 boards: 105 minutes, before 100.
  const SessionTimeAllowance ten = *SabfTeamsTimeAllowance(10);
  EXPECT_EQ(ten.playing_time, absl::Minutes(75));
  EXPECT_EQ(ten.last_board_start, absl::Minutes(70));
  const SessionTimeAllowance fourteen = *SabfTeamsTimeAllowance(14);
  EXPECT_EQ(fourteen.playing_time, absl::Minutes(105));
  EXPECT_EQ(fourteen.last_board_start, absl::Minutes(100));
  EXPECT_THAT(SabfTeamsTimeAllowance(0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(SabfTeamsTimeAllowanceTest, BoardExactlyFiveMinutesBeforeTheEndIsOut) {
  // 13.15: boards "not commenced more than 5 minutes before the scheduled
  // end" are cancelled. 10 boards end at 75 min: at 69:59 a board may start;
  // at exactly 70:00 it is only 5 minutes before the end, so it may not.
  const SessionTimeAllowance ten = *SabfTeamsTimeAllowance(10);
  EXPECT_TRUE(BoardMayStart(ten, absl::Minutes(69) + absl::Seconds(59)));
  EXPECT_FALSE(BoardMayStart(ten, absl::Minutes(70)));
}

}  // namespace
}  // namespace tally::core
