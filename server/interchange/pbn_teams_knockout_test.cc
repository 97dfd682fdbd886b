// Knock-outs in PBN 2.1 (issue #18): the PBN teams reader and writer on
// the hand-written fixtures tests/interchange/pbn_knockout.pbn and
// pbn_itc_final.pbn, which carry the events of their USEBIO twins
// (usebio_knockout.xml, usebio_itc_final.xml, whose IMPs, carry-overs and
// winners are worked by hand in tests/interchange/README.md) in tally's
// form: each [MatchTable] row one stanza with its MatchName, StanzaNumber,
// StanzaCount, CarryOver, CarryOverTeamId, WinnerTeamId and the IMPs each
// team won (IMP_Home, IMP_Visit). Each reads into the TeamsFile its twin
// reads into, field by field; the stanzas pass the checks the USEBIO
// reader makes (CheckKnockoutStanzas, shared), refused naming the row's
// line; the writer gives each fixture back byte for byte.

#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/pbn_teams_reader.h"
#include "server/interchange/pbn_teams_writer.h"
#include "server/interchange/teams_import_plan.h"
#include "server/interchange/usebio_teams_reader.h"
#include "tally/v1/profile.pb.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::testing::HasSubstr;

constexpr char kDir[] = TALLY_INTERCHANGE_FIXTURES;
// Semi-finals 1 v 4 (0.1 carried over by team 1) and 2 v 3 (0.1 by team
// 2) on boards 1-28; the Grand Final 4 v 2 in two stanzas (boards 29-56,
// 57-84), 2.5 carried over by team 2. [MatchTable] rows at lines 32-35.
constexpr char kKnockout[] = "pbn_knockout.pbn";
// The ITC final: 1 v 2 in five 12-board stanzas, 2.05 carried over by
// team 1 (ANC SR 11.2-11.3). [MatchTable] rows at lines 30-34.
constexpr char kItcFinal[] = "pbn_itc_final.pbn";

// Each PBN knock-out fixture and its USEBIO twin.
const std::vector<std::pair<std::string, std::string>>& Twins() {
  static const auto* k = new std::vector<std::pair<std::string, std::string>>{
      {kKnockout, "usebio_knockout.xml"},
      {kItcFinal, "usebio_itc_final.xml"},
  };
  return *k;
}

core::Rational R(const std::string& text) {
  return *core::Rational::Parse(text);
}

absl::StatusOr<TeamsFile> ReadKnockout(const std::string& from = "",
                                       const std::string& to = "") {
  return ReadPbnTeams(from.empty() ? ReadFixture(kDir, kKnockout)
                                   : EditedFixture(kDir, kKnockout, from, to),
                      kKnockout);
}

void ExpectRefusedAt(const absl::StatusOr<TeamsFile>& read,
                     const std::string& file, int line,
                     const std::string& what) {
  ASSERT_FALSE(read.ok()) << "read, expected a refusal at line " << line;
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(),
              HasSubstr(absl::StrCat(file, " line ", line, ": ")));
  EXPECT_THAT(read.status().message(), HasSubstr(what));
}

void ExpectKnockoutRefusedAt(const absl::StatusOr<TeamsFile>& read, int line,
                             const std::string& what) {
  ExpectRefusedAt(read, kKnockout, line, what);
}

TEST(PbnKnockoutReaderTest, ReadsEachFixtureAsItsUsebioTwinReads) {
  for (const auto& [pbn, usebio] : Twins()) {
    SCOPED_TRACE(pbn);
    absl::StatusOr<TeamsFile> from_pbn =
        ReadPbnTeams(ReadFixture(kDir, pbn), pbn);
    absl::StatusOr<TeamsFile> from_usebio =
        ReadUsebioTeams(ReadFixture(kDir, usebio), usebio);
    ASSERT_THAT(from_pbn, IsOk());
    ASSERT_THAT(from_usebio, IsOk());
    // The stanzas (FileStanza) are among the fields compared.
    EXPECT_EQ(FirstTeamsDifference(*from_usebio, *from_pbn), "");
    ASSERT_EQ(from_pbn->matches.size(), from_usebio->matches.size());
    for (size_t i = 0; i < from_pbn->matches.size(); ++i) {
      EXPECT_EQ(from_pbn->matches[i].knockout, from_usebio->matches[i].knockout)
          << "match " << i;
    }
  }
}

