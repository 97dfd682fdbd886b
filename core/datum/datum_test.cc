#include "core/datum/datum.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr ScoreRole U = ScoreRole::kUsed;
constexpr ScoreRole L = ScoreRole::kDroppedLow;
constexpr ScoreRole H = ScoreRole::kDroppedHigh;
constexpr ScoreRole T = ScoreRole::kNotInTopTables;
constexpr ScoreRole P = ScoreRole::kPendingAppeal;
constexpr ScoreRole D = ScoreRole::kAppealDecided;

DatumRule Rule(DatumMethod method) { return DatumRuleForMethod(method); }

absl::StatusOr<DatumResult> Compute(DatumMethod method,
                                    const std::vector<int>& scores,
                                    int match = 0) {
  return ComputeDatum(Rule(method), DatumInputFromScores(scores, match));
}

// `count` copies of `score`, then `rest`.
std::vector<int> Repeat(int count, int score, std::vector<int> rest = {}) {
  std::vector<int> out(count, score);
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

// ---------------------------------------------------------------------------
// ANC SR 16.11-16.13

// 14 tables: fewer than 15, so ANC SR 16.11, the (n-2) middle scores.
TEST(DatumTest, AncSr16_11DropsOneAtEachEndBelowFifteenTables) {
  const std::vector<int> scores = {620, 620, 650, 600,  170,  -100, 620,
                                   650, 140, 620, 1430, -200, 620,  600};
  // Sorted: -200 | -100 140 170 600 600 620 620 620 620 620 650 650 | 1430.
  // Middle 12: -100+140+170 = 210; +600+600 = 1410; +5*620 = 4510;
  // +650+650 = 5810. 5810/12 = 484.17 -> 480.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr16_11To16_13, scores);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->mean, Rational(5810, 12));
  EXPECT_EQ(r->datum, 480);
  EXPECT_EQ(r->considered, 14);
  EXPECT_EQ(r->dropped_each_end, 1);
  EXPECT_THAT(r->roles, ElementsAre(U, U, U, U, U, U, U, U, U, U, H, L, U, U));
  EXPECT_THAT(r->basis, HasSubstr("ANC SR 16.11"));
  EXPECT_FALSE(r->provisional);
}

// 15 tables: ANC SR 16.12, the (n-4) middle scores.
TEST(DatumTest, AncSr16_12DropsTwoAtEachEndFromFifteenTables) {
  const std::vector<int> scores = {620, 620, 650,  600,  170, -100, 620, 650,
                                   140, 620, 1430, -200, 620, 600,  420};
  // Sorted: -200 -100 | 140 170 420 600 600 620x5 650 | 650 1430.
  // Middle 11: 140+170+420 = 730; +1200 = 1930; +3100 = 5030; +650 = 5680.
  // 5680/11 = 516.36 -> 520. Of the two 650s (indices 2 and 7) at the
  // boundary, the later is marked dropped.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr16_11To16_13, scores);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->mean, Rational(5680, 11));
  EXPECT_EQ(r->datum, 520);
  EXPECT_EQ(r->dropped_each_end, 2);
  EXPECT_THAT(r->roles,
              ElementsAre(U, U, U, U, U, L, U, H, U, U, H, L, U, U, U));
  EXPECT_THAT(r->basis, HasSubstr("ANC SR 16.12"));
}

// 24 tables is still ANC SR 16.12; the mean lands on exactly 145.
TEST(DatumTest, AncSr16_12AtTwentyFourTablesRoundsExactFiveAwayFromZero) {
  // 21 x 100 and 3 x 1000; two dropped at each end leaves 19 x 100 and one
  // 1000: (1900 + 1000) / 20 = 145 exactly -> 150.
  absl::StatusOr<DatumResult> r = Compute(DatumMethod::kAncSr16_11To16_13,
                                          Repeat(21, 100, {1000, 1000, 1000}));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 2);
  EXPECT_EQ(r->mean, Rational(145));
  EXPECT_EQ(r->datum, 150);
  EXPECT_THAT(r->basis, HasSubstr("ANC SR 16.12"));
}

