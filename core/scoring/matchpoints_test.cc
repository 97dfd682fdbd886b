#include "core/scoring/matchpoints.h"

#include <numeric>
#include <utility>
#include <vector>

#include "core/base/rational.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(MatchpointNorthSouthTest, TwoPerScoreBeatenOnePerTie) {
  // Six tables, top 10. Hand-checked:
  //   +450 beats all five others            -> 10
  //   +420 (x3) beats +170 and -50 (4), ties two others (2) -> 6
  //   +170 beats -50                        -> 2
  //   -50 beats nobody                      -> 0
  EXPECT_THAT(MatchpointNorthSouth({420, 420, 450, -50, 170, 420}),
              ElementsAre(6, 6, 10, 0, 2, 6));
}

TEST(MatchpointNorthSouthTest, DistinctScoresSpreadFromZeroToTop) {
  // Four tables, top 6: -100 < +110 < +140 < +600.
  EXPECT_THAT(MatchpointNorthSouth({-100, 600, 140, 110}),
              ElementsAre(0, 6, 4, 2));
}

TEST(MatchpointNorthSouthTest, AllTiedShareTheBoardEqually) {
  // Three tables, top 4: each ties two others.
  EXPECT_THAT(MatchpointNorthSouth({100, 100, 100}), ElementsAre(2, 2, 2));
}

TEST(MatchpointNorthSouthTest, NorthSouthAndEastWestSumToTopAtEveryTable) {
  // n scores share n * (n - 1) matchpoints between NS; NS + EW = top each.
  const std::vector<int> scores = {-200, 0, 0, 90, 110, 110, 110, 620};
  const std::vector<int> mps = MatchpointNorthSouth(scores);
  const int n = static_cast<int>(scores.size());
  EXPECT_EQ(std::accumulate(mps.begin(), mps.end(), 0), n * (n - 1));
  // A passed-out board (NS 0) beats -200 only and ties the other 0: 2 + 1.
  EXPECT_EQ(mps[1], 3);
  EXPECT_EQ(MatchpointTop(n) - mps[1], 11);  // EW of that table: 14 - 3.
}

TEST(MatchpointNorthSouthTest, SingleAndEmptyTravellers) {
  EXPECT_THAT(MatchpointNorthSouth({620}), ElementsAre(0));
  EXPECT_THAT(MatchpointNorthSouth({}), IsEmpty());
}

TEST(MatchpointTopTest, TwoPerOtherScore) {
  EXPECT_EQ(MatchpointTop(6), 10);
  EXPECT_EQ(MatchpointTop(1), 0);
  EXPECT_EQ(MatchpointTop(0), 0);
}

TEST(NeubergFactorTest, TopOnBoardPlayedSixTimesFactoredToSeven) {
  // (10 + 1) * 7 / 6 - 1 = 71/6. Guide form: (10 x 7 + 7 - 6) / 6 = 71/6.
  EXPECT_EQ(NeubergFactor(10, 6, 7), Rational(71, 6));
}

TEST(NeubergFactorTest, BottomOnBoardPlayedSixTimesFactoredToSeven) {
  // (0 + 1) * 7 / 6 - 1 = 1/6. Guide form: (0 x 7 + 7 - 6) / 6 = 1/6.
  EXPECT_EQ(NeubergFactor(0, 6, 7), Rational(1, 6));
}

TEST(NeubergFactorTest, FouledBoardGroupOfFourInFieldOfTen) {
  // Fouled-board guide, ranking play: E = 10 scores in the field (top 18),
  // A = 4 in the group (top 6).
  // Group top:     (6 x 10 + 10 - 4) / 4 = 66/4 = 16.5.
  EXPECT_EQ(NeubergFactor(6, 4, 10), Rational(33, 2));
  // Group bottom:  (0 x 10 + 10 - 4) / 4 = 6/4 = 1.5.
  EXPECT_EQ(NeubergFactor(0, 4, 10), Rational(3, 2));
  // Group average 3 -> (3 x 10 + 10 - 4) / 4 = 36/4 = 9, the field average.
  EXPECT_EQ(NeubergFactor(3, 4, 10), Rational(9));
}

TEST(NeubergFactorTest, FractionalMatchpointsStayExact) {
  // 3.5 on a board played 6 times, factored to 7: 4.5 * 7 / 6 - 1 = 17/4.
  EXPECT_EQ(NeubergFactor(Rational(7, 2), 6, 7), Rational(17, 4));
}

TEST(NeubergFactorTest, FullFieldIsUnchanged) {
  EXPECT_EQ(NeubergFactor(7, 5, 5), Rational(7));
  EXPECT_EQ(NeubergFactor(Rational(13, 10), 9, 9), Rational(13, 10));
}

