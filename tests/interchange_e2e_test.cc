// End to end (issue #18, items 2-3): `tally import` of the hand-written
// USEBIO 1.2 file tests/interchange/usebio_mitchell_3_tables.xml (and of the
// same session as PBN 2.1) into a real tallyd, tally's standings against
// the figures the file publishes (worked by hand in
// tests/interchange/README.md), the provenance every event carries, a
// second import appending nothing, `tally export-session` giving back a file
// equal to the original on every figure, and a refused file appending nothing.

#include <sys/stat.h>

#include <fstream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/import_plan.h"
#include "server/interchange/interchange_client.h"
#include "server/interchange/pbn_reader.h"
#include "server/interchange/session_file.h"
#include "server/interchange/usebio_reader.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kFile[] = "usebio_mitchell_3_tables.xml";

std::string FixturePath() {
  return absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/", kFile);
}

class InterchangeEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(tallyd_.Start().ok());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
  }

  std::vector<v1::Event> Log() {
    absl::StatusOr<std::vector<v1::Event>> log =
        ReadWholeLog(*tallyd_.channel());
    EXPECT_TRUE(log.ok()) << log.status();
    return log.ok() ? *std::move(log) : std::vector<v1::Event>();
  }

  v1::Standings Standings(const std::string& tournament) {
    grpc::ClientContext context;
    v1::GetStandingsRequest r;
    r.set_tournament_id(tournament);
    r.set_competition_id("pairs");
    r.set_session(1);
    v1::Standings out;
    EXPECT_TRUE(query_->GetStandings(&context, r, &out).ok());
    return out;
  }

  v1::Traveller Traveller(const std::string& tournament, int board) {
    grpc::ClientContext context;
    v1::GetTravellerRequest r;
    r.set_tournament_id(tournament);
    r.set_competition_id("pairs");
    r.set_session(1);
    r.set_board(board);
    v1::Traveller out;
    EXPECT_TRUE(query_->GetTraveller(&context, r, &out).ok());
    return out;
  }

  // Exports session 1 of `tournament` (`format` usebio or pbn) and expects
  // the file read back equal on every figure to the one at `original`;
  // returns the exported text.
  std::string ExpectExportEquals(const std::string& tournament,
                                 const std::string& format,
                                 const std::string& original) {
    const std::string exported = absl::StrCat(dir_, "/", tournament, ".",
                                              format == "pbn" ? "pbn" : "xml");
    EXPECT_THAT(RunTallyCli(tallyd_.address(),
                            absl::StrCat("export-session ", tournament,
                                         " pairs 1 --format=", format,
                                         " --output=", exported)),
                HasSubstr("wrote"));
    const auto read = [&](const std::string& path) {
      return format == "pbn"
                 ? interchange::ReadPbn(ReadFileBytes(path), path)
                 : interchange::ReadUsebio(ReadFileBytes(path), path);
    };
    absl::StatusOr<interchange::SessionFile> a = read(original);
    absl::StatusOr<interchange::SessionFile> b = read(exported);
    EXPECT_THAT(a, IsOk());
    EXPECT_THAT(b, IsOk());
    if (a.ok() && b.ok()) {
      EXPECT_EQ(interchange::FirstDifference(*a, *b), "");
    }
    return ReadFileBytes(exported);
  }

  std::string Import(const std::string& path, const std::string& tournament,
                     const std::string& profile = "nsw_matchpoint_pairs") {
    return RunTallyCli(tallyd_.address(),
                       absl::StrCat("import ", path, " ", tournament,
                                    " --profile=", profile, " 2>&1"));
  }

  const std::string dir_ = MakeTempDir("interchange");
  TallydProcess tallyd_{TallydPath(), dir_ + "/data"};
  std::unique_ptr<v1::QueryService::Stub> query_;
};