// 25 tables: ANC SR 16.13, 10% of 25 = 2.5, read half up (as 22.4 rounds
// x/10) to 3 at each end.
TEST(DatumTest, AncSr16_13DropsTenPercentAboveTwentyFourTables) {
  // 22 x 100 and 3 x 1000: three dropped at each end leaves 19 x 100 -> 100.
  const std::vector<int> scores = Repeat(22, 100, {1000, 1000, 1000});
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr16_11To16_13, scores);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 3);
  EXPECT_EQ(r->mean, Rational(100));
  EXPECT_EQ(r->datum, 100);
  EXPECT_THAT(r->basis, HasSubstr("ANC SR 16.13"));

  // The "rounded down" reading drops 2: 20 x 100 + 1000 = 3000 over 21
  // = 142.86 -> 140.
  DatumRule down = Rule(DatumMethod::kAncSr16_11To16_13);
  down.ten_percent_rounding = TrimCountRounding::kDown;
  r = ComputeDatum(down, DatumInputFromScores(scores));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 2);
  EXPECT_EQ(r->mean, Rational(3000, 21));
  EXPECT_EQ(r->datum, 140);
}

TEST(DatumTest, AncSr16_13TenPercentCountFollowsTheSetting) {
  struct Case {
    int tables, down, half_up, up;
  };
  // 10% of 25 = 2.5, 30 = 3, 34 = 3.4, 35 = 3.5.
  for (const Case& c : {Case{25, 2, 3, 3}, Case{30, 3, 3, 3}, Case{34, 3, 3, 4},
                        Case{35, 3, 4, 4}}) {
    for (auto [rounding, want] :
         {std::pair{TrimCountRounding::kDown, c.down},
          std::pair{TrimCountRounding::kHalfUp, c.half_up},
          std::pair{TrimCountRounding::kUp, c.up}}) {
      DatumRule rule = Rule(DatumMethod::kAncSr16_11To16_13);
      rule.ten_percent_rounding = rounding;
      absl::StatusOr<DatumResult> r =
          ComputeDatum(rule, DatumInputFromScores(Repeat(c.tables, 0)));
      ASSERT_THAT(r, IsOk());
      EXPECT_EQ(r->dropped_each_end, want)
          << c.tables << " tables, " << TrimCountRoundingId(rounding);
    }
  }
}

TEST(DatumTest, AncSr16_11To16_13TierEdges) {
  // 14 -> 16.11 (1), 15 -> 16.12 (2), 24 -> 16.12 (2), 25 -> 16.13 (3).
  for (auto [tables, want] :
       {std::pair{3, 1}, std::pair{14, 1}, std::pair{15, 2}, std::pair{24, 2},
        std::pair{25, 3}}) {
    absl::StatusOr<DatumResult> r =
        Compute(DatumMethod::kAncSr16_11To16_13, Repeat(tables, 0));
    ASSERT_THAT(r, IsOk());
    EXPECT_EQ(r->dropped_each_end, want) << tables << " tables";
  }
}

// The tier counts tables in play: a board with 14 scores in a 15-table
// field (one table had an artificial score) is under ANC SR 16.12.
TEST(DatumTest, TierFollowsTablesInPlayNotScoresGiven) {
  DatumInput input = DatumInputFromScores(Repeat(14, 0));
  input.tables_in_play = 15;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kAncSr16_11To16_13), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 2);
  EXPECT_THAT(r->basis, HasSubstr("ANC SR 16.12"));
}

TEST(DatumTest, TiesAtTheTrimBoundaryDoNotChangeTheMean) {
  // ANC SR 16.11: 400 400 420 450 450; one 400 and one 450 go:
  // (400 + 420 + 450) / 3 = 423.33 -> 420. The earlier 400 is marked low,
  // the later 450 high.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr16_11To16_13, {450, 400, 420, 400, 450});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->mean, Rational(1270, 3));
  EXPECT_EQ(r->datum, 420);
  EXPECT_THAT(r->roles, ElementsAre(U, L, U, U, H));
}

// ---------------------------------------------------------------------------
// Rounding to the nearest 10 and the tie at exactly 5.

