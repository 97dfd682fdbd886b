// The PBN 2.1 teams reader and writer (issue #18) on the hand-written
// fixtures tests/interchange/pbn_*teams*.pbn, which carry the same events
// as their USEBIO twins (usebio_*teams*.xml, whose IMPs and VPs are worked
// by hand in tests/interchange/README.md): each reads into the TeamsFile
// its twin reads into, field by field; the writer gives the fixture back
// byte for byte; a file carrying what tally cannot represent is refused
// naming its line.

#include <set>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/pbn_teams_reader.h"
#include "server/interchange/pbn_teams_writer.h"
#include "server/interchange/teams_import_plan.h"
#include "server/interchange/usebio_teams_reader.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::testing::HasSubstr;

constexpr char kDir[] = TALLY_INTERCHANGE_FIXTURES;
constexpr char kSwiss[] = "pbn_swiss_teams.pbn";

// Each PBN fixture and its USEBIO twin.
const std::vector<std::pair<std::string, std::string>>& Twins() {
  static const auto* k = new std::vector<std::pair<std::string, std::string>>{
      {"pbn_swiss_teams.pbn", "usebio_swiss_teams.xml"},
      {"pbn_swiss_teams_bye.pbn", "usebio_swiss_teams_bye.xml"},
      {"pbn_swiss_teams_adjusted.pbn", "usebio_swiss_teams_adjusted.xml"},
      {"pbn_teams_round_robin.pbn", "usebio_teams_round_robin.xml"},
  };
  return *k;
}

absl::StatusOr<TeamsFile> ReadEdited(const std::string& from,
                                     const std::string& to) {
  return ReadPbnTeams(EditedFixture(kDir, kSwiss, from, to), kSwiss);
}

void ExpectRefusedAt(const absl::StatusOr<TeamsFile>& read, int line,
                     const std::string& what) {
  ASSERT_FALSE(read.ok()) << "read, expected a refusal at line " << line;
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(),
              HasSubstr(absl::StrCat(kSwiss, " line ", line, ": ")));
  EXPECT_THAT(read.status().message(), HasSubstr(what));
}

TEST(PbnTeamsReaderTest, ReadsEachFixtureAsItsUsebioTwinReads) {
  for (const auto& [pbn, usebio] : Twins()) {
    SCOPED_TRACE(pbn);
    absl::StatusOr<TeamsFile> from_pbn =
        ReadPbnTeams(ReadFixture(kDir, pbn), pbn);
    absl::StatusOr<TeamsFile> from_usebio =
        ReadUsebioTeams(ReadFixture(kDir, usebio), usebio);
    ASSERT_THAT(from_pbn, IsOk());
    ASSERT_THAT(from_usebio, IsOk());
    EXPECT_EQ(FirstTeamsDifference(*from_usebio, *from_pbn), "");
  }
}

