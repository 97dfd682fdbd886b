// The USEBIO Swiss teams reader, writer, import plan and published-figure
// check on the hand-worked fixture tests/interchange/usebio_swiss_teams.xml
// (4 teams, 3 rounds of 10-board matches under nsw_swiss_teams; the IMPs
// and VPs are worked in tests/interchange/README.md from the WBF IMP scale,
// Law 78B, and the 10-board WBF VP scale, SABF TR 21.7, which NSW TR
// 12.10(c) names); and on its variants with a bye each round, an adjusted
// room, a TEAMS_OF_FOUR round robin, and a knock-out (EVENT_TYPE KO:
// semi-finals and a grand final of two stanzas with carry-overs, under
// sabf_teams_finals), each worked in the same README.

#include <set>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/teams_answers.h"
#include "server/interchange/teams_import_plan.h"
#include "server/interchange/usebio_teams_reader.h"
#include "server/interchange/usebio_teams_writer.h"
#include "tally/v1/profile.pb.h"

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

// The import of fixture `file` into tournament "club", competition
// "teams", under `profile`.
ImportTarget ClubTeams(const std::string& file,
                       const std::string& profile = "nsw_swiss_teams") {
  ImportTarget target;
  target.tournament_id = "club";
  target.competition_id = "teams";
  target.regulation_profile = profile;
  target.format = "usebio-1.2";
  target.file_name = file;
  return target;
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
  EXPECT_EQ(first.team_score, R("13.43"));
  EXPECT_EQ(first.opponent_score, R("6.57"));
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
  // An adjusted score other than average plus, average or average minus
  // (Law 12C2): no IMPs it stands for.
  ExpectRefusedAt(ReadEdited("<SCORE>420</SCORE>", "<SCORE>A7030</SCORE>"), 95,
                  "the adjusted score \"A7030\" gives 70%");
  // A score that is not the contract's (Law 77).
  ExpectRefusedAt(ReadEdited("<SCORE>420</SCORE>", "<SCORE>450</SCORE>"), 95,
                  "<SCORE> 450 is not the score of");
  // IMPs the two rooms do not make (470 points: 10 IMPs, Law 78B).
  ExpectRefusedAt(ReadEdited("<IMPS>10</IMPS>", "<IMPS>11</IMPS>"), 92,
                  "<IMPS> 11, but TEAM's two rooms make 470 points, 10 IMPs");
  // Ranked on total IMPs, not VPs.
  ExpectRefusedAt(
      ReadEdited("<MATCH_SCORING_METHOD>VPS", "<MATCH_SCORING_METHOD>IMPS"), 9,
      "tally ranks Swiss teams and round robins on VPs");
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
  ImportTarget target = ClubTeams(kFixture);
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
  again->matches[2].team_score = R("6.87");
  EXPECT_THAT(FirstTeamsDifference(*file, *again),
              HasSubstr("round 2 match 1 v 3: scores 343/50-657/50 v "));
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
  tally.matches[0].team_score = R("13");
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
  EXPECT_EQ(file->matches[0].team_score, R("13.43"));
  EXPECT_EQ(file->matches[0].boards[0].imps, core::Rational(0));
  EXPECT_EQ(file->teams[0].place, "1");
  EXPECT_EQ(file->teams[0].total, R("13.43"));
  EXPECT_EQ(file->teams[1].place, "");
  // A bye with no score in tally's answers is not written.
  round.draw.set_bye(3);
  absl::StatusOr<TeamsFile> bye =
      TeamsFileFromAnswers(competition, "Club", {round}, standings);
  EXPECT_EQ(bye.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(bye.status().message(),
              HasSubstr("round 1: tally has no score for team 3's bye"));
  // With its score (ANC SR 10.11's 35 VPs, as an ITC bye would have), the
  // bye is a match with no opponent on the round's boards.
  round.results.mutable_bye()->set_entrant(3);
  round.results.mutable_bye()->mutable_vps()->set_units(35);
  bye = TeamsFileFromAnswers(competition, "Club", {round}, standings);
  ASSERT_THAT(bye, IsOk());
  ASSERT_EQ(bye->matches.size(), 2u);
  EXPECT_EQ(bye->matches[1].team, 3);
  EXPECT_EQ(bye->matches[1].opponent, 0);
  EXPECT_EQ(bye->matches[1].first_board, 1);
  EXPECT_EQ(bye->matches[1].last_board, 1);
  EXPECT_EQ(bye->matches[1].team_score, core::Rational(35));
  EXPECT_FALSE(bye->matches[1].opponent_score.has_value());
  EXPECT_TRUE(bye->matches[1].boards.empty());
}

// The bye fixture, tests/interchange/usebio_swiss_teams_bye.xml: the
// four-team file with a fifth team and a bye each round (worked in
// tests/interchange/README.md; nsw_swiss_teams names no bye rule, so a bye
// scores 0 VPs in tally).
constexpr char kByeFixture[] = "usebio_swiss_teams_bye.xml";

absl::StatusOr<TeamsFile> ReadByeEdited(const std::string& from,
                                        const std::string& to) {
  return ReadUsebioTeams(EditedFixture(kDir, kByeFixture, from, to),
                         kByeFixture);
}

void ExpectByeRefusedAt(const absl::StatusOr<TeamsFile>& read, int line,
                        const std::string& what) {
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(read.status().message()),
              HasSubstr(std::string(kByeFixture) + " line " +
                        std::to_string(line) + ": "));
  EXPECT_THAT(std::string(read.status().message()), HasSubstr(what));
}

// The first bye of the fixture (round 1, team 5).
constexpr char kFirstBye[] =
    "<ROUND_NUMBER>1</ROUND_NUMBER>\n          <TEAM>5</TEAM>\n          "
    "<START_BOARD_NUMBER>1</START_BOARD_NUMBER>\n          "
    "<END_BOARD_NUMBER>10</END_BOARD_NUMBER>\n          "
    "<TEAM_SCORE>0.00</TEAM_SCORE>";