TEST(DatumTest, ExactFiveRoundsAsConfigured) {
  // ANC SR 16.11: 100 | 420 430 | 2000 -> (420 + 430) / 2 = 425 exactly;
  // negated, -425.
  struct Case {
    HalfRounding half;
    int64_t pos, neg;
  };
  for (const Case& c : {Case{HalfRounding::kAwayFromZero, 430, -430},
                        Case{HalfRounding::kTowardZero, 420, -420},
                        Case{HalfRounding::kUp, 430, -420},
                        Case{HalfRounding::kDown, 420, -430},
                        Case{HalfRounding::kEven, 420, -420}}) {
    DatumRule rule = Rule(DatumMethod::kAncSr16_11To16_13);
    rule.half = c.half;
    absl::StatusOr<DatumResult> pos =
        ComputeDatum(rule, DatumInputFromScores({100, 420, 430, 2000}));
    absl::StatusOr<DatumResult> neg =
        ComputeDatum(rule, DatumInputFromScores({-100, -420, -430, -2000}));
    ASSERT_THAT(pos, IsOk());
    ASSERT_THAT(neg, IsOk());
    EXPECT_EQ(pos->mean, Rational(425));
    EXPECT_EQ(pos->datum, c.pos);
    EXPECT_EQ(neg->datum, c.neg);
  }
}

TEST(DatumTest, DefaultRoundingIsSymmetricBetweenNsAndEw) {
  EXPECT_EQ(Rule(DatumMethod::kSabfTr12_1).half, HalfRounding::kAwayFromZero);
  EXPECT_EQ(Rule(DatumMethod::kSabfTr12_1).rounding_step, 10);
}

TEST(DatumTest, RoundingStepIsASetting) {
  // 3 scores under SABF TR 12.1 (fewer than 6 tables, all used):
  // (100 + 200 + 260) / 3 = 186.67 -> 190 to the 10, 200 to the 50.
  DatumRule rule = Rule(DatumMethod::kSabfTr12_1);
  rule.rounding_step = 50;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(rule, DatumInputFromScores({100, 200, 260}));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 200);
  rule.rounding_step = 0;
  EXPECT_THAT(
      ComputeDatum(rule, DatumInputFromScores({100})),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rounding step")));
}

// ---------------------------------------------------------------------------
// ANC SR 16.4

TEST(DatumTest, AncSr16_4UsesTheNMinusSixMiddleScores) {
  const std::vector<int> scores = {-1100, 620, 170, -100, 420,
                                   1430,  450, 140, 650,  420};
  // Sorted: -1100 -100 140 | 170 420 420 450 | 620 650 1430.
  // (170 + 420 + 420 + 450) / 4 = 1460 / 4 = 365 exactly -> 370.
  absl::StatusOr<DatumResult> r = Compute(DatumMethod::kAncSr16_4, scores);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 3);
  EXPECT_EQ(r->mean, Rational(365));
  EXPECT_EQ(r->datum, 370);
  EXPECT_THAT(r->roles, ElementsAre(L, H, U, L, U, H, U, L, H, U));
}