TEST(PbnTeamsReaderTest, ReadsTheSwissFixturesFacts) {
  absl::StatusOr<TeamsFile> file =
      ReadPbnTeams(ReadFixture(kDir, kSwiss), kSwiss);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->event_type, kSwissTeamsEventType);
  EXPECT_EQ(file->event_name, "Club Swiss Teams");
  EXPECT_EQ(file->date, "2026.11.28");
  ASSERT_EQ(file->teams.size(), 4u);
  // TotalScoreTable row 4 (line 30): Doubletons, first on 41.33 VPs.
  EXPECT_EQ(file->teams[3].line, 30);
  EXPECT_EQ(file->teams[3].team, 4);
  EXPECT_EQ(file->teams[3].name, "Doubletons");
  EXPECT_EQ(file->teams[3].players.size(), 4u);
  EXPECT_EQ(file->teams[3].place, "1");
  EXPECT_EQ(file->teams[3].total, core::Rational(4133, 100));
  ASSERT_EQ(file->matches.size(), 6u);
  const FileMatch& first = file->matches[0];
  EXPECT_EQ(first.line, 32);  // its MatchTable row
  EXPECT_EQ(first.round, 1);
  EXPECT_EQ(first.team, 1);
  EXPECT_EQ(first.opponent, 2);
  EXPECT_EQ(first.team_score, core::Rational(1343, 100));
  ASSERT_EQ(first.boards.size(), 10u);
  // Board 1: 4S= by North in the open room (Aces NS, +420), 4S-1 in the
  // closed room (Aces EW, -50 to NS): Aces +470, 10 IMPs (Law 78B).
  const FileMatchBoard& board = first.boards[0];
  EXPECT_EQ(board.line, 6);
  EXPECT_EQ(board.imps, core::Rational(10));
  ASSERT_EQ(board.rooms.size(), 2u);
  EXPECT_TRUE(board.rooms[0].team_north_south);
  EXPECT_EQ(board.rooms[0].ns_score, 420);
  EXPECT_EQ(board.rooms[0].line, 6);
  EXPECT_FALSE(board.rooms[1].team_north_south);
  EXPECT_EQ(board.rooms[1].ns_score, -50);
  EXPECT_EQ(board.rooms[1].line, 42);
}

TEST(PbnTeamsReaderTest, TellsATeamsFileFromAPairsOne) {
  EXPECT_TRUE(IsPbnTeamsFile(ReadFixture(kDir, kSwiss)));
  EXPECT_TRUE(IsPbnTeamsFile("[Competition \"teams\"]\n"));
  EXPECT_FALSE(IsPbnTeamsFile(ReadFixture(kDir, "pbn_mitchell_3_tables.pbn")));
  EXPECT_FALSE(IsPbnTeamsFile("[Competition \"Pairs\"]\n"));
}

TEST(PbnTeamsReaderTest, EveryPlannedCommandCarriesItsFactsLine) {
  absl::StatusOr<TeamsFile> file =
      ReadPbnTeams(ReadFixture(kDir, kSwiss), kSwiss);
  ASSERT_THAT(file, IsOk());
  ImportTarget target;
  target.tournament_id = "club";
  target.competition_id = "teams";
  target.regulation_profile = "nsw_swiss_teams";
  target.format = "pbn-2.1";
  target.file_name = kSwiss;
  target.file_sha256 = Sha256Hex(ReadFixture(kDir, kSwiss));
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // Tournament, competition, 4 teams, and each of 3 rounds: its draw, 2
  // matches x 10 boards x 2 rooms, its posting.
  ASSERT_EQ(steps.size(), 2u + 4u + 3u * (1u + 40u + 1u));
  std::vector<int> result_lines;
  for (const ImportStep& s : steps) {
    EXPECT_GT(s.line, 0) << s.what;
    std::visit(
        [&](const auto& r) {
          EXPECT_EQ(r.options().provenance().format(), "pbn-2.1");
          EXPECT_EQ(r.options().provenance().file_name(), kSwiss);
          EXPECT_EQ(r.options().provenance().line(), s.line);
        },
        s.request);
    if (std::holds_alternative<v1::EnterResultRequest>(s.request)) {
      result_lines.push_back(s.line);
    }
  }
  // Board 1's rooms: the games at lines 6 (open) and 42 (closed).
  ASSERT_GE(result_lines.size(), 2u);
  EXPECT_EQ(std::set<int>(result_lines.begin(), result_lines.begin() + 2),
            (std::set<int>{6, 42}));
}

