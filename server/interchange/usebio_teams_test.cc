// The USEBIO Swiss teams reader, writer, import plan and published-figure
// check on the hand-worked fixture tests/interchange/usebio_swiss_teams.xml
// (4 teams, 3 rounds of 10-board matches under nsw_swiss_teams; the IMPs
// and VPs are worked in tests/interchange/README.md from the WBF IMP scale,
// Law 78B, and the 10-board WBF VP scale, SABF TR 21.7, which NSW TR
// 12.10(c) names).

#include <set>
#include <string>
#include <variant>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/teams_answers.h"
#include "server/interchange/teams_import_plan.h"
#include "server/interchange/usebio_teams_reader.h"
#include "server/interchange/usebio_teams_writer.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr char kDir[] = TALLY_INTERCHANGE_FIXTURES;
constexpr char kFixture[] = "usebio_swiss_teams.xml";

core::Rational R(const std::string& text) {
  return *core::Rational::Parse(text);
}

absl::StatusOr<TeamsFile> ReadFixtureTeams() {
  return ReadUsebioTeams(ReadFixture(kDir, kFixture), kFixture);
}

// The fixture with `from` replaced by `to`, read.
absl::StatusOr<TeamsFile> ReadEdited(const std::string& from,
                                     const std::string& to) {
  return ReadUsebioTeams(EditedFixture(kDir, kFixture, from, to), kFixture);
}

void ExpectRefusedAt(const absl::StatusOr<TeamsFile>& read, int line,
                     const std::string& what) {
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(),
              HasSubstr(std::string(kFixture) + " line " +
                        std::to_string(line) + ": "));
  EXPECT_THAT(read.status().message(), HasSubstr(what));
}

TEST(UsebioTeamsReaderTest, ReadsTheHandWorkedFixture) {
  absl::StatusOr<TeamsFile> file = ReadFixtureTeams();
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->event_name, "Club Swiss Teams");
  EXPECT_EQ(file->date, "28/11/2026");
  ASSERT_EQ(file->teams.size(), 4u);
  const FileTeam& aces = file->teams[0];
  EXPECT_EQ(aces.line, 19);
  EXPECT_EQ(aces.team, 1);
  EXPECT_EQ(aces.name, "Aces");
  EXPECT_THAT(aces.players,
              ElementsAre("Ann Archer", "Bob Baker", "Cal Carter", "Dee Dale"));
  // Worked in tests/interchange/README.md: 13.43 + 6.86 + 7.49.
  EXPECT_EQ(aces.place, "2");
  EXPECT_EQ(aces.total, R("27.78"));
  EXPECT_EQ(file->teams[3].place, "1");
  EXPECT_EQ(file->teams[3].total, R("41.33"));
  EXPECT_THAT(file->Rounds(), ElementsAre(1, 2, 3));
  ASSERT_EQ(file->matches.size(), 6u);
  const FileMatch& first = file->matches[0];
  EXPECT_EQ(first.line, 84);
  EXPECT_EQ(first.round, 1);
  EXPECT_EQ(first.team, 1);
  EXPECT_EQ(first.opponent, 2);
  EXPECT_EQ(first.first_board, 1);
  EXPECT_EQ(first.last_board, 10);
  EXPECT_EQ(first.team_vps, R("13.43"));
  EXPECT_EQ(first.opponent_vps, R("6.57"));
  ASSERT_EQ(first.boards.size(), 10u);
  const FileMatchBoard& board1 = first.boards[0];
  EXPECT_EQ(board1.line, 92);
  EXPECT_EQ(board1.imps, core::Rational(10));  // 420 + 50 = 470: 10 IMPs
  ASSERT_EQ(board1.rooms.size(), 2u);
  EXPECT_TRUE(board1.rooms[0].team_north_south);
  EXPECT_EQ(board1.rooms[0].line, 95);
  EXPECT_EQ(board1.rooms[0].ns_score, 420);
  EXPECT_EQ(board1.rooms[0].result.played().tricks(), 10);
  EXPECT_FALSE(board1.rooms[1].team_north_south);
  EXPECT_EQ(board1.rooms[1].ns_score, -50);
  EXPECT_TRUE(first.boards[2].rooms[0].result.has_passed_out());
  // Round 2, table 2: team 4 at home against team 2 (board 13, 6NT v 3NT).
  const FileMatch& home4 = file->matches[3];
  EXPECT_EQ(home4.round, 2);
  EXPECT_EQ(home4.team, 4);
  EXPECT_EQ(home4.opponent, 2);
  EXPECT_EQ(home4.boards[2].imps, core::Rational(13));
  EXPECT_EQ(home4.boards[2].rooms[0].ns_score, 1440);
  EXPECT_EQ(home4.boards[2].rooms[1].ns_score, 690);
}