TEST(DatumTest, AncSr16_4NeedsSevenScores) {
  // Seven scores leave one: the middle score 420 is the datum.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr16_4, {1, 2, 3, 420, 500, 600, 700});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 420);
  EXPECT_THAT(
      Compute(DatumMethod::kAncSr16_4, {1, 2, 3, 4, 5, 6}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 16.4")));
}

// ---------------------------------------------------------------------------
// SABF TR 12.1

TEST(DatumTest, SabfTr12_1UsesAllScoresBelowSixTables) {
  // (-50 + 420 + 450 + 450 + 1440) / 5 = 2710 / 5 = 542 -> 540.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kSabfTr12_1, {-50, 420, 450, 450, 1440});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 0);
  EXPECT_EQ(r->mean, Rational(2710, 5));
  EXPECT_EQ(r->datum, 540);
  EXPECT_THAT(r->basis, HasSubstr("fewer than 6 tables"));
}

TEST(DatumTest, SabfTr12_1DropsSixthsFromSixTables) {
  // 16.67% of 6 = 1.0002, rounded down 1. -500 | -50 420 450 450 | 1440:
  // (-50 + 420 + 450 + 450) / 4 = 1270 / 4 = 317.5 -> 320.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kSabfTr12_1, {-50, 420, 450, 450, 1440, -500});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 1);
  EXPECT_EQ(r->mean, Rational(1270, 4));
  EXPECT_EQ(r->datum, 320);
  EXPECT_THAT(r->roles, ElementsAre(U, U, U, U, H, L));
}

TEST(DatumTest, SabfTr12_1CountIsSixteenPointSixSevenPercentRoundedDown) {
  // 16.67% of: 5 (under 6 tables: 0), 6 = 1.0002, 11 = 1.8337, 12 = 2.0004,
  // 17 = 2.8339, 18 = 3.0006, 23 = 3.8341, 24 = 4.0008.
  for (auto [tables, want] :
       {std::pair{5, 0}, std::pair{6, 1}, std::pair{11, 1}, std::pair{12, 2},
        std::pair{17, 2}, std::pair{18, 3}, std::pair{23, 3},
        std::pair{24, 4}}) {
    absl::StatusOr<DatumResult> r =
        Compute(DatumMethod::kSabfTr12_1, Repeat(tables, 0));
    ASSERT_THAT(r, IsOk());
    EXPECT_EQ(r->dropped_each_end, want) << tables << " tables";
  }
}

// ---------------------------------------------------------------------------
// SABF TR 12.2

// Tables 1-14 of a Swiss round; 13 and 14 are outside the top twelve.
const std::vector<int> kSwissFourteen = {650, 620, 620, 1430, 170, 620,   -100,
                                         650, 620, 600, 140,  620, -1400, 2000};

TEST(DatumTest, SabfTr12_2FirstTwoRoundsAreAs12_1) {
  // Round 2, all 14 scores; 16.67% of 14 = 2.33 -> 2 at each end.
  // Sorted: -1400 -100 | 140 170 600 620x5 650 650 | 1430 2000.
  // 140 + 170 + 600 = 910; + 3100 = 4010; + 1300 = 5310. 5310/10 = 531
  // -> 530.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kSabfTr12_2, kSwissFourteen, 2);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 14);
  EXPECT_EQ(r->dropped_each_end, 2);
  EXPECT_EQ(r->mean, Rational(531));
  EXPECT_EQ(r->datum, 530);
  EXPECT_THAT(r->basis, HasSubstr("SABF TR 12.2: rounds 1-2 as 12.1"));
}

TEST(DatumTest, SabfTr12_2LaterRoundsTakeTheTopTwelveTablesLessTwoEachEnd) {
  // Round 3, tables 1-12. Sorted: -100 140 | 170 600 620x5 650 | 650 1430.
  // 170 + 600 = 770; + 3100 = 3870; + 650 = 4520. 4520/8 = 565 exactly
  // -> 570. Table 1's 650 is used, table 8's dropped.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kSabfTr12_2, kSwissFourteen, 3);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 12);
  EXPECT_EQ(r->dropped_each_end, 2);
  EXPECT_EQ(r->mean, Rational(565));
  EXPECT_EQ(r->datum, 570);
  EXPECT_THAT(r->roles, ElementsAre(U, U, U, H, U, U, L, H, U, U, L, U, T, T));
  EXPECT_THAT(r->basis, HasSubstr("top twelve tables"));
}

TEST(DatumTest, SabfTr12_2TopTablesAreByTableNumberNotInputOrder) {
  DatumInput input = DatumInputFromScores(kSwissFourteen, 3);
  std::reverse(input.scores.begin(), input.scores.end());
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kSabfTr12_2), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 570);
  EXPECT_EQ(r->roles[0], T);  // table 14
  EXPECT_EQ(r->roles[1], T);  // table 13
}

