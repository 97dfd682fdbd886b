// End to end (issue #18, teams in PBN): `tally import` of the hand-written
// PBN teams files tests/interchange/pbn_*teams*.pbn, which carry the same
// events as their USEBIO twins (IMPs and VPs worked by hand in
// tests/interchange/README.md), into a real tallyd: the file's draws
// recorded as drawn (the audit's recomputation agrees), tally's standings
// equal to the worked figures, every event carrying the file's name, hash,
// format and line, a second import appending nothing, and
// `tally export-session ... --format=pbn` giving back the file itself (but
// its date, which tally keeps no copy of); a refused file appends nothing.
// Swiss teams (nsw_swiss_teams), with a bye each round and with a room's
// artificial adjusted score, a TEAMS_OF_FOUR round robin
// (sabf_round_robin_teams), and knock-outs: semi-finals and a two-stanza
// final with carry-overs (sabf_teams_finals) and the ITC final's five
// 12-board stanzas (anc2025_itc_final), each match's winner as worked.

#include <fstream>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/pbn_teams_reader.h"
#include "server/interchange/teams_file.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"
#include "tests/teams_interchange_test.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kFile[] = "pbn_swiss_teams.pbn";

std::string FixturePath(const std::string& file = kFile) {
  return InterchangeFixture(file);
}

class PbnTeamsEndToEndTest : public TeamsInterchangeTest {
 protected:
  PbnTeamsEndToEndTest() : TeamsInterchangeTest("pbn_teams") {}

  // `from` replaced by `to` in the fixture, written to the test's directory.
  std::string Edited(const std::string& from, const std::string& to,
                     const std::string& file = kFile) {
    const std::string path = absl::StrCat(dir_, "/edited.pbn");
    std::ofstream(path, std::ios::binary)
        << absl::StrReplaceAll(ReadFileBytes(FixturePath(file)), {{from, to}});
    return path;
  }

  // True when the audit's recomputation of every round's stored draw
  // agrees and each was recorded as drawn ("explicit").
  void ExpectDrawsRecordedAsDrawn(int rounds) {
    for (int round = 1; round <= rounds; ++round) {
      const v1::DrawCheck check = CheckDraw(round);
      EXPECT_TRUE(check.agrees()) << "round " << round;
      EXPECT_EQ(check.stored().method(), "explicit");
    }
  }

  // Every event carries `file`'s name, its hash, the format and a line.
  void ExpectProvenance(const std::string& file) {
    for (const v1::Event& e : Log()) {
      EXPECT_EQ(e.provenance().file_name(), file);
      EXPECT_EQ(e.provenance().format(), "pbn-2.1");
      EXPECT_EQ(e.provenance().file_sha256().size(), 64u);
      EXPECT_GT(e.provenance().line(), 0);
    }
  }

  // Exports the event as PBN: the fixture `file` itself but for its date
  // (tally keeps none), and it reads equal to the fixture on every field.
  void ExpectExportedIsTheFile(const std::string& file) {
    const std::string exported = absl::StrCat(dir_, "/club.pbn");
    EXPECT_THAT(RunTallyCli(tallyd_.address(),
                            absl::StrCat("export-session club teams 0 "
                                         "--format=pbn --output=",
                                         exported)),
                HasSubstr("wrote"));
    const std::string original = ReadFileBytes(FixturePath(file));
    const std::string text = ReadFileBytes(exported);
    EXPECT_EQ(text, absl::StrReplaceAll(
                        original, {{"[Date \"2026.11.28\"]", "[Date \"\"]"}}));
    absl::StatusOr<interchange::TeamsFile> a =
        interchange::ReadPbnTeams(original, file);
    absl::StatusOr<interchange::TeamsFile> b =
        interchange::ReadPbnTeams(text, exported);
    ASSERT_THAT(a, IsOk());
    ASSERT_THAT(b, IsOk());
    EXPECT_EQ(interchange::FirstTeamsDifference(*a, *b), "");
  }
};

TEST_F(PbnTeamsEndToEndTest,
       SwissTeamsImportGivesTheWorkedFiguresAndRoundTrips) {
  const std::string out = Import(FixturePath(), "club");
  // Tournament, competition, 4 teams; each round its draw, 2 matches x 10
  // boards x 2 rooms, its posting: 6 + 3 x 42.
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 6 matches, 132 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md (usebio_swiss_teams.xml, the same event):
  // 4 41.33, 1 27.78, 2 25.72, 3 25.17.
  EXPECT_THAT(Standings(), ElementsAre(Row(1, 4, 4133), Row(2, 1, 2778),
                                       Row(3, 2, 2572), Row(4, 3, 2517)));
  ExpectDrawsRecordedAsDrawn(3);
  ASSERT_EQ(Log().size(), 132u);
  ExpectProvenance(kFile);
  // Board 1's rooms entered at their games' [Board] lines, 6 and 42.
  std::vector<int> board_one;
  for (const v1::Event& e : Log()) {
    if (e.payload().has_result_entered() &&
        e.payload().result_entered().board() == 1 && board_one.size() < 2) {
      board_one.push_back(e.provenance().line());
    }
  }
  EXPECT_THAT(board_one, ::testing::UnorderedElementsAre(6, 42));

  EXPECT_THAT(Import(FixturePath(), "club"), HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 132u);
  ExpectExportedIsTheFile(kFile);
}

