// A Butler pairs session in two sections in USEBIO and PBN (issue #18),
// without a server: tests/interchange/usebio_butler_two_sections.xml and
// pbn_butler_two_sections.pbn (worked in tests/interchange/README.md) read,
// written back equal, planned as one session in sections, each section's
// datum taken from tally's traveller (Traveller.section_datums) on export
// and compared with the file's.

#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/import_plan.h"
#include "server/interchange/pbn_reader.h"
#include "server/interchange/pbn_writer.h"
#include "server/interchange/session_answers.h"
#include "server/interchange/usebio_reader.h"
#include "server/interchange/usebio_writer.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr char kUsebio[] = "usebio_butler_two_sections.xml";
constexpr char kPbn[] = "pbn_butler_two_sections.pbn";

absl::StatusOr<SessionFile> Usebio() {
  return ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kUsebio), kUsebio);
}

// The board `board` of section `section` in `file`, or nullptr.
const FileBoard* BoardOf(const SessionFile& file, const std::string& section,
                         int board) {
  for (const FileBoard& b : file.boards) {
    if (b.section == section && b.board == board) return &b;
  }
  return nullptr;
}

// Section A's board 1: datum 420 (+450 +420 -50, best and worst dropped);
// section B's: 170 (+170 +420 +140), where B 3 v 4's +420 is +250, 6 IMPs.
TEST(ImpSectionsFileTest, ReadsEachSectionsDatumAndImps) {
  absl::StatusOr<SessionFile> file = Usebio();
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->scoring, FileScoring::kButlerImps);
  ASSERT_EQ(file->sections.size(), 2u);
  EXPECT_EQ(file->sections[1].name, "B");
  EXPECT_EQ(file->pairs.size(), 12u);
  EXPECT_EQ(file->boards.size(), 8u);
  const FileBoard* a1 = BoardOf(*file, "A", 1);
  const FileBoard* b1 = BoardOf(*file, "B", 1);
  ASSERT_NE(a1, nullptr);
  ASSERT_NE(b1, nullptr);
  EXPECT_EQ(a1->datum, 420);
  EXPECT_EQ(b1->datum, 170);
  ASSERT_EQ(b1->results.size(), 3u);
  EXPECT_EQ(b1->results[1].ns_pair, 3);  // B's own numbers
  EXPECT_EQ(b1->results[1].ns_score, 420);
  EXPECT_EQ(b1->results[1].ns_imps, core::Rational(6));
  // B3 and B5 share first place on +6.
  EXPECT_EQ(file->pairs[8].section, "B");
  EXPECT_EQ(file->pairs[8].pair, 3);
  EXPECT_EQ(file->pairs[8].place, "1=");
  EXPECT_EQ(file->pairs[8].total, core::Rational(6));
}

TEST(ImpSectionsFileTest, WritesBackEqualInBothFormats) {
  absl::StatusOr<SessionFile> file = Usebio();
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> xml = WriteUsebio(*file);
  ASSERT_THAT(xml, IsOk());
  EXPECT_THAT(*xml, HasSubstr("<SECTION_ID>B</SECTION_ID>"));
  absl::StatusOr<SessionFile> again = ReadUsebio(*xml, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstDifference(*file, *again), "");
  // The hand-written PBN is the same session, figure for figure.
  absl::StatusOr<SessionFile> pbn =
      ReadPbn(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kPbn), kPbn);
  ASSERT_THAT(pbn, IsOk());
  EXPECT_EQ(FirstDifference(*file, *pbn), "");
  absl::StatusOr<std::string> text = WritePbn(*pbn);
  ASSERT_THAT(text, IsOk());
  absl::StatusOr<SessionFile> pbn_again = ReadPbn(*text, "written.pbn");
  ASSERT_THAT(pbn_again, IsOk());
  EXPECT_EQ(FirstDifference(*pbn, *pbn_again), "");
}

