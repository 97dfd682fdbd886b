#include "core/penalty/anc_penalties.h"

#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "core/penalty/offence_occurrence.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;

constexpr PenaltyUnit kVp = PenaltyUnit::kVictoryPoints;
constexpr PenaltyUnit kImp = PenaltyUnit::kImps;

// The deduction for the `occurrence`th offence of the late-arrival band
// covering `minutes`.
Rational Late(const PenaltyScale& s, int minutes, int occurrence,
              PenaltyUnit unit) {
  const std::string key = *LateArrivalOffence(s, minutes);
  return *DeductionIn(*PenaltyFor(s, key, occurrence), unit);
}

Rational Cost(const PenaltyScale& s, const std::string& key, int occurrence,
              PenaltyUnit unit, int boards = 1) {
  return *DeductionIn(*PenaltyFor(s, key, occurrence), unit, boards);
}

PenaltyKind Kind(const PenaltyScale& s, const std::string& key,
                 int occurrence) {
  return PenaltyFor(s, key, occurrence)->kind;
}

TEST(AncPenaltiesTest, EveryScaleIsValid) {
  EXPECT_THAT(ValidatePenaltyScale(AncItcPenalties()), IsOk());
  EXPECT_THAT(ValidatePenaltyScale(AncButlerAndSwissPairsPenalties()), IsOk());
  EXPECT_THAT(ValidatePenaltyScale(AncIpcPenalties()), IsOk());
}

TEST(AncItcPenaltiesTest, LateArrivalTableCellForCell) {
  // ANC SR appendix, ITC:
  //   0-5 mins   warning for first offence, then 3 VPs (3 IMPs) for each
  //              subsequent offence
  //   5-10 mins  3 VPs (3 IMPs)     10-15 mins 6 VPs (6 IMPs)
  //   15-20 mins 9 VPs (9 IMPs)     20-30 mins 15 VPs (15 IMPs)
  const PenaltyScale& s = AncItcPenalties();
  EXPECT_EQ(Kind(s, *LateArrivalOffence(s, 3), 1), PenaltyKind::kWarning);
  EXPECT_EQ(Late(s, 3, 2, kVp), Rational(3));
  EXPECT_EQ(Late(s, 3, 2, kImp), Rational(3));
  EXPECT_EQ(Late(s, 3, 7, kVp), Rational(3));
  struct Cell {
    int minutes;
    int amount;
  };
  for (const Cell c : std::vector<Cell>{{6, 3},
                                        {10, 3},
                                        {11, 6},
                                        {15, 6},
                                        {16, 9},
                                        {20, 9},
                                        {21, 15},
                                        {30, 15}}) {
    SCOPED_TRACE(c.minutes);
    EXPECT_EQ(Late(s, c.minutes, 1, kVp), Rational(c.amount));
    EXPECT_EQ(Late(s, c.minutes, 1, kImp), Rational(c.amount));
  }
}

TEST(AncItcPenaltiesTest, SharedBandEdgesGoToTheLowerBand) {
  // "0-5" and "5-10" share 5: exactly 5 minutes is the 0-5 band (a warning
  // the first time), exactly 10 is 5-10, and so on.
  const PenaltyScale& s = AncItcPenalties();
  EXPECT_EQ(*LateArrivalOffence(s, 5), "late_0_5");
  EXPECT_EQ(*LateArrivalOffence(s, 10), "late_5_10");
  EXPECT_EQ(*LateArrivalOffence(s, 15), "late_10_15");
  EXPECT_EQ(*LateArrivalOffence(s, 20), "late_15_20");
  EXPECT_EQ(*LateArrivalOffence(s, 30), "late_20_30");
}

TEST(AncItcPenaltiesTest, OverThirtyMinutesIsTheDirectorsCall) {
  // "For late arrival in excess of 30 minutes, the CTD may assess a more
  // severe penalty including forfeiture of the match and/or disqualification"
  const PenaltyScale& s = AncItcPenalties();
  EXPECT_EQ(*LateArrivalOffence(s, 31), "late_over_30");
  EXPECT_THAT(DeductionIn(*PenaltyFor(s, "late_over_30", 1), kVp),
              StatusIs(absl::StatusCode::kFailedPrecondition));
}

