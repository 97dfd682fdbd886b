#include "core/movement/itc_draw.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "core/movement/movement_testdata.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using testdata::Cells;
using testdata::MovementTableLines;

int Number(const std::string& text) {
  int n = 0;
  EXPECT_TRUE(absl::SimpleAtoi(text, &n)) << "'" << text << "'";
  return n;
}

// A printed row: the round numbers before the matches, then "a v b" cells.
struct PrintedRow {
  std::vector<int> rounds;
  std::vector<std::pair<int, int>> matches;
};

// The rows of a testdata draw (lines that start with a round number).
std::vector<PrintedRow> PrintedRows(const std::string& name) {
  std::vector<PrintedRow> rows;
  for (const std::string& line : MovementTableLines(name)) {
    std::vector<std::string> cells = Cells(line);
    int first = 0;
    if (!absl::SimpleAtoi(cells[0], &first)) continue;  // headings
    PrintedRow row;
    for (const std::string& cell : cells) {
      std::vector<std::string> sides = absl::StrSplit(cell, " v ");
      if (sides.size() == 1) {
        row.rounds.push_back(Number(cell));
      } else {
        row.matches.push_back({Number(sides[0]), Number(sides[1])});
      }
    }
    rows.push_back(row);
  }
  return rows;
}

// Expects `draw` to be `printed` cell for cell for a field of `teams`:
// rounds numbered by column `round_column` of the printed rows, matches in
// printed order, a match against a number above `teams` turned into the
// bye.
void ExpectPrinted(const RoundRobinSchedule& draw,
                   const std::vector<PrintedRow>& printed, int teams,
                   size_t round_column) {
  ASSERT_EQ(draw.rounds.size(), printed.size());
  EXPECT_EQ(draw.entrants, teams);
  for (size_t i = 0; i < printed.size(); ++i) {
    const RoundRobinRound& round = draw.rounds[i];
    ASSERT_LT(round_column, printed[i].rounds.size());
    EXPECT_EQ(round.round, printed[i].rounds[round_column]);
    std::vector<Pairing> expected;
    std::optional<int> bye;
    for (const auto& [a, b] : printed[i].matches) {
      if (a > teams || b > teams) {
        bye = a > teams ? b : a;
      } else {
        expected.push_back({static_cast<int>(expected.size()) + 1, a, b});
      }
    }
    EXPECT_EQ(round.pairings, expected) << "round " << round.round;
    EXPECT_EQ(round.bye, bye) << "round " << round.round;
  }
}

TEST(ItcDrawTest, EightAndSevenTeamsAreTheDrawOf10_6_1) {
  const std::vector<PrintedRow> printed = PrintedRows("anc_sr_10_6_1.txt");
  ASSERT_EQ(printed.size(), 7u);
  for (int teams : {8, 7}) {
    for (int rr : {1, 2}) {
      SCOPED_TRACE(::testing::Message() << teams << " teams, rr " << rr);
      absl::StatusOr<RoundRobinSchedule> draw = ItcRoundRobinDraw(teams, rr);
      ASSERT_TRUE(draw.ok()) << draw.status();
      // Column 0 holds the round in round robin 1, column 1 in round robin 2.
      ExpectPrinted(*draw, printed, teams, rr - 1);
    }
  }
}

TEST(ItcDrawTest, SixAndFiveTeamsAreTheDrawsOf10_7_1And10_7_2) {
  const std::vector<PrintedRow> one_and_three =
      PrintedRows("anc_sr_10_7_1.txt");
  const std::vector<PrintedRow> two = PrintedRows("anc_sr_10_7_2.txt");
  ASSERT_EQ(one_and_three.size(), 5u);
  ASSERT_EQ(two.size(), 5u);
  for (int teams : {6, 5}) {
    SCOPED_TRACE(::testing::Message() << teams << " teams");
    absl::StatusOr<RoundRobinSchedule> rr1 = ItcRoundRobinDraw(teams, 1);
    absl::StatusOr<RoundRobinSchedule> rr2 = ItcRoundRobinDraw(teams, 2);
    absl::StatusOr<RoundRobinSchedule> rr3 = ItcRoundRobinDraw(teams, 3);
    ASSERT_TRUE(rr1.ok() && rr2.ok() && rr3.ok());
    ExpectPrinted(*rr1, one_and_three, teams, 0);
    ExpectPrinted(*rr2, two, teams, 0);
    ExpectPrinted(*rr3, one_and_three, teams, 1);
  }
}

TEST(ItcDrawTest, EveryDrawIsARoundRobin) {
  for (int teams = 5; teams <= 8; ++teams) {
    absl::StatusOr<int> round_robins = ItcRoundRobins(teams);
    ASSERT_TRUE(round_robins.ok());
    EXPECT_EQ(*round_robins, teams >= 7 ? 2 : 3);  // 10.6, 10.7
    for (int rr = 1; rr <= *round_robins; ++rr) {
      absl::StatusOr<RoundRobinSchedule> draw = ItcRoundRobinDraw(teams, rr);
      ASSERT_TRUE(draw.ok());
      // CheckRoundRobin wants rounds in increasing order, any numbers.
      EXPECT_THAT(CheckRoundRobin(*draw), IsOk())
          << teams << " teams, round robin " << rr;
    }
  }
}