TEST(UsebioTeamsReaderTest, TellsATeamsFileFromAPairsFile) {
  EXPECT_TRUE(IsUsebioTeamsFile(ReadFixture(kDir, kFixture)));
  EXPECT_FALSE(
      IsUsebioTeamsFile(ReadFixture(kDir, "usebio_mitchell_3_tables.xml")));
  EXPECT_FALSE(IsUsebioTeamsFile("<USEBIO"));
}

TEST(UsebioTeamsReaderTest, RefusesWhatTallyCannotRepresentNamingTheLine) {
  // An adjusted score: percentages of a matchpoint top say no IMPs.
  ExpectRefusedAt(ReadEdited("<SCORE>420</SCORE>", "<SCORE>A6040</SCORE>"), 95,
                  "adjusted score \"A6040\"");
  // A score that is not the contract's (Law 77).
  ExpectRefusedAt(ReadEdited("<SCORE>420</SCORE>", "<SCORE>450</SCORE>"), 95,
                  "<SCORE> 450 is not the score of");
  // IMPs the two rooms do not make (470 points: 10 IMPs, Law 78B).
  ExpectRefusedAt(ReadEdited("<IMPS>10</IMPS>", "<IMPS>11</IMPS>"), 92,
                  "<IMPS> 11, but TEAM's two rooms make 470 points, 10 IMPs");
  // Ranked on total IMPs, not VPs.
  ExpectRefusedAt(
      ReadEdited("<MATCH_SCORING_METHOD>VPS", "<MATCH_SCORING_METHOD>IMPS"), 9,
      "tally ranks Swiss teams on VPs");
  // Another teams event type.
  ExpectRefusedAt(ReadEdited("EVENT_TYPE=\"SWISS_TEAMS\">\n",
                             "EVENT_TYPE=\"KNOCKOUT_TEAMS\">\n"),
                  8, "EVENT_TYPE \"KNOCKOUT_TEAMS\"");
  // An element tally does not know.
  ExpectRefusedAt(ReadEdited("<IMPS>10</IMPS>",
                             "<IMPS>10</IMPS><HANDICAP>3"
                             "</HANDICAP>"),
                  94, "<HANDICAP> in <BOARD> is not an element tally knows");
  // One room only.
  ExpectRefusedAt(
      ReadEdited("<DIRECTION>EW</DIRECTION>", "<DIRECTION>NS</DIRECTION>"), 92,
      "a teams match has two rooms");
  // A team with three players.
  ExpectRefusedAt(ReadEdited("            <PLAYER>\n              "
                             "<PLAYER_NAME>Dee Dale</PLAYER_NAME>\n"
                             "            </PLAYER>\n",
                             ""),
                  19, "team 1 has 3 <PLAYER>s: a team is four to six");
}

TEST(UsebioTeamsReaderTest, RefusesRoundsTallyCannotDraw) {
  // Round 1's second match moved to round 2: round 2's matches play
  // different boards (tally's draw gives a round one set of boards).
  const std::string second_match =
      "<ROUND_NUMBER>1</ROUND_NUMBER>\n          <TEAM>3</TEAM>";
  ExpectRefusedAt(ReadEdited(second_match,
                             "<ROUND_NUMBER>2</ROUND_NUMBER>\n          "
                             "<TEAM>3</TEAM>"),
                  398, "every match of a round plays the same boards");
  // Team 2 replaced by team 3 in round 1's first match: team 3 plays twice.
  ExpectRefusedAt(ReadEdited("<OPPOSING_TEAM>2</OPPOSING_TEAM>",
                             "<OPPOSING_TEAM>3</OPPOSING_TEAM>"),
                  241, "round 1: team 3 plays two matches");
  // A team outside the participants.
  ExpectRefusedAt(ReadEdited("<OPPOSING_TEAM>2</OPPOSING_TEAM>",
                             "<OPPOSING_TEAM>9</OPPOSING_TEAM>"),
                  84, "team 9 is not among the participants");
  // A board of the match missing.
  ExpectRefusedAt(ReadEdited("<END_BOARD_NUMBER>10</END_BOARD_NUMBER>",
                             "<END_BOARD_NUMBER>11</END_BOARD_NUMBER>"),
                  84, "board 11 of the match has no <BOARD>");
}