TEST(DatumTest, SabfTr12_2ShortFieldAfterRoundTwo) {
  // 8 tables in round 3. Default: trimmed as 12.1, 16.67% of 8 = 1.33 -> 1.
  // Setting off: two at each end, as the clause reads.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kSabfTr12_2, Repeat(8, 0), 3);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 1);
  DatumRule literal = Rule(DatumMethod::kSabfTr12_2);
  literal.sabf_short_field_as_12_1 = false;
  r = ComputeDatum(literal, DatumInputFromScores(Repeat(8, 0), 3));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 2);
  // Twelve tables: both readings drop two (16.67% of 12 = 2.0004).
  r = Compute(DatumMethod::kSabfTr12_2, Repeat(12, 0), 3);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 2);
}

TEST(DatumTest, SabfTr12_2NeedsTheRound) {
  EXPECT_THAT(
      Compute(DatumMethod::kSabfTr12_2, kSwissFourteen),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("SABF TR 12.2")));
}

// ---------------------------------------------------------------------------
// ANC SR 22.3-22.4

TEST(DatumTest, AncSr22_3DropsTwoAtEachEndBelowTwentyFourTables) {
  // 23 tables, any match: 21 x 100 and 2 x 1000; two dropped at each end
  // leaves 19 x 100 -> 100. The match number is not needed.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr22_3To22_4, Repeat(21, 100, {1000, 1000}));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 2);
  EXPECT_EQ(r->datum, 100);
  EXPECT_THAT(r->basis, HasSubstr("ANC SR 22.3"));
}

TEST(DatumTest, AncSr22_4XOverTenRoundsHalfUp) {
  // Match 1, all tables: x/10 of 24 = 2.4 -> 2, 25 = 2.5 -> 3,
  // 34 = 3.4 -> 3, 35 = 3.5 -> 4.
  for (auto [tables, want] : {std::pair{24, 2}, std::pair{25, 3},
                              std::pair{34, 3}, std::pair{35, 4}}) {
    absl::StatusOr<DatumResult> r =
        Compute(DatumMethod::kAncSr22_3To22_4, Repeat(tables, 0), 1);
    ASSERT_THAT(r, IsOk());
    EXPECT_EQ(r->dropped_each_end, want) << tables << " tables";
    EXPECT_THAT(r->basis, HasSubstr("22.4(a)"));
  }
}

// Tables 1-13 of a 25-table WSP, then 12 tables all at -1000.
std::vector<int> Wsp25() {
  std::vector<int> scores = {420, 450, 420, -50, 420, 450, 980,
                             420, 450, 420, 420, 450, 400};
  scores.insert(scores.end(), 12, -1000);
  return scores;
}

TEST(DatumTest, AncSr22_4aMatchesOneAndTwoConsiderAllTables) {
  // x = 25, 2.5 -> 3 at each end. Sorted: -1000 x12, -50, 400, 420 x6,
  // 450 x4, 980. Dropped: three -1000s; 980, 450, 450. Used: 9 x -1000,
  // -50, 400, 6 x 420, 2 x 450 = -9000 - 50 + 400 + 2520 + 900 = -5230.
  // -5230 / 19 = -275.26 -> -280.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr22_3To22_4, Wsp25(), 2);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 25);
  EXPECT_EQ(r->dropped_each_end, 3);
  EXPECT_EQ(r->mean, Rational(-5230, 19));
  EXPECT_EQ(r->datum, -280);
}

TEST(DatumTest, AncSr22_4bMatchesThreeAndFourConsiderTheTopHalfRoundedUp) {
  // n/2 of 25 = 12.5 -> top 13 tables; x = 13, 1.3 -> 1 at each end.
  // Tables 1-13 sorted: -50 | 400 420x6 450x4 | 980.
  // 400 + 2520 + 1800 = 4720; 4720 / 11 = 429.09 -> 430.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr22_3To22_4, Wsp25(), 3);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 13);
  EXPECT_EQ(r->dropped_each_end, 1);
  EXPECT_EQ(r->mean, Rational(4720, 11));
  EXPECT_EQ(r->datum, 430);
  EXPECT_EQ(r->roles[12], U);  // table 13 is in the top 13
  EXPECT_EQ(r->roles[13], T);
  EXPECT_THAT(r->basis, HasSubstr("22.4(b)"));

  // 24 tables: n/2 = 12, so table 13 is out.
  std::vector<int> scores = Wsp25();
  scores.pop_back();
  r = Compute(DatumMethod::kAncSr22_3To22_4, scores, 4);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 12);
  EXPECT_EQ(r->roles[12], T);
}

