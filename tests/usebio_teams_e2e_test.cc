// End to end (issue #18, teams): `tally import` of the hand-worked USEBIO
// Swiss teams file tests/interchange/usebio_swiss_teams.xml (4 teams, 3
// rounds of 10-board matches; IMPs and VPs worked in
// tests/interchange/README.md) into a real tallyd under nsw_swiss_teams:
// the file's draws recorded as drawn (the audit's recomputation agrees),
// tally's VPs, totals and places equal to the file's, every event carrying
// the file's name, hash and line, a second import appending nothing,
// `tally export-session` giving back a file equal to the original on every
// figure; and refused files (a contradiction in the file, a profile whose
// match length is not the file's) appending nothing. The same for a bye
// each round (usebio_swiss_teams_bye.xml), a room's artificial adjusted
// score (usebio_swiss_teams_adjusted.xml), a TEAMS_OF_FOUR round robin
// (usebio_teams_round_robin.xml under sabf_round_robin_teams; with five
// teams and a bye each round, usebio_teams_round_robin_five.xml) and a
// knock-out of semi-finals and a two-stanza grand final with carry-overs
// (usebio_knockout.xml under sabf_teams_finals), and the ITC final's five
// 12-board stanzas (usebio_itc_final.xml under anc2025_itc_final).

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
#include "server/interchange/teams_file.h"
#include "server/interchange/usebio_teams_reader.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"
#include "tests/teams_interchange_test.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kFile[] = "usebio_swiss_teams.xml";
// Five teams, a bye each round (tests/interchange/README.md).
constexpr char kByeFile[] = "usebio_swiss_teams_bye.xml";

std::string FixturePath(const std::string& file = kFile) {
  return InterchangeFixture(file);
}

class UsebioTeamsEndToEndTest : public TeamsInterchangeTest {
 protected:
  UsebioTeamsEndToEndTest() : TeamsInterchangeTest("usebio_teams") {}

  // `from` replaced by `to` in the fixture, written to the test's directory.
  std::string Edited(const std::string& from, const std::string& to,
                     const std::string& file = kFile) {
    const std::string path = absl::StrCat(dir_, "/edited.xml");
    std::ofstream(path, std::ios::binary)
        << absl::StrReplaceAll(ReadFileBytes(FixturePath(file)), {{from, to}});
    return path;
  }

  // Exports the session as USEBIO, checks that it reads equal to the file
  // at `path` on every figure, and returns the exported text.
  std::string ExportedEqualTo(const std::string& path) {
    const std::string exported = absl::StrCat(dir_, "/club.xml");
    EXPECT_THAT(RunTallyCli(tallyd_.address(),
                            absl::StrCat("export-session club teams 0 "
                                         "--format=usebio --output=",
                                         exported)),
                HasSubstr("wrote"));
    const std::string text = ReadFileBytes(exported);
    absl::StatusOr<interchange::TeamsFile> original =
        interchange::ReadUsebioTeams(ReadFileBytes(path), path);
    absl::StatusOr<interchange::TeamsFile> back =
        interchange::ReadUsebioTeams(text, exported);
    EXPECT_THAT(original, IsOk());
    EXPECT_THAT(back, IsOk());
    if (original.ok() && back.ok()) {
      EXPECT_EQ(interchange::FirstTeamsDifference(*original, *back), "");
    }
    return text;
  }
};

TEST_F(UsebioTeamsEndToEndTest,
       SwissTeamsImportGivesTheFilesFiguresAndRoundTrips) {
  const std::string out = Import(FixturePath(), "club");
  // Tournament, competition, 4 teams; each round its draw, 2 matches x 10
  // boards x 2 rooms, its posting: 6 + 3 x 42.
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 6 matches, 132 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));

  // The standings (tests/interchange/README.md): 4 41.33, 1 27.78,
  // 2 25.72, 3 25.17.
  EXPECT_THAT(Standings(), ElementsAre(Row(1, 4, 4133), Row(2, 1, 2778),
                                       Row(3, 2, 2572), Row(4, 3, 2517)));
  // Each round's draw is the file's, recorded as drawn ("explicit"), and
  // the audit's recomputation of it agrees.
  for (int round = 1; round <= 3; ++round) {
    const v1::DrawCheck check = CheckDraw(round);
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().method(), "explicit");
    if (round == 2) {
      ASSERT_EQ(check.stored().matches_size(), 2);
      EXPECT_EQ(check.stored().matches(1).home(), 4);
      EXPECT_EQ(check.stored().matches(1).away(), 2);
      EXPECT_EQ(check.stored().boards(0), 11);
    }
  }
  // Every event carries the file's name, hash and the line of its fact.
  const std::vector<v1::Event> log = Log();
  ASSERT_EQ(log.size(), 132u);
  for (const v1::Event& e : log) {
    EXPECT_EQ(e.provenance().file_name(), kFile);
    EXPECT_EQ(e.provenance().file_sha256().size(), 64u);
    EXPECT_GT(e.provenance().line(), 0);
  }

  // The same file again appends nothing.
  EXPECT_THAT(Import(FixturePath(), "club"), HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 132u);

  // Exported back, the file reads equal to the original on every figure.
  ExportedEqualTo(FixturePath());
}