TEST(UsebioTeamsByeTest, ReadsAByeAsAMatchWithNoOpponent) {
  absl::StatusOr<TeamsFile> file =
      ReadUsebioTeams(ReadFixture(kDir, kByeFixture), kByeFixture);
  ASSERT_THAT(file, IsOk());
  ASSERT_EQ(file->teams.size(), 5u);
  EXPECT_EQ(file->teams[4].name, "Endplays");
  EXPECT_EQ(file->teams[4].total, R("27.71"));  // 0 + 14.28 + 13.43
  EXPECT_EQ(file->teams[1].total, R("12.29"));  // 6.57 + 5.72 + 0
  ASSERT_EQ(file->matches.size(), 9u);          // two matches and a bye a round
  const FileMatch& bye = file->matches[2];
  EXPECT_EQ(bye.line, 414);
  EXPECT_EQ(bye.round, 1);
  EXPECT_EQ(bye.team, 5);
  EXPECT_EQ(bye.opponent, 0);
  EXPECT_EQ(bye.first_board, 1);
  EXPECT_EQ(bye.last_board, 10);
  EXPECT_EQ(bye.team_score, core::Rational(0));
  EXPECT_FALSE(bye.opponent_score.has_value());
  EXPECT_TRUE(bye.boards.empty());
  EXPECT_EQ(file->matches[5].team, 4);  // round 2's bye
  EXPECT_EQ(file->matches[5].opponent, 0);
  EXPECT_EQ(file->matches[5].first_board, 11);

  // A blank OPPOSING_TEAM is a bye too; a bye naming no boards has the
  // round's.
  absl::StatusOr<TeamsFile> blank = ReadByeEdited(
      kFirstBye,
      "<ROUND_NUMBER>1</ROUND_NUMBER>\n          <TEAM>5</TEAM>\n          "
      "<OPPOSING_TEAM></OPPOSING_TEAM>\n          "
      "<TEAM_SCORE>0.00</TEAM_SCORE>");
  ASSERT_THAT(blank, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *blank), "");
}

TEST(UsebioTeamsByeTest, RefusesByesTallyCannotRecordNamingTheLine) {
  // Team 5's bye moved to round 2, where it plays 5 v 2 (line 575 once
  // the bye is three lines shorter).
  ExpectByeRefusedAt(
      ReadByeEdited(kFirstBye,
                    "<ROUND_NUMBER>2</ROUND_NUMBER>\n          <TEAM>5</TEAM>"),
      575, "round 2: team 5 has a bye (line 414) and a match (line 575)");
  // The other way round: round 1's bye given to team 1, which plays 1 v 2
  // there (line 100).
  ExpectByeRefusedAt(
      ReadByeEdited(kFirstBye,
                    "<ROUND_NUMBER>1</ROUND_NUMBER>\n          <TEAM>1</TEAM>"),
      414, "round 1: team 1 has a bye (line 414) and a match (line 100)");
  // A second bye in round 1 (the first one written twice; the copy starts
  // on line 421).
  const std::string bye_match = std::string("        <MATCH>\n          ") +
                                kFirstBye + "\n        </MATCH>\n";
  ExpectByeRefusedAt(ReadByeEdited(bye_match, bye_match + bye_match), 421,
                     "round 1: team 5 has a bye, and so has team 5 (line 414); "
                     "tally gives a round one bye");
  // Round 1 without its bye: team 5 plays no match and has no bye (the
  // refusal names round 1's first match).
  ExpectByeRefusedAt(ReadByeEdited(std::string("        <MATCH>\n          ") +
                                       kFirstBye + "\n        </MATCH>\n",
                                   ""),
                     100, "round 1: team 5 plays no match and has no bye");
  // A bye with a board, or its opponent's VPs.
  ExpectByeRefusedAt(
      ReadByeEdited(kFirstBye,
                    std::string(kFirstBye) +
                        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD>"),
      419, "a team with a bye plays no boards");
  ExpectByeRefusedAt(
      ReadByeEdited(kFirstBye,
                    std::string(kFirstBye) +
                        "<OPPOSING_TEAM_SCORE>20</OPPOSING_TEAM_SCORE>"),
      414, "an <OPPOSING_TEAM_SCORE> with no <OPPOSING_TEAM>");
  // A bye on boards the round does not play.
  ExpectByeRefusedAt(
      ReadByeEdited("<START_BOARD_NUMBER>1</START_BOARD_NUMBER>\n          "
                    "<END_BOARD_NUMBER>10</END_BOARD_NUMBER>\n          "
                    "<TEAM_SCORE>0.00",
                    "<START_BOARD_NUMBER>11</START_BOARD_NUMBER>\n          "
                    "<END_BOARD_NUMBER>20</END_BOARD_NUMBER>\n          "
                    "<TEAM_SCORE>0.00"),
      414, "team 5's bye: boards 11-20, but the round's first match");
}

TEST(UsebioTeamsByeTest, PlansTheByeAsTheDrawsBye) {
  absl::StatusOr<TeamsFile> file =
      ReadUsebioTeams(ReadFixture(kDir, kByeFixture), kByeFixture);
  ASSERT_THAT(file, IsOk());
  const ImportTarget target = ClubTeams(kByeFixture);
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // Tournament, competition, 5 teams, and each of 3 rounds: its draw, 2
  // matches x 10 boards x 2 rooms (the bye enters nothing), its posting.
  ASSERT_EQ(steps.size(), 2u + 5u + 3u * (1u + 40u + 1u));
  const auto* draw = std::get_if<v1::MakeDrawRequest>(&steps[7].request);
  ASSERT_NE(draw, nullptr);
  EXPECT_EQ(draw->round(), 1);
  EXPECT_EQ(draw->matches_size(), 2);
  EXPECT_EQ(draw->bye(), 5);
  const auto* second = std::get_if<v1::MakeDrawRequest>(&steps[49].request);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->round(), 2);
  EXPECT_EQ(second->bye(), 4);
  EXPECT_EQ(second->first_board(), 11);
  EXPECT_EQ(second->matches(1).home(), 5);
}

