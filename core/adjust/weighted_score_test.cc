#include "core/adjust/weighted_score.h"

#include <vector>

#include "absl/status/status.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

Rational R(const char* text) { return Rational::Parse(text).value(); }

// NZ LIRG, Law 12C1(c) example: "30% of +1430 (6S =) Plus 40% of +680 (4S
// +2) Plus 20% of +650 (4S +1) Plus 10% of -100 (6S -1)".
std::vector<WeightedOutcome> NzOutcomes() {
  return {{1430, R("0.3")}, {680, R("0.4")}, {650, R("0.2")}, {-100, R("0.1")}};
}

// The other 11 of the example's 12 tables. The NZ LIRG prints only the
// frequencies (2.3, 5.4, 2.2, 2.1) including the weighted table's fractions,
// so the other tables are 2 x +1430, 5 x +680, 2 x +650 and 2 x -100.
std::vector<int> NzOtherTables() {
  return {1430, 1430, 680, 680, 680, 680, 680, 650, 650, -100, -100};
}

TEST(WeightedMatchpointsTest, ReproducesTheNzFrequencyTable) {
  // NZ LIRG: "Frequency Score Match-points / 2.3 +1430 20.7 / 5.4 +680 13.0
  // / 2.2 +650 5.4 / 2.1 -100 1.1" and "(0.3 x 20.7) + (0.4 x 13.0) +
  // (0.2 x 5.4) + (0.1 x 1.1) = +12.6".
  absl::StatusOr<WeightedPairsScore> score = WeightedMatchpointsByFrequency(
      NzOtherTables(), NzOutcomes(), HalfRounding::kAwayFromZero);
  ASSERT_THAT(score, IsOk());
  EXPECT_EQ(score->top, 22);
  EXPECT_THAT(score->frequency_table,
              ElementsAre(WeightedFrequencyRow{1430, R("2.3"), R("20.7")},
                          WeightedFrequencyRow{680, R("5.4"), R("13.0")},
                          WeightedFrequencyRow{650, R("2.2"), R("5.4")},
                          WeightedFrequencyRow{-100, R("2.1"), R("1.1")}));
  EXPECT_EQ(score->exact_ns_matchpoints, R("12.6"));
  EXPECT_EQ(score->ns_matchpoints, R("12.6"));  // "A single score of N/S +12.6"
  EXPECT_EQ(score->ew_matchpoints, R("9.4"));
}

TEST(WeightedMatchpointsTest, ReproducesTheNzManualMethod) {
  // NZ LIRG, alternative manual method: "+1430 20 / +680 13 / +650 6 /
  // -100 2", "(0.3 x 20) + (0.4 x 13) + (0.2 x 6) + (0.1 x 2) = +12.6", and
  // "As the average on the board is 11 ... add 1.6 match-points to N/S and
  // ... deduct 1.6 match-points from E/W".
  absl::StatusOr<ManualWeightedScore> score = WeightedMatchpointsManual(
      NzOtherTables(), NzOutcomes(), HalfRounding::kAwayFromZero);
  ASSERT_THAT(score, IsOk());
  EXPECT_THAT(score->rows, ElementsAre(ManualWeightedRow{1430, R("0.3"), 20},
                                       ManualWeightedRow{680, R("0.4"), 13},
                                       ManualWeightedRow{650, R("0.2"), 6},
                                       ManualWeightedRow{-100, R("0.1"), 2}));
  EXPECT_EQ(score->ns_matchpoints, R("12.6"));
  EXPECT_EQ(score->average, Rational(11));
  EXPECT_EQ(score->ns_correction, R("1.6"));
  EXPECT_EQ(score->ew_matchpoints, R("9.4"));  // 11 - 1.6
}

TEST(WeightedMatchpointsTest, BothPairsMethodsAgreeExactly) {
  // Fields and weights chosen so the frequency-table rows are not whole
  // numbers of tenths; the two methods must still agree before rounding.
  struct Case {
    std::vector<int> others;
    std::vector<WeightedOutcome> outcomes;
  };
  const std::vector<Case> cases = {
      {NzOtherTables(), NzOutcomes()},
      {{420, 420, 450, 170, -50, 420, 620},
       {{420, Rational(1, 3)}, {450, Rational(1, 3)}, {-100, Rational(1, 3)}}},
      {{100}, {{200, Rational(1, 7)}, {100, Rational(6, 7)}}},
      {{}, {{620, 1}}},
      {{-200, 110, 110, 140, 600},
       {{110, Rational(1, 2)}, {110, Rational(1, 4)}, {600, Rational(1, 4)}}},
  };
  for (const Case& c : cases) {
    absl::StatusOr<WeightedPairsScore> frequency =
        WeightedMatchpointsByFrequency(c.others, c.outcomes,
                                       HalfRounding::kAwayFromZero);
    absl::StatusOr<ManualWeightedScore> manual = WeightedMatchpointsManual(
        c.others, c.outcomes, HalfRounding::kAwayFromZero);
    ASSERT_THAT(frequency, IsOk());
    ASSERT_THAT(manual, IsOk());
    EXPECT_EQ(frequency->exact_ns_matchpoints, manual->exact_ns_matchpoints);
    EXPECT_EQ(frequency->ns_matchpoints, manual->ns_matchpoints);
  }
}