TEST_F(PbnTeamsEndToEndTest, RefusedFilesAppendNothing) {
  // The closed room's 4S-2: 520 points to Aces, 11 IMPs (Law 78B), not
  // the 10 both games print.
  EXPECT_THAT(Import(Edited("[Result \"9\"]\n[Round \"1\"]\n[HomeTeam "
                            "\"Aces\"]\n[VisitTeam \"Bidders\"]\n[Room "
                            "\"Closed\"]\n[Score \"NS -50\"]",
                            "[Result \"8\"]\n[Round \"1\"]\n[HomeTeam "
                            "\"Aces\"]\n[VisitTeam \"Bidders\"]\n[Room "
                            "\"Closed\"]\n[Score \"NS -100\"]"),
                     "bad"),
              HasSubstr("edited.pbn line 6: round 1, team 1 v 2, board 1: "
                        "IMPs 10, but the home team's two rooms make 520 "
                        "points, 11 IMPs"));
  // sabf_swiss_teams plays 14-board matches (SABF TR 13.2).
  EXPECT_THAT(Import(FixturePath(), "bad", "sabf_swiss_teams"),
              HasSubstr("profile sabf_swiss_teams plays matches of 14 boards"));
  EXPECT_TRUE(Log().empty());
}

TEST_F(PbnTeamsEndToEndTest, AByeIsTheDrawsByeAndRoundTrips) {
  const std::string file = "pbn_swiss_teams_bye.pbn";
  const std::string out = Import(FixturePath(file), "club");
  EXPECT_THAT(out, HasSubstr("5 teams, 3 rounds, 9 matches, 133 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md (usebio_swiss_teams_bye.xml; a bye scores
  // 0 VPs under nsw_swiss_teams): 1 27.78, 5 27.71, 4 27.05, 3 25.17,
  // 2 12.29.
  EXPECT_THAT(Standings(),
              ElementsAre(Row(1, 1, 2778), Row(2, 5, 2771), Row(3, 4, 2705),
                          Row(4, 3, 2517), Row(5, 2, 1229)));
  ExpectDrawsRecordedAsDrawn(3);
  ExpectProvenance(file);
  EXPECT_THAT(Import(FixturePath(file), "club"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 133u);
  ExpectExportedIsTheFile(file);
}

TEST_F(PbnTeamsEndToEndTest, AnAdjustedRoomIsTheDirectorsRuling) {
  const std::string file = "pbn_swiss_teams_adjusted.pbn";
  const std::string out = Import(FixturePath(file), "club");
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 6 matches, 132 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md (usebio_swiss_teams_adjusted.xml): 4 41.33,
  // 1 28.35, 3 25.17, 2 25.15.
  EXPECT_THAT(Standings(), ElementsAre(Row(1, 4, 4133), Row(2, 1, 2835),
                                       Row(3, 3, 2517), Row(4, 2, 2515)));
  int rulings = 0;
  for (const v1::Event& e : Log()) {
    if (!e.payload().has_ruling_made()) continue;
    ++rulings;
    // Board 3's open room: the game at line 108, [Score "A6040"].
    EXPECT_EQ(e.provenance().line(), 108);
    EXPECT_EQ(e.payload().ruling_made().law(), "Law 12C2(a)");
    EXPECT_TRUE(e.payload().ruling_made().board_not_played());
  }
  EXPECT_EQ(rulings, 1);
  ExpectExportedIsTheFile(file);
}

TEST_F(PbnTeamsEndToEndTest, ARoundRobinRoundTrips) {
  const std::string file = "pbn_teams_round_robin.pbn";
  const std::string out =
      Import(FixturePath(file), "club", "sabf_round_robin_teams");
  // 6 + 3 rounds x (draw, 2 matches x 14 boards x 2 rooms, posting).
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 6 matches, 180 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md (usebio_teams_round_robin.xml): 4 39.84,
  // 1 28.10, 2 26.28, 3 25.78.
  EXPECT_THAT(Standings(), ElementsAre(Row(1, 4, 3984), Row(2, 1, 2810),
                                       Row(3, 2, 2628), Row(4, 3, 2578)));
  ExpectDrawsRecordedAsDrawn(3);
  EXPECT_THAT(Import(FixturePath(file), "club", "sabf_round_robin_teams"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 180u);
  ExpectExportedIsTheFile(file);
}

TEST_F(PbnTeamsEndToEndTest, AKnockOutImportsItsStanzasAndCarryOvers) {
  // tests/interchange/pbn_knockout.pbn (usebio_knockout.xml's event,
  // worked in tests/interchange/README.md): semi-finals 1 v 4 (0.1 to team
  // 1) and 2 v 3 (0.1 to team 2) on boards 1-28; the Grand Final 4 v 2 in
  // two stanzas, 2.5 IMPs to team 2.
  const std::string file = "pbn_knockout.pbn";
  // The ITC final's stanzas are 12 boards (ANC SR 11.3), these 28: refused
  // at the first stanza's row before anything is sent.
  EXPECT_THAT(Import(FixturePath(file), "bad", "anc2025_itc_final"),
              HasSubstr("line 32: profile anc2025_itc_final plays stanzas of "
                        "12 boards (ANC SR 11.3); round 1's match 1 v 4 has "
                        "28"));
  EXPECT_TRUE(Log().empty());
  // Tournament, competition, 4 teams; round 1 its draw, 2 matches x 28
  // boards x 2 rooms, its posting; rounds 2 and 3 1 + 56 + 1 each: 6 + 114
  // + 2 x 58 = 236.
  const std::string out =
      Import(FixturePath(file), "club", "sabf_teams_finals");
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 4 matches, 236 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // Worked in the README: 10 + 0.1 v 13; 13 + 0.1 v 13 (the carry-over
  // decides, SABF TR 13.12); 12 + 1 v 0 + 10 + 2.5.
  EXPECT_THAT(MatchLines(KnockoutResults()),
              ElementsAre("First Semi Final: 1 101/10 - 4 13, won by 4",
                          "Second Semi Final: 2 131/10 - 3 13, won by 2",
                          "Grand Final: 4 13 - 2 25/2, won by 4"));
  // The Grand Final's winner wins the event (SABF TR 17.3.4).
  EXPECT_THAT(KnockoutResults().event_winners(), ElementsAre(4));
  ExpectDrawsRecordedAsDrawn(3);
  ASSERT_EQ(Log().size(), 236u);
  ExpectProvenance(file);
  EXPECT_THAT(Import(FixturePath(file), "club", "sabf_teams_finals"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 236u);
  ExpectExportedIsTheFile(file);
}

TEST_F(PbnTeamsEndToEndTest, AKnockOutWinnerTallyDoesNotGiveIsListed) {
  // The First Semi Final printed as won by team 1 (its row, line 32): the
  // results go in and the difference is named at the row.
  const std::string out = Import(
      Edited("\"First Semi Final\"  1  1   0.1   1   4",
             "\"First Semi Final\"  1  1   0.1   1   1", "pbn_knockout.pbn"),
      "club", "sabf_teams_finals");
  EXPECT_THAT(out, HasSubstr("236 events appended"));
  EXPECT_THAT(out, HasSubstr("1 published figures differ from tally's"));
  EXPECT_THAT(out, HasSubstr("edited.pbn line 32: round 1, 1 v 4: "
                             "WINNING_TEAM 1, tally team 4"));
}

TEST_F(PbnTeamsEndToEndTest, TheItcFinalImportsItsFiveTwelveBoardStanzas) {
  // tests/interchange/pbn_itc_final.pbn (usebio_itc_final.xml's event,
  // worked in tests/interchange/README.md): teams 1 v 2 in the 60-board
  // final's five 12-board stanzas (ANC SR 11.3), 2.05 IMPs carried over by
  // team 1 (11.2).
  const std::string file = "pbn_itc_final.pbn";
  // Tournament, competition, 2 teams; each of 5 rounds its draw, 12 boards
  // x 2 rooms, its posting: 4 + 5 x 26 = 134.
  const std::string out =
      Import(FixturePath(file), "club", "anc2025_itc_final");
  EXPECT_THAT(out, HasSubstr("2 teams, 5 rounds, 5 matches, 134 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // Stanzas 10-12, 10-0, 0-10, 1-0, 0-1: team 1 21 + 2.05 = 23.05 = 461/20
  // against team 2's 23; the unrounded carry-over decides (11.2).
  EXPECT_THAT(MatchLines(KnockoutResults()),
              ElementsAre("Final: 1 461/20 - 2 23, won by 1"));
  EXPECT_THAT(KnockoutResults().event_winners(), ElementsAre(1));
  ExpectDrawsRecordedAsDrawn(5);
  ExpectProvenance(file);
  EXPECT_THAT(Import(FixturePath(file), "club", "anc2025_itc_final"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 134u);
  ExpectExportedIsTheFile(file);
}

TEST_F(PbnTeamsEndToEndTest, AUsebioKnockOutExportsAsItsPbnTwin) {
  // The same event imported from USEBIO and written as PBN is the PBN
  // fixture (but its date, which tally keeps no copy of).
  EXPECT_THAT(
      Import(FixturePath("usebio_knockout.xml"), "club", "sabf_teams_finals"),
      HasSubstr("every published figure in the file agrees"));
  ExpectExportedIsTheFile("pbn_knockout.pbn");
}

}  // namespace
}  // namespace tally::testing