TEST(DatumTest, AncSr22_4cLaterMatchesConsiderTheTopTwelve) {
  // Tables 1-12 sorted: -50 | 420x6 450x4 | 980; x = 12, 1.2 -> 1.
  // 2520 + 1800 = 4320; 4320 / 10 = 432 -> 430.
  for (int match : {5, 8}) {
    absl::StatusOr<DatumResult> r =
        Compute(DatumMethod::kAncSr22_3To22_4, Wsp25(), match);
    ASSERT_THAT(r, IsOk());
    EXPECT_EQ(r->considered, 12);
    EXPECT_EQ(r->dropped_each_end, 1);
    EXPECT_EQ(r->mean, Rational(432));
    EXPECT_EQ(r->datum, 430);
    EXPECT_THAT(r->basis, HasSubstr("22.4(c)"));
  }
}

TEST(DatumTest, AncSr22_4NeedsTheMatchAndTableNumbers) {
  EXPECT_THAT(
      Compute(DatumMethod::kAncSr22_3To22_4, Wsp25()),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 22.4")));
  DatumInput input = DatumInputFromScores(Wsp25(), 3);
  input.scores[4].table = 0;
  EXPECT_THAT(
      ComputeDatum(Rule(DatumMethod::kAncSr22_3To22_4), input),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("table number")));
  input.scores[4].table = 1;
  EXPECT_THAT(ComputeDatum(Rule(DatumMethod::kAncSr22_3To22_4), input),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("table 1 has two scores")));
}

// ---------------------------------------------------------------------------
// Fouled boards: ANC SR 7.2(a), SABF TR 12.3

TEST(DatumTest, AncSr7_2aFouledBoardDatum) {
  // 3-7 results: two extremes go; more than 7: four.
  for (auto [results, want] :
       {std::pair{3, 1}, std::pair{7, 1}, std::pair{8, 2}}) {
    absl::StatusOr<DatumResult> r =
        Compute(DatumMethod::kAncSr7_2a, Repeat(results, 0));
    ASSERT_THAT(r, IsOk());
    EXPECT_EQ(r->dropped_each_end, want) << results << " results";
  }
  // -200 | 140 170 | 620: (140 + 170) / 2 = 155 exactly -> 160.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kAncSr7_2a, {620, 140, -200, 170});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 160);
  EXPECT_THAT(
      Compute(DatumMethod::kAncSr7_2a, {620, 140}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("7.2(b)")));
}

TEST(DatumTest, SabfTr12_3FouledBoardDatum) {
  // -200 | 140 | 620 -> 140.
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kSabfTr12_3, {620, 140, -200});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 1);
  EXPECT_EQ(r->datum, 140);
  r = Compute(DatumMethod::kSabfTr12_3, Repeat(20, 0));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 1);
  EXPECT_THAT(
      Compute(DatumMethod::kSabfTr12_3, {620, 140}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("SABF TR 12.3")));
}

// ---------------------------------------------------------------------------
// Club Butler: the highest and the lowest score dropped at any size

TEST(DatumTest, ClubTopAndBottomFollowsThePublishedClubExample) {
  // The NBB's club Butler example (ilovebridge.nl, "Butler-regels
  // uitgelegd"): NS scores 450, 420, -800, -50, 420, 420. The best (450) and
  // the worst (-800) go; 420 - 50 + 420 + 420 = 1210, / 4 = 302.5, to the
  // closest 10: 300.
  absl::StatusOr<DatumResult> r = Compute(DatumMethod::kClubTopAndBottom,
                                          {450, 420, -800, -50, 420, 420});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->mean, Rational(605, 2));
  EXPECT_EQ(r->datum, 300);
  EXPECT_EQ(r->dropped_each_end, 1);
  EXPECT_THAT(r->roles, ElementsAre(H, U, L, U, U, U));
  EXPECT_THAT(r->basis, HasSubstr("club Butler"));
}

