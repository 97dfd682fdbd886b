// Tests for core/movement/sections.h: placing two Mitchell sections in one
// session, and the checks a sectioned movement must pass (worked by hand).

#include "core/movement/sections.h"

#include <vector>

#include "core/base/status_matchers.h"
#include "core/movement/howell.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;

std::vector<SectionMovement> TwoThreeTableMitchells() {
  return {{"A", *MitchellMovement(3, 1), "mitchell tables=3"},
          {"B", *MitchellMovement(3, 1), "mitchell tables=3"}};
}

TEST(MovementSectionsTest, SectionBFollowsSectionA) {
  // A 3-table Mitchell seats NS 1-3 and EW 4-6 at tables 1-3. Section B's
  // tables follow A's (4-6) and its pairs A's six (7-12): in round 1 B's
  // table 1 (session table 4) has NS 7 (B1) v EW 10 (B4) on board 1, as
  // A's table 1 has NS 1 v EW 4 on board 1.
  absl::StatusOr<SectionedMovement> m = PlaceSections(TwoThreeTableMitchells());
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->sections.size(), 2u);
  EXPECT_EQ(m->sections[0].first_table, 1);
  EXPECT_EQ(m->sections[0].tables, 3);
  EXPECT_EQ(m->sections[0].first_pair, 1);
  EXPECT_EQ(m->sections[0].pairs, 6);
  EXPECT_EQ(m->sections[1].first_table, 4);
  EXPECT_EQ(m->sections[1].tables, 3);
  EXPECT_EQ(m->sections[1].first_pair, 7);
  EXPECT_EQ(m->sections[1].pairs, 6);
  ASSERT_EQ(m->movement.rounds.size(), 3u);
  const MovementRound& r1 = m->movement.rounds[0];
  ASSERT_EQ(r1.tables.size(), 6u);
  EXPECT_EQ(r1.tables[0].table, 1);
  EXPECT_EQ(r1.tables[0].ns_pair, 1);
  EXPECT_EQ(r1.tables[0].ew_pair, 4);
  EXPECT_EQ(r1.tables[3].table, 4);
  EXPECT_EQ(r1.tables[3].ns_pair, 7);
  EXPECT_EQ(r1.tables[3].ew_pair, 10);
  EXPECT_EQ(r1.tables[3].boards, std::vector<int>{1});
  // Round 2: B's EW 12 (B6) moves from B3 to B1 (session table 4) and
  // plays board 2 there, as A's EW 6 does at table 1.
  const MovementRound& r2 = m->movement.rounds[1];
  EXPECT_EQ(r2.tables[3].ew_pair, 12);
  EXPECT_EQ(r2.tables[3].boards, std::vector<int>{2});
  EXPECT_EQ(r2.tables[0].ew_pair, 6);
  EXPECT_TRUE(CheckSections(m->movement, m->sections).ok());
  EXPECT_TRUE(CheckSectionsPlaySameBoards(m->movement, m->sections).ok());
  EXPECT_EQ(SectionOfTable(m->sections, 5)->name, "B");
  EXPECT_EQ(SectionOfPair(m->sections, 6)->name, "A");
  EXPECT_EQ(SectionOfPair(m->sections, 13), nullptr);
}

TEST(MovementSectionsTest, MitchellAndHowellSectionsKeepTheirRounds) {
  // A 7-pair Howell has 3 tables (one pair sits out) and 7 rounds; a
  // 3-table Mitchell 3 rounds: rounds 4-7 hold only the Howell's tables.
  absl::StatusOr<SectionedMovement> m = PlaceSections(
      {{"A", *MitchellMovement(3, 1), "m"}, {"B", *HowellMovement(7, 1), "h"}});
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->movement.rounds.size(), 7u);
  EXPECT_EQ(m->movement.rounds[0].tables.size(), 6u);
  EXPECT_EQ(m->movement.rounds[3].tables.size(), 3u);
  EXPECT_EQ(m->sections[1].first_pair, 7);
  EXPECT_EQ(m->sections[1].pairs, 7);
}

TEST(MovementSectionsTest, RefusesBadSectionLists) {
  EXPECT_THAT(PlaceSections({{"A", *MitchellMovement(3, 1), ""}}).status(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(PlaceSections({{"A", *MitchellMovement(3, 1), ""},
                             {"A", *MitchellMovement(3, 1), ""}})
                  .status(),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(PlaceSections({{"A-1", *MitchellMovement(3, 1), ""},
                             {"B", *MitchellMovement(3, 1), ""}})
                  .status(),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(MovementSectionsTest, RefusesOverlappingTablesAndPairs) {
  SectionedMovement m = *PlaceSections(TwoThreeTableMitchells());
  std::vector<MovementSection> tables = m.sections;
  tables[1].first_table = 3;  // 3-5 overlaps A's 1-3
  EXPECT_THAT(CheckSections(m.movement, tables),
              StatusIs(absl::StatusCode::kInvalidArgument));
  std::vector<MovementSection> pairs = m.sections;
  pairs[1].first_pair = 6;  // 6-11 overlaps A's 1-6
  EXPECT_THAT(CheckSections(m.movement, pairs),
              StatusIs(absl::StatusCode::kInvalidArgument));
  // A table in no section: B cut to two tables leaves table 6 out.
  std::vector<MovementSection> short_b = m.sections;
  short_b[1].tables = 2;
  EXPECT_THAT(CheckSections(m.movement, short_b),
              StatusIs(absl::StatusCode::kInvalidArgument));
  // A pair seated in the wrong section: B's pairs said to be 7-11, but EW
  // 12 plays at B's tables.
  std::vector<MovementSection> few_pairs = m.sections;
  few_pairs[1].pairs = 5;
  EXPECT_THAT(CheckSections(m.movement, few_pairs),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(MovementSectionsTest, AcrossTheFieldNeedsTheSameBoards) {
  // A 3-table Mitchell of 1 board a round plays boards 1-3; a 4-table one
  // boards 1-4: board 4 is played in B only.
  SectionedMovement m = *PlaceSections(
      {{"A", *MitchellMovement(3, 1), ""}, {"B", *MitchellMovement(4, 1), ""}});
  EXPECT_TRUE(CheckSections(m.movement, m.sections).ok());
  EXPECT_EQ(SectionBoards(m.movement, m.sections[1]),
            (std::set<int>{1, 2, 3, 4}));
  EXPECT_THAT(CheckSectionsPlaySameBoards(m.movement, m.sections),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