TEST_F(UsebioTeamsEndToEndTest, RefusedTeamsFilesAppendNothing) {
  // IMPs the two rooms do not make (470 points: 10 IMPs, Law 78B).
  EXPECT_THAT(Import(Edited("<IMPS>10</IMPS>", "<IMPS>11</IMPS>"), "bad"),
              HasSubstr("edited.xml line 92: round 1, team 1 v 2, board 1: "
                        "<IMPS> 11"));
  // sabf_swiss_teams plays 14-board matches (SABF TR 13.2): the file's
  // 10-board matches would score other VPs.
  EXPECT_THAT(Import(FixturePath(), "bad", "sabf_swiss_teams"),
              HasSubstr("line 84: profile sabf_swiss_teams plays matches of "
                        "14 boards"));
  // A pairs profile.
  EXPECT_THAT(Import(FixturePath(), "bad", "nsw_matchpoint_pairs"),
              HasSubstr("line 8: profile nsw_matchpoint_pairs is for "
                        "EVENT_KIND_MATCHPOINT_PAIRS"));
  EXPECT_TRUE(Log().empty());
  EXPECT_THAT(Import(FixturePath(), "good"), Not(HasSubstr("INVALID")));
  EXPECT_EQ(Log().size(), 132u);
}

TEST_F(UsebioTeamsEndToEndTest, PublishedVpsOnAnotherScaleAreListedByLine) {
  // The file's round 3 match 2 printed on an integer scale (13 for 13.43):
  // the results go in, and the difference is named at the match's line.
  const std::string out = Import(
      Edited("<TEAM_SCORE>13.43</TEAM_SCORE>\n          "
             "<OPPOSING_TEAM_SCORE>6.57</OPPOSING_TEAM_SCORE>\n          "
             "<BOARD EVENT_TYPE=\"SWISS_TEAMS\">\n            "
             "<BOARD_NUMBER>21<",
             "<TEAM_SCORE>13</TEAM_SCORE>\n          "
             "<OPPOSING_TEAM_SCORE>6.57</OPPOSING_TEAM_SCORE>\n          "
             "<BOARD EVENT_TYPE=\"SWISS_TEAMS\">\n            "
             "<BOARD_NUMBER>21<"),
      "club");
  EXPECT_THAT(out, HasSubstr("1 published figures differ from tally's"));
  EXPECT_THAT(out, HasSubstr("edited.xml line 863: round 3, 2 v 3: TEAM_SCORE "
                             "13.00 VPs, tally 13.43"));
}

