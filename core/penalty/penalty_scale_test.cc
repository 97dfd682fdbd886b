#include "core/penalty/penalty_scale.h"

#include "core/base/status_matchers.h"
#include "core/penalty/penalty_builders.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using namespace penalty_builders;  // NOLINT(build/namespaces)
using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

// A small scale written for these tests: a three-rung ladder, a per-board
// step with dearer further boards, and two late bands.
PenaltyScale TestScale() {
  PenaltyScale s;
  s.name = "test scale";
  s.counters.push_back(
      Counter("c", "c", Offender::kPair, CountingScope::kSameEvent, "test"));
  s.offences.push_back(
      Offence("ladder", "c", "ladder", "test",
              {Warning("w"), Deduct({Vps(1), Imps(3)}, "1 VP (3 IMPs)"),
               Deduct({Vps(2), Imps(6)}, "2 VPs (6 IMPs)")}));
  s.offences.push_back(Offence(
      "boards", "c", "boards", "test",
      {DeductPerBoard({Vps(3)}, {Vps(6)}, "one board 3, subsequent 6")}));
  s.offences.push_back(LateBand("early", "c", "0-4", "test", 0, 4,
                                {Deduct({PercentOfTop(10)}, "10%")}));
  s.offences.push_back(LateBand("later", "c", "5+", "test", 5, std::nullopt,
                                {Discretion("TD decides")}));
  return s;
}

TEST(PenaltyForTest, LadderRungsByOccurrenceAndTheLastRepeats) {
  const PenaltyScale s = TestScale();
  ASSERT_THAT(ValidatePenaltyScale(s), IsOk());
  EXPECT_EQ(PenaltyFor(s, "ladder", 1)->kind, PenaltyKind::kWarning);
  EXPECT_EQ(*DeductionIn(*PenaltyFor(s, "ladder", 2), PenaltyUnit::kImps),
            Rational(3));
  EXPECT_EQ(*DeductionIn(*PenaltyFor(s, "ladder", 3), PenaltyUnit::kImps),
            Rational(6));
  // "third and subsequent": the 9th offence costs what the 3rd does.
  EXPECT_EQ(
      *DeductionIn(*PenaltyFor(s, "ladder", 9), PenaltyUnit::kVictoryPoints),
      Rational(2));
}

TEST(PenaltyForTest, RejectsOccurrenceZeroAndUnknownOffence) {
  const PenaltyScale s = TestScale();
  EXPECT_THAT(PenaltyFor(s, "ladder", 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("first offence is occurrence 1")));
  EXPECT_THAT(PenaltyFor(s, "nope", 1),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("test scale has no offence 'nope'")));
}

TEST(DeductionInTest, WarningDeductsNothing) {
  EXPECT_EQ(*DeductionIn(Warning("w"), PenaltyUnit::kVictoryPoints),
            Rational(0));
  EXPECT_EQ(*DeductionIn(Other(PenaltyKind::kLossOfSeatingRights, "seats"),
                         PenaltyUnit::kVictoryPoints),
            Rational(0));
}

TEST(DeductionInTest, DiscretionAndForfeitHaveNoTableAmount) {
  EXPECT_THAT(
      DeductionIn(Discretion("TD decides"), PenaltyUnit::kImps),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("TD decides")));
  EXPECT_THAT(
      DeductionIn(Other(PenaltyKind::kForfeit, "forfeit"), PenaltyUnit::kImps),
      StatusIs(absl::StatusCode::kFailedPrecondition));
}

TEST(DeductionInTest, UnitNotPrintedIsNotFound) {
  EXPECT_THAT(DeductionIn(Deduct({Vps(3)}, "3 VPs"), PenaltyUnit::kImps),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("no IMPs")));
}