TEST(UsebioTeamsByeTest, WritesTheByeBackAndChecksItsFigure) {
  absl::StatusOr<TeamsFile> file =
      ReadUsebioTeams(ReadFixture(kDir, kByeFixture), kByeFixture);
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_THAT(written, IsOk());
  absl::StatusOr<TeamsFile> again = ReadUsebioTeams(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *again), "");
  EXPECT_EQ(again->matches[2].opponent, 0);
  // A club's bye of 12 VPs against tally's 0 (no bye rule in
  // nsw_swiss_teams): listed at the bye's line, like any figure.
  absl::StatusOr<TeamsFile> club = ReadByeEdited(
      kFirstBye,
      "<ROUND_NUMBER>1</ROUND_NUMBER>\n          <TEAM>5</TEAM>\n          "
      "<START_BOARD_NUMBER>1</START_BOARD_NUMBER>\n          "
      "<END_BOARD_NUMBER>10</END_BOARD_NUMBER>\n          "
      "<TEAM_SCORE>12.00</TEAM_SCORE>");
  ASSERT_THAT(club, IsOk());
  EXPECT_THAT(CheckPublishedTeams(*club, *file, kByeFixture),
              ElementsAre("usebio_swiss_teams_bye.xml line 414: round 1, "
                          "team 5's bye: TEAM_SCORE 12.00 VPs, tally 0.00"));
}

// The adjusted fixture, tests/interchange/usebio_swiss_teams_adjusted.xml:
// the four-team file with board 3 of round 1's 1 v 2 not played in the
// open room, A6040 there (Law 12C2(a): average plus to team 1, North-South,
// average minus to team 2): +2 IMPs to team 1 under nsw_swiss_teams (NSW TR
// 7.2, under 11 boards), 12 IMPs in all, 14.00 - 6.00 (10-board WBF scale;
// worked in tests/interchange/README.md).
constexpr char kAdjustedFixture[] = "usebio_swiss_teams_adjusted.xml";

absl::StatusOr<TeamsFile> ReadAdjusted() {
  return ReadUsebioTeams(ReadFixture(kDir, kAdjustedFixture), kAdjustedFixture);
}

TEST(UsebioTeamsAdjustedTest, ReadsAnArtificialAdjustedScoreInARoom) {
  absl::StatusOr<TeamsFile> file = ReadAdjusted();
  ASSERT_THAT(file, IsOk());
  const FileMatchBoard& board3 = file->matches[0].boards[2];
  EXPECT_EQ(board3.board, 3);
  EXPECT_EQ(board3.imps, core::Rational(2));  // not checked by the reader
  ASSERT_EQ(board3.rooms.size(), 2u);
  const FileRoomResult& open = board3.rooms[0];
  EXPECT_EQ(open.line, 131);
  EXPECT_TRUE(open.team_north_south);
  EXPECT_TRUE(open.result.has_not_played());
  EXPECT_EQ(open.ns_score, 0);
  ASSERT_TRUE(open.adjusted.has_value());
  EXPECT_EQ(open.adjusted->ns_percent, 60);
  EXPECT_EQ(open.adjusted->ew_percent, 40);
  EXPECT_FALSE(board3.rooms[1].adjusted.has_value());
  EXPECT_EQ(file->matches[0].team_score, R("14.00"));
  EXPECT_EQ(file->teams[0].total, R("28.35"));  // 14.00 + 6.86 + 7.49

  // Played, and then adjusted: the result is kept beside the adjusted
  // score, which stands in for its SCORE.
  absl::StatusOr<TeamsFile> played =
      ReadUsebioTeams(EditedFixture(kDir, kAdjustedFixture, "<SCORE>A6040",
                                    "<CONTRACT>PASS</CONTRACT><SCORE>A6040"),
                      kAdjustedFixture);
  ASSERT_THAT(played, IsOk());
  EXPECT_TRUE(played->matches[0].boards[2].rooms[0].result.has_passed_out());
  EXPECT_TRUE(played->matches[0].boards[2].rooms[0].adjusted.has_value());
  // 55% is no artificial award.
  absl::StatusOr<TeamsFile> bad =
      ReadUsebioTeams(EditedFixture(kDir, kAdjustedFixture, "A6040", "A5545"),
                      kAdjustedFixture);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(),
              HasSubstr("usebio_swiss_teams_adjusted.xml line 131: round 1, "
                        "team 1 v 2, board 3: the adjusted score \"A5545\" "
                        "gives 55%"));
}

