// Guide cards of a two-table, two-round movement written out by hand
// (a Mitchell of 2 tables: EW pairs move up a table, boards move down).

#include "server/cli/movement_text.h"

#include "gtest/gtest.h"

namespace tally::cli {
namespace {

v1::TableAssignment Table(int table, int ns, int ew, std::vector<int> boards) {
  v1::TableAssignment t;
  t.set_table(table);
  t.set_ns_pair(ns);
  t.set_ew_pair(ew);
  for (int b : boards) t.add_boards(b);
  return t;
}

TEST(MovementTextTest, BoardsAsRangesOrLists) {
  EXPECT_EQ(BoardsText({1, 2, 3}), "1-3");
  EXPECT_EQ(BoardsText({1, 4, 7}), "1,4,7");
  EXPECT_EQ(BoardsText({5}), "5");
  EXPECT_EQ(BoardsText({}), "-");
}

TEST(MovementTextTest, EachTableSaysWhereEveryoneGoesNext) {
  v1::Movement m;
  v1::MovementRound* r1 = m.add_rounds();
  r1->set_round(1);
  *r1->add_tables() = Table(1, 1, 3, {1, 2});
  *r1->add_tables() = Table(2, 2, 4, {3, 4});
  v1::MovementRound* r2 = m.add_rounds();
  r2->set_round(2);
  *r2->add_tables() = Table(1, 1, 4, {3, 4});
  *r2->add_tables() = Table(2, 2, 3, {1, 2});
  EXPECT_EQ(MovementGuideCards(m),
            "Table 1\n"
            "Round  NS  EW  Boards  NS next     EW next     Boards next\n"
            "1      1   3   1-2     table 1 NS  table 2 EW  table 2\n"
            "2      1   4   3-4     end         end         end\n"
            "\n"
            "Table 2\n"
            "Round  NS  EW  Boards  NS next     EW next     Boards next\n"
            "1      2   4   3-4     table 2 NS  table 1 EW  table 1\n"
            "2      2   3   1-2     end         end         end\n");
}

TEST(MovementTextTest, APairThatSitsOutAndBoardsSetAside) {
  v1::Movement m;
  v1::MovementRound* r1 = m.add_rounds();
  r1->set_round(1);
  *r1->add_tables() = Table(1, 1, 2, {1, 2});
  v1::MovementRound* r2 = m.add_rounds();
  r2->set_round(2);
  *r2->add_tables() = Table(1, 1, 3, {3, 4});
  EXPECT_EQ(MovementGuideCards(m),
            "Table 1\n"
            "Round  NS  EW  Boards  NS next     EW next   Boards next\n"
            "1      1   2   1-2     table 1 NS  sits out  aside\n"
            "2      1   3   3-4     end         end       end\n");
}

}  // namespace
}  // namespace tally::cli