TEST(PbnTeamsReaderTest, RefusesWhatTallyCannotRepresentNamingTheLine) {
  // The closed room's 4S-2 (-100 to NS): Aces +420 and +100, 520 points,
  // 11 IMPs (Law 78B), not the 10 both games give.
  ExpectRefusedAt(ReadEdited("[Result \"9\"]\n[Round \"1\"]\n[HomeTeam "
                             "\"Aces\"]\n[VisitTeam \"Bidders\"]\n[Room "
                             "\"Closed\"]\n[Score \"NS -50\"]",
                             "[Result \"8\"]\n[Round \"1\"]\n[HomeTeam "
                             "\"Aces\"]\n[VisitTeam \"Bidders\"]\n[Room "
                             "\"Closed\"]\n[Score \"NS -100\"]"),
                  6,
                  "round 1, team 1 v 2, board 1: IMPs 10, but the home "
                  "team's two rooms make 520 points, 11 IMPs");
  // The open room's game gives Aces 11 IMPs, the closed room's 10.
  ExpectRefusedAt(ReadEdited("[ScoreIMP \"NS 10\"]", "[ScoreIMP \"NS 11\"]"),
                  59,
                  "[ScoreIMP] gives the home team 10 IMPs, the other room's "
                  "game (line 6) 11");
  // 4S= not vulnerable is 420 (Law 77), not 450.
  ExpectRefusedAt(ReadEdited("[Score \"NS 420\"]", "[Score \"NS 450\"]"), 24,
                  "is not the score of");
  ExpectRefusedAt(ReadEdited("[Contract \"4S\"]", "[Contract \"\"]"), 16,
                  "a room with no [Contract]");
  // The closed room's game made a second open room.
  ExpectRefusedAt(ReadEdited("[Room \"Closed\"]", "[Room \"Open\"]"), 42,
                  "a second Open room (the first at line 6)");
  ExpectRefusedAt(ReadEdited("[HomeTeam \"Aces\"]", "[HomeTeam \"Jokers\"]"),
                  21, "[HomeTeam \"Jokers\"] is no team's TeamName");
  // A knock-out ranks no teams: the Swiss file's places (team 1's at line
  // 27) under [EventType "KO"] (pbn_teams_knockout_test reads knock-outs).
  ExpectRefusedAt(
      ReadEdited("[EventType \"SWISS_TEAMS\"]", "[EventType \"KO\"]"), 27,
      "Rank \"2\" of team 1 in a knock-out");
  ExpectRefusedAt(
      ReadEdited("[EventType \"SWISS_TEAMS\"]", "[EventType \"BAM\"]"), 19,
      "[EventType \"BAM\"]: tally reads a PBN teams file of");
  ExpectRefusedAt(ReadEdited("[Scoring \"IMP\"]", "[Scoring \"MatchPoints\"]"),
                  14, "a teams match compares its two rooms in IMPs");
  ExpectRefusedAt(ReadEdited("TotalScoreVP", "TotalScoreIMP"), 26,
                  "column \"TotalScoreIMP\" is not one tally knows");
  ExpectRefusedAt(ReadEdited("[Score \"NS 420\"]", "[Score \"420\"]"), 24,
                  "tally reads a figure with its side");
  ExpectRefusedAt(ReadEdited("\"Ann Archer;Bob Baker;", "\"Ann Archer;"), 27,
                  "is not four to six players");
  // Match 1 v 2 said to play boards 1-11: board 11 has no games.
  ExpectRefusedAt(ReadEdited("  1   1   2   1  10", "  1   1   2   1  11"), 32,
                  "board 11 of the match is missing");
  // A bye for team 1 in round 1 beside its match.
  ExpectRefusedAt(ReadEdited("  1   3   4   1  10   5.46  14.54\n",
                             "  1   3   4   1  10   5.46  14.54\n"
                             "  1   1   -   -   -  10.00      -\n"),
                  34,
                  "round 1: team 1 has a bye (line 34) and a match (line 32)");
  // Round 3's match 1 v 4 said to be round 4's: its games (the first at
  // line 1780) name a match the MatchTable does not have.
  ExpectRefusedAt(ReadEdited("  3   1   4  21  30", "  4   1   4  21  30"),
                  1780, "round 3, team 1 v 4, board 21: no such match");
}

