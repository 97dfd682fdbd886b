// The ITC final in USEBIO (EVENT_TYPE KO, tally's form): the reader, the
// import plan, the profile check under anc2025_itc_final and the writer on
// the hand-worked fixture tests/interchange/usebio_itc_final.xml (two
// teams, the 60-board final in five 12-board stanzas, ANC SR 11.3; team 1
// the higher placed, holding a 2.05 IMP carry-over, 11.2). Its figures are
// worked in tests/interchange/README.md: stanzas 10-12, 10-0, 0-10, 1-0,
// 0-1; team 1 21 + 2.05 = 23.05 v team 2 23, team 1 the winner.

#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/teams_import_plan.h"
#include "server/interchange/usebio_teams_reader.h"
#include "server/interchange/usebio_teams_writer.h"
#include "tally/v1/profile.pb.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kDir[] = TALLY_INTERCHANGE_FIXTURES;
constexpr char kItcFinalFixture[] = "usebio_itc_final.xml";
// The lines of the five MATCH elements (stanzas 1-5).
constexpr int kStanzaLines[] = {49, 239, 425, 611, 797};

core::Rational R(const std::string& text) {
  return *core::Rational::Parse(text);
}

absl::StatusOr<TeamsFile> ReadItcFinal() {
  return ReadUsebioTeams(ReadFixture(kDir, kItcFinalFixture), kItcFinalFixture);
}

// anc2025_itc_final as GetRegulationProfile answers it, in what the check
// reads: knock-out teams, IMPs between two rooms, the 60-board match (ANC
// SR 11.3), the itc_final draw.
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

std::string Refusal(const TeamsFile& file) {
  return std::string(
      CheckTeamsProfile(file, ItcFinalProfile(), kItcFinalFixture).message());
}

TEST(UsebioItcFinalTest, ReadsTheFinalsFiveStanzasOfTwelveBoards) {
  absl::StatusOr<TeamsFile> file = ReadItcFinal();
  ASSERT_THAT(file, IsOk());
  EXPECT_TRUE(file->IsKnockout());
  ASSERT_EQ(file->teams.size(), 2u);
  EXPECT_THAT(file->Rounds(), ElementsAre(1, 2, 3, 4, 5));
  ASSERT_EQ(file->matches.size(), 5u);
  // Stanza by stanza, TEAM's and OPPOSING_TEAM's IMPs (README): board 1
  // +10, board 2 -12; board 13 +10; board 25 -10; board 37 +1; board 49 -1.
  const int team_imps[] = {10, 10, 0, 1, 0};
  const int opponent_imps[] = {12, 0, 10, 0, 1};
  for (int k = 1; k <= 5; ++k) {
    const FileMatch& m = file->matches[k - 1];
    SCOPED_TRACE(absl::StrCat("stanza ", k));
    EXPECT_EQ(m.line, kStanzaLines[k - 1]);
    EXPECT_EQ(m.round, k);
    EXPECT_EQ(m.team, 1);
    EXPECT_EQ(m.opponent, 2);
    // ANC SR 11.3: boards 12(k - 1) + 1 to 12k.
    EXPECT_EQ(m.first_board, 12 * (k - 1) + 1);
    EXPECT_EQ(m.last_board, 12 * k);
    EXPECT_EQ(m.boards.size(), 12u);
    ASSERT_TRUE(m.knockout.has_value());
    EXPECT_EQ(m.knockout->match_name, "Final");
    EXPECT_EQ(m.knockout->stanza, k);
    EXPECT_EQ(m.knockout->stanzas, 5);
    // ANC SR 11.2: 10% of a 20.5 VP margin, "not rounded".
    EXPECT_EQ(m.knockout->carry_over, R("41/20"));
    EXPECT_EQ(m.knockout->carry_over_team, 1);
    // 21 + 2.05 = 23.05 against 23: team 1, on the last stanza only.
    EXPECT_EQ(m.knockout->winner, k == 5 ? 1 : 0);
    EXPECT_EQ(m.team_score, core::Rational(team_imps[k - 1]));
    EXPECT_EQ(m.opponent_score, core::Rational(opponent_imps[k - 1]));
  }
  EXPECT_EQ(file->matches[0].boards[1].imps, core::Rational(-12));
}