TEST(DeductionInTest, PerBoardWithDearerFurtherBoards) {
  const PenaltyStep step = *PenaltyFor(TestScale(), "boards", 1);
  // 1 board: 3. 2 boards: 3 + 6 = 9. 4 boards: 3 + 3 * 6 = 21.
  EXPECT_EQ(*DeductionIn(step, PenaltyUnit::kVictoryPoints, 1), Rational(3));
  EXPECT_EQ(*DeductionIn(step, PenaltyUnit::kVictoryPoints, 2), Rational(9));
  EXPECT_EQ(*DeductionIn(step, PenaltyUnit::kVictoryPoints, 4), Rational(21));
  EXPECT_THAT(DeductionIn(step, PenaltyUnit::kVictoryPoints, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(DeductionInTest, FlatStepIgnoresBoards) {
  EXPECT_EQ(*DeductionIn(Deduct({Vps(5)}, "5"), PenaltyUnit::kVictoryPoints, 7),
            Rational(5));
}

TEST(MatchpointsForPercentOfTopTest, ExactFractionOfTheTop) {
  // 25% of a top of 10 MP = 2.5 MP; 125% of a top of 12 = 15;
  // 10% of a top of 7 = 0.7.
  EXPECT_EQ(*MatchpointsForPercentOfTop(Rational(25), Rational(10)),
            Rational(5, 2));
  EXPECT_EQ(*MatchpointsForPercentOfTop(Rational(125), Rational(12)),
            Rational(15));
  EXPECT_EQ(*MatchpointsForPercentOfTop(Rational(10), Rational(7)),
            Rational(7, 10));
  EXPECT_THAT(MatchpointsForPercentOfTop(Rational(-1), Rational(10)),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(LateArrivalOffenceTest, PicksTheBandAndItsEdges) {
  const PenaltyScale s = TestScale();
  EXPECT_EQ(*LateArrivalOffence(s, 0), "early");
  EXPECT_EQ(*LateArrivalOffence(s, 4), "early");
  EXPECT_EQ(*LateArrivalOffence(s, 5), "later");
  EXPECT_EQ(*LateArrivalOffence(s, 500), "later");
  EXPECT_THAT(LateArrivalOffence(s, -1),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ValidatePenaltyScaleTest, RejectsUnknownCounter) {
  PenaltyScale s = TestScale();
  s.offences[0].counter = "missing";
  EXPECT_THAT(ValidatePenaltyScale(s),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown counter 'missing'")));
}

TEST(ValidatePenaltyScaleTest, RejectsDuplicateOffence) {
  PenaltyScale s = TestScale();
  s.offences.push_back(s.offences[0]);
  EXPECT_THAT(ValidatePenaltyScale(s),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'ladder' appears twice")));
}

TEST(ValidatePenaltyScaleTest, RejectsEmptyLadderAndEmptyDeduction) {
  PenaltyScale s = TestScale();
  s.offences[0].ladder.clear();
  EXPECT_THAT(ValidatePenaltyScale(s),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no penalty steps")));
  s = TestScale();
  s.offences[0].ladder[1].amounts.clear();
  EXPECT_THAT(ValidatePenaltyScale(s),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("deduction of nothing")));
}

TEST(ValidatePenaltyScaleTest, RejectsNonPositiveAndRepeatedUnits) {
  PenaltyScale s = TestScale();
  s.offences[0].ladder[1].amounts[0].value = Rational(0);
  EXPECT_THAT(
      ValidatePenaltyScale(s),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("not positive")));
  s = TestScale();
  s.offences[0].ladder[1].amounts.push_back(Vps(4));
  EXPECT_THAT(
      ValidatePenaltyScale(s),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("VPs twice")));
}

TEST(ValidatePenaltyScaleTest, RejectsOverlappingBands) {
  PenaltyScale s = TestScale();
  s.offences[2].minutes_late = MinutesLate{0, 5};  // "early" now meets "later"
  EXPECT_THAT(ValidatePenaltyScale(s),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'early' and 'later' overlap")));
}

TEST(ValidatePenaltyScaleTest, RejectsNonPositiveResetPeriod) {
  PenaltyScale s = TestScale();
  s.counters[0].reset = ResetRule{0, MonthEndRule::kClampToMonthEnd, "x"};
  EXPECT_THAT(
      ValidatePenaltyScale(s),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("reset period")));
}

}  // namespace
}  // namespace tally::core