TEST(AncItcPenaltiesTest, CancelledBoardsOneThenSubsequent) {
  // "One board 3 VPs (3 IMPs); Subsequent boards 6 VPs (6 IMPs)", per board:
  // 1 board 3; 2 boards 3 + 6 = 9; 3 boards 3 + 6 + 6 = 15.
  const PenaltyScale& s = AncItcPenalties();
  EXPECT_EQ(Cost(s, "boards_cancelled", 1, kVp, 1), Rational(3));
  EXPECT_EQ(Cost(s, "boards_cancelled", 1, kVp, 2), Rational(9));
  EXPECT_EQ(Cost(s, "boards_cancelled", 1, kImp, 3), Rational(15));
}

TEST(AncItcPenaltiesTest, EarlierLatenessSpendsTheWarning) {
  // A team 12 minutes late in one round (6 VPs) and 2 minutes late in a
  // later round of the same ITC: the second punctuality offence, 3 VPs, not
  // a warning.
  const std::vector<OffenceRecord> history = {
      {"late_10_15", absl::CivilDay(2025, 7, 7), "ITC"}};
  const OffencePenalty p =
      *PenaltyForOffence(AncItcPenalties(), history,
                         {"late_0_5", absl::CivilDay(2025, 7, 8), "ITC"});
  EXPECT_EQ(p.occurrence, 2);
  EXPECT_EQ(*DeductionIn(p.step, kVp), Rational(3));
}

TEST(AncItcPenaltiesTest, FailureToCheckScores) {
  // "First offence warning; Subsequent offences 3 VPs (ITC) ... per occasion"
  const PenaltyScale& s = AncItcPenalties();
  EXPECT_EQ(Kind(s, "scores_not_checked", 1), PenaltyKind::kWarning);
  EXPECT_EQ(Cost(s, "scores_not_checked", 2, kVp), Rational(3));
  EXPECT_EQ(Cost(s, "scores_not_checked", 5, kVp), Rational(3));
  // No IMP figure is printed: the director sets one for the final.
  EXPECT_THAT(DeductionIn(*PenaltyFor(s, "scores_not_checked", 2), kImp),
              StatusIs(absl::StatusCode::kNotFound));
}

TEST(AncItcPenaltiesTest, DisciplinaryPenaltiesOfFivePointThree) {
  // ANC SR 5.3 a) ITC Qualifying 9 VPs; b) ITC Teams Final 9 IMPs.
  const PenaltyScale& s = AncItcPenalties();
  EXPECT_EQ(Cost(s, "smoking", 1, kVp), Rational(9));  // 1.5
  EXPECT_EQ(Cost(s, "smoking", 1, kImp), Rational(9));
  EXPECT_EQ(Cost(s, "alcohol", 1, kVp), Rational(9));  // 1.9
  // 1.6: "applied after one warning per pair or team".
  EXPECT_EQ(Kind(s, "phone_not_off", 1), PenaltyKind::kWarning);
  EXPECT_EQ(Cost(s, "phone_not_off", 2, kVp), Rational(9));
  // 1.7: automatic penalty first; further breaches a more severe penalty.
  EXPECT_EQ(Cost(s, "device_used", 1, kImp), Rational(9));
  EXPECT_EQ(Kind(s, "device_used", 2), PenaltyKind::kDirectorsDiscretion);
  // 1.8 applies to the Finals only: IMPs.
  EXPECT_EQ(Cost(s, "device_not_lodged", 1, kImp), Rational(9));
  EXPECT_THAT(DeductionIn(*PenaltyFor(s, "device_not_lodged", 1), kVp),
              StatusIs(absl::StatusCode::kNotFound));
}

TEST(AncItcPenaltiesTest, LineUpPostingLadder) {
  // ANC SR 10.8: i) first offence, loss of seating rights; ii) second
  // offence, 3 VPs; iii) third and subsequent offences, 6 VPs.
  const PenaltyScale& s = AncItcPenalties();
  EXPECT_EQ(Kind(s, "lineup_posting", 1), PenaltyKind::kLossOfSeatingRights);
  EXPECT_EQ(Cost(s, "lineup_posting", 1, kVp), Rational(0));
  EXPECT_EQ(Cost(s, "lineup_posting", 2, kVp), Rational(3));
  EXPECT_EQ(Cost(s, "lineup_posting", 3, kVp), Rational(6));
  EXPECT_EQ(Cost(s, "lineup_posting", 4, kVp), Rational(6));
}