TEST(UsebioTeamsAdjustedTest, PlansTheRulingAndWritesItBack) {
  absl::StatusOr<TeamsFile> file = ReadAdjusted();
  ASSERT_THAT(file, IsOk());
  const ImportTarget target = ClubTeams(kAdjustedFixture);
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // As the four-team file: the ruling takes the place of the open room's
  // result on board 3.
  ASSERT_EQ(steps.size(), 2u + 4u + 3u * (1u + 40u + 1u));
  // Tournament, competition, 4 teams, round 1's draw, boards 1-2's rooms
  // (steps 7-10): board 3's open room is step 11.
  const auto* ruling = std::get_if<v1::RecordRulingRequest>(&steps[11].request);
  ASSERT_NE(ruling, nullptr);
  EXPECT_EQ(steps[11].line, 131);
  EXPECT_EQ(ruling->session(), 1);
  EXPECT_EQ(ruling->table(), 1);
  EXPECT_EQ(ruling->board(), 3);
  EXPECT_EQ(ruling->room(), v1::ROOM_OPEN);
  EXPECT_EQ(ruling->law(), "Law 12C2(a)");
  EXPECT_TRUE(ruling->board_not_played());
  EXPECT_EQ(ruling->adjusted().artificial().ns(),
            v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  EXPECT_EQ(ruling->adjusted().artificial().ew(),
            v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  EXPECT_NE(std::get_if<v1::EnterResultRequest>(&steps[12].request), nullptr);

  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<DIRECTION>NS</DIRECTION>\n          "
                                  "<SCORE>A6040</SCORE>"));
  absl::StatusOr<TeamsFile> again = ReadUsebioTeams(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *again), "");
  again->matches[0].boards[2].rooms[0].adjusted->ew_percent = 50;
  EXPECT_THAT(FirstTeamsDifference(*file, *again),
              HasSubstr("board 3: TEAM NS room: the adjusted score (A6040 v "
                        "A6050)"));
}

TEST(UsebioTeamsAdjustedTest, TallysArtificialRulingIsWrittenOthersRefused) {
  v1::TravellerLine line;
  line.set_table(1);
  line.set_room(v1::ROOM_CLOSED);
  line.mutable_result()->mutable_not_played();
  line.set_ruling_law("Law 12C2(a)");
  line.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE);
  line.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE);
  v1::Competition competition;
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
  result->mutable_home_vps()->set_units(10);
  result->mutable_away_vps()->set_units(10);
  v1::Traveller t;
  t.set_board(1);
  *t.add_lines() = line;
  round.travellers.push_back(t);
  absl::StatusOr<TeamsFile> file =
      TeamsFileFromAnswers(competition, "Club", {round}, {});
  ASSERT_THAT(file, IsOk());
  const FileRoomResult& room = file->matches[0].boards[0].rooms[0];
  EXPECT_FALSE(room.team_north_south);
  EXPECT_EQ(room.unwritable, "");
  ASSERT_TRUE(room.adjusted.has_value());
  EXPECT_EQ(AdjustedScoreText(*room.adjusted), "A5050");
  // An assigned adjusted score (Law 12C1) has no form in the file.
  *round.travellers[0]
       .mutable_lines(0)
       ->mutable_adjusted()
       ->mutable_assigned() = v1::TableResult();
  file = TeamsFileFromAnswers(competition, "Club", {round}, {});
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(file->matches[0].boards[0].rooms[0].unwritable,
              HasSubstr("other than an artificial one"));
}

// The round-robin fixture (tests/interchange/README.md).
constexpr char kRoundRobinFixture[] = "usebio_teams_round_robin.xml";

TEST(UsebioTeamsRoundRobinTest, ReadsPlansAndWritesATeamsOfFourRoundRobin) {
  // EVENT_TYPE TEAMS_OF_FOUR, the four-team file's pairings (a complete
  // round robin of four teams in three rounds) in 14-board matches for
  // sabf_round_robin_teams (SABF TR 13.2, 15.3), VPs on the 14-board WBF
  // scale (SABF TR 21.1; worked in tests/interchange/README.md).
  const std::string bytes = ReadFixture(kDir, kRoundRobinFixture);
  EXPECT_TRUE(IsUsebioTeamsFile(bytes));
  absl::StatusOr<TeamsFile> file = ReadUsebioTeams(bytes, kRoundRobinFixture);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->event_type, "TEAMS_OF_FOUR");
  EXPECT_THAT(file->Rounds(), ElementsAre(1, 2, 3));
  ASSERT_EQ(file->matches.size(), 6u);
  EXPECT_EQ(file->matches[0].last_board, 14);
  EXPECT_EQ(file->matches[0].team_score, R("12.97"));  // +10 IMPs, 14 boards
  EXPECT_EQ(file->matches[2].first_board, 15);
  // Round 3's 2 v 3: board 36 (all vulnerable, as board 4): 3NT= +600 and
  // 3NT-1 -100, 700 points, 12 IMPs.
  EXPECT_EQ(file->matches[5].boards[7].board, 36);
  EXPECT_EQ(file->matches[5].boards[7].imps, core::Rational(12));
  EXPECT_EQ(file->teams[3].total, R("39.84"));  // 13.96 + 13.72 + 12.16

  const ImportTarget target =
      ClubTeams(kRoundRobinFixture, "sabf_round_robin_teams");
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // Tournament, competition, 4 teams, and each of 3 rounds: its draw, 2
  // matches x 14 boards x 2 rooms, its posting.
  ASSERT_EQ(steps.size(), 2u + 4u + 3u * (1u + 56u + 1u));
  const auto* competition =
      std::get_if<v1::CreateCompetitionRequest>(&steps[1].request);
  ASSERT_NE(competition, nullptr);
  EXPECT_EQ(competition->kind(), v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS);
  EXPECT_EQ(competition->rounds(), 0);  // the schedule's

  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<EVENT EVENT_TYPE=\"TEAMS_OF_FOUR\">"));
  absl::StatusOr<TeamsFile> again = ReadUsebioTeams(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *again), "");
  again->event_type = "SWISS_TEAMS";
  EXPECT_EQ(FirstTeamsDifference(*file, *again),
            "EVENT_TYPE \"TEAMS_OF_FOUR\" v \"SWISS_TEAMS\"");
}