TEST(WeightedMatchpointsTest, OneThirdEachAgainstSevenTables) {
  // Others 420 420 450 170 -50 420 620 (top 14). Against them, as single
  // results: 420 beats 170, -50 (4) and ties three (3) -> 7; 450 beats
  // 420 x3, 170, -50 (10) and ties one (1) -> 11; 200 beats 170, -50 -> 4.
  // (7 + 11 + 4) / 3 = 22/3 = 7.333.. -> 7.3, which is 0.3 over average 7.
  absl::StatusOr<ManualWeightedScore> score = WeightedMatchpointsManual(
      {420, 420, 450, 170, -50, 420, 620},
      {{420, Rational(1, 3)}, {450, Rational(1, 3)}, {200, Rational(1, 3)}},
      HalfRounding::kAwayFromZero);
  ASSERT_THAT(score, IsOk());
  EXPECT_EQ(score->exact_ns_matchpoints, Rational(22, 3));
  EXPECT_EQ(score->ns_matchpoints, R("7.3"));
  EXPECT_EQ(score->ns_correction, R("0.3"));
  EXPECT_EQ(score->ew_matchpoints, R("6.7"));
}

TEST(WeightedMatchpointsTest, ExactHalfGoesTheWayTheCallerChooses) {
  // One other table (+100, top 2): 1/40 of +200 (2 MP) and 39/40 of -50
  // (0 MP) -> 0.05 exactly.
  const std::vector<WeightedOutcome> outcomes = {{200, Rational(1, 40)},
                                                 {-50, Rational(39, 40)}};
  EXPECT_EQ(WeightedMatchpointsByFrequency({100}, outcomes, HalfRounding::kUp)
                ->ns_matchpoints,
            R("0.1"));
  EXPECT_EQ(WeightedMatchpointsByFrequency({100}, outcomes, HalfRounding::kDown)
                ->ns_matchpoints,
            Rational(0));
}

TEST(WeightedImpsTest, ReproducesTheNzTeamsExample) {
  // NZ LIRG: "+1430 - 650 = +780 +13 30% 3.9 / +680 - 650 = +30 +1 40% 0.4 /
  // +650 - 650 = 0 20% 0.0 / -100 - 650 = -750 -13 10% -1.3 / Total 3.0",
  // "scored as +3 to the non-offending side".
  absl::StatusOr<WeightedImpsScore> score =
      WeightedImps(650, NzOutcomes(), HalfRounding::kAwayFromZero);
  ASSERT_THAT(score, IsOk());
  EXPECT_THAT(
      score->rows,
      ElementsAre(WeightedImpsRow{1430, 780, 13, R("0.3"), R("3.9")},
                  WeightedImpsRow{680, 30, 1, R("0.4"), R("0.4")},
                  WeightedImpsRow{650, 0, 0, R("0.2"), R("0.0")},
                  WeightedImpsRow{-100, -750, -13, R("0.1"), R("-1.3")}));
  EXPECT_EQ(score->exact_ns_imps, Rational(3));
  EXPECT_EQ(score->ns_imps, 3);
}

TEST(WeightedImpsTest, HalfImpFavoursWhomTheCallerSays) {
  // Other room +650: half +680 (+30 -> 1 IMP), half +650 (0) -> 0.5.
  const std::vector<WeightedOutcome> outcomes = {{680, Rational(1, 2)},
                                                 {650, Rational(1, 2)}};
  EXPECT_EQ(WeightedImps(650, outcomes, HalfRounding::kUp)->ns_imps, 1);
  EXPECT_EQ(WeightedImps(650, outcomes, HalfRounding::kDown)->ns_imps, 0);
}

TEST(WeightedImpsTest, AgainstADatumAtButler) {
  // Datum 420: 60% of +450 (+30 -> 1) and 40% of -50 (-470 -> -10):
  // 0.6 - 4 = -3.4 -> -3.
  absl::StatusOr<WeightedImpsScore> score = WeightedImps(
      420, {{450, R("0.6")}, {-50, R("0.4")}}, HalfRounding::kAwayFromZero);
  ASSERT_THAT(score, IsOk());
  EXPECT_EQ(score->exact_ns_imps, R("-3.4"));
  EXPECT_EQ(score->ns_imps, -3);
}

TEST(WeightedScoreTest, RejectsWeightsThatDoNotMakeOneHundredPercent) {
  EXPECT_THAT(WeightedImps(650, {{1430, R("0.3")}, {680, R("0.6")}},
                           HalfRounding::kAwayFromZero),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("90%")));
  EXPECT_THAT(WeightedMatchpointsByFrequency({100}, {{1430, 0}, {680, 1}},
                                             HalfRounding::kAwayFromZero),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(WeightedMatchpointsManual({100}, {}, HalfRounding::kAwayFromZero),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(WeightedImps(0, {{100, R("1.5")}, {200, R("-0.5")}},
                           HalfRounding::kAwayFromZero),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