TEST(PbnKnockoutReaderTest, ReadsEachStanzaWithItsMatchAndCarryOver) {
  absl::StatusOr<TeamsFile> file = ReadKnockout();
  ASSERT_THAT(file, IsOk());
  EXPECT_TRUE(file->IsKnockout());
  EXPECT_EQ(file->event_name, "Club Knock-out Teams");
  ASSERT_EQ(file->teams.size(), 4u);
  EXPECT_EQ(file->teams[0].place, "");  // a knock-out ranks no teams
  EXPECT_FALSE(file->teams[0].total.has_value());
  ASSERT_EQ(file->matches.size(), 4u);
  // First Semi Final (README): team 1 won 10 IMPs (board 1), team 4 13
  // (boards 2 and 3: 12 + 1); 10 + 0.1 < 13, team 4 wins.
  const FileMatch& first = file->matches[0];
  EXPECT_EQ(first.line, 32);
  ASSERT_TRUE(first.knockout.has_value());
  EXPECT_EQ(first.knockout->match_name, "First Semi Final");
  EXPECT_EQ(first.knockout->stanza, 1);
  EXPECT_EQ(first.knockout->stanzas, 1);
  EXPECT_EQ(first.knockout->carry_over, R("1/10"));
  EXPECT_EQ(first.knockout->carry_over_team, 1);
  EXPECT_EQ(first.knockout->winner, 4);
  EXPECT_EQ(first.team_score, core::Rational(10));
  EXPECT_EQ(first.opponent_score, core::Rational(13));
  ASSERT_EQ(first.boards.size(), 28u);
  EXPECT_EQ(first.boards[1].imps, core::Rational(-12));  // 3NT-1 v 3NT=
  // The Grand Final: no winner on stanza 1 (line 34), team 4 on stanza 2
  // (line 35: 12 + 1 = 13 against 0 + 10 + 2.5 = 12.5).
  const FileMatch& stanza1 = file->matches[2];
  const FileMatch& stanza2 = file->matches[3];
  EXPECT_EQ(stanza1.line, 34);
  EXPECT_EQ(stanza1.round, 2);
  EXPECT_EQ(stanza1.knockout->match_name, "Grand Final");
  EXPECT_EQ(stanza1.knockout->stanzas, 2);
  EXPECT_EQ(stanza1.knockout->winner, 0);
  EXPECT_EQ(stanza1.knockout->carry_over, R("5/2"));
  EXPECT_EQ(stanza1.knockout->carry_over_team, 2);
  EXPECT_EQ(stanza2.line, 35);
  EXPECT_EQ(stanza2.round, 3);
  EXPECT_EQ(stanza2.knockout->stanza, 2);
  EXPECT_EQ(stanza2.knockout->winner, 4);
  EXPECT_EQ(stanza2.first_board, 57);
  EXPECT_EQ(stanza2.team_score, core::Rational(1));
  EXPECT_EQ(stanza2.opponent_score, core::Rational(10));
}

// Stanza number and count 1, no carry-over and no winner where the columns
// are left out, as USEBIO's elements are.
TEST(PbnKnockoutReaderTest, AStanzasLeftOutColumnsAreOneStanzaNoCarryOver) {
  absl::StatusOr<TeamsFile> file = ReadKnockout(
      "  1   2   3   1  28 \"Second Semi Final\"  1  1   0.1   2   2",
      "  1   2   3   1  28 \"Second Semi Final\"  -  -     -   -   -");
  ASSERT_THAT(file, IsOk());
  const FileStanza& k = *file->matches[1].knockout;
  EXPECT_EQ(k.stanza, 1);
  EXPECT_EQ(k.stanzas, 1);
  EXPECT_EQ(k.carry_over, core::Rational(0));
  EXPECT_EQ(k.carry_over_team, 0);
  EXPECT_EQ(k.winner, 0);
}