TEST(UsebioTeamsRoundRobinTest, TheProfileMustBeARoundRobinOfTeams) {
  absl::StatusOr<TeamsFile> file = ReadUsebioTeams(
      ReadFixture(kDir, kRoundRobinFixture), kRoundRobinFixture);
  ASSERT_THAT(file, IsOk());
  v1::RegulationProfile swiss;
  swiss.set_name("nsw_swiss_teams");
  swiss.set_event_kind(v1::EVENT_KIND_SWISS_TEAMS);
  swiss.set_scoring(v1::SCORING_METHOD_IMPS_TWO_TABLES);
  const absl::Status refused =
      CheckTeamsProfile(*file, swiss, kRoundRobinFixture);
  EXPECT_EQ(refused.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.message(),
              HasSubstr("usebio_teams_round_robin.xml line 8: profile "
                        "nsw_swiss_teams is for EVENT_KIND_SWISS_TEAMS, not "
                        "round-robin teams (EVENT_TYPE TEAMS_OF_FOUR)"));
}

// The knock-out fixture (tests/interchange/README.md): First Semi Final 1 v
// 4 (carry-over 0.1 to team 1), Second Semi Final 2 v 3 (0.1 to team 2),
// both on boards 1-28; the Grand Final 4 v 2 in two stanzas (boards 29-56,
// 57-84), carry-over 2.5 to team 2.
constexpr char kKnockoutFixture[] = "usebio_knockout.xml";

absl::StatusOr<TeamsFile> ReadKnockout(const std::string& from = "",
                                       const std::string& to = "") {
  return ReadUsebioTeams(from.empty()
                             ? ReadFixture(kDir, kKnockoutFixture)
                             : EditedFixture(kDir, kKnockoutFixture, from, to),
                         kKnockoutFixture);
}

void ExpectKnockoutRefusedAt(const absl::StatusOr<TeamsFile>& read, int line,
                             const std::string& what) {
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string message(read.status().message());
  EXPECT_THAT(message,
              HasSubstr(absl::StrCat(kKnockoutFixture, " line ", line, ": ")));
  EXPECT_THAT(message, HasSubstr(what));
}

TEST(UsebioKnockoutTest, ReadsEachStanzaWithItsMatchAndCarryOver) {
  const std::string bytes = ReadFixture(kDir, kKnockoutFixture);
  EXPECT_TRUE(IsUsebioTeamsFile(bytes));
  absl::StatusOr<TeamsFile> file = ReadKnockout();
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->event_type, "KO");
  EXPECT_TRUE(file->IsKnockout());
  ASSERT_EQ(file->teams.size(), 4u);
  EXPECT_EQ(file->teams[0].place, "");  // a knock-out ranks no teams
  EXPECT_THAT(file->Rounds(), ElementsAre(1, 2, 3));
  ASSERT_EQ(file->matches.size(), 4u);
  // First Semi Final: team 1 won 10 IMPs (board 1), team 4 13 (boards 2
  // and 3: 12 + 1); 10 + 0.1 < 13, team 4 wins.
  const FileMatch& first = file->matches[0];
  EXPECT_EQ(first.line, 77);
  ASSERT_TRUE(first.knockout.has_value());
  EXPECT_EQ(first.knockout->match_name, "First Semi Final");
  EXPECT_EQ(first.knockout->stanza, 1);
  EXPECT_EQ(first.knockout->stanzas, 1);
  EXPECT_EQ(first.knockout->carry_over, R("1/10"));
  EXPECT_EQ(first.knockout->carry_over_team, 1);
  EXPECT_EQ(first.knockout->winner, 4);
  EXPECT_EQ(first.team_score, core::Rational(10));
  EXPECT_EQ(first.opponent_score, core::Rational(13));
  EXPECT_EQ(first.last_board, 28);
  EXPECT_EQ(first.boards[1].imps, core::Rational(-12));  // 3NT-1 v 3NT=
  // The Grand Final's two stanzas: no winner on the first, team 4 on the
  // second (12 + 1 = 13 against 0 + 10 + 2.5 = 12.5).
  const FileMatch& stanza1 = file->matches[2];
  const FileMatch& stanza2 = file->matches[3];
  EXPECT_EQ(stanza1.round, 2);
  EXPECT_EQ(stanza1.knockout->match_name, "Grand Final");
  EXPECT_EQ(stanza1.knockout->stanzas, 2);
  EXPECT_EQ(stanza1.knockout->winner, 0);
  EXPECT_EQ(stanza1.knockout->carry_over, R("5/2"));
  EXPECT_EQ(stanza2.round, 3);
  EXPECT_EQ(stanza2.knockout->stanza, 2);
  EXPECT_EQ(stanza2.knockout->winner, 4);
  EXPECT_EQ(stanza2.first_board, 57);
  EXPECT_EQ(stanza2.team_score, core::Rational(1));
  EXPECT_EQ(stanza2.opponent_score, core::Rational(10));
}