// A board not played (or expected nowhere) is a caller's bug: it is reported
// to the caller's RationalOverflowScope, never an abort of the server.
TEST(NeubergFactorTest, BoardNotPlayedIsReportedToTheCallersScope) {
  for (auto [played, expected] : {std::pair{0, 7}, std::pair{3, 0}}) {
    RationalOverflowScope scope;
    NeubergFactor(0, played, expected);
    EXPECT_TRUE(scope.overflowed()) << played << " of " << expected;
  }
  RationalOverflowScope scope;
  NeubergFactor(0, 3, 7);
  EXPECT_FALSE(scope.overflowed());
}

// ACBL (Baron Barclay, "How to Matchpoint"): the top is one less than the
// times the board was played (1 per pair beaten, 1/2 per tie): on a
// board played 5 times the 2/1 top of 8 shows as 4, and a tie for top
// (2 x 3 + 1 = 7 on the 2/1 scale) as 3.5.
// hermandw.be, "Calculating Bridge Tournaments", problem 5: a 10-table
// Mitchell board with one artificial table (60%/60%). The 9 played scores
// are matchpointed among themselves (top 16); "Mitchell 1" (the old manual
// method) adds 1 for the table without a normal result (15 -> 16, 0 -> 1),
// "Mitchell 2" (Neuberg) gives 16.78 and 0.11.
TEST(FactorToFieldTest, CountAsTiesAddsOneForEachResultNotInTheField) {
  EXPECT_EQ(FactorToField(15, 9, 10, FewerResults::kCountAsTies), Rational(16));
  EXPECT_EQ(FactorToField(0, 9, 10, FewerResults::kCountAsTies), Rational(1));
  EXPECT_EQ(FactorToField(15, 9, 10, FewerResults::kNeuberg),
            Rational(151, 9));  // 16.78
  EXPECT_EQ(FactorToField(0, 9, 10, FewerResults::kNeuberg),
            Rational(1, 9));  // 0.11
  // A full field is unchanged either way.
  EXPECT_EQ(FactorToField(7, 10, 10, FewerResults::kCountAsTies), Rational(7));
}

TEST(ShownMatchpointsTest, OnePerPairScaleHalvesTheTwoOneFigure) {
  constexpr HalfRounding kAway = HalfRounding::kAwayFromZero;
  EXPECT_EQ(ShownMatchpoints(8, MatchpointScale::kOnePerPair, 1, kAway),
            Decimal(40, 1));
  EXPECT_EQ(ShownMatchpoints(7, MatchpointScale::kOnePerPair, 1, kAway),
            Decimal(35, 1));
  EXPECT_EQ(ShownMatchpoints(7, MatchpointScale::kTwoPerPair, 0, kAway),
            Decimal(7, 0));
}

// One decimal, halves to even: 29/2 on the 2/1 scale is 7.25 on ACBL's,
// shown 7.2 (7.3 rounding halves away from zero); 147/2 is 36.75, shown
// 36.8 either way the half goes to the even digit.
TEST(ShownMatchpointsTest, OneDecimalHalvesToEven) {
  EXPECT_EQ(ShownMatchpoints(Rational(29, 2), MatchpointScale::kOnePerPair,
                             1, HalfRounding::kEven),
            Decimal(72, 1));
  EXPECT_EQ(ShownMatchpoints(Rational(29, 2), MatchpointScale::kOnePerPair,
                             1, HalfRounding::kAwayFromZero),
            Decimal(73, 1));
  EXPECT_EQ(ShownMatchpoints(Rational(147, 2), MatchpointScale::kOnePerPair,
                             1, HalfRounding::kEven),
            Decimal(368, 1));
}

// Compscore (issue #18): a pair that played 26 of a session's 27 boards
// (top 12 each, 7 tables) with 484 matchpoints shows 484 x 27/26 =
// 13068/26 = 502.615... -> 502.62.
TEST(ScaledSessionTotalTest, FactorsTheTotalToTheFullSession) {
  absl::StatusOr<Decimal> scaled = ScaledSessionTotal(
      484, 27 * 12, 26 * 12, 2, HalfRounding::kAwayFromZero);
  ASSERT_TRUE(scaled.ok()) << scaled.status();
  EXPECT_EQ(*scaled, Decimal(50262, 2));
  // Every board played: the total stands.
  EXPECT_EQ(*ScaledSessionTotal(484, 312, 312, 2, HalfRounding::kEven),
            Decimal(48400, 2));
  EXPECT_FALSE(ScaledSessionTotal(484, 324, 0, 2, HalfRounding::kEven).ok());
}

}  // namespace
}  // namespace tally::core