TEST(ItcDrawTest, RefusesOtherFieldsAndRoundRobins) {
  EXPECT_THAT(ItcRoundRobinDraw(4, 1),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("5 to 8 teams")));
  EXPECT_THAT(ItcRoundRobinDraw(9, 1),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ItcRoundRobinDraw(8, 3),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("10.6")));
  EXPECT_THAT(ItcRoundRobinDraw(6, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(ItcSeatingTest, RoundRobinOneOfEightTheSecondNumberedTeamSitsFirst) {
  // 10.6.1 round 1 "5 v 2": 10.6.2, team 2 sits first; 10.8, team 5 sits
  // NS in the Open Room.
  absl::StatusOr<ItcMatchSeating> s = ItcSeating(8, 1, {1, 5, 2});
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->open_room_ns, 5);
  EXPECT_EQ(s->closed_room_ns, 2);
  EXPECT_FALSE(s->blind);
  EXPECT_EQ(s->sits_first, 2);
  EXPECT_EQ(s->sits_last, 5);
}

TEST(ItcSeatingTest, FinalRoundRobinOfEightReversesRoundRobinOne) {
  // After re-numbering, teams 2 and 5 may meet listed "2 v 5". In round
  // robin 1 they met as "5 v 2" and team 2 sat first, so now team 2 sits
  // last (10.6.2) while team 2, listed first, sits NS in the Open Room.
  absl::StatusOr<ItcMatchSeating> s = ItcSeating(8, 2, {3, 2, 5});
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->open_room_ns, 2);
  EXPECT_EQ(s->sits_first, 5);
  EXPECT_EQ(s->sits_last, 2);
  // Listed the other way round, the line-up order is the same.
  absl::StatusOr<ItcMatchSeating> t = ItcSeating(8, 2, {3, 5, 2});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->open_room_ns, 5);
  EXPECT_EQ(t->sits_first, 5);
  // 7 teams: teams 4 and 6 met as "4 v 6" (round 2), so 6 sat first then
  // and sits last now.
  absl::StatusOr<ItcMatchSeating> u = ItcSeating(7, 2, {1, 6, 4});
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->sits_first, 4);
  EXPECT_EQ(u->sits_last, 6);
}

TEST(ItcSeatingTest, SixTeamsBlindThenSecondNumberedThenReversed) {
  // 10.7.3: round robin 1 blind ("4 v 1", round 1).
  absl::StatusOr<ItcMatchSeating> rr1 = ItcSeating(6, 1, {1, 4, 1});
  ASSERT_TRUE(rr1.ok()) << rr1.status();
  EXPECT_TRUE(rr1->blind);
  EXPECT_EQ(rr1->sits_first, 0);
  EXPECT_EQ(rr1->sits_last, 0);
  EXPECT_EQ(rr1->open_room_ns, 4);  // 10.8 still applies
  // Round robin 2, "2 v 3" (round 6): team 3, second numbered, sits first.
  absl::StatusOr<ItcMatchSeating> rr2 = ItcSeating(6, 2, {1, 2, 3});
  ASSERT_TRUE(rr2.ok());
  EXPECT_FALSE(rr2->blind);
  EXPECT_EQ(rr2->sits_first, 3);
  // Round robin 3: team 3 sat first against team 2 in round robin 2, so it
  // sits last against it now, however the two are listed.
  absl::StatusOr<ItcMatchSeating> rr3 = ItcSeating(6, 3, {2, 3, 2});
  ASSERT_TRUE(rr3.ok());
  EXPECT_EQ(rr3->sits_first, 2);
  EXPECT_EQ(rr3->sits_last, 3);
  EXPECT_EQ(rr3->open_room_ns, 3);
  // 5 teams, round robin 2 "4 v 1" (round 7).
  absl::StatusOr<ItcMatchSeating> five = ItcSeating(5, 2, {2, 4, 1});
  ASSERT_TRUE(five.ok());
  EXPECT_EQ(five->sits_first, 1);
}

TEST(ItcSeatingTest, RefusesMatchesNotInTheDrawAndTheByeNumber) {
  // "2 v 5" is not printed in round robin 1 ("5 v 2" is).
  EXPECT_THAT(ItcSeating(8, 1, {1, 2, 5}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("10.6.1")));
  EXPECT_THAT(ItcSeating(7, 1, {4, 8, 1}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("team 8")));
  EXPECT_THAT(ItcSeating(6, 2, {1, 3, 3}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(ItcSeating(6, 4, {1, 2, 1}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