TEST_F(InterchangeEndToEndTest,
       ImportGivesThePublishedFiguresAndExportRoundTrips) {
  const std::string out = Import(FixturePath(), "tuesday");
  // Tournament, competition, 6 pairs, movement, start, 18 results, post.
  EXPECT_THAT(out, HasSubstr("6 pairs, 6 boards, 29 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));

  // The hand working: NS 2 14 MP (58.33%), 1 13 (54.17%), 3 9 (37.50%);
  // EW 5 22 (91.67%), 6 8 (33.33%), 4 6 (25.00%); a top of 4 a board, 24
  // on six boards.
  const v1::Standings s = Standings("tuesday");
  ASSERT_EQ(s.fields_size(), 2);
  struct Row {
    int pair;
    int64_t mp;
    int64_t hundredths;
  };
  const std::vector<std::vector<Row>> expected = {
      {{2, 14, 5833}, {1, 13, 5417}, {3, 9, 3750}},
      {{5, 22, 9167}, {6, 8, 3333}, {4, 6, 2500}}};
  for (int f = 0; f < 2; ++f) {
    ASSERT_EQ(s.fields(f).rows_size(), 3);
    for (int i = 0; i < 3; ++i) {
      const v1::StandingsRow& row = s.fields(f).rows(i);
      EXPECT_EQ(row.rank(), i + 1);
      EXPECT_EQ(row.pair(), expected[f][i].pair);
      EXPECT_EQ(row.matchpoints().numerator(), expected[f][i].mp);
      EXPECT_EQ(row.matchpoints().denominator(), 1);
      EXPECT_EQ(row.maximum(), 24);
      EXPECT_EQ(row.percentage().units(), expected[f][i].hundredths);
      EXPECT_EQ(row.percentage().places(), 2);
    }
  }

  // Every event carries the file, its hash and its line; board 3's 1 v 6
  // sits on line 160.
  const std::string sha = interchange::Sha256Hex(ReadFileBytes(FixturePath()));
  const std::vector<v1::Event> log = Log();
  ASSERT_EQ(log.size(), 29u);
  bool board3 = false;
  for (const v1::Event& e : log) {
    EXPECT_EQ(e.provenance().file_name(), kFile);
    EXPECT_EQ(e.provenance().file_sha256(), sha);
    EXPECT_EQ(e.provenance().format(), "usebio-1.2");
    EXPECT_GT(e.provenance().line(), 0);
    if (e.payload().has_result_entered() &&
        e.payload().result_entered().board() == 3 &&
        e.payload().result_entered().table() == 1) {
      board3 = true;
      EXPECT_EQ(e.provenance().line(), 160);
    }
  }
  EXPECT_TRUE(board3);

  // The same file again: every command is a retry; nothing is appended.
  EXPECT_THAT(Import(FixturePath(), "tuesday"), HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 29u);

  // Export, then read both: equal on every figure tally represents.
  ExpectExportEquals("tuesday", "usebio", FixturePath());
}

// The same session as a PBN 2.1 file: the same figures, and `tally
// export-session --format=pbn` gives back its ScoreTables and TotalScoreTable.
TEST_F(InterchangeEndToEndTest, PbnImportAndExportRoundTrip) {
  const std::string pbn =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/pbn_mitchell_3_tables.pbn");
  const std::string out = Import(pbn, "tuesday-pbn");
  EXPECT_THAT(out, HasSubstr("6 pairs, 6 boards, 29 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  for (const v1::Event& e : Log()) {
    EXPECT_EQ(e.provenance().format(), "pbn-2.1");
    EXPECT_EQ(e.provenance().file_name(), "pbn_mitchell_3_tables.pbn");
  }
  ExpectExportEquals("tuesday-pbn", "pbn", pbn);
}

// tests/interchange/usebio_mitchell_adjusted.xml: board 1 not played by
// 1 v 4, USEBIO's adjusted score "A6040" (issue #18): imported as a ruling
// (Law 12C2(a), 60% and 40% of the top to each side), scored to the file's
// figures (worked by hand in tests/interchange/README.md), shown on the
// traveller, and exported back as "A6040".
TEST_F(InterchangeEndToEndTest, AdjustedScoreImportsAsARulingAndRoundTrips) {
  const std::string path =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/usebio_mitchell_adjusted.xml");
  const std::string out = Import(path, "thursday");
  // 17 results and the ruling in place of the 18th.
  EXPECT_THAT(out, HasSubstr("6 pairs, 6 boards, 29 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  const v1::Standings s = Standings("thursday");
  ASSERT_EQ(s.fields_size(), 2);
  struct Row {
    int pair;
    int64_t numerator, denominator;
    int64_t hundredths;
  };
  // NS 2 13.50 (56.25%), 1 13.40 (55.83%), 3 9.50 (39.58%); EW 5 21.50
  // (89.58%), 6 8.50 (35.42%), 4 5.60 (23.33%).
  const std::vector<std::vector<Row>> expected = {
      {{2, 27, 2, 5625}, {1, 67, 5, 5583}, {3, 19, 2, 3958}},
      {{5, 43, 2, 8958}, {6, 17, 2, 3542}, {4, 28, 5, 2333}}};
  for (int f = 0; f < 2; ++f) {
    ASSERT_EQ(s.fields(f).rows_size(), 3);
    for (int i = 0; i < 3; ++i) {
      const v1::StandingsRow& row = s.fields(f).rows(i);
      EXPECT_EQ(row.pair(), expected[f][i].pair);
      EXPECT_EQ(row.matchpoints().numerator(), expected[f][i].numerator);
      EXPECT_EQ(row.matchpoints().denominator(), expected[f][i].denominator);
      EXPECT_EQ(row.percentage().units(), expected[f][i].hundredths);
    }
  }
  int rulings = 0;
  for (const v1::Event& e : Log()) {
    if (!e.payload().has_ruling_made()) continue;
    ++rulings;
    EXPECT_TRUE(e.payload().ruling_made().board_not_played());
    EXPECT_EQ(e.provenance().line(), 76);
  }
  EXPECT_EQ(rulings, 1);

  // The traveller shows the adjusted score and its matchpoints.
  {
    const v1::Traveller t = Traveller("thursday", 1);
    ASSERT_EQ(t.lines_size(), 3);
    const v1::TravellerLine& line = t.lines(0);
    EXPECT_EQ(line.ns_pair(), 1);
    EXPECT_TRUE(line.result().has_not_played());
    EXPECT_EQ(line.adjusted().per_side().ns().percent().numerator(), 60);
    EXPECT_EQ(line.adjusted().per_side().ew().percent().numerator(), 40);
    EXPECT_EQ(line.ns_matchpoints().numerator(), 12);  // 2.40
    EXPECT_EQ(line.ns_matchpoints().denominator(), 5);
    EXPECT_FALSE(t.lines(1).has_adjusted());
  }
  EXPECT_THAT(RunTallyCli(tallyd_.address(), "traveller thursday pairs 1 1"),
              HasSubstr("not played; adjusted NS 60%, EW 40%"));

  EXPECT_THAT(ExpectExportEquals("thursday", "usebio", path),
              HasSubstr("<SCORE>A6040</SCORE>"));
  // PBN carries it in Score_NS (tally's choice of form,
  // docs/interchange.md): not played, A6040, and the matchpoints.
  EXPECT_THAT(RunTallyCli(tallyd_.address(),
                          "export-session thursday pairs 1 --format=pbn 2>&1"),
              HasSubstr(" 1  4 -     -  -  A6040      -  2.40  1.60"));
}

// Issue #18: IMP pairs. tests/interchange/usebio_butler_howell.xml (club
// Butler, club_butler_pairs) and usebio_cross_imps_howell.xml (cross-IMPs,
// cross_imp_pairs), both six pairs in a two-round Howell of 2-board rounds
// with the same results (worked in tests/interchange/README.md): imported,
// every published datum, IMP figure, total and place agreeing with tally's,
// exported back equal; the same Butler file under the cross-IMP profile
// disagrees where the figures differ; a file tally cannot represent is
// refused naming its line, appending nothing.
TEST_F(InterchangeEndToEndTest, ButlerAndCrossImpPairsImportAndRoundTrip) {
  const std::string butler =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/usebio_butler_howell.xml");
  const std::string cross =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/usebio_cross_imps_howell.xml");
  // Tournament, competition, 6 pairs, movement, start, 12 results, post.
  std::string out = Import(butler, "wednesday", "club_butler_pairs");
  EXPECT_THAT(out, HasSubstr("6 pairs, 4 boards, 23 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // Board 4: +620, -100, -200; the club datum drops +620 and -200: -100.
  const v1::Traveller board4 = Traveller("wednesday", 4);
  EXPECT_EQ(board4.datum().datum(), -100);
  EXPECT_THAT(ExpectExportEquals("wednesday", "usebio", butler),
              HasSubstr("<DATUM>-100</DATUM>"));

  out = Import(cross, "friday-x", "cross_imp_pairs");
  EXPECT_THAT(out, HasSubstr("23 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  EXPECT_THAT(ExpectExportEquals("friday-x", "usebio", cross),
              HasSubstr("<NS_CROSS_IMP_POINTS>12.50</NS_CROSS_IMP_POINTS>"));
  // The Butler session as PBN (Scoring "Butler", each game's Datum, the
  // ScoreTable's IMP_NS / IMP_EW): imported with the same figures and
  // exported back equal.
  const std::string butler_pbn =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/pbn_butler_howell.pbn");
  out = Import(butler_pbn, "wednesday-pbn", "club_butler_pairs");
  EXPECT_THAT(out, HasSubstr("6 pairs, 4 boards, 23 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  EXPECT_THAT(ExpectExportEquals("wednesday-pbn", "pbn", butler_pbn),
              HasSubstr("[Datum \"-100\"]"));

  // An artificial adjusted score in the cross-IMP file (A6040, board 1,
  // 1 v 2 not played): a ruling at the profile's +-2 IMPs, the other two
  // tables IMPed against each other (10); totals 1 18, 2 11.50, 6 1.50,
  // 3 -2, 5 -14, 4 -15 as worked in tests/interchange/README.md; exported
  // back equal, "A6040" and its IMPs included.
  const std::string cross_adjusted = absl::StrCat(
      TALLY_INTERCHANGE_FIXTURES, "/usebio_cross_imps_adjusted.xml");
  out = Import(cross_adjusted, "friday-adj", "cross_imp_pairs");
  EXPECT_THAT(out, HasSubstr("6 pairs, 4 boards, 23 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  const v1::Traveller adjusted_board = Traveller("friday-adj", 1);
  bool artificial = false;
  for (const v1::TravellerLine& line : adjusted_board.lines()) {
    if (line.ns_pair() != 1) continue;
    artificial = line.adjusted().has_artificial();
    EXPECT_EQ(line.ns_cross_imps().numerator(), 2);
  }
  EXPECT_TRUE(artificial);
  EXPECT_THAT(ExpectExportEquals("friday-adj", "usebio", cross_adjusted),
              HasSubstr("<SCORE>A6040</SCORE>"));

  // The Butler file under a cross-IMP profile: refused before anything is
  // sent, so the tournament is not created.
  const size_t log_before = Log().size();
  out = Import(butler, "wednesday-x", "cross_imp_pairs");
  EXPECT_THAT(out, HasSubstr("the file is scored BUTLER_IMPS, but profile "
                             "cross_imp_pairs scores EVENT_KIND_BUTLER_PAIRS "
                             "by SCORING_METHOD_CROSS_IMPS"));
  EXPECT_THAT(out, HasSubstr("nothing was sent"));
  EXPECT_EQ(Log().size(), log_before);

  // Artificial adjusted scores in a club Butler file
  // (usebio_butler_adjusted.xml, worked in tests/interchange/README.md):
  // board 1, 1 v 2 played +980 and given A6040 (Law 12C2), board 2, 8 v 1
  // not played, A4060 (Law 12C2(a)), each at +-2 IMPs (ANC SR 7.3) and
  // left out of the datum. Tournament, competition, 8 pairs, movement,
  // start, 7 results, 2 rulings, post: 22 events. Board 1's datum is 420
  // (+450, +420, -50, the best and the worst dropped), not 440 (four
  // scores); totals 2 9, 8 8, 1 4, 5 0, 4 -1, 7 -4, 6 -6, 3 -10.
  const std::string butler_adjusted =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/usebio_butler_adjusted.xml");
  out = Import(butler_adjusted, "thursday-adj", "club_butler_pairs");
  EXPECT_THAT(out, HasSubstr("8 pairs, 2 boards, 22 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  const v1::Traveller butler_board1 = Traveller("thursday-adj", 1);
  EXPECT_EQ(butler_board1.datum().datum(), 420);
  for (const v1::TravellerLine& line : butler_board1.lines()) {
    if (line.ns_pair() != 1) continue;
    EXPECT_TRUE(line.adjusted().has_artificial());
    EXPECT_EQ(line.ns_imps(), 2);
  }
  const std::string butler_exported =
      ExpectExportEquals("thursday-adj", "usebio", butler_adjusted);
  EXPECT_THAT(butler_exported, HasSubstr("<SCORE>A6040</SCORE>"));
  EXPECT_THAT(butler_exported, HasSubstr("<SCORE>A4060</SCORE>"));

  // A line tally cannot represent (an adjusted score "A7030": in IMPs only
  // average plus, average and average minus are artificial awards):
  // refused naming the line, nothing appended.
  const size_t before = Log().size();
  const std::string edited = absl::StrCat(dir_, "/butler_adjusted.xml");
  {
    std::string text = ReadFileBytes(butler);
    const size_t at = text.find("<SCORE>450</SCORE>");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 18, "<SCORE>A7030</SCORE>");
    std::ofstream(edited, std::ios::binary) << text;
  }
  EXPECT_THAT(Import(edited, "refused", "club_butler_pairs"),
              HasSubstr("butler_adjusted.xml line 63: board 1, 1 v 2: the "
                        "adjusted score \"A7030\" gives 70%"));
  EXPECT_EQ(Log().size(), before);
}

// A session in two sections (usebio_mitchell_two_sections.xml, worked in
// tests/interchange/README.md): imported as one session with both sections
// (A tables 1-3, pairs 1-6; B tables 4-6, pairs 7-12), each section
// matchpointed on its own (nsw_matchpoint_pairs: within the section), its
// figures agreeing with the file's (B NS: B2 15 62.50%, B3 11 45.83%, B1
// 10 41.67%), exported back equal with each section's pairs numbered and
// placed as the file gives them; the same session as PBN likewise.
// Adjusted scores in PBN (pbn_mitchell_adjusted.pbn: "A6040" in Score_NS,
// tally's choice of form) import as the ruling USEBIO's do and export back.
TEST_F(InterchangeEndToEndTest, SectionsAndPbnAdjustedScoresRoundTrip) {
  const std::string usebio = absl::StrCat(TALLY_INTERCHANGE_FIXTURES,
                                          "/usebio_mitchell_two_sections.xml");
  // Tournament, competition, 12 pairs, movement, start, 36 results, post.
  std::string out = Import(usebio, "sections");
  EXPECT_THAT(out, HasSubstr("12 pairs in 2 sections, 6 boards, 53 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  const v1::Standings s = Standings("sections");
  const v1::StandingsField* b_ns = nullptr;
  for (const v1::StandingsField& f : s.fields()) {
    if (f.name() == "B NS") b_ns = &f;
  }
  ASSERT_NE(b_ns, nullptr);
  ASSERT_EQ(b_ns->rows_size(), 3);
  const std::vector<std::pair<int, int64_t>> expected = {
      {8, 6250}, {9, 4583}, {7, 4167}};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(b_ns->rows(i).pair(), expected[i].first);
    EXPECT_EQ(b_ns->rows(i).percentage().units(), expected[i].second);
    EXPECT_EQ(b_ns->rows(i).section(), "B");
  }
  // Board 1 in section B: 3NT+1 by B2 at session table 5, top 4.
  bool seen = false;
  const v1::Traveller board1 = Traveller("sections", 1);
  for (const v1::TravellerLine& line : board1.lines()) {
    if (line.section() != "B" || line.ns_pair() != 8) continue;
    seen = true;
    EXPECT_EQ(line.table(), 5);
    EXPECT_EQ(line.ns_matchpoints().numerator(), 4);
  }
  EXPECT_TRUE(seen);
  EXPECT_THAT(ExpectExportEquals("sections", "usebio", usebio),
              HasSubstr("<SECTION_ID>B</SECTION_ID>"));
  const std::string pbn = absl::StrCat(TALLY_INTERCHANGE_FIXTURES,
                                       "/pbn_mitchell_two_sections.pbn");
  out = Import(pbn, "sections-pbn");
  EXPECT_THAT(out, HasSubstr("53 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  EXPECT_THAT(ExpectExportEquals("sections-pbn", "pbn", pbn),
              HasSubstr("[Section \"B\"]"));

  // Adjusted scores in PBN: board 1, 1 v 4 not played, A6040; NS 2 13.50
  // 56.25%, 1 13.40 55.83%, as usebio_mitchell_adjusted.xml.
  const std::string adjusted =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/pbn_mitchell_adjusted.pbn");
  out = Import(adjusted, "adjusted-pbn");
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  EXPECT_THAT(ExpectExportEquals("adjusted-pbn", "pbn", adjusted),
              HasSubstr("A6040"));

  // A sectioned file with a pair listed twice in section B: refused naming
  // the line, nothing appended.
  const size_t before = Log().size();
  const std::string edited = absl::StrCat(dir_, "/sections_twice.xml");
  {
    std::string text = ReadFileBytes(usebio);
    const std::string from =
        "<PAIR_NUMBER>2</PAIR_NUMBER>\n            <DIRECTION>NS</DIRECTION>"
        "\n            <PLAYER><PLAYER_NAME>Olive Owen";
    const size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 28, "<PAIR_NUMBER>1</PAIR_NUMBER>");
    std::ofstream(edited, std::ios::binary) << text;
  }
  EXPECT_THAT(Import(edited, "refused"),
              HasSubstr("sections_twice.xml line 285: section B: pair 1 is "
                        "listed twice"));
  EXPECT_EQ(Log().size(), before);
}

// Issue #18: a Butler session in two sections
// (tests/interchange/usebio_butler_two_sections.xml and
// pbn_butler_two_sections.pbn, worked in tests/interchange/README.md):
// imported under club_butler_pairs (within each section), each board's
// datum taken over its section's three tables (board 1: A 420, B 170),
// B's pairs ranked within B (B3 and B5 1st= on +6) and overall over all
// twelve (A2 11 1st, A1 10 2nd, A6, B3, B5 6 3rd=); exported back equal in
// USEBIO and PBN.
TEST_F(InterchangeEndToEndTest, ButlerSectionsImportAndRoundTrip) {
  const std::string usebio = absl::StrCat(TALLY_INTERCHANGE_FIXTURES,
                                          "/usebio_butler_two_sections.xml");
  // Tournament, competition, 12 pairs, movement, start, 24 results, post.
  std::string out = Import(usebio, "butler-sections", "club_butler_pairs");
  EXPECT_THAT(out, HasSubstr("12 pairs in 2 sections, 4 boards, 41 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  const v1::Traveller board1 = Traveller("butler-sections", 1);
  EXPECT_FALSE(board1.has_datum());
  ASSERT_EQ(board1.section_datums_size(), 2);
  EXPECT_EQ(board1.section_datums(0).section(), "A");
  EXPECT_EQ(board1.section_datums(0).datum(), 420);
  EXPECT_EQ(board1.section_datums(1).section(), "B");
  EXPECT_EQ(board1.section_datums(1).datum(), 170);
  bool seen = false;
  for (const v1::TravellerLine& line : board1.lines()) {
    if (line.section_table() != "B2") continue;
    seen = true;  // B3 v B4, 4S= +420 against B's 170: +250, 6 IMPs
    EXPECT_EQ(line.ns_pair(), 9);
    EXPECT_EQ(line.ns_imps(), 6);
  }
  EXPECT_TRUE(seen);
  const v1::Standings s = Standings("butler-sections");
  ASSERT_EQ(s.fields_size(), 2);
  EXPECT_EQ(s.fields(1).name(), "B ALL");
  const v1::StandingsRow& first = s.fields(1).rows(0);
  EXPECT_EQ(first.section_pair(), "B3");
  EXPECT_EQ(first.rank(), 1);
  EXPECT_TRUE(first.tied());
  EXPECT_EQ(first.overall_rank(), 3);
  EXPECT_TRUE(first.overall_tied());
  EXPECT_EQ(s.fields(0).rows(0).section_pair(), "A2");
  EXPECT_EQ(s.fields(0).rows(0).overall_rank(), 1);
  EXPECT_THAT(ExpectExportEquals("butler-sections", "usebio", usebio),
              HasSubstr("<DATUM>170</DATUM>"));
  const std::string pbn =
      absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/pbn_butler_two_sections.pbn");
  out = Import(pbn, "butler-sections-pbn", "club_butler_pairs");
  EXPECT_THAT(out, HasSubstr("41 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  EXPECT_THAT(ExpectExportEquals("butler-sections-pbn", "pbn", pbn),
              HasSubstr("[Datum \"170\"]"));
}

// A Mitchell whose pairs carry their home DIRECTION, with boards 5 and 6
// arrow-switched at every table (tests/interchange/README.md): imported
// as a movement with TableAssignment.arrow_switched_boards, ranked as one
// field (5 18 MP 75.00%, 1 17 70.83%, 4 12 50.00%, 3 11 45.83%, 2 8
// 33.33%, 6 6 25.00%), exported back with the home directions.
TEST_F(InterchangeEndToEndTest, ArrowSwitchWithDirectionsImportsAndRoundTrips) {
  const std::string path = absl::StrCat(TALLY_INTERCHANGE_FIXTURES,
                                        "/usebio_mitchell_arrow_switch.xml");
  const std::string out = Import(path, "saturday");
  EXPECT_THAT(out, HasSubstr("6 pairs, 6 boards, 29 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  const v1::Standings s = Standings("saturday");
  ASSERT_EQ(s.fields_size(), 1);
  const std::vector<std::pair<int, int64_t>> expected = {
      {5, 7500}, {1, 7083}, {4, 5000}, {3, 4583}, {2, 3333}, {6, 2500}};
  ASSERT_EQ(s.fields(0).rows_size(), 6);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(s.fields(0).rows(i).pair(), expected[i].first);
    EXPECT_EQ(s.fields(0).rows(i).percentage().units(), expected[i].second);
  }
  // Board 5 at pair 3's table: pair 6 held the North-South cards.
  const v1::Traveller board5 = Traveller("saturday", 5);
  bool seen = false;
  for (const v1::TravellerLine& line : board5.lines()) {
    if (line.table() != 3) continue;
    seen = true;
    EXPECT_EQ(line.ns_pair(), 6);
    EXPECT_EQ(line.ew_pair(), 3);
    EXPECT_EQ(line.ns_score(), 120);
  }
  EXPECT_TRUE(seen);
  const std::string exported = ExpectExportEquals("saturday", "usebio", path);
  EXPECT_THAT(exported, HasSubstr("<WINNER_TYPE>1</WINNER_TYPE>"));
  EXPECT_THAT(exported, HasSubstr("<DIRECTION>EW</DIRECTION>"));
}

// Law 12C2 on each side's terms through the gRPC API: bad figures are
// refused with INVALID_ARGUMENT naming the rule, and nothing is appended;
// a good one scores as worked by hand.
TEST_F(InterchangeEndToEndTest, PerSideRulingRefusalsAppendNothing) {
  ASSERT_THAT(Import(FixturePath(), "friday"), HasSubstr("29 events appended"));
  auto director = v1::DirectorService::NewStub(tallyd_.channel());
  int key = 0;
  const auto rule = [&](const v1::SideAward& ns, const v1::SideAward& ew) {
    v1::RecordRulingRequest r;
    r.mutable_options()->set_idempotency_key(absl::StrCat("per-side-", ++key));
    r.set_tournament_id("friday");
    r.set_competition_id("pairs");
    r.set_session(1);
    r.set_table(2);  // board 1 at table 2: 2 v 6, 4S+1 N +450
    r.set_board(1);
    r.set_law("Law 12C2");
    r.set_text("unauthorised information; no result can stand");
    *r.mutable_adjusted()->mutable_per_side()->mutable_ns() = ns;
    *r.mutable_adjusted()->mutable_per_side()->mutable_ew() = ew;
    grpc::ClientContext context;
    v1::CommandOutcome outcome;
    return director->RecordRuling(&context, r, &outcome);
  };
  v1::SideAward percent_101, percent_60, score_630, score_635;
  percent_101.mutable_percent()->set_numerator(101);
  percent_101.mutable_percent()->set_denominator(1);
  percent_60.mutable_percent()->set_numerator(60);
  percent_60.mutable_percent()->set_denominator(1);
  score_630.set_ns_score(630);
  score_635.set_ns_score(635);
  const size_t before = Log().size();
  struct Refusal {
    v1::SideAward ns, ew;
    const char* message;
  };
  for (const Refusal& bad :
       {Refusal{percent_101, percent_60, "from 0 to 100 (Law 12C2)"},
        Refusal{percent_60, score_635, "is not a bridge score (Law 77"},
        Refusal{score_630, score_630, "a split score (Law 12C1(b))"},
        Refusal{percent_60, v1::SideAward(), "give East-West a percentage"}}) {
    const grpc::Status st = rule(bad.ns, bad.ew);
    EXPECT_EQ(st.error_code(), grpc::StatusCode::INVALID_ARGUMENT)
        << st.error_message();
    EXPECT_THAT(st.error_message(), HasSubstr(bad.message));
  }
  EXPECT_EQ(Log().size(), before);

  // 60% to NS, EW on NS +630 at table 2: NS 60% x 4 = 2.40; +630 beats
  // +420 and -50, 4, factored from 3 to 3: 4, so EW 0. Tables 1 and 3
  // against each other, from 2 to 3: +420 (2 + 1) x 3/2 - 1 = 3.50, -50
  // 0.50.
  const grpc::Status ok = rule(percent_60, score_630);
  ASSERT_TRUE(ok.ok()) << ok.error_message();
  EXPECT_EQ(Log().size(), before + 1);
  const v1::Traveller t = Traveller("friday", 1);
  ASSERT_EQ(t.lines_size(), 3);
  for (const v1::TravellerLine& line : t.lines()) {
    const int64_t twice_ns = 2 * line.ns_matchpoints().numerator() /
                             line.ns_matchpoints().denominator();
    if (line.table() == 1) {
      EXPECT_EQ(twice_ns, 7);  // 3.50
    }
    if (line.table() == 3) {
      EXPECT_EQ(twice_ns, 1);  // 0.50
    }
    if (line.table() == 2) {
      EXPECT_EQ(line.ns_matchpoints().numerator(), 12);  // 2.40
      EXPECT_EQ(line.ns_matchpoints().denominator(), 5);
      EXPECT_EQ(line.ew_matchpoints().numerator(), 0);
      EXPECT_EQ(line.adjusted().per_side().ew().ns_score(), 630);
    }
  }
}

// Board 1's 1 v 4 line with its score and no contract (issue #18: a
// result known only by its score): NS +420 is a Law 77 score with neither
// side vulnerable (4S=), so the file imports as a score-only result with
// the same figures and exports back equal. With NS +425, which no result
// gives, the file is refused at that line and nothing is appended.
TEST_F(InterchangeEndToEndTest, ScoreOnlyLineImportsAndABadOneAppendsNothing) {
  std::string text = ReadFileBytes(FixturePath());
  for (const char* element :
       {"<CONTRACT>4S</CONTRACT>", "<PLAYED_BY>N</PLAYED_BY>",
        "<TRICKS>10</TRICKS>"}) {
    text.replace(text.find(element), std::string(element).size(), "");
  }
  std::string bad_text = text;
  bad_text.replace(bad_text.find("<SCORE>420</SCORE>"), 18,
                   "<SCORE>425</SCORE>");
  const std::string bad = dir_ + "/bad_score.xml";
  std::ofstream(bad) << bad_text;
  const std::string refused = Import(bad, "wednesday");
  EXPECT_THAT(refused, Not(HasSubstr("imported")));
  EXPECT_THAT(refused, HasSubstr("bad_score.xml line 74: board 1, 1 v 4: "
                                 "North-South +425 on board 1"));
  EXPECT_TRUE(Log().empty());

  const std::string good = dir_ + "/score_only.xml";
  std::ofstream(good) << text;
  const std::string out = Import(good, "wednesday");
  EXPECT_THAT(out, HasSubstr("6 pairs, 6 boards, 29 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  bool score_only = false;
  for (const v1::Event& e : Log()) {
    if (e.payload().has_result_entered() &&
        e.payload().result_entered().board() == 1 &&
        e.payload().result_entered().ns_pair() == 1) {
      score_only = e.payload().result_entered().result().has_score_only();
      EXPECT_EQ(e.payload().result_entered().ns_score(), 420);
    }
  }
  EXPECT_TRUE(score_only);
  ExpectExportEquals("wednesday", "usebio", good);
}

// Issue #18: a Bridgemate scoring file followed as rows arrive, from the
// fixture tests/bws/tuesday/ (its Section and ReceivedData tables as
// mdb-export prints them: round 1 of the session above, board 5 at table 3
// entered one trick short, 1NT= for 1NT+1). The session is set up from the
// USEBIO file without its results; its movement (DeriveMovement) is the
// Mitchell R1: 1v4 boards 1-2, 2v5 3-4, 3v6 5-6; R2: 1v5 5-6, 2v6 1-2,
// 3v4 3-4. Each `tally follow-bws --once` is a new process, so each run
// after the first is also a restart. Scores are Law 77's (README.md here).
// The fixture's session as the Bridgemates' scoring program sets it up:
// tournament, competition, pairs, movement and start, but no result.
void SetUpSessionForBws(TallydProcess& tallyd, const std::string& tournament) {
  absl::StatusOr<interchange::SessionFile> file =
      interchange::ReadUsebio(ReadFileBytes(FixturePath()), kFile);
  ASSERT_THAT(file, IsOk());
  interchange::ImportTarget target;
  target.tournament_id = tournament;
  target.regulation_profile = "nsw_matchpoint_pairs";
  target.format = "usebio-1.2";
  target.file_name = kFile;
  absl::StatusOr<std::vector<interchange::ImportStep>> steps =
      interchange::PlanImport(*file, target);
  ASSERT_THAT(steps, IsOk());
  std::vector<interchange::ImportStep> setup;
  for (const interchange::ImportStep& step : *steps) {
    if (!std::holds_alternative<v1::EnterResultRequest>(step.request) &&
        !std::holds_alternative<v1::RecordRulingRequest>(step.request) &&
        !std::holds_alternative<v1::PostScoresRequest>(step.request)) {
      setup.push_back(step);
    }
  }
  auto director = v1::DirectorService::NewStub(tallyd.channel());
  auto venue = v1::VenueService::NewStub(tallyd.channel());
  const interchange::ContextFactory contexts = [] {
    return std::make_unique<grpc::ClientContext>();
  };
  ASSERT_THAT(interchange::RunImport(*director, *venue, contexts, setup),
              IsOk());
}

TEST_F(InterchangeEndToEndTest, FollowsABwsFileAsRowsAreAdded) {
  SetUpSessionForBws(tallyd_, "bws-tue");
  const size_t set_up = Log().size();

  const std::string bws = dir_ + "/tuesday";
  ASSERT_EQ(mkdir(bws.c_str(), 0700), 0);
  for (const char* table : {"Section.csv", "ReceivedData.csv"}) {
    std::ofstream(absl::StrCat(bws, "/", table))
        << ReadFileBytes(absl::StrCat(TALLY_BWS_FIXTURES, "/tuesday/", table));
  }
  const std::string round_data =
      ReadFileBytes(absl::StrCat(TALLY_BWS_FIXTURES, "/tuesday/RoundData.csv"));
  const auto follow = [&] {
    return RunTallyCli(
        tallyd_.address(),
        absl::StrCat("follow-bws bws-tue pairs 1 ", bws, " --once 2>&1"));
  };
  // Bridgemates set up for another movement (table 2 plays boards 5-6 in
  // round 1, RoundData line 3): nothing is sent.
  std::ofstream(absl::StrCat(bws, "/RoundData.csv")) << absl::StrReplaceAll(
      round_data, {{"1,2,1,2,5,3,4,", "1,2,1,2,5,5,6,"}});
  EXPECT_THAT(
      follow(),
      AllOf(HasSubstr("FAILED_PRECONDITION: the Bridgemates in section A do "
                      "not play the movement of session 1 of pairs in "
                      "bws-tue"),
            HasSubstr("RoundData line 3 (table 2, round 1): the Bridgemates "
                      "have NS 2 v EW 5 on boards 5-6; tally's session has NS "
                      "2 v EW 5 on boards 3-4")));
  EXPECT_EQ(Log().size(), set_up);
  std::ofstream(absl::StrCat(bws, "/RoundData.csv")) << round_data;
  EXPECT_THAT(follow(), HasSubstr("6 rows; 6 entered, 0 corrected, 0 already "
                                  "in tally, 0 not entered"));
  std::vector<v1::Event> log = Log();
  ASSERT_EQ(log.size(), set_up + 6);
  // Row 5 (table 3, board 5): its ID, its hash, the directory's name.
  const v1::Event& row5 = log[set_up + 4];
  ASSERT_TRUE(row5.payload().has_result_entered());
  EXPECT_EQ(row5.payload().result_entered().table(), 3);
  EXPECT_EQ(row5.payload().result_entered().board(), 5);
  EXPECT_EQ(row5.payload().result_entered().ns_score(), 90);  // 1NT=
  EXPECT_EQ(row5.provenance().format(), "bridgemate-bws ReceivedData");
  EXPECT_EQ(row5.provenance().file_name(), "tuesday");
  EXPECT_EQ(row5.provenance().line(), 5);
  EXPECT_EQ(row5.provenance().file_sha256(),
            interchange::Sha256Hex(
                "5,1,3,1,5,3,6,3,\"N\",\"1 NT\",\"=\",\"C10\",\"\","
                "\"2026-11-27 00:00:00\",\"1899-12-30 19:43:20\",0,0,0,0,0,0"));

  // Polled again (a restart): every row is answered from tally's record.
  EXPECT_THAT(follow(), HasSubstr("6 rows; 0 entered, 0 corrected, 6 already "
                                  "in tally, 0 not entered"));
  EXPECT_EQ(Log().size(), set_up + 6);

  // Rows arrive: 7 re-enters board 5 at table 3 as 1NT+1; 8 and 11 are
  // round 2's 1v5 board 5 and 3v4 board 3; 9 erases board 2 at table 1;
  // 10 names pair 6 (East-West) as North, declaring.
  std::ofstream(absl::StrCat(bws, "/ReceivedData.csv"), std::ios::app)
      << "7,1,3,1,5,3,6,3,\"N\",\"1 NT\",\"+1\",\"C10\",\"\",\"2026-11-27 "
         "00:00:00\",\"1899-12-30 19:58:00\",0,0,0,0,0,0\n"
         "8,1,1,2,5,1,5,1,\"N\",\"1 NT\",\"=\",\"H4\",\"\",\"2026-11-27 "
         "00:00:00\",\"1899-12-30 20:02:10\",0,0,0,0,0,0\n"
         "9,1,1,1,2,1,4,1,\"S\",\"3 NT\",\"=\",\"S5\",\"\",\"2026-11-27 "
         "00:00:00\",\"1899-12-30 20:03:00\",0,0,0,0,0,1\n"
         "10,1,2,2,1,2,6,6,\"N\",\"4 S\",\"+1\",\"\",\"\",\"2026-11-27 "
         "00:00:00\",\"1899-12-30 20:04:30\",0,0,0,0,0,0\n"
         "11,1,3,2,3,3,4,4,\"W\",\"4 H\",\"-1\",\"\",\"\",\"2026-11-27 "
         "00:00:00\",\"1899-12-30 20:05:00\",0,0,0,0,0,0\n";
  const std::string out = follow();
  EXPECT_THAT(out, HasSubstr("11 rows; 2 entered, 1 corrected, 6 already in "
                             "tally, 2 not entered"));
  EXPECT_THAT(out, HasSubstr("ReceivedData row 9 (table 1, round 1, board 2): "
                             "the Bridgemate erased this board's result; "
                             "tally keeps the one from row 2"));
  EXPECT_THAT(out, HasSubstr("ReceivedData row 10 (table 2, round 2, board "
                             "1): declarer pair 6 does not sit N (NS is pair "
                             "2); not sent"));
  log = Log();
  ASSERT_EQ(log.size(), set_up + 9);
  // Board 5 at table 3 is now 1NT+1, +120, corrected from +90 (row 7).
  const v1::Event& corrected = log[set_up + 6];
  ASSERT_TRUE(corrected.payload().has_result_corrected());
  EXPECT_EQ(corrected.payload().result_corrected().ns_score(), 120);
  EXPECT_EQ(corrected.payload().result_corrected().previous_ns_score(), 90);
  EXPECT_EQ(corrected.provenance().line(), 7);
  // Board 5: 3v6 +120 at table 3, 1v5 1NT= +90 at table 1.
  const v1::Traveller board5 = Traveller("bws-tue", 5);
  ASSERT_EQ(board5.lines_size(), 2);
  for (const v1::TravellerLine& line : board5.lines()) {
    EXPECT_EQ(line.ns_score(), line.table() == 3 ? 120 : 90);
  }
  // Board 3 (EW vulnerable): 2v5 4H= W -620, 3v4 4H-1 W +100.
  const v1::Traveller board3 = Traveller("bws-tue", 3);
  ASSERT_EQ(board3.lines_size(), 2);
  for (const v1::TravellerLine& line : board3.lines()) {
    EXPECT_EQ(line.ns_score(), line.table() == 2 ? -620 : 100);
  }
  // The erased board keeps its result: 3NT= S +600 (NS vulnerable).
  const v1::Traveller board2 = Traveller("bws-tue", 2);
  ASSERT_EQ(board2.lines_size(), 1);
  EXPECT_EQ(board2.lines(0).ns_score(), 600);

  // A BWS file that is not there: named, nothing changes.
  EXPECT_THAT(RunTallyCli(tallyd_.address(),
                          absl::StrCat("follow-bws bws-tue pairs 1 ", dir_,
                                       "/missing.bws --once 2>&1")),
              HasSubstr(absl::StrCat("no BWS file ", dir_, "/missing.bws")));
  EXPECT_EQ(Log().size(), set_up + 9);
}

// A published file (tests/interchange/published/README.md): a Norwegian
// club's Butler pairs session, 16 pairs in a Howell of 7 three-board rounds,
// as Ruter printed it. Under club_butler_pairs (the best and the worst
// North-South score dropped, the mean to the closest 10) every one of its
// figures is tally's: 16 totals and places, 168 lines' scores and IMPs, 21
// datums (five of them at exactly 5, all rounded away from zero).
TEST_F(InterchangeEndToEndTest, APublishedRuterButlerSessionAgreesWithTally) {
  const std::string path = absl::StrCat(
      TALLY_INTERCHANGE_FIXTURES, "/published/ruter_club_butler_2012.pbn");
  std::string out = Import(path, "ruter", "club_butler_pairs");
  // Tournament, competition, 16 pairs, movement, start, 168 results, post.
  EXPECT_THAT(out, HasSubstr("16 pairs, 21 boards, 189 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // Board 6: +100, +100, -600, -600, -620, -620, -630, -630; +100 and -630
  // dropped, -2990 / 6 = -495 (hand-worked): -500, away from zero.
  EXPECT_EQ(Traveller("ruter", 6).datum().datum(), -500);
  const v1::Standings standings = Standings("ruter");
  // One field (a Howell): 16 pairs, pair 3 first.
  ASSERT_EQ(standings.fields_size(), 1);
  ASSERT_EQ(standings.fields(0).rows_size(), 16);
  EXPECT_EQ(standings.fields(0).rows(0).pair(), 3);
  EXPECT_THAT(Import(path, "ruter", "club_butler_pairs"),
              HasSubstr("0 events appended"));
  ExpectExportEquals("ruter", "pbn", path);

  // Under a profile whose Butler pairs keep their NS and EW fields, the
  // Howell is refused before anything is sent (ANC SR 16.4), and under a
  // matchpoint profile the file's scoring is.
  const size_t before = Log().size();
  EXPECT_THAT(Import(path, "ruter-anc", "anc2025_abpc_open_stage1"),
              AllOf(HasSubstr("line 34 (the session's movement): profile "
                              "anc2025_abpc_open_stage1 cannot score the "
                              "file's movement: pair 8 sits North-South in "
                              "round 1 and East-West in round 2"),
                    HasSubstr("nothing was sent")));
  EXPECT_THAT(Import(path, "ruter-mp", "nsw_matchpoint_pairs"),
              HasSubstr("the file is scored BUTLER_IMPS, but profile "
                        "nsw_matchpoint_pairs scores "
                        "EVENT_KIND_MATCHPOINT_PAIRS"));
  EXPECT_EQ(Log().size(), before);
}

// The terminals' arbitral scores (tests/bws/README.md, `thursday/`, worked
// there): row 2's 60%-40% with no result at table 1 is a ruling that board 2
// was not played there (Law 12C2(a)), row 4's 40%-40% a ruling over row 3's
// result (Law 12C2), each average plus or minus as the profile scores them;
// rows 5 ("Not played") and 6 (55%) are reported, sending nothing; the
// PlayerNumbers and Tables differences are reported for the director. A
// second poll sends nothing.
TEST_F(InterchangeEndToEndTest, BridgemateArbitralScoresAreRulings) {
  SetUpSessionForBws(tallyd_, "bws-thu");
  const size_t set_up = Log().size();
  const auto follow = [&] {
    return RunTallyCli(
        tallyd_.address(),
        absl::StrCat("follow-bws bws-thu pairs 1 ", TALLY_BWS_FIXTURES,
                     "/thursday --once 2>&1"));
  };
  const std::string out = follow();
  EXPECT_THAT(out, HasSubstr("2 arbitral scores recorded as rulings (Law "
                             "12C2)"));
  EXPECT_THAT(out, HasSubstr("ReceivedData row 5"));
  EXPECT_THAT(out, HasSubstr("ReceivedData row 6"));
  const std::vector<v1::Event> log = Log();
  int results = 0, rulings = 0;
  for (size_t i = set_up; i < log.size(); ++i) {
    const v1::EventPayload& p = log[i].payload();
    results += p.has_result_entered();
    if (!p.has_ruling_made()) continue;
    ++rulings;
    const v1::RulingMade& r = p.ruling_made();
    EXPECT_EQ(log[i].provenance().format(), "bridgemate-bws ReceivedData");
    if (r.board() == 2) {
      EXPECT_EQ(log[i].provenance().line(), 2);
      EXPECT_EQ(r.law(), "Law 12C2(a)");
      EXPECT_TRUE(r.board_not_played());
    } else {
      EXPECT_EQ(r.board(), 3);
      EXPECT_EQ(log[i].provenance().line(), 4);
      EXPECT_EQ(r.law(), "Law 12C2");
    }
  }
  EXPECT_EQ(results, 2);  // rows 1 and 3
  EXPECT_EQ(rulings, 2);
  // Board 2 at table 1: not played, average plus to NS, minus to EW.
  bool adjusted = false;
  const v1::Traveller board2 = Traveller("bws-thu", 2);
  for (const v1::TravellerLine& line : board2.lines()) {
    if (line.table() == 1) adjusted = line.adjusted().has_artificial();
  }
  EXPECT_TRUE(adjusted);
  const size_t after = Log().size();
  follow();
  EXPECT_EQ(Log().size(), after);
}
}  // namespace
}  // namespace tally::testing