TEST(PbnTeamsReaderTest, OneEventAFileButItsGamesMayBeDatedApart) {
  ExpectRefusedAt(ReadEdited("[Event \"#\"]", "[Event \"Another Event\"]"), 39,
                  "[Event \"Another Event\"], but line 3 says \"Club Swiss "
                  "Teams\": one event a file");
  absl::StatusOr<TeamsFile> two_days =
      ReadEdited("[Date \"#\"]", "[Date \"2026.11.29\"]");
  ASSERT_THAT(two_days, IsOk());
  EXPECT_EQ(two_days->date, "2026.11.28");
}

TEST(PbnTeamsReaderTest, RefusesAPairsTravellerInATeamsFile) {
  ExpectRefusedAt(ReadEdited("[ScoreIMP \"NS 10\"]",
                             "[ScoreTable \"PairId_NS;PairId_EW\"]"),
                  25, "[ScoreTable] in a teams file");
}

// Nothing a file holds may crash the reader: every cut of the fixture (a
// file ending early, mid-tag or mid-row) and every line of it doubled or
// dropped is read or refused as INVALID_ARGUMENT naming a line.
TEST(PbnTeamsReaderTest, ACutOrGarbledFileIsReadOrRefusedNeverCrashes) {
  ExpectDamageReadOrRefused(ReadFixture(kDir, kSwiss), kSwiss, 61, 200,
                            [](const std::string& text) {
                              return ReadPbnTeams(text, kSwiss).status();
                            });
}

TEST(PbnTeamsWriterTest, WritesEachFixtureBackByteForByte) {
  for (const auto& [pbn, usebio] : Twins()) {
    SCOPED_TRACE(pbn);
    absl::StatusOr<TeamsFile> file = ReadPbnTeams(ReadFixture(kDir, pbn), pbn);
    ASSERT_THAT(file, IsOk());
    absl::StatusOr<std::string> written = WritePbnTeams(*file);
    ASSERT_THAT(written, IsOk());
    EXPECT_EQ(*written, ReadFixture(kDir, pbn));
  }
}

TEST(PbnTeamsWriterTest, ReadsBackEqualWhatAUsebioFileCarries) {
  for (const auto& [pbn, usebio] : Twins()) {
    SCOPED_TRACE(usebio);
    absl::StatusOr<TeamsFile> file =
        ReadUsebioTeams(ReadFixture(kDir, usebio), usebio);
    ASSERT_THAT(file, IsOk());
    absl::StatusOr<std::string> written = WritePbnTeams(*file);
    ASSERT_THAT(written, IsOk());
    absl::StatusOr<TeamsFile> back = ReadPbnTeams(*written, "written.pbn");
    ASSERT_THAT(back, IsOk());
    EXPECT_EQ(FirstTeamsDifference(*file, *back), "");
  }
}

TEST(PbnTeamsWriterTest, RefusesWhatPbnCannotCarry) {
  absl::StatusOr<TeamsFile> file =
      ReadPbnTeams(ReadFixture(kDir, kSwiss), kSwiss);
  ASSERT_THAT(file, IsOk());
  // Swiss matches, which have no stanzas, called a knock-out.
  TeamsFile knockout = *file;
  knockout.event_type = kKnockoutEventType;
  EXPECT_EQ(WritePbnTeams(knockout).status().code(),
            absl::StatusCode::kFailedPrecondition);

  TeamsFile ruled = *file;
  ruled.matches[0].boards[0].rooms[1].unwritable =
      "a director's adjusted score of 3 IMPs";
  absl::StatusOr<std::string> written = WritePbnTeams(ruled);
  EXPECT_EQ(written.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(written.status().message(),
              HasSubstr("round 1, team 1 v 2, board 1, closed room: a "
                        "director's adjusted score"));

  TeamsFile semicolon = *file;
  semicolon.teams[0].players[0] = "Ann; Archer";
  EXPECT_THAT(WritePbnTeams(semicolon).status().message(),
              HasSubstr("a player of team 1 \"Ann; Archer\""));
}

}  // namespace
}  // namespace tally::interchange