TEST(UsebioItcFinalTest, PlansEachStanzaAsARoundOfTwelveBoards) {
  absl::StatusOr<TeamsFile> file = ReadItcFinal();
  ASSERT_THAT(file, IsOk());
  ASSERT_THAT(CheckTeamsProfile(*file, ItcFinalProfile(), kItcFinalFixture),
              IsOk());
  ImportTarget target;
  target.tournament_id = "anc";
  target.competition_id = "final";
  target.regulation_profile = "anc2025_itc_final";
  target.format = "usebio-1.2";
  target.file_name = kItcFinalFixture;
  const std::vector<ImportStep> steps = PlanTeamsImport(*file, target);
  // Tournament, competition, 2 teams; each of the 5 rounds its draw, 12
  // boards x 2 rooms, its posting: 4 + 5 x 26 = 134.
  ASSERT_EQ(steps.size(), 4u + 5u * (1u + 24u + 1u));
  for (int k = 1; k <= 5; ++k) {
    const size_t at = 4 + 26 * (k - 1);
    const auto* draw = std::get_if<v1::MakeDrawRequest>(&steps[at].request);
    ASSERT_NE(draw, nullptr) << "stanza " << k;
    EXPECT_EQ(steps[at].line, kStanzaLines[k - 1]);
    EXPECT_EQ(draw->round(), k);
    EXPECT_EQ(draw->first_board(), 12 * (k - 1) + 1);
    ASSERT_EQ(draw->matches_size(), 1);
    const v1::DrawnMatch& m = draw->matches(0);
    EXPECT_EQ(m.table(), 1);
    EXPECT_EQ(m.home(), 1);
    EXPECT_EQ(m.away(), 2);
    EXPECT_EQ(m.label(), "Final");
    EXPECT_EQ(m.stanza(), k);
    EXPECT_EQ(m.stanzas(), 5);
    EXPECT_EQ(m.carry_over().numerator(), 41);
    EXPECT_EQ(m.carry_over().denominator(), 20);
    EXPECT_EQ(m.carry_over_holder(), 1);
    // The round's last result: board 12k's closed room.
    const auto* last =
        std::get_if<v1::EnterResultRequest>(&steps[at + 24].request);
    ASSERT_NE(last, nullptr);
    EXPECT_EQ(last->board(), 12 * k);
    EXPECT_EQ(last->room(), v1::ROOM_CLOSED);
  }
}

TEST(UsebioItcFinalTest, RefusesAFinalTheProfileDoesNotPlayNamingTheLine) {
  absl::StatusOr<TeamsFile> file = ReadItcFinal();
  ASSERT_THAT(file, IsOk());
  // Stanzas of 10 boards (ANC SR 11.3: 12).
  TeamsFile shorter = *file;
  shorter.matches[2].last_board -= 2;
  EXPECT_THAT(Refusal(shorter),
              HasSubstr("usebio_itc_final.xml line 425: profile "
                        "anc2025_itc_final plays stanzas of 12 boards (ANC "
                        "SR 11.3); round 3's match 1 v 2 has 10"));
  // A final of four stanzas (the first four, STANZA_COUNT 4).
  TeamsFile four = *file;
  four.matches.pop_back();
  for (FileMatch& m : four.matches) m.knockout->stanzas = 4;
  EXPECT_THAT(Refusal(four),
              HasSubstr("line 49: profile anc2025_itc_final plays the final "
                        "in 5 stanzas (ANC SR 11.3); <STANZA_COUNT> is 4"));
  // The carry-over held by the team drawn second.
  TeamsFile held = *file;
  for (FileMatch& m : held.matches) m.knockout->carry_over_team = 2;
  EXPECT_THAT(Refusal(held),
              HasSubstr("line 49: profile anc2025_itc_final gives the "
                        "carry-over to the higher placed team (ANC SR 11.2), "
                        "drawn first to sit North-South in the open room "
                        "(10.8): <TEAM> 1, not team 2"));
  // Another name than tally's draw gives the final.
  TeamsFile named = *file;
  for (FileMatch& m : named.matches) m.knockout->match_name = "Grand Final";
  EXPECT_THAT(Refusal(named),
              HasSubstr("line 49: profile anc2025_itc_final plays one match, "
                        "\"Final\", in 5 stanzas (ANC SR 11.3); the file's "
                        "match is named 'Grand Final'"));
  // The first stanza in round 2.
  TeamsFile later = *file;
  for (FileMatch& m : later.matches) ++m.round;
  later.matches.pop_back();
  EXPECT_THAT(Refusal(later),
              HasSubstr("line 49: profile anc2025_itc_final plays stanza k of "
                        "the final in round k (ANC SR 11.3); stanza 1 is in "
                        "round 2"));
  // A third team.
  TeamsFile three = *file;
  three.teams.push_back(file->teams[1]);
  three.teams.back().team = 3;
  EXPECT_THAT(Refusal(three),
              HasSubstr("line 8: profile anc2025_itc_final plays a final "
                        "between the two leading teams (ANC SR 11.3); the "
                        "file has 3 teams"));
}

TEST(UsebioItcFinalTest, WritesWhatItReadsBackEqual) {
  absl::StatusOr<TeamsFile> file = ReadItcFinal();
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> written = WriteUsebioTeams(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<CARRY_OVER>2.05</CARRY_OVER>"));
  EXPECT_THAT(*written, HasSubstr("<STANZA_COUNT>5</STANZA_COUNT>"));
  EXPECT_THAT(*written, HasSubstr("<START_BOARD_NUMBER>49</"));
  absl::StatusOr<TeamsFile> again = ReadUsebioTeams(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstTeamsDifference(*file, *again), "");
}

}  // namespace
}  // namespace tally::interchange
