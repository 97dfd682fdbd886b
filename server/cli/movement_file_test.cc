// Tests for server/cli/movement_file.h: a movement file's tables, arrow-
// switched boards and sections, and the lines it refuses.

#include "server/cli/movement_file.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::cli {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(MovementFileTest, ReadsRoundsTablesAndArrowSwitchedBoards) {
  v1::Movement m;
  ASSERT_TRUE(ParseMovementFile("# round table ns ew boards\n"
                                "1 1 1 4 1,2\n"
                                "1 2 2 5 3,4*\n"
                                "\n"
                                "2 1 1 5 3,4\n",
                                m)
                  .ok());
  ASSERT_EQ(m.rounds_size(), 2);
  EXPECT_EQ(m.rounds(0).round(), 1);
  ASSERT_EQ(m.rounds(0).tables_size(), 2);
  EXPECT_EQ(m.rounds(0).tables(1).table(), 2);
  EXPECT_EQ(m.rounds(0).tables(1).ns_pair(), 2);
  EXPECT_EQ(m.rounds(0).tables(1).ew_pair(), 5);
  EXPECT_THAT(m.rounds(0).tables(1).boards(), ElementsAre(3, 4));
  EXPECT_THAT(m.rounds(0).tables(1).arrow_switched_boards(), ElementsAre(4));
  EXPECT_EQ(m.rounds(1).round(), 2);
  EXPECT_EQ(m.sections_size(), 0);
}

TEST(MovementFileTest, ReadsSections) {
  // Two one-table sections: A is table 1 with pairs 1-2, B table 2 with
  // pairs 3-4.
  v1::Movement m;
  ASSERT_TRUE(ParseMovementFile("section A 1 1-2\n"
                                "section B 2-2 3-4\n"
                                "1 1 1 2 1,2\n"
                                "1 2 3 4 1,2\n",
                                m)
                  .ok());
  ASSERT_EQ(m.sections_size(), 2);
  EXPECT_EQ(m.sections(0).name(), "A");
  EXPECT_EQ(m.sections(0).first_table(), 1);
  EXPECT_EQ(m.sections(0).tables(), 1);
  EXPECT_EQ(m.sections(0).first_pair(), 1);
  EXPECT_EQ(m.sections(0).pairs(), 2);
  EXPECT_EQ(m.sections(1).name(), "B");
  EXPECT_EQ(m.sections(1).first_table(), 2);
  EXPECT_EQ(m.sections(1).tables(), 1);
  EXPECT_EQ(m.sections(1).first_pair(), 3);
  EXPECT_EQ(m.sections(1).pairs(), 2);
  EXPECT_EQ(m.sections(1).source(), "explicit");
  EXPECT_EQ(m.rounds(0).tables_size(), 2);
}

TEST(MovementFileTest, RefusalsNameTheLine) {
  struct Case {
    const char* text;
    const char* says;
  };
  for (const Case& c : {
           Case{"1 1 1 4\n", "line 1: expected 'ROUND TABLE"},
           Case{"# x\n1 1 1 4 1,b\n", "line 2: board 'b' is not a number"},
           Case{"section A 1-3\n", "line 1: expected 'section NAME"},
           Case{"section A 3-1 1-6\n", "line 1: expected 'section NAME"},
           Case{"section A 1-3 x-6\n", "line 1: expected 'section NAME"},
           Case{"one 1 1 4 1\n", "line 1: expected 'ROUND TABLE"},
       }) {
    v1::Movement m;
    const absl::Status s = ParseMovementFile(c.text, m);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << c.text;
    EXPECT_THAT(std::string(s.message()), HasSubstr(c.says)) << c.text;
  }
}

}  // namespace
}  // namespace tally::cli