TEST(UsebioKnockoutTest, RefusesWhatTallyCannotRecordNamingTheLine) {
  // The match's name is what makes stanzas one match.
  ExpectKnockoutRefusedAt(
      ReadKnockout("          <MATCH_NAME>First Semi Final</MATCH_NAME>\n", ""),
      77, "a knock-out <MATCH> with no <MATCH_NAME>");
  // A stanza's IMPs that its boards do not make (10 on board 1).
  ExpectKnockoutRefusedAt(
      ReadKnockout("<TEAM_SCORE>10</TEAM_SCORE>",
                   "<TEAM_SCORE>11</TEAM_SCORE>"),
      77, "<TEAM_SCORE> 11, but TEAM won 10 IMPs on the match's boards");
  // The second stanza with another carry-over than the first's.
  ExpectKnockoutRefusedAt(
      ReadKnockout("<STANZA_NUMBER>2</STANZA_NUMBER>\n"
                   "          <STANZA_COUNT>2</STANZA_COUNT>\n"
                   "          <CARRY_OVER>2.5</CARRY_OVER>",
                   "<STANZA_NUMBER>2</STANZA_NUMBER>\n"
                   "          <STANZA_COUNT>2</STANZA_COUNT>\n"
                   "          <CARRY_OVER>3</CARRY_OVER>"),
      1325,
      "'Grand Final': stanza 2 changes the teams, the stanza count or the "
      "carry-over of stanza 1 (line 911)");
  // A stanza out of order.
  ExpectKnockoutRefusedAt(
      ReadKnockout("<STANZA_NUMBER>2</STANZA_NUMBER>\n"
                   "          <STANZA_COUNT>2</STANZA_COUNT>\n"
                   "          <CARRY_OVER>2.5</CARRY_OVER>\n"
                   "          <CARRY_OVER_TEAM>2</CARRY_OVER_TEAM>\n"
                   "          <WINNING_TEAM>4</WINNING_TEAM>",
                   "<STANZA_NUMBER>1</STANZA_NUMBER>\n"
                   "          <STANZA_COUNT>2</STANZA_COUNT>\n"
                   "          <CARRY_OVER>2.5</CARRY_OVER>\n"
                   "          <CARRY_OVER_TEAM>2</CARRY_OVER_TEAM>"),
      1325,
      "'Grand Final': stanza 1 in round 3 after stanza 1 "
      "in round 2 (line 911)");
  // A winner before the match's last stanza.
  ExpectKnockoutRefusedAt(
      ReadKnockout("<CARRY_OVER>2.5</CARRY_OVER>",
                   "<CARRY_OVER>2.5</CARRY_OVER><WINNING_TEAM>4"
                   "</WINNING_TEAM>"),
      911, "<WINNING_TEAM> on stanza 1 of 2");
  // A carry-over held by a team not in the match.
  ExpectKnockoutRefusedAt(ReadKnockout("<CARRY_OVER_TEAM>1</CARRY_OVER_TEAM>",
                                       "<CARRY_OVER_TEAM>3</CARRY_OVER_TEAM>"),
                          77, "<CARRY_OVER_TEAM> 3 does not play the match");
  // A knock-out ranks no teams.
  ExpectKnockoutRefusedAt(
      ReadKnockout("<TEAM TEAM_ID=\"1\" TEAM_NAME=\"Aces\">",
                   "<TEAM TEAM_ID=\"1\" TEAM_NAME=\"Aces\"><PLACE>2</PLACE>"),
      20, "<PLACE> of team 1 in a knock-out");
  // A knock-out match is decided on IMPs.
  ExpectKnockoutRefusedAt(
      ReadKnockout("<MATCH_SCORING_METHOD>IMPS", "<MATCH_SCORING_METHOD>VPS"),
      9, "a knock-out match is decided on its IMPs (IMPS)");
  // No opponent: tally records no walkover from a file.
  ExpectKnockoutRefusedAt(
      ReadKnockout("          <OPPOSING_TEAM>4</OPPOSING_TEAM>\n", ""), 77,
      "a knock-out <MATCH> with no <OPPOSING_TEAM>");
  // The knock-out elements are not a Swiss file's.
  ExpectRefusedAt(ReadEdited("<TEAM>1</TEAM>",
                             "<MATCH_NAME>Final</MATCH_NAME><TEAM>1</TEAM>"),
                  86, "<MATCH_NAME> in <MATCH> is not an element tally knows");
}

TEST(UsebioKnockoutTest, PlansEachRoundsDrawWithItsMatchesStanzasAndCarryOver) {
  absl::StatusOr<TeamsFile> file = ReadKnockout();
  ASSERT_THAT(file, IsOk());
  const ImportTarget target = ClubTeams(kKnockoutFixture, "sabf_teams_finals");
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // Tournament, competition, 4 teams; round 1: its draw, 2 matches x 28
  // boards x 2 rooms, its posting; rounds 2 and 3: 1 + 56 + 1 each.
  ASSERT_EQ(steps.size(), 2u + 4u + (1u + 112u + 1u) + 2u * (1u + 56u + 1u));
  const auto* competition =
      std::get_if<v1::CreateCompetitionRequest>(&steps[1].request);
  ASSERT_NE(competition, nullptr);
  EXPECT_EQ(competition->kind(), v1::COMPETITION_KIND_KNOCKOUT_TEAMS);
  EXPECT_EQ(competition->rounds(), 0);
  const auto* round1 = std::get_if<v1::MakeDrawRequest>(&steps[6].request);
  ASSERT_NE(round1, nullptr);
  EXPECT_EQ(steps[6].line, 77);
  ASSERT_EQ(round1->matches_size(), 2);
  EXPECT_EQ(round1->matches(0).label(), "First Semi Final");
  EXPECT_EQ(round1->matches(0).home(), 1);
  EXPECT_EQ(round1->matches(0).away(), 4);
  EXPECT_EQ(round1->matches(0).stanza(), 1);
  EXPECT_EQ(round1->matches(0).stanzas(), 1);
  EXPECT_EQ(round1->matches(0).carry_over().numerator(), 1);
  EXPECT_EQ(round1->matches(0).carry_over().denominator(), 10);
  EXPECT_EQ(round1->matches(0).carry_over_holder(), 1);
  EXPECT_EQ(round1->matches(1).label(), "Second Semi Final");
  EXPECT_EQ(round1->matches(1).table(), 2);
  EXPECT_EQ(round1->bye(), 0);
  // Round 3's draw: the Grand Final's second stanza, from board 57.
  const size_t third = 6 + 114 + 58;
  const auto* round3 = std::get_if<v1::MakeDrawRequest>(&steps[third].request);
  ASSERT_NE(round3, nullptr);
  EXPECT_EQ(round3->round(), 3);
  EXPECT_EQ(round3->first_board(), 57);
  ASSERT_EQ(round3->matches_size(), 1);
  EXPECT_EQ(round3->matches(0).label(), "Grand Final");
  EXPECT_EQ(round3->matches(0).stanza(), 2);
  EXPECT_EQ(round3->matches(0).stanzas(), 2);
  EXPECT_EQ(round3->matches(0).carry_over().numerator(), 5);
  EXPECT_EQ(round3->matches(0).carry_over().denominator(), 2);
  EXPECT_EQ(round3->matches(0).carry_over_holder(), 2);
}