TEST(UsebioTeamsPlanTest, PlansTheFileAsTheCommandsADirectorWouldGive) {
  absl::StatusOr<TeamsFile> file = ReadFixtureTeams();
  ASSERT_THAT(file, IsOk());
  ImportTarget target;
  target.tournament_id = "club";
  target.competition_id = "teams";
  target.regulation_profile = "nsw_swiss_teams";
  target.format = "usebio-1.2";
  target.file_name = kFixture;
  target.file_sha256 = Sha256Hex(ReadFixture(kDir, kFixture));
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // Tournament, competition, 4 teams, and each of 3 rounds: its draw, 2
  // matches x 10 boards x 2 rooms, its posting.
  ASSERT_EQ(steps.size(), 2u + 4u + 3u * (1u + 40u + 1u));
  std::set<std::string> keys;
  for (const ImportStep& s : steps) {
    std::visit(
        [&](const auto& r) {
          EXPECT_TRUE(keys.insert(r.options().idempotency_key()).second);
          EXPECT_EQ(r.options().provenance().file_name(), kFixture);
          EXPECT_EQ(r.options().provenance().line(), s.line);
          EXPECT_EQ(r.tournament_id(), "club");
        },
        s.request);
  }
  const auto* competition =
      std::get_if<v1::CreateCompetitionRequest>(&steps[1].request);
  ASSERT_NE(competition, nullptr);
  EXPECT_EQ(competition->kind(), v1::COMPETITION_KIND_SWISS_TEAMS);
  EXPECT_EQ(competition->regulation_profile(), "nsw_swiss_teams");
  EXPECT_EQ(competition->rounds(), 3);
  const auto* team = std::get_if<v1::RegisterTeamRequest>(&steps[5].request);
  ASSERT_NE(team, nullptr);
  EXPECT_EQ(team->team(), 4);
  EXPECT_EQ(team->name(), "Doubletons");
  EXPECT_EQ(team->players_size(), 4);
  EXPECT_EQ(steps[5].line, 67);
  // Round 2's draw (after round 1's 42 steps): the file's matches, as
  // listed, at tables 1 and 2, from board 11.
  const auto* draw = std::get_if<v1::MakeDrawRequest>(&steps[48].request);
  ASSERT_NE(draw, nullptr);
  EXPECT_EQ(draw->round(), 2);
  EXPECT_EQ(draw->first_board(), 11);
  EXPECT_EQ(steps[48].line, 398);
  ASSERT_EQ(draw->matches_size(), 2);
  EXPECT_EQ(draw->matches(0).table(), 1);
  EXPECT_EQ(draw->matches(0).home(), 1);
  EXPECT_EQ(draw->matches(0).away(), 3);
  EXPECT_EQ(draw->matches(1).table(), 2);
  EXPECT_EQ(draw->matches(1).home(), 4);
  EXPECT_EQ(draw->matches(1).away(), 2);
  // Board 1's rooms: TEAM (1) NS is the open room, TEAM EW the closed one.
  const auto* open = std::get_if<v1::EnterResultRequest>(&steps[7].request);
  const auto* closed = std::get_if<v1::EnterResultRequest>(&steps[8].request);
  ASSERT_NE(open, nullptr);
  ASSERT_NE(closed, nullptr);
  EXPECT_EQ(open->session(), 1);
  EXPECT_EQ(open->table(), 1);
  EXPECT_EQ(open->board(), 1);
  EXPECT_EQ(open->room(), v1::ROOM_OPEN);
  EXPECT_EQ(open->result().played().tricks(), 10);
  EXPECT_EQ(steps[7].line, 95);
  EXPECT_EQ(closed->room(), v1::ROOM_CLOSED);
  EXPECT_EQ(closed->result().played().tricks(), 9);
  EXPECT_NE(std::get_if<v1::PostScoresRequest>(&steps[47].request), nullptr);
  // The same file planned again gives the same keys: a second import
  // appends nothing.
  const std::vector<ImportStep> again = PlanTeamsImport(*file, target);
  ASSERT_EQ(again.size(), steps.size());
  for (size_t i = 0; i < steps.size(); ++i) {
    std::visit(
        [&](const auto& a) {
          std::visit(
              [&](const auto& b) {
                EXPECT_EQ(a.options().idempotency_key(),
                          b.options().idempotency_key());
              },
              again[i].request);
        },
        steps[i].request);
  }
}

