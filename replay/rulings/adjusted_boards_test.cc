// Tests of the per-side artificial adjusted score (Law 12C2 on each side's
// own terms, issue #18) in replay/rulings/adjusted_boards.h, with figures
// worked by hand on the 2-per-beat scale (top 2 * (n - 1)) and Neuberg's
// F = (M + 1) * E / A - 1 (Fouled-board guide, ranking play).

#include "replay/rulings/adjusted_boards.h"

#include <optional>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/testing/side_awards_for_test.h"

namespace tally::replay {
namespace {

using core::Rational;
using core::TableAward;
using ::testing::HasSubstr;

EnteredResult Result(int table, int ns_score) {
  EnteredResult r;
  r.slot.table = table;
  r.slot.ns_pair = table;
  r.slot.ew_pair = 10 + table;
  r.board = 1;
  r.ns_score = ns_score;
  return r;
}

// Four tables, top 6. Tables 1-3 (+420, +450, -50) are matchpointed among
// themselves and factored from 3 to 4: +420 has 2, (2+1)*4/3-1 = 3 (EW 3);
// +450 has 4, 5*4/3-1 = 17/3 (EW 1/3); -50 has 0, 4/3-1 = 1/3 (EW 17/3).
// Table 4: NS 60% of 6 = 18/5; EW on NS +630, which beats all three: 6,
// factored from 4 (the field and itself) to 4: 7*4/4-1 = 6, so EW 6-6 = 0.
TEST(AdjustedBoardsPerSideTest, SixtyPercentAgainstSixThirty) {
  const EnteredResult r1 = Result(1, 420), r2 = Result(2, 450),
                      r3 = Result(3, -50), r4 = Result(4, 400);
  const v1::AdjustedScore a = PerSide(SidePercent(60), SideScore(630));
  std::vector<AdjustedTable> tables = {
      {&r1, std::nullopt},
      {&r2, std::nullopt},
      {&r3, std::nullopt},
      {&r4, AdjustmentInForce{9, &a, v1::SIDE_UNSPECIFIED}}};
  EXPECT_TRUE(LeavesField(tables[3]));
  EXPECT_FALSE(IsArtificial(tables[3]));
  auto awards = AdjustedMatchpoints(tables, 1, 4);
  ASSERT_TRUE(awards.ok()) << awards.status();
  ASSERT_EQ(awards->size(), 4u);
  EXPECT_EQ((*awards)[0], (TableAward{Rational(3), Rational(3)}));
  EXPECT_EQ((*awards)[1], (TableAward{Rational(17, 3), Rational(1, 3)}));
  EXPECT_EQ((*awards)[2], (TableAward{Rational(1, 3), Rational(17, 3)}));
  EXPECT_EQ((*awards)[3], (TableAward{Rational(18, 5), Rational(0)}));
}

// Five tables expected, top 8; table 5 has an ordinary artificial score
// (left to the caller), so the field is tables 1-3, factored from 3 to 5:
// +420 (2) -> 3*5/3-1 = 4, EW 4. Table 4: NS on NS +430, which beats +420
// and -50: 4, factored from 4 to 5: 5*5/4-1 = 21/4; EW 40% of 8 = 16/5.
// Then the sides swapped: NS 70% = 28/5, EW on NS +430: 8 - 21/4 = 11/4.
TEST(AdjustedBoardsPerSideTest, ScoreSideIsFactoredToTheFullField) {
  const EnteredResult r1 = Result(1, 420), r2 = Result(2, 450),
                      r3 = Result(3, -50), r4 = Result(4, 0), r5 = Result(5, 0);
  v1::AdjustedScore average;
  average.mutable_artificial()->set_ns(v1::ARTIFICIAL_AWARD_AVERAGE);
  average.mutable_artificial()->set_ew(v1::ARTIFICIAL_AWARD_AVERAGE);
  const v1::AdjustedScore ns_score = PerSide(SideScore(430), SidePercent(40));
  const v1::AdjustedScore ew_score = PerSide(SidePercent(70), SideScore(430));
  for (const auto& [a, expected] :
       {std::pair{&ns_score, TableAward{Rational(21, 4), Rational(16, 5)}},
        std::pair{&ew_score, TableAward{Rational(28, 5), Rational(11, 4)}}}) {
    std::vector<AdjustedTable> tables = {
        {&r1, std::nullopt},
        {&r2, std::nullopt},
        {&r3, std::nullopt},
        {&r4, AdjustmentInForce{9, a, v1::SIDE_UNSPECIFIED}},
        {&r5, AdjustmentInForce{10, &average, v1::SIDE_UNSPECIFIED}}};
    auto awards = AdjustedMatchpoints(tables, 1, 5);
    ASSERT_TRUE(awards.ok()) << awards.status();
    EXPECT_EQ((*awards)[0], (TableAward{Rational(4), Rational(4)}));
    EXPECT_EQ((*awards)[3], expected);
    EXPECT_FALSE((*awards)[4].has_value());
  }
}

// Percentages other than 40/50/60, exactly: 62.5% and 0% of a top of 6
// (SABF TR 11: "0% on that board, their opponents getting 60%").
TEST(AdjustedBoardsPerSideTest, AnyPercentageOfTheTop) {
  const EnteredResult r1 = Result(1, 420), r2 = Result(2, 450);
  const v1::AdjustedScore a = PerSide(SidePercent(125, 2), SidePercent(0));
  std::vector<AdjustedTable> tables = {
      {&r1, std::nullopt},
      {&r2, AdjustmentInForce{9, &a, v1::SIDE_UNSPECIFIED}}};
  auto awards = AdjustedMatchpoints(tables, 1, 4);
  ASSERT_TRUE(awards.ok()) << awards.status();
  EXPECT_EQ((*awards)[1], (TableAward{Rational(15, 4), Rational(0)}));
  // Table 1 alone in the field: 0 raw, factored 1 -> 4: 1*4/1-1 = 3.
  EXPECT_EQ((*awards)[0], (TableAward{Rational(3), Rational(3)}));
}

// A per-side table gives no datum score, and Butler scoring refuses it
// (decide refuses it first, replay/decide/side_awards.h).
TEST(AdjustedBoardsPerSideTest, NoDatumAndNoButlerImps) {
  const EnteredResult r = Result(1, 420);
  const v1::AdjustedScore a = PerSide(SidePercent(60), SideScore(630));
  const AdjustedTable t{&r, AdjustmentInForce{9, &a, v1::SIDE_UNSPECIFIED}};
  auto datum = DatumScoreOf(t, 1);
  ASSERT_TRUE(datum.ok());
  EXPECT_FALSE(datum->has_value());
  EXPECT_THAT(AdjustedButlerImps(t, 1, 400, core::ArtificialImpsRule{}),
              tally::testing::StatusIs(absl::StatusCode::kInvalidArgument,
                                       HasSubstr("scored in matchpoints")));
}

}  // namespace
}  // namespace tally::replay