TEST_F(UsebioTeamsEndToEndTest, AByeIsTheDrawsByeAndRoundTrips) {
  const std::string out = Import(FixturePath(kByeFile), "club");
  // Tournament, competition, 5 teams; each round its draw (with the bye),
  // 2 matches x 10 boards x 2 rooms, its posting: 7 + 3 x 42.
  EXPECT_THAT(out, HasSubstr("5 teams, 3 rounds, 9 matches, 133 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // The standings (tests/interchange/README.md; a bye scores 0 VPs under
  // nsw_swiss_teams, which names no bye rule): 1 27.78, 5 27.71, 4 27.05,
  // 3 25.17, 2 12.29.
  EXPECT_THAT(Standings(),
              ElementsAre(Row(1, 1, 2778), Row(2, 5, 2771), Row(3, 4, 2705),
                          Row(4, 3, 2517), Row(5, 2, 1229)));
  // Each round's bye is the draw's, and the audit's recomputation agrees.
  const int byes[] = {5, 4, 2};
  for (int round = 1; round <= 3; ++round) {
    const v1::DrawCheck check = CheckDraw(round);
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().bye(), byes[round - 1]);
  }
  EXPECT_EQ(Log().size(), 133u);
  EXPECT_THAT(Import(FixturePath(kByeFile), "club"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 133u);

  // Exported back, the byes are MATCHes with no opponent again, and the
  // file reads equal to the original on every figure.
  EXPECT_THAT(ExportedEqualTo(FixturePath(kByeFile)),
              HasSubstr("<TEAM>5</TEAM>\n      <START_BOARD_NUMBER>1<"));
}

TEST_F(UsebioTeamsEndToEndTest, AByesOtherFigureIsListedAndTwoByesRefused) {
  // Team 5's bye moved into round 2, where team 5 plays 5 v 2: refused at
  // that match's line, nothing appended.
  const std::string first_bye =
      "<ROUND_NUMBER>1</ROUND_NUMBER>\n          <TEAM>5</TEAM>\n          "
      "<START_BOARD_NUMBER>1</START_BOARD_NUMBER>\n          "
      "<END_BOARD_NUMBER>10</END_BOARD_NUMBER>\n          "
      "<TEAM_SCORE>0.00</TEAM_SCORE>";
  EXPECT_THAT(
      Import(Edited(first_bye,
                    "<ROUND_NUMBER>2</ROUND_NUMBER>\n          <TEAM>5</TEAM>",
                    kByeFile),
             "bad"),
      HasSubstr(
          "edited.xml line 575: round 2: team 5 has a bye (line 414) and a "
          "match (line 575)"));
  EXPECT_TRUE(Log().empty());
  // A club's 12 VPs for each bye: the results go in and each difference
  // from tally's 0 (nsw_swiss_teams names no bye rule) is listed at its
  // bye's line.
  const std::string out =
      Import(Edited("<TEAM_SCORE>0.00</TEAM_SCORE>",
                    "<TEAM_SCORE>12.00</TEAM_SCORE>", kByeFile),
             "club");
  EXPECT_THAT(out, HasSubstr("133 events appended"));
  EXPECT_THAT(out, HasSubstr("3 published figures differ from tally's"));
  EXPECT_THAT(out, HasSubstr("edited.xml line 414: round 1, team 5's bye: "
                             "TEAM_SCORE 12.00 VPs, tally 0.00"));
}

TEST_F(UsebioTeamsEndToEndTest, AnAdjustedRoomIsTheDirectorsRuling) {
  // tests/interchange/usebio_swiss_teams_adjusted.xml: round 1's 1 v 2,
  // board 3 not played in the open room, A6040 there (line 131).
  const std::string path = FixturePath("usebio_swiss_teams_adjusted.xml");
  // 55% is no artificial award: refused at the line, nothing appended.
  std::ofstream(absl::StrCat(dir_, "/bad.xml"), std::ios::binary)
      << absl::StrReplaceAll(ReadFileBytes(path), {{"A6040", "A5545"}});
  EXPECT_THAT(Import(absl::StrCat(dir_, "/bad.xml"), "bad"),
              HasSubstr("bad.xml line 131: round 1, team 1 v 2, board 3: the "
                        "adjusted score \"A5545\" gives 55%"));
  EXPECT_TRUE(Log().empty());

  // The ruling takes the place of the open room's result: 132 events, as
  // the four-team file, and every figure agrees (+2 IMPs to team 1, NSW TR
  // 7.2; 12 IMPs, 14.00 - 6.00).
  const std::string out = Import(path, "club");
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 6 matches, 132 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md: 4 41.33, 1 28.35, 3 25.17, 2 25.15.
  EXPECT_THAT(Standings(), ElementsAre(Row(1, 4, 4133), Row(2, 1, 2835),
                                       Row(3, 3, 2517), Row(4, 2, 2515)));
  int rulings = 0;
  for (const v1::Event& e : Log()) {
    if (!e.payload().has_ruling_made()) continue;
    ++rulings;
    EXPECT_EQ(e.provenance().line(), 131);
    EXPECT_EQ(e.payload().ruling_made().law(), "Law 12C2(a)");
    EXPECT_TRUE(e.payload().ruling_made().board_not_played());
  }
  EXPECT_EQ(rulings, 1);
  EXPECT_THAT(Import(path, "club"), HasSubstr("0 events appended"));

  EXPECT_THAT(ExportedEqualTo(path), HasSubstr("<SCORE>A6040</SCORE>"));
}

TEST_F(UsebioTeamsEndToEndTest, ATeamsOfFourRoundRobinRoundTrips) {
  // tests/interchange/usebio_teams_round_robin.xml: EVENT_TYPE
  // TEAMS_OF_FOUR, a complete round robin of 4 teams in 3 rounds of
  // 14-board matches.
  const std::string path = FixturePath("usebio_teams_round_robin.xml");
  // A Swiss profile for a round robin: refused, nothing appended.
  EXPECT_THAT(Import(path, "bad"),
              HasSubstr("line 8: profile nsw_swiss_teams is for "
                        "EVENT_KIND_SWISS_TEAMS, not round-robin teams"));
  EXPECT_TRUE(Log().empty());
  // Tournament, competition, 4 teams; each round its draw, 2 matches x 14
  // boards x 2 rooms, its posting: 6 + 3 x 58.
  const std::string out = Import(path, "club", "sabf_round_robin_teams");
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 6 matches, 180 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md: 4 39.84, 1 28.10, 2 26.28, 3 25.78.
  EXPECT_THAT(Standings(), ElementsAre(Row(1, 4, 3984), Row(2, 1, 2810),
                                       Row(3, 2, 2628), Row(4, 3, 2578)));
  for (int round = 1; round <= 3; ++round) {
    const v1::DrawCheck check = CheckDraw(round);
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().method(), "explicit");
  }
  EXPECT_THAT(Import(path, "club", "sabf_round_robin_teams"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 180u);

  ExportedEqualTo(path);
}

TEST_F(UsebioTeamsEndToEndTest, ARoundRobinOfFiveHasAByeEachRound) {
  // tests/interchange/usebio_teams_round_robin_five.xml: the round robin
  // above with a fifth team and a bye each round (team 5, 4, 2), the first
  // three of Berger's five rounds for five teams.
  const std::string path = FixturePath("usebio_teams_round_robin_five.xml");
  // Tournament, competition, 5 teams; each round its draw (with the bye),
  // 2 matches x 14 boards x 2 rooms, its posting: 7 + 3 x 58.
  const std::string out = Import(path, "club", "sabf_round_robin_teams");
  EXPECT_THAT(out, HasSubstr("5 teams, 3 rounds, 9 matches, 181 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md (a bye scores 0 VPs: sabf_round_robin_teams
  // names no bye rule): 1 28.10, 5 26.69, 4 26.12, 3 25.78, 2 13.31.
  EXPECT_THAT(Standings(),
              ElementsAre(Row(1, 1, 2810), Row(2, 5, 2669), Row(3, 4, 2612),
                          Row(4, 3, 2578), Row(5, 2, 1331)));
  const int byes[] = {5, 4, 2};
  for (int round = 1; round <= 3; ++round) {
    const v1::DrawCheck check = CheckDraw(round);
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().bye(), byes[round - 1]);
  }
  EXPECT_THAT(Import(path, "club", "sabf_round_robin_teams"),
              HasSubstr("0 events appended"));
  ExportedEqualTo(path);
}

TEST_F(UsebioTeamsEndToEndTest, AKnockOutImportsItsStanzasAndCarryOvers) {
  // tests/interchange/usebio_knockout.xml (worked in
  // tests/interchange/README.md): semi-finals 1 v 4 (0.1 to team 1) and
  // 2 v 3 (0.1 to team 2) on boards 1-28; the Grand Final 4 v 2 in two
  // stanzas, 2.5 IMPs to team 2.
  const std::string path = FixturePath("usebio_knockout.xml");
  // The ITC final's stanzas are 12 boards (ANC SR 11.3), these 28:
  // refused before anything is sent.
  EXPECT_THAT(Import(path, "bad", "anc2025_itc_final"),
              HasSubstr("line 77: profile anc2025_itc_final plays stanzas of "
                        "12 boards (ANC SR 11.3); round 1's match 1 v 4 has "
                        "28"));
  EXPECT_TRUE(Log().empty());
  // Tournament, competition, 4 teams; round 1 its draw, 2 matches x 28
  // boards x 2 rooms, its posting; rounds 2 and 3 1 + 56 + 1 each.
  const std::string out = Import(path, "club", "sabf_teams_finals");
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 4 matches, 236 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));

  const v1::KnockoutResults k = KnockoutResults();
  // Worked in the README: 10 + 0.1 v 13; 13 + 0.1 v 13 (the carry-over
  // decides, SABF TR 13.12); 12 + 1 v 0 + 10 + 2.5.
  EXPECT_THAT(MatchLines(k),
              ElementsAre("First Semi Final: 1 101/10 - 4 13, won by 4",
                          "Second Semi Final: 2 131/10 - 3 13, won by 2",
                          "Grand Final: 4 13 - 2 25/2, won by 4"));
  // The Grand Final's winner wins the event (SABF TR 17.3.4).
  EXPECT_THAT(k.event_winners(), ElementsAre(4));
  for (int round = 1; round <= 3; ++round) {
    const v1::DrawCheck check = CheckDraw(round);
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().method(), "explicit");
  }
  const std::vector<v1::Event> log = Log();
  ASSERT_EQ(log.size(), 236u);
  for (const v1::Event& e : log) {
    EXPECT_EQ(e.provenance().file_name(), "usebio_knockout.xml");
    EXPECT_GT(e.provenance().line(), 0);
  }
  EXPECT_THAT(Import(path, "club", "sabf_teams_finals"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 236u);

  EXPECT_THAT(ExportedEqualTo(path),
              HasSubstr("<MATCH_NAME>Grand Final</MATCH_NAME>"));
}

TEST_F(UsebioTeamsEndToEndTest, AKnockOutWinnerTallyDoesNotGiveIsListed) {
  // The first semi-final printed as won by team 1: the results go in and
  // the difference is named at the match's line.
  const std::string out =
      Import(Edited("<WINNING_TEAM>4</WINNING_TEAM>\n          <TEAM>1</TEAM>",
                    "<WINNING_TEAM>1</WINNING_TEAM>\n          <TEAM>1</TEAM>",
                    "usebio_knockout.xml"),
             "club", "sabf_teams_finals");
  EXPECT_THAT(out, HasSubstr("236 events appended"));
  EXPECT_THAT(out, HasSubstr("1 published figures differ from tally's"));
  EXPECT_THAT(out, HasSubstr("edited.xml line 77: round 1, 1 v 4: "
                             "WINNING_TEAM 1, tally team 4"));
}

TEST_F(UsebioTeamsEndToEndTest, TheItcFinalImportsItsFiveTwelveBoardStanzas) {
  // tests/interchange/usebio_itc_final.xml (worked in
  // tests/interchange/README.md): teams 1 v 2 in the 60-board final's five
  // 12-board stanzas (ANC SR 11.3), 2.05 IMPs carried over by team 1 (11.2).
  const std::string path = FixturePath("usebio_itc_final.xml");
  // Tournament, competition, 2 teams; each of 5 rounds its draw, 12 boards
  // x 2 rooms, its posting: 4 + 5 x 26 = 134.
  const std::string out = Import(path, "club", "anc2025_itc_final");
  EXPECT_THAT(out, HasSubstr("2 teams, 5 rounds, 5 matches, 134 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // Stanzas 10-12, 10-0, 0-10, 1-0, 0-1: team 1 21 + 2.05 = 23.05 = 461/20
  // against team 2's 23; the unrounded carry-over decides (11.2).
  const v1::KnockoutResults k = KnockoutResults();
  EXPECT_THAT(MatchLines(k), ElementsAre("Final: 1 461/20 - 2 23, won by 1"));
  EXPECT_THAT(k.event_winners(), ElementsAre(1));
  for (int round = 1; round <= 5; ++round) {
    const v1::DrawCheck check = CheckDraw(round);
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().method(), "explicit");
    // Stanza k: boards 12(k - 1) + 1 to 12k of the 60.
    ASSERT_EQ(check.stored().boards_size(), 12) << "round " << round;
    EXPECT_EQ(check.stored().boards(0), 12 * (round - 1) + 1);
    EXPECT_EQ(check.stored().boards(11), 12 * round);
  }
  const std::vector<v1::Event> log = Log();
  ASSERT_EQ(log.size(), 134u);
  for (const v1::Event& e : log) {
    EXPECT_EQ(e.provenance().file_name(), "usebio_itc_final.xml");
    EXPECT_GT(e.provenance().line(), 0);
  }
  EXPECT_THAT(Import(path, "club", "anc2025_itc_final"),
              HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 134u);

  EXPECT_THAT(ExportedEqualTo(path),
              HasSubstr("<CARRY_OVER>2.05</CARRY_OVER>"));
}

TEST_F(UsebioTeamsEndToEndTest, AnItcFinalTheProfileDoesNotPlayAppendsNothing) {
  // The carry-over held by team 2, drawn second: refused at the first
  // stanza's line before anything is sent (ANC SR 11.2, 10.8).
  const std::string out = Import(
      Edited("<CARRY_OVER_TEAM>1</CARRY_OVER_TEAM>",
             "<CARRY_OVER_TEAM>2</CARRY_OVER_TEAM>", "usebio_itc_final.xml"),
      "club", "anc2025_itc_final");
  EXPECT_THAT(out, HasSubstr("edited.xml line 49: profile anc2025_itc_final "
                             "gives the carry-over to the higher placed "
                             "team (ANC SR 11.2)"));
  EXPECT_TRUE(Log().empty());
}

}  // namespace
}  // namespace tally::testing