TEST(UsebioKnockoutTest, TheProfileMustRecordTheFilesKnockOut) {
  // sabf_teams_finals as GetRegulationProfile answers it, in what the
  // check reads: knock-out teams, IMPs between two rooms, 28-board
  // matches, the Final Five's draw.
  auto sabf_teams_finals = [] {
    v1::RegulationProfile p;
    p.set_name("sabf_teams_finals");
    p.set_event_kind(v1::EVENT_KIND_KNOCKOUT_TEAMS);
    p.set_scoring(v1::SCORING_METHOD_IMPS_TWO_TABLES);
    p.mutable_spec()->mutable_matches()->set_boards_per_match(28);
    p.mutable_spec()->mutable_matches()->set_clause("SABF TR 13.2, 16.2");
    p.mutable_spec()->mutable_draw()->set_method("sabf_final_five");
    p.mutable_spec()->mutable_draw()->set_clause("SABF TR 17.3");
    return p;
  };
  absl::StatusOr<TeamsFile> file = ReadKnockout();
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(CheckTeamsProfile(*file, sabf_teams_finals(), kKnockoutFixture),
              IsOk());
  // A Swiss profile.
  v1::RegulationProfile swiss = sabf_teams_finals();
  swiss.set_name("nsw_swiss_teams");
  swiss.set_event_kind(v1::EVENT_KIND_SWISS_TEAMS);
  EXPECT_THAT(CheckTeamsProfile(*file, swiss, kKnockoutFixture).message(),
              HasSubstr("line 8: profile nsw_swiss_teams is for "
                        "EVENT_KIND_SWISS_TEAMS, not knock-out teams"));
  // Stanzas of another length (SABF TR 16.2's 28 boards).
  v1::RegulationProfile shorter = sabf_teams_finals();
  shorter.mutable_spec()->mutable_matches()->set_boards_per_match(30);
  EXPECT_THAT(CheckTeamsProfile(*file, shorter, kKnockoutFixture).message(),
              HasSubstr("line 77: profile sabf_teams_finals plays stanzas of "
                        "30 boards"));
  // The ITC final plays stanzas of 12 boards, a fifth of its 60-board
  // match (ANC SR 11.3): this file's 28-board stanzas do not fit
  // (usebio_itc_final_test.cc imports one that does).
  v1::RegulationProfile itc = sabf_teams_finals();
  itc.set_name("anc2025_itc_final");
  itc.mutable_spec()->mutable_matches()->set_boards_per_match(60);
  itc.mutable_spec()->mutable_matches()->set_clause("ANC SR 11.3");
  itc.mutable_spec()->mutable_draw()->set_method("itc_final");
  itc.mutable_spec()->mutable_draw()->set_clause("ANC SR 11.3");
  EXPECT_THAT(CheckTeamsProfile(*file, itc, kKnockoutFixture).message(),
              HasSubstr("line 77: profile anc2025_itc_final plays stanzas of "
                        "12 boards (ANC SR 11.3); round 1's match 1 v 4 has "
                        "28"));
  // More rounds than the final four's four weeks (SABF TR 13.11).
  TeamsFile longer = *file;
  for (int round = 4; round <= 5; ++round) {
    FileMatch m = file->matches[3];
    m.round = round;
    longer.matches.push_back(m);
  }
  v1::RegulationProfile four = sabf_teams_finals();
  four.mutable_spec()->mutable_draw()->set_method("sabf_final_four");
  four.mutable_spec()->mutable_draw()->set_clause("SABF TR 13.11");
  EXPECT_THAT(CheckTeamsProfile(longer, four, kKnockoutFixture).message(),
              HasSubstr("plays 4 rounds (SABF TR 13.11); the file has 5"));
}

TEST(UsebioKnockoutTest, WritesWhatItReadsBackEqual) {
  absl::StatusOr<TeamsFile> file = ReadKnockout();
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<EVENT EVENT_TYPE=\"KO\">"));
  EXPECT_THAT(*written, HasSubstr("<MATCH_SCORING_METHOD>IMPS"));
  EXPECT_THAT(*written, HasSubstr("<CARRY_OVER>0.1</CARRY_OVER>"));
  EXPECT_THAT(*written, HasSubstr("<CARRY_OVER>2.5</CARRY_OVER>"));
  absl::StatusOr<TeamsFile> again = ReadUsebioTeams(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *again), "");
  again->matches[3].knockout->winner = 2;
  EXPECT_THAT(FirstTeamsDifference(*file, *again),
              HasSubstr("round 3 match 4 v 2: 'Grand Final' stanza 2 of 2"));
  // IMPs with no exact decimal form are not rounded.
  file->matches[0].knockout->carry_over = R("1/3");
  absl::StatusOr<std::string> thirds = WriteUsebioTeams(*file);
  EXPECT_EQ(thirds.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(thirds.status().message(),
              HasSubstr("round 1, match 1 v 4: 1/3 IMPs have no exact"));
}

// One round of a knock-out as tally answers for it: `label` at table 1,
// home 4 v away 2, boards 1-2, team 2 (away) holding 2.5.
struct KnockoutAnswers {
  v1::Competition competition;
  RoundAnswers round;
  v1::KnockoutResults results;
};