TEST(DatumTest, ClubTopAndBottomDropsOneEachEndAtAnySize) {
  // ANC SR 16.12 would drop two at each end from 15 tables; the club rule
  // still drops one: 16 scores of 100 and one each of 2000 and -2000 keep
  // the sixteen 100s (mean 100).
  absl::StatusOr<DatumResult> r =
      Compute(DatumMethod::kClubTopAndBottom, Repeat(16, 100, {2000, -2000}));
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->dropped_each_end, 1);
  EXPECT_EQ(r->datum, 100);
  // Three scores: the middle one is the datum. Two: nothing left.
  r = Compute(DatumMethod::kClubTopAndBottom, {620, 170, -100});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 170);
  EXPECT_THAT(Compute(DatumMethod::kClubTopAndBottom, {620, 170}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("at least 3 scores")));
}

// ---------------------------------------------------------------------------
// Pending appeals: NSW TR 13.2, 13.3

TEST(DatumTest, NswTr13_2PendingScoreCountsProvisionallyWhenAllScoresUsed) {
  // The 14-table ANC SR 16.11 board above with table 3 (650) pending: the
  // datum takes all scores, so 650 counts as it stands: 480, provisional.
  DatumInput input =
      DatumInputFromScores({620, 620, 650, 600, 170, -100, 620, 650, 140, 620,
                            1430, -200, 620, 600});
  input.scores[2].pending_appeal = true;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kAncSr16_11To16_13), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 480);
  EXPECT_EQ(r->roles[2], U);
  EXPECT_TRUE(r->provisional);
}

TEST(DatumTest, NswTr13_3PendingScoreLeftOutWhenTopTablesSelected) {
  // SABF TR 12.2 round 3, table 2 (620) pending: left out of the top twelve.
  // Tables 1, 3-12 sorted: -100 140 | 170 600 620x4 650 | 650 1430.
  // 170 + 600 + 2480 + 650 = 3900; 3900 / 7 = 557.14 -> 560.
  DatumInput input = DatumInputFromScores(kSwissFourteen, 3);
  input.scores[1].pending_appeal = true;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kSabfTr12_2), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 11);
  EXPECT_EQ(r->mean, Rational(3900, 7));
  EXPECT_EQ(r->datum, 560);
  EXPECT_EQ(r->roles[1], P);
  EXPECT_FALSE(r->provisional);
  EXPECT_TRUE(r->substitute_tables.empty());
}

TEST(DatumTest, NswTr13_3DirectorMayIncludeAnEquivalentNumberOfScores) {
  // As above, but the Director brings in table 13 (-1400) for table 2.
  // Sorted: -1400 -100 | 140 170 600 620x4 650 | 650 1430.
  // 140 + 170 + 600 + 2480 + 650 = 4040; 4040 / 8 = 505 exactly -> 510.
  DatumInput input = DatumInputFromScores(kSwissFourteen, 3);
  input.scores[1].pending_appeal = true;
  input.director_substitutes_pending = true;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kSabfTr12_2), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 12);
  EXPECT_EQ(r->mean, Rational(505));
  EXPECT_EQ(r->datum, 510);
  EXPECT_THAT(r->substitute_tables, ElementsAre(13));
  EXPECT_EQ(r->roles[12], L);  // table 13, brought in and trimmed low
  EXPECT_EQ(r->roles[13], T);
}

TEST(DatumTest, NswTr13_3DecidedScoreStaysOutSoTheDatumStands) {
  // The SABF TR 12.2 round-3 board with table 2's appeal decided: the
  // committee changed 620 to -200. 13.3: "the only alteration in result
  // will be in that match which involved the appeal", so the datum is the
  // one taken while it was pending (560, worked above), whatever the new
  // score; table 2 is IMPed against 560 in its own match.
  DatumInput input = DatumInputFromScores(kSwissFourteen, 3);
  input.scores[1].ns_score = -200;
  input.scores[1].appeal_decided = true;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kSabfTr12_2), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->considered, 11);
  EXPECT_EQ(r->mean, Rational(3900, 7));
  EXPECT_EQ(r->datum, 560);
  EXPECT_EQ(r->roles[1], D);
  EXPECT_FALSE(r->provisional);
  EXPECT_THAT(ScoreRoleText(r->roles[1]), HasSubstr("NSW TR 13.3"));
}