TEST(AncButlerAndSwissPairsPenaltiesTest, LateArrivalTableCellForCell) {
  // ANC SR appendix, ABPC and Swiss Pairs:
  //   0-5 mins   warning for first offence, then 1 VP (3 IMPs) for each
  //              subsequent offence
  //   5-10 mins  1 VP (3 IMPs)      10-15 mins 2 VPs (6 IMPs)
  //   15-20 mins 3 VPs (9 IMPs)     20-30 mins 5 VPs (15 IMPs)
  const PenaltyScale& s = AncButlerAndSwissPairsPenalties();
  EXPECT_EQ(Kind(s, *LateArrivalOffence(s, 0), 1), PenaltyKind::kWarning);
  EXPECT_EQ(Late(s, 4, 2, kVp), Rational(1));
  EXPECT_EQ(Late(s, 4, 2, kImp), Rational(3));
  struct Cell {
    int minutes;
    int vps;
    int imps;
  };
  for (const Cell c :
       std::vector<Cell>{{7, 1, 3}, {12, 2, 6}, {18, 3, 9}, {25, 5, 15}}) {
    SCOPED_TRACE(c.minutes);
    EXPECT_EQ(Late(s, c.minutes, 1, kVp), Rational(c.vps));
    EXPECT_EQ(Late(s, c.minutes, 1, kImp), Rational(c.imps));
  }
  EXPECT_EQ(*LateArrivalOffence(s, 45), "late_over_30");
}

TEST(AncButlerAndSwissPairsPenaltiesTest, CancelledBoardsAndScores) {
  // One board 1 VP (3 IMPs); Subsequent boards 2 VPs (6 IMPs):
  // two boards 1 + 2 = 3 VPs, 3 + 6 = 9 IMPs.
  const PenaltyScale& s = AncButlerAndSwissPairsPenalties();
  EXPECT_EQ(Cost(s, "boards_cancelled", 1, kVp, 1), Rational(1));
  EXPECT_EQ(Cost(s, "boards_cancelled", 1, kVp, 2), Rational(3));
  EXPECT_EQ(Cost(s, "boards_cancelled", 1, kImp, 2), Rational(9));
  // Failing to check scores: warning, then 1 VP (IPC, ABPC) per occasion.
  EXPECT_EQ(Kind(s, "scores_not_checked", 1), PenaltyKind::kWarning);
  EXPECT_EQ(Cost(s, "scores_not_checked", 3, kVp), Rational(1));
  // 5.3 c) IPC and ABPC 3 VPs.
  EXPECT_EQ(Cost(s, "smoking", 1, kVp), Rational(3));
  EXPECT_EQ(Cost(s, "phone_not_off", 2, kVp), Rational(3));
  // 1.8 is an ITC Finals rule.
  EXPECT_THAT(PenaltyFor(s, "device_not_lodged", 1),
              StatusIs(absl::StatusCode::kNotFound));
}

TEST(AncIpcPenaltiesTest, LatenessIsDiscretionaryAndOthersInVps) {
  // "In Matchpoint Pairs events, late arrival or slow play may be penalised
  // at the discretion of the CTD."
  const PenaltyScale& s = AncIpcPenalties();
  EXPECT_EQ(*LateArrivalOffence(s, 12), "late_or_slow");
  EXPECT_EQ(Kind(s, "late_or_slow", 1), PenaltyKind::kDirectorsDiscretion);
  EXPECT_EQ(Cost(s, "scores_not_checked", 2, kVp), Rational(1));
  EXPECT_EQ(Cost(s, "device_used", 1, kVp), Rational(3));
  // 1.9 (alcohol) covers the ITC and the ABPC finals, not the IPC.
  EXPECT_THAT(PenaltyFor(s, "alcohol", 1),
              StatusIs(absl::StatusCode::kNotFound));
}

}  // namespace
}  // namespace tally::core