TEST(UsebioTeamsWriterTest, WritesWhatItReadsBackEqual) {
  absl::StatusOr<TeamsFile> file = ReadFixtureTeams();
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<EVENT EVENT_TYPE=\"SWISS_TEAMS\">"));
  EXPECT_THAT(*written, HasSubstr("<TEAM TEAM_ID=\"4\" TEAM_NAME=\"Doubletons"
                                  "\">"));
  EXPECT_THAT(*written, HasSubstr("<TOTAL_SCORE>41.33</TOTAL_SCORE>"));
  absl::StatusOr<TeamsFile> again = ReadUsebioTeams(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *again), "");
  // A figure changed is a difference.
  again->matches[2].team_vps = R("6.87");
  EXPECT_THAT(FirstTeamsDifference(*file, *again),
              HasSubstr("round 2 match 1 v 3: VPs"));
}

TEST(UsebioTeamsWriterTest, RefusesARoomItCannotCarry) {
  absl::StatusOr<TeamsFile> file = ReadFixtureTeams();
  ASSERT_THAT(file, IsOk());
  file->matches[1].boards[3].rooms[1].unwritable =
      "a director's adjusted score (Law 12C2, event 40)";
  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(written.status().message(),
              HasSubstr("round 1, match 3 v 4, board 4, the room where team "
                        "4 sits North-South: a director's adjusted score"));
}

TEST(UsebioTeamsAnswersTest, ChecksEveryPublishedFigureNamingItsLine) {
  absl::StatusOr<TeamsFile> file = ReadFixtureTeams();
  ASSERT_THAT(file, IsOk());
  TeamsFile tally = *file;
  EXPECT_THAT(CheckPublishedTeams(*file, tally, kFixture), IsEmpty());
  // Integer VPs (13 for 13.43) are another scale: refused at the match.
  tally.matches[0].team_vps = R("13");
  tally.teams[0].place = "2=";
  tally.matches[0].boards[0].imps = core::Rational(9);
  EXPECT_THAT(
      CheckPublishedTeams(*file, tally, kFixture),
      ElementsAre(
          "usebio_swiss_teams.xml line 19: team 1: PLACE 2, tally 2=",
          "usebio_swiss_teams.xml line 84: round 1, 1 v 2: TEAM_SCORE "
          "13.43 VPs, tally 13.00",
          "usebio_swiss_teams.xml line 92: round 1, 1 v 2, board 1: IMPS 10, "
          "tally 9"));
}

TEST(UsebioTeamsAnswersTest, BuildsTheFileFromTallysAnswers) {
  v1::Competition competition;
  for (int t : {1, 2}) {
    v1::Pair* p = competition.add_pairs();
    p->set_pair(t);
    p->set_name(t == 1 ? "Aces" : "Bidders");
    for (const char* n : {"A", "B", "C", "D"}) {
      p->add_players(std::string(n) + std::to_string(t));
    }
  }
  RoundAnswers round;
  round.draw.set_round(1);
  round.draw.add_boards(1);
  v1::DrawnMatch* m = round.draw.add_matches();
  m->set_table(1);
  m->set_home(1);
  m->set_away(2);
  v1::MatchResult* result = round.results.add_matches();
  result->set_table(1);
  result->set_complete(true);
  result->mutable_home_vps()->set_units(1343);
  result->mutable_home_vps()->set_places(2);
  result->mutable_away_vps()->set_units(657);
  result->mutable_away_vps()->set_places(2);
  v1::Traveller t;
  t.set_board(1);
  for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
    v1::TravellerLine* line = t.add_lines();
    line->set_table(1);
    line->set_room(room);
    line->mutable_result()->mutable_passed_out();
    line->mutable_match_imps()->set_numerator(0);
    line->mutable_match_imps()->set_denominator(1);
  }
  round.travellers.push_back(t);
  v1::MatchStandings standings;
  v1::MatchStandingsRow* row = standings.add_rows();
  row->set_entrant(1);
  row->set_rank(1);
  row->mutable_total()->set_units(1343);
  row->mutable_total()->set_places(2);
  absl::StatusOr<TeamsFile> file =
      TeamsFileFromAnswers(competition, "Club", {round}, standings);
  ASSERT_THAT(file, IsOk());
  ASSERT_EQ(file->matches.size(), 1u);
  EXPECT_EQ(file->matches[0].team_vps, R("13.43"));
  EXPECT_EQ(file->matches[0].boards[0].imps, core::Rational(0));
  EXPECT_EQ(file->teams[0].place, "1");
  EXPECT_EQ(file->teams[0].total, R("13.43"));
  EXPECT_EQ(file->teams[1].place, "");
  // A bye has no form in the file.
  round.draw.set_bye(3);
  absl::StatusOr<TeamsFile> bye =
      TeamsFileFromAnswers(competition, "Club", {round}, standings);
  EXPECT_EQ(bye.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(bye.status().message(), HasSubstr("round 1: team 3 has a bye"));
}

}  // namespace
}  // namespace tally::interchange