TEST(PbnKnockoutReaderTest, RefusesAStanzaTallyCannotRecordNamingItsRow) {
  // The Grand Final's second stanza numbered 1 again (and so no winner).
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"Grand Final\"  2  2   2.5   2   4",
                   "\"Grand Final\"  1  2   2.5   2   -"),
      35,
      "'Grand Final': stanza 1 in round 3 after stanza 1 in round 2 (line "
      "34); a match plays its stanzas 1, 2, ... in consecutive rounds");
  // A winner on the first of two stanzas.
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"Grand Final\"  1  2   2.5   2   -",
                   "\"Grand Final\"  1  2   2.5   2   4"),
      34,
      "round 2, team 4 v 2: WinnerTeamId on stanza 1 of 2; a match's winner "
      "is given on its last stanza");
  // A match with no name: its stanzas cannot be told apart.
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"First Semi Final\"", "-"), 32,
      "round 1, team 1 v 4: a knock-out [MatchTable] row with no MatchName");
  // The first stanza numbered 2.
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"Grand Final\"  1  2", "\"Grand Final\"  2  2"), 34,
      "'Grand Final' starts with stanza 2; a match's first stanza is 1");
  // Stanza 3 of a match of 2.
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"Grand Final\"  2  2", "\"Grand Final\"  3  2"), 35,
      "round 3, team 4 v 2: StanzaNumber 3 of StanzaCount 2");
  // The second stanza with another carry-over than the first's.
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"Grand Final\"  2  2   2.5",
                   "\"Grand Final\"  2  2   3.5"),
      35,
      "'Grand Final': stanza 2 changes the teams, the stanza count or the "
      "carry-over of stanza 1 (line 34)");
  // Team 1 won 10 IMPs on the First Semi Final's boards (board 1), not 11.
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"First Semi Final\"  1  1   0.1   1   4    10",
                   "\"First Semi Final\"  1  1   0.1   1   4    11"),
      32, "IMP_Home 11, but the home team won 10 IMPs on the match's boards");
  // Team 4 won 13 (boards 2 and 3: 12 + 1), not 12.
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"First Semi Final\"  1  1   0.1   1   4    10    13",
                   "\"First Semi Final\"  1  1   0.1   1   4    10    12"),
      32,
      "IMP_Visit 12, but the visiting team won 13 IMPs on the match's "
      "boards");
  ExpectKnockoutRefusedAt(ReadKnockout("\"First Semi Final\"  1  1   0.1   1",
                                       "\"First Semi Final\"  1  1   0.1   3"),
                          32, "CarryOverTeamId 3 does not play the match");
  ExpectKnockoutRefusedAt(ReadKnockout("\"First Semi Final\"  1  1   0.1   1",
                                       "\"First Semi Final\"  1  1   0.1   -"),
                          32, "a CarryOver with no CarryOverTeamId holding it");
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"First Semi Final\"  1  1   0.1",
                   "\"First Semi Final\"  1  1  -0.1"),
      32, "CarryOver -0.1: a carry-over is a number of IMPs of at least 0");
  ExpectKnockoutRefusedAt(
      ReadKnockout("\"First Semi Final\"  1  1   0.1   1   4",
                   "\"First Semi Final\"  1  1   0.1   1   2"),
      32, "WinnerTeamId 2 does not play the match");
  // No opponent: tally records no walkover from a file.
  ExpectKnockoutRefusedAt(
      ReadKnockout("  1   1   4   1  28", "  1   1   -   1  28"), 32,
      "a knock-out [MatchTable] row with no VisitTeamId");
}