KnockoutAnswers OneStanzaOfTwo(int stanza) {
  KnockoutAnswers a;
  a.round.draw.set_round(stanza);
  a.round.draw.add_boards(1);
  a.round.draw.add_boards(2);
  v1::DrawnMatch* m = a.round.draw.add_matches();
  m->set_table(1);
  m->set_home(4);
  m->set_away(2);
  m->set_label("Grand Final");
  m->set_stanza(stanza);
  m->set_stanzas(2);
  m->mutable_carry_over()->set_numerator(5);
  m->mutable_carry_over()->set_denominator(2);
  m->set_carry_over_holder(2);
  for (int board : {1, 2}) {
    v1::Traveller t;
    t.set_board(board);
    for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
      v1::TravellerLine* line = t.add_lines();
      line->set_table(1);
      line->set_room(room);
      line->mutable_result()->mutable_passed_out();
      if (room == v1::ROOM_OPEN) line->mutable_match_imps()->set_denominator(1);
    }
    a.round.travellers.push_back(t);
  }
  v1::KnockoutMatch* k = a.results.add_matches();
  k->set_label("Grand Final");
  k->set_home(4);
  k->set_away(2);
  k->set_stanzas(2);
  k->set_complete(stanza == 2);
  k->set_outcome(stanza == 2 ? "won" : "in progress");
  k->set_winner(stanza == 2 ? 4 : 0);
  v1::KnockoutStanza* s = k->add_stanza_results();
  s->set_stanza(stanza);
  s->set_round(stanza);
  s->set_complete(true);
  s->mutable_home_imps()->set_numerator(13);
  s->mutable_home_imps()->set_denominator(1);
  s->mutable_away_imps()->set_numerator(10);
  s->mutable_away_imps()->set_denominator(1);
  return a;
}

TEST(UsebioKnockoutTest, BuildsTheFileFromTallysKnockoutResults) {
  KnockoutAnswers a = OneStanzaOfTwo(2);
  absl::StatusOr<TeamsFile> file =
      KnockoutFileFromAnswers(a.competition, "Club", {a.round}, a.results);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->event_type, "KO");
  ASSERT_EQ(file->matches.size(), 1u);
  const FileMatch& m = file->matches[0];
  EXPECT_EQ(m.team, 4);
  EXPECT_EQ(m.team_score, core::Rational(13));
  EXPECT_EQ(m.opponent_score, core::Rational(10));
  EXPECT_EQ(m.knockout->winner, 4);
  EXPECT_EQ(m.knockout->carry_over, R("5/2"));
  EXPECT_EQ(m.knockout->carry_over_team, 2);
  EXPECT_EQ(m.boards.size(), 2u);

  // Team 2 at home in the stanza: its IMPs are the match's away IMPs.
  a.round.draw.mutable_matches(0)->set_home(2);
  a.round.draw.mutable_matches(0)->set_away(4);
  file = KnockoutFileFromAnswers(a.competition, "Club", {a.round}, a.results);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->matches[0].team_score, core::Rational(10));
  EXPECT_EQ(file->matches[0].opponent_score, core::Rational(13));

  // Level after the tie-breaks (a shared title): no WINNING_TEAM.
  a = OneStanzaOfTwo(2);
  a.results.mutable_matches(0)->set_outcome("tied");
  a.results.mutable_matches(0)->set_winner(0);
  file = KnockoutFileFromAnswers(a.competition, "Club", {a.round}, a.results);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->matches[0].knockout->winner, 0);

  // The first stanza carries no winner while the match goes on.
  a = OneStanzaOfTwo(1);
  file = KnockoutFileFromAnswers(a.competition, "Club", {a.round}, a.results);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->matches[0].knockout->winner, 0);
}

TEST(UsebioKnockoutTest, RefusesWhatTheFileCannotCarry) {
  auto refused = [](const KnockoutAnswers& a) {
    absl::StatusOr<TeamsFile> file =
        KnockoutFileFromAnswers(a.competition, "Club", {a.round}, a.results);
    EXPECT_EQ(file.status().code(), absl::StatusCode::kFailedPrecondition);
    return std::string(file.status().message());
  };
  KnockoutAnswers a = OneStanzaOfTwo(2);
  a.results.mutable_matches(0)->set_outcome("forfeit");
  EXPECT_THAT(refused(a), HasSubstr("decided without play (forfeit"));
  a = OneStanzaOfTwo(2);
  a.results.mutable_matches(0)->mutable_home_deducted()->set_numerator(3);
  a.results.mutable_matches(0)->mutable_home_deducted()->set_denominator(1);
  EXPECT_THAT(refused(a), HasSubstr("IMPs were taken off a team's total"));
  a = OneStanzaOfTwo(2);
  a.results.mutable_matches(0)->mutable_stanza_results(0)->set_complete(false);
  EXPECT_THAT(refused(a), HasSubstr("the stanza is not complete"));
  a = OneStanzaOfTwo(2);
  v1::DrawnMatch* walkover = a.round.draw.add_walkovers();
  walkover->set_label("Preliminary Final");
  EXPECT_THAT(refused(a), HasSubstr("'Preliminary Final' is a walkover"));
}

TEST(UsebioKnockoutTest, ChecksTheStanzasIMPsAndTheWinner) {
  absl::StatusOr<TeamsFile> file = ReadKnockout();
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(CheckPublishedTeams(*file, *file, kKnockoutFixture), IsEmpty());
  TeamsFile tally = *file;
  tally.matches[3].knockout->winner = 2;
  tally.matches[0].team_score = core::Rational(11);
  EXPECT_THAT(
      CheckPublishedTeams(*file, tally, kKnockoutFixture),
      ElementsAre("usebio_knockout.xml line 77: round 1, 1 v 4: TEAM_SCORE "
                  "10 IMPs, tally 11",
                  "usebio_knockout.xml line 1325: round 3, 4 v 2: "
                  "WINNING_TEAM 4, tally team 2"));
}

}  // namespace
}  // namespace tally::interchange