// Planned as one session in sections of the Butler competition: B's pairs
// follow A's (B's 3 v 4 is the session's 9 v 10), the sections named in
// the movement.
TEST(ImpSectionsFileTest, PlansOneButlerSessionInSections) {
  const std::string bytes = ReadFixture(TALLY_INTERCHANGE_FIXTURES, kUsebio);
  absl::StatusOr<SessionFile> file = ReadUsebio(bytes, kUsebio);
  ASSERT_THAT(file, IsOk());
  ImportTarget target;
  target.tournament_id = "wednesday";
  target.regulation_profile = "club_butler_pairs";
  target.format = "usebio-1.2";
  target.file_name = kUsebio;
  target.file_sha256 = Sha256Hex(bytes);
  absl::StatusOr<std::vector<ImportStep>> steps = PlanImport(*file, target);
  ASSERT_THAT(steps, IsOk());
  bool butler = false, defined = false, b_result = false;
  for (const ImportStep& step : *steps) {
    if (const auto* c =
            std::get_if<v1::CreateCompetitionRequest>(&step.request)) {
      butler = c->kind() == v1::COMPETITION_KIND_BUTLER_PAIRS;
    }
    if (const auto* d = std::get_if<v1::DefineSessionRequest>(&step.request)) {
      defined = true;
      const v1::Movement& m = d->explicit_movement();
      ASSERT_EQ(m.sections_size(), 2);
      EXPECT_EQ(m.sections(1).name(), "B");
      EXPECT_EQ(m.sections(1).first_table(), 4);
      EXPECT_EQ(m.sections(1).first_pair(), 7);
    }
    if (const auto* e = std::get_if<v1::EnterResultRequest>(&step.request)) {
      // B's board 1, 3 v 4 at its second table: session table 5.
      if (e->board() == 1 && e->table() == 5) {
        b_result = true;
        EXPECT_EQ(e->result().played().level(), 4);
      }
    }
  }
  EXPECT_TRUE(butler);
  EXPECT_TRUE(defined);
  EXPECT_TRUE(b_result);
}

// Export: each section's board takes its section's datum from tally's
// traveller (Traveller.section_datums), and the published check compares a
// section's datum with the same section's.
TEST(ImpSectionsFileTest, ExportTakesEachSectionsDatum) {
  v1::Competition competition;
  competition.set_competition_id("pairs");
  v1::Standings standings;
  standings.set_scoring("imps_vs_datum");
  standings.set_ranked_on("net_imps");
  v1::Movement movement;
  for (const auto& [name, first] :
       std::vector<std::pair<std::string, int>>{{"A", 1}, {"B", 7}}) {
    v1::MovementSection* s = movement.add_sections();
    s->set_name(name);
    s->set_first_table(first == 1 ? 1 : 4);
    s->set_tables(3);
    s->set_first_pair(first);
    s->set_pairs(6);
  }
  v1::Traveller t;
  t.set_board(1);
  t.set_scoring("imps_vs_datum");
  for (const auto& [section, datum] :
       std::vector<std::pair<std::string, int>>{{"A", 420}, {"B", 170}}) {
    v1::BoardDatum* d = t.add_section_datums();
    d->set_section(section);
    d->set_datum(datum);
  }
  for (const auto& [section, ns, ew, score, imps] :
       std::vector<std::tuple<std::string, int, int, int, int>>{
           {"A", 1, 2, 450, 1}, {"B", 9, 10, 420, 6}}) {
    v1::TravellerLine* line = t.add_lines();
    line->set_section(section);
    line->set_ns_pair(ns);
    line->set_ew_pair(ew);
    line->set_ns_score(score);
    line->set_ns_imps(imps);
    line->mutable_result()->mutable_played()->set_level(4);
  }
  absl::StatusOr<SessionFile> answers = SessionFileFromAnswers(
      competition, "Wednesday", standings, {t}, &movement);
  ASSERT_THAT(answers, IsOk());
  ASSERT_EQ(answers->boards.size(), 2u);
  EXPECT_EQ(answers->boards[0].section, "A");
  EXPECT_EQ(answers->boards[0].datum, 420);
  EXPECT_EQ(answers->boards[1].section, "B");
  EXPECT_EQ(answers->boards[1].datum, 170);
  EXPECT_EQ(answers->boards[1].results[0].ns_pair, 3);  // B3
  // The file's section B board 1 (datum 170) against tally's answers: the
  // same datum agrees; section A's 420 in its place is named.
  absl::StatusOr<SessionFile> file = Usebio();
  ASSERT_THAT(file, IsOk());
  SessionFile published;
  published.sections = file->sections;
  published.scoring = file->scoring;
  published.boards.push_back(*BoardOf(*file, "B", 1));
  published.boards.back().results.clear();
  EXPECT_THAT(CheckPublished(published, *answers, kUsebio), IsEmpty());
  published.boards.back().datum = 420;
  EXPECT_THAT(CheckPublished(published, *answers, kUsebio),
              ElementsAre(HasSubstr("board 1 in section B: datum 420, "
                                    "tally 170")));
}

}  // namespace
}  // namespace tally::interchange
