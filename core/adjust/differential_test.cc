#include "core/adjust/differential.h"

#include <vector>

#include "core/scoring/matchpoints.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::testing::ElementsAre;

TEST(DifferentialMatchpointsTest, OrdinaryTravellerMatchesPlainMatchpoints) {
  const std::vector<int> scores = {420, 420, 450, -50, 170, 420};
  std::vector<DifferentialTable> tables;
  for (int s : scores) tables.push_back(PlayedTable(s));
  const std::vector<int> plain = MatchpointNorthSouth(scores);
  const std::vector<TableAward> awards = DifferentialMatchpoints(tables);
  ASSERT_EQ(awards.size(), plain.size());
  for (size_t i = 0; i < plain.size(); ++i) {
    EXPECT_EQ(awards[i].north_south, Rational(plain[i]));
    EXPECT_EQ(awards[i].east_west, Rational(10 - plain[i]));  // top 10
  }
}

TEST(DifferentialMatchpointsTest, EachSideScoredOnItsOwnResult) {
  // Four tables, top 6. Table 4: NS (non-offenders) keep +420; EW
  // (offenders) are credited with NS +620. The field is compared with the
  // non-offenders' +420 (Fouled-board guide).
  //   T1 +420 vs 450 170 420: 2 + 1 = 3, EW 3
  //   T2 +450 vs 420 170 420: 6, EW 0
  //   T3 +170 vs 420 450 420: 0, EW 6
  //   T4 NS +420 vs 420 450 170: 3; EW: +620 vs them earns NS 6 -> EW 0.
  const std::vector<TableAward> awards = DifferentialMatchpoints(
      {PlayedTable(420), PlayedTable(450), PlayedTable(170),
       DifferentialTable{.ns_credited = 420,
                         .ew_credited = 620,
                         .field_side = PairSide::kNorthSouth}});
  EXPECT_THAT(awards, ElementsAre(TableAward{3, 3}, TableAward{6, 0},
                                  TableAward{0, 6}, TableAward{3, 0}));
}

TEST(DifferentialMatchpointsTest, FieldComparedWithTheNamedSide) {
  // As above, but EW are the non-offenders, so the field meets +620.
  //   T1 +420 vs 450 170 620: 2, EW 4
  //   T2 +450 vs 420 170 620: 4, EW 2
  //   T3 +170 vs 420 450 620: 0, EW 6
  //   T4 NS +420 vs 420 450 170: 3; EW +620 vs them: NS 6 -> EW 0.
  const std::vector<TableAward> awards = DifferentialMatchpoints(
      {PlayedTable(420), PlayedTable(450), PlayedTable(170),
       DifferentialTable{.ns_credited = 420,
                         .ew_credited = 620,
                         .field_side = PairSide::kEastWest}});
  EXPECT_THAT(awards, ElementsAre(TableAward{2, 4}, TableAward{4, 2},
                                  TableAward{0, 6}, TableAward{3, 0}));
}

TEST(DifferentialTeamsBoardTest, GuideExampleNonOffendersLoseOffendersSquare) {
  // Fouled-board guide: "a differential adjustment has caused the
  // non-offenders to lose 3 IMPs and the offenders to square the board".
  // Team A (non-offenders) NS in room 1 keep their +50; team B, EW there,
  // are credited with NS +170. Room 2: B NS +170.
  //   A: 50 - 170 = -120 -> -3 IMPs; B: 170 - 170 = 0.
  EXPECT_EQ(DifferentialTeamsBoard({.ns_credited = 50, .ew_credited = 170},
                                   {.ns_credited = 170, .ew_credited = 170}),
            (DifferentialTeamsImps{-3, 0}));
}

TEST(DifferentialTeamsBoardTest, NoSplitGivesOppositeImps) {
  // Room 1 NS +620 (team A), room 2 NS +170 (team B): 450 -> 10 IMPs.
  EXPECT_EQ(DifferentialTeamsBoard({620, 620}, {170, 170}),
            (DifferentialTeamsImps{10, -10}));
}

TEST(DifferentialButlerImpsTest, EachSideAgainstTheDatum) {
  // Datum 420: NS credited +620 (+200 -> 5); EW credited +420 (0).
  EXPECT_EQ(DifferentialButlerImps(420, 620, 420), (TableAward{5, 0}));
  // EW credited NS -100 (-520 -> NS -11), so EW +11.
  EXPECT_EQ(DifferentialButlerImps(420, 420, -100), (TableAward{0, 11}));
}

}  // namespace
}  // namespace tally::core