TEST(DatumTest, NswTr13_3DecidedScoreKeepsTheDirectorsSubstitute) {
  // As the substitute case above (505 -> 510 with table 13 brought in for
  // table 2), the appeal now decided: the same datum, table 13 still in.
  DatumInput input = DatumInputFromScores(kSwissFourteen, 3);
  input.scores[1].ns_score = 1430;
  input.scores[1].appeal_decided = true;
  input.director_substitutes_pending = true;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kSabfTr12_2), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->mean, Rational(505));
  EXPECT_EQ(r->datum, 510);
  EXPECT_THAT(r->substitute_tables, ElementsAre(13));
  EXPECT_EQ(r->roles[1], D);
}

TEST(DatumTest, NswTr13_2DecidedScoreCountsAndTheDatumMoves) {
  // 13.2: "the datums and results for that session will be altered
  // accordingly". The 14-table ANC SR 16.11 board (480 while table 3's 650
  // was pending) with the appeal decided, 650 -> 420: one dropped at each
  // end. Sorted: -200 | -100 140 170 420 600 600 620x5 650 | 1430.
  // -100 + 140 + 170 + 420 + 1200 + 3100 + 650 = 5580; 5580 / 12 = 465,
  // halfway: away from zero -> 470.
  DatumInput input =
      DatumInputFromScores({620, 620, 420, 600, 170, -100, 620, 650, 140, 620,
                            1430, -200, 620, 600});
  input.scores[2].appeal_decided = true;
  absl::StatusOr<DatumResult> r =
      ComputeDatum(Rule(DatumMethod::kAncSr16_11To16_13), input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->mean, Rational(465));
  EXPECT_EQ(r->datum, 470);
  EXPECT_EQ(r->roles[2], U);
  EXPECT_FALSE(r->provisional);
}

TEST(DatumTest, PendingAppealPolicyOverridesNswTr13) {
  // kExclude on an all-scores rule: SABF TR 12.1, 5 tables,
  // -50 420 450 450 [1440 pending] -> (-50 + 420 + 450 + 450) / 4 = 317.5
  // -> 320.
  DatumRule rule = Rule(DatumMethod::kSabfTr12_1);
  rule.pending_appeals = PendingAppealPolicy::kExclude;
  DatumInput input = DatumInputFromScores({-50, 420, 450, 450, 1440});
  input.scores[4].pending_appeal = true;
  absl::StatusOr<DatumResult> r = ComputeDatum(rule, input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 320);
  EXPECT_EQ(r->roles[4], P);

  // kInclude on a top-tables rule: the SABF TR 12.2 round-3 board with
  // table 2 pending is the unflagged 570, provisional.
  rule = Rule(DatumMethod::kSabfTr12_2);
  rule.pending_appeals = PendingAppealPolicy::kInclude;
  input = DatumInputFromScores(kSwissFourteen, 3);
  input.scores[1].pending_appeal = true;
  r = ComputeDatum(rule, input);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->datum, 570);
  EXPECT_TRUE(r->provisional);
}

TEST(DatumTest, EveryScorePendingAndLeftOutIsAnError) {
  DatumRule rule = Rule(DatumMethod::kSabfTr12_1);
  rule.pending_appeals = PendingAppealPolicy::kExclude;
  DatumInput input = DatumInputFromScores({420});
  input.scores[0].pending_appeal = true;
  EXPECT_THAT(ComputeDatum(rule, input),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("pending appeal")));
}

// ---------------------------------------------------------------------------
// Input checks

TEST(DatumTest, RejectsMalformedInput) {
  EXPECT_THAT(
      Compute(DatumMethod::kSabfTr12_1, {}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("no scores")));
  EXPECT_THAT(
      Compute(DatumMethod::kAncSr16_11To16_13, {420, 450}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 16.11")));
  DatumInput input = DatumInputFromScores({420, 450, 480});
  input.tables_in_play = 2;
  EXPECT_THAT(ComputeDatum(Rule(DatumMethod::kSabfTr12_1), input),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("tables in play")));
}

}  // namespace
}  // namespace tally::core