TEST(PbnKnockoutReaderTest, RefusesAnotherKindsFiguresNamingTheLine) {
  // A knock-out ranks no teams: a Rank column, team 1 (line 27) placed 2.
  const std::string ranked = absl::StrReplaceAll(
      ReadFixture(kDir, kKnockout),
      {{"TeamId\\3R;TeamName;Names", "TeamId\\3R;TeamName;Names;Rank"},
       {"Dee Dale\"\n", "Dee Dale\" 2\n"},
       {"Hal Hayes\"\n", "Hal Hayes\" -\n"},
       {"Lou Lane\"\n", "Lou Lane\" -\n"},
       {"Pat Price\"\n", "Pat Price\" -\n"}});
  ExpectKnockoutRefusedAt(ReadPbnTeams(ranked, kKnockout), 27,
                          "Rank \"2\" of team 1 in a knock-out: tally ranks "
                          "no teams in one; each match has its winner");
  // A knock-out match is decided on its IMPs, not VPs.
  ExpectKnockoutRefusedAt(ReadKnockout("IMP_Home\\5R", "VP_Home\\5R"), 31,
                          "[MatchTable] column VP_Home in a knock-out: a "
                          "knock-out match is decided on its IMPs");
  // A Swiss file has no stanzas (pbn_swiss_teams.pbn's MatchTable, line 31).
  ExpectRefusedAt(
      ReadPbnTeams(EditedFixture(kDir, "pbn_swiss_teams.pbn", "VP_Visit\\6R",
                                 "IMP_Visit\\6R"),
                   "pbn_swiss_teams.pbn"),
      "pbn_swiss_teams.pbn", 31,
      "[MatchTable] column IMP_Visit in a SWISS_TEAMS file: a knock-out's");
}

// Nothing a file holds may crash the reader: every cut of the fixture and
// every line of its head (the tables and the first games) doubled or
// dropped is read or refused as INVALID_ARGUMENT naming a line.
TEST(PbnKnockoutReaderTest, ACutOrGarbledFileIsReadOrRefusedNeverCrashes) {
  ExpectDamageReadOrRefused(ReadFixture(kDir, kKnockout), kKnockout, 211, 80,
                            [](const std::string& text) {
                              return ReadPbnTeams(text, kKnockout).status();
                            });
}

// The plan is the format's no more than the file is: a PBN knock-out is
// planned as its USEBIO twin, each step at its own file's line.
TEST(PbnKnockoutPlanTest, PlansEachFixtureAsItsUsebioTwin) {
  for (const auto& [pbn, usebio] : Twins()) {
    SCOPED_TRACE(pbn);
    absl::StatusOr<TeamsFile> from_pbn =
        ReadPbnTeams(ReadFixture(kDir, pbn), pbn);
    absl::StatusOr<TeamsFile> from_usebio =
        ReadUsebioTeams(ReadFixture(kDir, usebio), usebio);
    ASSERT_THAT(from_pbn, IsOk());
    ASSERT_THAT(from_usebio, IsOk());
    ImportTarget target;
    target.tournament_id = "club";
    target.competition_id = "teams";
    target.regulation_profile = "sabf_teams_finals";
    const std::vector<ImportStep> a = PlanTeamsImport(*from_pbn, target);
    const std::vector<ImportStep> b = PlanTeamsImport(*from_usebio, target);
    ASSERT_EQ(a.size(), b.size());
    int draws = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      const auto* da = std::get_if<v1::MakeDrawRequest>(&a[i].request);
      const auto* db = std::get_if<v1::MakeDrawRequest>(&b[i].request);
      ASSERT_EQ(da == nullptr, db == nullptr) << "step " << i;
      if (da == nullptr) continue;
      ++draws;
      ASSERT_EQ(da->matches_size(), db->matches_size());
      for (int m = 0; m < da->matches_size(); ++m) {
        EXPECT_EQ(da->matches(m).SerializeAsString(),
                  db->matches(m).SerializeAsString())
            << "round " << da->round() << " match " << m;
      }
      EXPECT_EQ(da->first_board(), db->first_board());
    }
    EXPECT_EQ(draws, static_cast<int>(from_pbn->Rounds().size()));
  }
}

// anc2025_itc_final as GetRegulationProfile answers it, in what the check
// reads (as usebio_itc_final_test builds it): knock-out teams, IMPs between
// two rooms, the 60-board match (ANC SR 11.3), the itc_final draw.
v1::RegulationProfile ItcFinalProfile() {
  v1::RegulationProfile p;
  p.set_name("anc2025_itc_final");
  p.set_event_kind(v1::EVENT_KIND_KNOCKOUT_TEAMS);
  p.set_scoring(v1::SCORING_METHOD_IMPS_TWO_TABLES);
  p.mutable_spec()->mutable_matches()->set_boards_per_match(60);
  p.mutable_spec()->mutable_matches()->set_count(1);
  p.mutable_spec()->mutable_matches()->set_clause("ANC SR 11.3");
  p.mutable_spec()->mutable_draw()->set_method("itc_final");
  p.mutable_spec()->mutable_draw()->set_clause("ANC SR 11.3");
  return p;
}

TEST(PbnKnockoutPlanTest, TheItcFinalFitsItsProfileAndIsRefusedByRow) {
  absl::StatusOr<TeamsFile> file =
      ReadPbnTeams(ReadFixture(kDir, kItcFinal), kItcFinal);
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(CheckTeamsProfile(*file, ItcFinalProfile(), kItcFinal), IsOk());
  // The carry-over given to team 2 in every stanza (ANC SR 11.2: the
  // higher placed team's, drawn first): refused at the first row, line 30.
  std::string bytes = ReadFixture(kDir, kItcFinal);
  bytes = absl::StrReplaceAll(bytes, {{"2.05   1", "2.05   2"}});
  absl::StatusOr<TeamsFile> held = ReadPbnTeams(bytes, kItcFinal);
  ASSERT_THAT(held, IsOk());
  EXPECT_THAT(
      std::string(
          CheckTeamsProfile(*held, ItcFinalProfile(), kItcFinal).message()),
      HasSubstr("pbn_itc_final.pbn line 30: profile anc2025_itc_final gives "
                "the carry-over to the higher placed team (ANC SR 11.2)"));
}

TEST(PbnKnockoutWriterTest, WritesEachFixtureBackByteForByte) {
  for (const auto& [pbn, usebio] : Twins()) {
    SCOPED_TRACE(pbn);
    absl::StatusOr<TeamsFile> file = ReadPbnTeams(ReadFixture(kDir, pbn), pbn);
    ASSERT_THAT(file, IsOk());
    absl::StatusOr<std::string> written = WritePbnTeams(*file);
    ASSERT_THAT(written, IsOk());
    EXPECT_EQ(*written, ReadFixture(kDir, pbn));
  }
}

TEST(PbnKnockoutWriterTest, ReadsBackEqualWhatAUsebioFileCarries) {
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

TEST(PbnKnockoutWriterTest, RefusesWhatTheFileWouldRoundOrCannotQuote) {
  absl::StatusOr<TeamsFile> file = ReadKnockout();
  ASSERT_THAT(file, IsOk());
  // A third of an IMP has no decimal form of two places: not rounded.
  TeamsFile thirds = *file;
  thirds.matches[0].knockout->carry_over = R("1/3");
  absl::StatusOr<std::string> written = WritePbnTeams(thirds);
  EXPECT_EQ(written.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(written.status().message(),
              HasSubstr("round 1, match 1 v 4, CarryOver: 1/3 IMPs have no "
                        "exact decimal form"));
  TeamsFile quoted = *file;
  quoted.matches[1].knockout->match_name = "The \"Second\" Semi";
  EXPECT_THAT(WritePbnTeams(quoted).status().message(),
              HasSubstr("round 1's match name \"The \"Second\" Semi\""));
  // A knock-out whose matches carry no stanza.
  TeamsFile bare = *file;
  bare.matches[0].knockout.reset();
  EXPECT_THAT(WritePbnTeams(bare).status().message(),
              HasSubstr("round 1, match 1 v 4: not a knock-out stanza"));
}

}  // namespace
}  // namespace tally::interchange
