// USEBIO 1.2 in and out, without a server: the reader on the hand-written
// fixture tests/interchange/usebio_mitchell_3_tables.xml (its working is in
// tests/interchange/README.md), the writer's round trip, the import plan,
// and every refusal naming its line.

#include <set>
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
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
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

constexpr char kFile[] = "usebio_mitchell_3_tables.xml";

std::string Fixture() { return ReadFixture(TALLY_INTERCHANGE_FIXTURES, kFile); }

std::string Edited(const std::string& from, const std::string& to) {
  return EditedFixture(TALLY_INTERCHANGE_FIXTURES, kFile, from, to);
}

ImportTarget Target() {
  ImportTarget t;
  t.tournament_id = "tuesday";
  t.regulation_profile = "nsw_matchpoint_pairs";
  t.format = "usebio-1.2";
  t.file_name = kFile;
  t.file_sha256 = Sha256Hex(Fixture());
  return t;
}

// The plan of fixture `name` under `profile`, read and planned; a read
// that fails is a test failure and an empty plan.
std::vector<ImportStep> PlanOf(const std::string& name,
                               const std::string& profile) {
  const std::string text = ReadFixture(TALLY_INTERCHANGE_FIXTURES, name);
  absl::StatusOr<SessionFile> file = ReadUsebio(text, name);
  EXPECT_THAT(file, IsOk());
  if (!file.ok()) return {};
  ImportTarget target = Target();
  target.regulation_profile = profile;
  target.file_name = name;
  target.file_sha256 = Sha256Hex(text);
  absl::StatusOr<std::vector<ImportStep>> steps = PlanImport(*file, target);
  EXPECT_THAT(steps, IsOk());
  return steps.ok() ? *std::move(steps) : std::vector<ImportStep>{};
}

TEST(UsebioReaderTest, ReadsTheHandWrittenMitchell) {
  absl::StatusOr<SessionFile> file = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->event_name, "Tuesday Evening Pairs");
  EXPECT_EQ(file->date, "2026-11-24");
  ASSERT_EQ(file->pairs.size(), 6u);
  const FilePair& one = file->pairs[0];
  EXPECT_EQ(one.line, 17);
  EXPECT_EQ(one.pair, 1);
  EXPECT_EQ(one.direction, "NS");
  EXPECT_THAT(one.players,
              ::testing::ElementsAre("Alice Archer", "Brian Baker"));
  EXPECT_EQ(one.place, "2");
  EXPECT_EQ(one.total, core::Rational(13));
  EXPECT_EQ(one.percentage, "54.17");
  ASSERT_EQ(file->boards.size(), 6u);
  int lines = 0;
  for (const FileBoard& b : file->boards) lines += b.results.size();
  EXPECT_EQ(lines, 18);
  // Board 3, pair 1 v 6: 4HX by West, 9 tricks, one down doubled with EW
  // vulnerable (board 3: EW vulnerable), +200 to NS (Law 77).
  const FileResult& doubled = file->boards[2].results[2];
  EXPECT_EQ(doubled.line, 160);
  EXPECT_EQ(doubled.ns_pair, 1);
  EXPECT_EQ(doubled.ew_pair, 6);
  EXPECT_EQ(doubled.result.played().level(), 4);
  EXPECT_EQ(doubled.result.played().strain(), v1::STRAIN_HEARTS);
  EXPECT_EQ(doubled.result.played().doubling(), v1::DOUBLING_DOUBLED);
  EXPECT_EQ(doubled.result.played().declarer(), v1::SEAT_WEST);
  EXPECT_EQ(doubled.result.played().tricks(), 9);
  EXPECT_EQ(doubled.ns_score, 200);
  EXPECT_EQ(doubled.ns_matchpoints, core::Rational(4));
  // Board 4, pair 2 v 5: passed out.
  EXPECT_TRUE(file->boards[3].results[0].result.has_passed_out());
}

TEST(UsebioReaderTest, WriterRoundTripsEveryFigure) {
  absl::StatusOr<SessionFile> file = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> text = WriteUsebio(*file);
  ASSERT_THAT(text, IsOk());
  const std::string& written = *text;
  absl::StatusOr<SessionFile> again = ReadUsebio(written, "written.xml");
  ASSERT_THAT(again, IsOk()) << written;
  EXPECT_EQ(FirstDifference(*file, *again), "");
  EXPECT_THAT(written, HasSubstr("<USEBIO Version=\"1.2\">"));
  EXPECT_THAT(written, HasSubstr("<CONTRACT>4HX</CONTRACT>"));
}

TEST(UsebioReaderTest, FirstDifferenceNamesAChangedFigure) {
  absl::StatusOr<SessionFile> file = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(file, IsOk());
  SessionFile changed = *file;
  changed.boards[0].results[0].ns_matchpoints = core::Rational(3);
  EXPECT_THAT(FirstDifference(*file, changed), HasSubstr("board 1"));
  changed = *file;
  changed.pairs[4].place = "2";
  EXPECT_THAT(FirstDifference(*file, changed), HasSubstr("pair 5"));
}

// Each refusal: INVALID_ARGUMENT naming the file's line and what is wrong.
void ExpectRefused(const std::string& text, int line, const std::string& what) {
  ExpectRefusedAt(ReadUsebio(text, kFile), kFile, line, what);
}

// A traveller line with a score and no contract (BridgeWx, some USEBIO
// writers) is a score-only result: NS +420 on board 1, neither side
// vulnerable, as 4S= or 3NT+1 give it (Law 77). Written back, it has a
// <SCORE> and no <CONTRACT>.
TEST(UsebioReaderTest, AResultWithNoContractIsItsScoreAlone) {
  std::string text = Edited("<CONTRACT>4S</CONTRACT>", "");
  absl::StatusOr<SessionFile> file = ReadUsebio(text, kFile);
  ASSERT_THAT(file, IsOk());
  const FileResult& r = file->boards[0].results[0];
  ASSERT_TRUE(r.result.has_score_only());
  EXPECT_EQ(r.ns_score, 420);
  absl::StatusOr<std::string> written = WriteUsebio(*file);
  ASSERT_THAT(written, IsOk());
  absl::StatusOr<SessionFile> again = ReadUsebio(*written, kFile);
  ASSERT_THAT(again, IsOk());
  EXPECT_TRUE(again->boards[0].results[0].result.has_score_only());
  EXPECT_EQ(again->boards[0].results[0].ns_score, 420);
}

TEST(UsebioReaderTest, RefusesANoContractLineWithoutALaw77Score) {
  std::string text = Edited("<CONTRACT>4S</CONTRACT>", "");
  std::string bad = text;
  bad.replace(bad.find("<SCORE>420</SCORE>"), 18, "<SCORE>425</SCORE>");
  ExpectRefused(bad, 74, "board 1, 1 v 4: North-South +425 on board 1");
  std::string none = text;
  none.replace(none.find("<SCORE>420</SCORE>"), 18, "");
  ExpectRefused(none, 74,
                "board 1, 1 v 4: a result with no <CONTRACT> and no <SCORE>");
}

TEST(UsebioReaderTest, RefusesAnAdjustedScoreOfAnotherForm) {
  ExpectRefused(Edited("<SCORE>420</SCORE>", "<SCORE>A60</SCORE>"), 74,
                "board 1, 1 v 4: the adjusted score \"A60\" is not \"A\" and "
                "North-South's and East-West's percentages of the top, two "
                "digits each (e.g. A6040)");
  ExpectRefused(Edited("<SCORE>420</SCORE>", "<SCORE>A60+4</SCORE>"), 74,
                "the adjusted score \"A60+4\" is not");
}

// tests/interchange/usebio_mitchell_adjusted.xml: board 1 not played by
// 1 v 4, "A6040" (its working is in tests/interchange/README.md).
constexpr char kAdjusted[] = "usebio_mitchell_adjusted.xml";

TEST(UsebioAdjustedTest, ReadsAnAdjustedScoreWithNoContract) {
  absl::StatusOr<SessionFile> file =
      ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kAdjusted), kAdjusted);
  ASSERT_THAT(file, IsOk());
  const FileResult& r = file->boards[0].results[0];
  EXPECT_EQ(r.ns_pair, 1);
  EXPECT_EQ(r.ew_pair, 4);
  EXPECT_TRUE(r.result.has_not_played());
  ASSERT_TRUE(r.adjusted.has_value());
  EXPECT_EQ(r.adjusted->ns_percent, 60);
  EXPECT_EQ(r.adjusted->ew_percent, 40);
  EXPECT_EQ(r.ns_matchpoints, core::Rational(12, 5));
  EXPECT_EQ(r.ew_matchpoints, core::Rational(8, 5));
  EXPECT_EQ(file->pairs[0].total, core::Rational(67, 5));  // 13.40
}

TEST(UsebioAdjustedTest, WriterRoundTripsTheAdjustedScore) {
  absl::StatusOr<SessionFile> file =
      ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kAdjusted), kAdjusted);
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> written = WriteUsebio(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<SCORE>A6040</SCORE>"));
  absl::StatusOr<SessionFile> again = ReadUsebio(*written, "written.xml");
  ASSERT_THAT(again, IsOk()) << *written;
  EXPECT_EQ(FirstDifference(*file, *again), "");
  // An adjusted score on a line that was played keeps its contract too.
  file->boards[0].results[1].adjusted = FileAdjusted{50, 50};
  written = WriteUsebio(*file);
  ASSERT_THAT(written, IsOk());
  again = ReadUsebio(*written, "written.xml");
  ASSERT_THAT(again, IsOk()) << *written;
  EXPECT_TRUE(again->boards[0].results[1].result.has_played());
  EXPECT_EQ(FirstDifference(*file, *again), "");
  // A line no format carries is refused, naming it.
  file->boards[0].results[2].unwritable = "an assigned adjusted score";
  EXPECT_THAT(WriteUsebio(*file),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("board 1, 3 v 5: an assigned adjusted")));
}

TEST(UsebioAdjustedTest, PlansARulingForTheAdjustedScore) {
  const std::string text = ReadFixture(TALLY_INTERCHANGE_FIXTURES, kAdjusted);
  absl::StatusOr<SessionFile> file = ReadUsebio(text, kAdjusted);
  ASSERT_THAT(file, IsOk());
  ImportTarget target = Target();
  target.file_name = kAdjusted;
  target.file_sha256 = Sha256Hex(text);
  absl::StatusOr<std::vector<ImportStep>> steps = PlanImport(*file, target);
  ASSERT_THAT(steps, IsOk());
  // As the plain file's 29, with the ruling in place of 1 v 4's result.
  ASSERT_EQ(steps->size(), 29u);
  int rulings = 0;
  for (const ImportStep& s : *steps) {
    const auto* e = std::get_if<v1::EnterResultRequest>(&s.request);
    if (e != nullptr) {
      EXPECT_FALSE(e->board() == 1 && e->table() == 1);
    }
    const auto* r = std::get_if<v1::RecordRulingRequest>(&s.request);
    if (r == nullptr) continue;
    ++rulings;
    EXPECT_EQ(r->board(), 1);
    EXPECT_EQ(r->table(), 1);  // NS pair 1's table in the Mitchell
    EXPECT_TRUE(r->board_not_played());
    EXPECT_EQ(r->law(), "Law 12C2(a)");
    EXPECT_EQ(r->text(),
              absl::StrCat("adjusted score A6040 in ", kAdjusted, " line 76"));
    const v1::SideAwardsAdjustedScore& a = r->adjusted().per_side();
    EXPECT_EQ(a.ns().percent().numerator(), 60);
    EXPECT_EQ(a.ns().percent().denominator(), 1);
    EXPECT_EQ(a.ew().percent().numerator(), 40);
    EXPECT_EQ(r->options().provenance().line(), 76);
    EXPECT_EQ(s.what, "board 1, pair 1 v 4, adjusted score");
  }
  EXPECT_EQ(rulings, 1);
}

TEST(UsebioReaderTest, RefusesAScoreTheContractDoesNotGive) {
  ExpectRefused(Edited("<SCORE>420</SCORE>", "<SCORE>450</SCORE>"), 74,
                "<SCORE> 450 is not the score of 4S= N (420");
}

TEST(UsebioReaderTest, RefusesADeclarerMissing) {
  ExpectRefused(Edited("<PLAYED_BY>W</PLAYED_BY>", ""), 140,
                "tally needs the declarer");
}

TEST(UsebioReaderTest, RefusesAnotherScoringMethod) {
  ExpectRefused(Edited("MATCH_POINTS</BOARD", "TOTAL_POINTS</BOARD"), 14,
                "tally scores MATCH_POINTS, BUTLER_IMPS or CROSS_IMPS");
  // A matchpoint file's figures under an IMP method: the line that carries
  // the first matchpoints is named.
  ExpectRefused(Edited("MATCH_POINTS</BOARD", "CROSS_IMPS</BOARD"), 81,
                "<NS_MATCH_POINTS> is a MATCH_POINTS figure, but the file is "
                "scored CROSS_IMPS");
}

TEST(UsebioReaderTest, RefusesAnElementItDoesNotKnow) {
  ExpectRefused(Edited("<PLACE>2</PLACE>",
                       "<PLACE>2</PLACE>\n<ADJUSTMENT>+2</ADJUSTMENT>"),
                23, "<ADJUSTMENT> in <PAIR> is not an element tally knows");
}

TEST(UsebioReaderTest, RefusesAnEmptySecondSection) {
  std::string text = absl::StrReplaceAll(
      Fixture(), {{"<PARTICIPANTS>", "<SESSION><SECTION><PARTICIPANTS>"},
                  {"</EVENT>", "</SECTION><SECTION/></SESSION></EVENT>"}});
  EXPECT_THAT(ReadUsebio(text, kFile),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no <PARTICIPANTS> pairs in section B")));
}

TEST(UsebioReaderTest, RefusesXmlThatIsNotWellFormed) {
  ExpectRefused(Edited("</TRICKS>", "</TRICK>"), 79, "not well-formed XML");
}

TEST(UsebioReaderTest, RefusesAnotherVersion) {
  ExpectRefused(Edited("Version=\"1.2\"", "Version=\"1.0\""), 7,
                "tally reads USEBIO 1.2 only");
}

TEST(UsebioImportPlanTest, DerivesTheMitchellFromTheTravellers) {
  absl::StatusOr<SessionFile> file = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(file, IsOk());
  // Meetings in board order, each in the first round where its pairs and
  // boards are free: round 1 tables 1-3: 1v4 (1,2), 2v5 (3,4), 3v6 (5,6);
  // round 2: 1v5 (5,6), 2v6 (1,2), 3v4 (3,4); round 3: 1v6 (3,4), 2v4
  // (5,6), 3v5 (1,2). NS pair N stays at table N.
  const v1::Movement m = DeriveMovement(*file);
  ASSERT_EQ(m.rounds_size(), 3);
  auto table = [&](int round, int t) {
    return m.rounds(round - 1).tables(t - 1);
  };
  EXPECT_EQ(table(1, 1).ew_pair(), 4);
  EXPECT_EQ(table(1, 2).ew_pair(), 5);
  EXPECT_EQ(table(1, 3).ew_pair(), 6);
  EXPECT_EQ(table(2, 1).ew_pair(), 5);
  EXPECT_EQ(table(2, 2).ew_pair(), 6);
  EXPECT_EQ(table(2, 3).ew_pair(), 4);
  EXPECT_EQ(table(3, 1).ew_pair(), 6);
  EXPECT_EQ(table(3, 2).ew_pair(), 4);
  EXPECT_EQ(table(3, 3).ew_pair(), 5);
  EXPECT_THAT(table(3, 1).boards(), ::testing::ElementsAre(3, 4));
  for (int r = 1; r <= 3; ++r) {
    for (int t = 1; t <= 3; ++t) EXPECT_EQ(table(r, t).ns_pair(), t);
  }
}

TEST(UsebioImportPlanTest, EveryCommandCarriesItsLine) {
  absl::StatusOr<SessionFile> file = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::vector<ImportStep>> steps = PlanImport(*file, Target());
  ASSERT_THAT(steps, IsOk());
  // Tournament, competition, 6 pairs, movement, start, 18 results, post.
  ASSERT_EQ(steps->size(), 29u);
  const auto* pair1 =
      std::get_if<v1::RegisterPairRequest>(&(*steps)[2].request);
  ASSERT_NE(pair1, nullptr);
  EXPECT_EQ(pair1->options().provenance().line(), 17);
  EXPECT_EQ(pair1->options().provenance().file_sha256(), Sha256Hex(Fixture()));
  // Board 3, 1 v 6 (line 160): round 3, table 1.
  bool found = false;
  std::set<std::string> keys;
  for (const ImportStep& s : *steps) {
    std::visit(
        [&](const auto& r) { keys.insert(r.options().idempotency_key()); },
        s.request);
    const auto* e = std::get_if<v1::EnterResultRequest>(&s.request);
    if (e == nullptr || e->board() != 3 || e->table() != 1) continue;
    found = true;
    EXPECT_EQ(e->round(), 3);
    EXPECT_EQ(e->options().provenance().line(), 160);
    EXPECT_EQ(e->options().provenance().format(), "usebio-1.2");
    EXPECT_EQ(s.line, 160);
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(keys.size(), steps->size());
}

TEST(UsebioImportPlanTest, RefusesAPairThatIsNotAParticipant) {
  absl::StatusOr<SessionFile> file =
      ReadUsebio(Edited("<EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>",
                        "<EW_PAIR_NUMBER>9</EW_PAIR_NUMBER>"),
                 kFile);
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(PlanImport(*file, Target()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("line 74: board 1: pair 9 is not among the "
                                 "participants")));
}

TEST(UsebioImportPlanTest, EastWestNumberedFromOneNeedsAStatedOffset) {
  absl::StatusOr<SessionFile> file = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(file, IsOk());
  // As a file numbering each direction from 1 would give it: EW 4-6 as
  // 1-3. Pair 4 (line 44) becomes a second pair 1.
  SessionFile by_direction = *file;
  RenumberEastWest(by_direction, -3);
  EXPECT_THAT(PlanImport(by_direction, Target()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("line 44: pair 1 is both a North-South and "
                                 "an East-West pair")));
  // --ew-offset=3 gives back the fixture's numbers, figure for figure.
  RenumberEastWest(by_direction, 3);
  EXPECT_EQ(FirstDifference(by_direction, *file), "");
  EXPECT_THAT(PlanImport(by_direction, Target()), IsOk());
}

TEST(UsebioPublishedCheckTest, NamesTheLineOfAFigureThatDiffers) {
  absl::StatusOr<SessionFile> file = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(file, IsOk());
  // tally's answers as the file publishes them, percentages exact
  // (13/24 = 54.1666..%, shown 54.17).
  SessionFile answers = *file;
  for (FilePair& p : answers.pairs) {
    p.exact_percentage = *p.total * 100 / 24;
  }
  EXPECT_THAT(CheckPublished(*file, answers, kFile), ::testing::IsEmpty());
  answers.pairs[0].total = core::Rational(12);
  answers.pairs[0].exact_percentage = core::Rational(50);
  EXPECT_THAT(
      CheckPublished(*file, answers, kFile),
      ::testing::ElementsAre(HasSubstr("line 17: pair 1: total 13, tally 12"),
                             HasSubstr("line 17: pair 1: 54.17%, tally")));
}

// tests/interchange/usebio_butler_howell.xml and usebio_cross_imps_howell.xml
// (issue #18): IMP pairs, worked in tests/interchange/README.md.
constexpr char kButler[] = "usebio_butler_howell.xml";
constexpr char kCross[] = "usebio_cross_imps_howell.xml";

TEST(UsebioImpPairsTest, ReadsButlerAndCrossImpFigures) {
  absl::StatusOr<SessionFile> butler =
      ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kButler), kButler);
  ASSERT_THAT(butler, IsOk());
  EXPECT_EQ(butler->scoring, FileScoring::kButlerImps);
  ASSERT_EQ(butler->boards.size(), 4u);
  EXPECT_EQ(butler->boards[3].datum, -100);
  // Board 4, 2 v 3: 4S= N +620 against a datum of -100: +720, 12 IMPs.
  const FileResult& swing = butler->boards[3].results[0];
  EXPECT_EQ(swing.ns_score, 620);
  EXPECT_EQ(swing.ns_imps, core::Rational(12));
  EXPECT_EQ(swing.ew_imps, core::Rational(-12));
  EXPECT_EQ(butler->pairs[1].total, core::Rational(11));
  absl::StatusOr<SessionFile> cross =
      ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kCross), kCross);
  ASSERT_THAT(cross, IsOk());
  EXPECT_EQ(cross->scoring, FileScoring::kCrossImps);
  EXPECT_FALSE(cross->boards[0].datum.has_value());
  // Board 1, 3 v 4: +420 against +450 and -50: (-1 + 10) / 2 = 4.50.
  EXPECT_EQ(cross->boards[0].results[1].ns_imps, core::Rational(9, 2));
  EXPECT_EQ(cross->boards[0].results[1].imps_places, 2);
  // Each writes back equal on every figure.
  for (const SessionFile* file : {&*butler, &*cross}) {
    absl::StatusOr<std::string> text = WriteUsebio(*file);
    ASSERT_THAT(text, IsOk());
    absl::StatusOr<SessionFile> again = ReadUsebio(*text, "written.xml");
    ASSERT_THAT(again, IsOk()) << *text;
    EXPECT_EQ(FirstDifference(*file, *again), "");
  }
  SessionFile changed = *butler;
  changed.boards[2].datum = 410;
  EXPECT_THAT(FirstDifference(*butler, changed),
              HasSubstr("board 3: datum 420 against 410"));
}

TEST(UsebioImpPairsTest, RefusesWhatAnImpFileCannotCarryNamingTheLine) {
  const auto edited = [](const char* name, const std::string& from,
                         const std::string& to) {
    return ReadUsebio(EditedFixture(TALLY_INTERCHANGE_FIXTURES, name, from, to),
                      name);
  };
  // An adjusted score "Annnn" other than 60, 50, 40 names no artificial
  // award in IMPs (Law 12C2: average plus, average, average minus).
  ExpectRefusedAt(edited(kButler, "<SCORE>450</SCORE>", "<SCORE>A7030</SCORE>"),
                  kButler, 63,
                  "board 1, 1 v 2: the adjusted score \"A7030\" gives 70%; "
                  "in an IMP file tally reads 60, 50 and 40");
  // Cross-IMP figures in a Butler file, and a datum in a cross-IMP one.
  ExpectRefusedAt(edited(kButler, "<NS_BUTLER_POINTS>1</NS_BUTLER_POINTS>",
                         "<NS_CROSS_IMP_POINTS>1</NS_CROSS_IMP_POINTS>"),
                  kButler, 70,
                  "is a CROSS_IMPS figure, but the file is scored BUTLER_IMPS");
  ExpectRefusedAt(edited(kCross, "<BOARD_NUMBER>1</BOARD_NUMBER>",
                         "<BOARD_NUMBER>1</BOARD_NUMBER><DATUM>420</DATUM>"),
                  kCross, 61, "only Butler IMPs have a datum");
  // EVENT_TYPE BUTLER_PAIRS scored CROSS_IMPS contradicts itself.
  ExpectRefusedAt(
      edited(kCross, "EVENT_TYPE=\"PAIRS\"", "EVENT_TYPE=\"BUTLER_PAIRS\""),
      kCross, 14, "contradicts EVENT_TYPE \"BUTLER_PAIRS\"");
}

TEST(UsebioImpPairsTest, PublishedCheckComparesDatumsAndImpsAsPrinted) {
  absl::StatusOr<SessionFile> cross =
      ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kCross), kCross);
  ASSERT_THAT(cross, IsOk());
  // tally's exact figures are rounded to the places the file prints
  // (4.50 is tally's 9/2); a different figure is named with its line.
  SessionFile answers = *cross;
  EXPECT_THAT(CheckPublished(*cross, answers, kCross), ::testing::IsEmpty());
  answers.boards[0].results[1].ns_imps = core::Rational(4);
  EXPECT_THAT(CheckPublished(*cross, answers, kCross),
              ::testing::ElementsAre(
                  HasSubstr("board 1, 3 v 4: NS 9/2 IMPs, tally 4")));
  absl::StatusOr<SessionFile> butler =
      ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kButler), kButler);
  ASSERT_THAT(butler, IsOk());
  answers = *butler;
  answers.boards[0].datum = 430;
  EXPECT_THAT(
      CheckPublished(*butler, answers, kButler),
      ::testing::ElementsAre(HasSubstr("board 1: datum 420, tally 430")));
}

// An artificial adjusted score in a cross-IMP file
// (tests/interchange/usebio_cross_imps_adjusted.xml, worked in
// tests/interchange/README.md): A6040 with no contract on board 1, 1 v 2
// is average plus to North-South and average minus to East-West, at the
// profile's artificial IMPs (cross_imp_pairs: +-2, NSW TR 7.2).
constexpr char kCrossAdjusted[] = "usebio_cross_imps_adjusted.xml";

TEST(UsebioImpAdjustedTest, ReadsPlansAndWritesAnArtificialScore) {
  const std::string text =
      ReadFixture(TALLY_INTERCHANGE_FIXTURES, kCrossAdjusted);
  absl::StatusOr<SessionFile> file = ReadUsebio(text, kCrossAdjusted);
  ASSERT_THAT(file, IsOk());
  const FileResult& r = file->boards[0].results[0];
  EXPECT_EQ(r.line, 63);
  EXPECT_TRUE(r.result.has_not_played());
  ASSERT_TRUE(r.adjusted.has_value());
  EXPECT_EQ(r.adjusted->ns_percent, 60);
  EXPECT_EQ(r.ns_imps, core::Rational(2));
  // 3 v 4 +420 against 5 v 6 -50 alone: 470, 10 IMPs, one comparison.
  EXPECT_EQ(file->boards[0].results[1].ns_imps, core::Rational(10));
  ImportTarget target = Target();
  target.file_name = kCrossAdjusted;
  target.file_sha256 = Sha256Hex(text);
  target.regulation_profile = "cross_imp_pairs";
  absl::StatusOr<std::vector<ImportStep>> steps = PlanImport(*file, target);
  ASSERT_THAT(steps, IsOk());
  int rulings = 0;
  for (const ImportStep& s : *steps) {
    const auto* e = std::get_if<v1::EnterResultRequest>(&s.request);
    if (e != nullptr) {
      EXPECT_FALSE(e->board() == 1 && e->table() == 1);
    }
    const auto* ruling = std::get_if<v1::RecordRulingRequest>(&s.request);
    if (ruling == nullptr) continue;
    ++rulings;
    EXPECT_EQ(ruling->board(), 1);
    EXPECT_EQ(ruling->table(), 1);
    EXPECT_TRUE(ruling->board_not_played());
    EXPECT_EQ(ruling->law(), "Law 12C2(a)");
    EXPECT_EQ(ruling->adjusted().artificial().ns(),
              v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
    EXPECT_EQ(ruling->adjusted().artificial().ew(),
              v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
    EXPECT_EQ(ruling->options().provenance().line(), 63);
  }
  EXPECT_EQ(rulings, 1);
  absl::StatusOr<std::string> written = WriteUsebio(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<SCORE>A6040</SCORE>"));
  absl::StatusOr<SessionFile> again = ReadUsebio(*written, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstDifference(*file, *again), "");
}

// In an IMP file only 60, 50 and 40 name an artificial award; any other
// percentage is refused naming the line.
TEST(UsebioImpAdjustedTest, RefusesWhatItCannotReadAsAnArtificialAward) {
  ExpectRefusedAt(
      ReadUsebio(EditedFixture(TALLY_INTERCHANGE_FIXTURES, kCrossAdjusted,
                               "<SCORE>A6040</SCORE>", "<SCORE>A7030</SCORE>"),
                 kCrossAdjusted),
      kCrossAdjusted, 63,
      "board 1, 1 v 2: the adjusted score \"A7030\" gives 70%; in an IMP "
      "file tally reads 60, 50 and 40");
}

// Artificial adjusted scores in a club Butler file
// (tests/interchange/usebio_butler_adjusted.xml, worked in
// tests/interchange/README.md): board 1, 1 v 2 played 6S= N +980 and given
// A6040 (Law 12C2); board 2, 8 v 1 not played, A4060 (Law 12C2(a)). Each
// artificial table is +-2 IMPs (club_butler_pairs: butler_2_imps, ANC SR
// 7.3) and leaves the datum: board 1's is taken over +450, +420, -50 (the
// best and the worst dropped: 420), not over four scores (440).
constexpr char kButlerAdjusted[] = "usebio_butler_adjusted.xml";

TEST(UsebioButlerAdjustedTest, ReadsBothFormsOfAnArtificialScore) {
  const std::string text =
      ReadFixture(TALLY_INTERCHANGE_FIXTURES, kButlerAdjusted);
  absl::StatusOr<SessionFile> file = ReadUsebio(text, kButlerAdjusted);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->scoring, FileScoring::kButlerImps);
  ASSERT_EQ(file->boards.size(), 2u);
  EXPECT_EQ(file->boards[0].datum, 420);
  EXPECT_EQ(file->boards[1].datum, 140);
  // Board 1, 1 v 2: played (6S by N, 12 tricks, +980) and adjusted.
  const FileResult& played = file->boards[0].results[0];
  EXPECT_EQ(played.line, 80);
  EXPECT_FALSE(played.result.has_not_played());
  EXPECT_EQ(played.ns_score, 980);
  ASSERT_TRUE(played.adjusted.has_value());
  EXPECT_EQ(*played.adjusted, (FileAdjusted{60, 40}));
  EXPECT_EQ(played.ns_imps, core::Rational(2));
  // Board 2, 8 v 1: not played, average minus to NS, average plus to EW.
  const FileResult& not_played = file->boards[1].results[3];
  EXPECT_EQ(not_played.line, 154);
  EXPECT_TRUE(not_played.result.has_not_played());
  EXPECT_EQ(*not_played.adjusted, (FileAdjusted{40, 60}));
  EXPECT_EQ(not_played.ns_imps, core::Rational(-2));
  EXPECT_EQ(not_played.ew_imps, core::Rational(2));
  // Written back: both "Annnn", the contract kept where it was played.
  absl::StatusOr<std::string> written = WriteUsebio(*file);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("<SCORE>A6040</SCORE>"));
  EXPECT_THAT(*written, HasSubstr("<SCORE>A4060</SCORE>"));
  absl::StatusOr<SessionFile> again = ReadUsebio(*written, "written.xml");
  ASSERT_THAT(again, IsOk()) << *written;
  EXPECT_EQ(FirstDifference(*file, *again), "");
}

TEST(UsebioButlerAdjustedTest, PlansAResultAndTwoArtificialRulings) {
  const std::vector<ImportStep> steps =
      PlanOf(kButlerAdjusted, "club_butler_pairs");
  int results = 0;
  std::vector<const v1::RecordRulingRequest*> rulings;
  for (const ImportStep& s : steps) {
    if (std::holds_alternative<v1::EnterResultRequest>(s.request)) ++results;
    if (const auto* r = std::get_if<v1::RecordRulingRequest>(&s.request)) {
      rulings.push_back(r);
    }
  }
  EXPECT_EQ(results, 7);  // 8 lines, one not played
  ASSERT_EQ(rulings.size(), 2u);
  EXPECT_EQ(rulings[0]->board(), 1);
  EXPECT_EQ(rulings[0]->law(), "Law 12C2");
  EXPECT_FALSE(rulings[0]->board_not_played());
  EXPECT_EQ(rulings[0]->adjusted().artificial().ns(),
            v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  EXPECT_EQ(rulings[0]->adjusted().artificial().ew(),
            v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  EXPECT_EQ(rulings[0]->options().provenance().line(), 80);
  EXPECT_EQ(rulings[1]->board(), 2);
  EXPECT_EQ(rulings[1]->law(), "Law 12C2(a)");
  EXPECT_TRUE(rulings[1]->board_not_played());
  EXPECT_EQ(rulings[1]->adjusted().artificial().ns(),
            v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  EXPECT_EQ(rulings[1]->options().provenance().line(), 154);
}

// tally's answers for a Butler session with an artificial score are
// written as "Annnn" (average plus 60, average 50, average minus 40); an
// assigned score in a Butler session is refused on export, naming the
// board and pairs.
TEST(UsebioButlerAdjustedTest, AnswersWriteArtificialAndRefuseAssigned) {
  v1::Competition competition;
  competition.set_competition_id("pairs");
  v1::Standings standings;
  standings.set_scoring("imps_vs_datum");
  v1::StandingsRow* row = standings.add_fields()->add_rows();
  row->set_pair(1);
  row->set_rank(1);
  v1::Traveller t;
  t.set_board(2);
  v1::TravellerLine* line = t.add_lines();
  line->set_ns_pair(8);
  line->set_ew_pair(1);
  line->mutable_result()->mutable_not_played();
  line->set_ns_imps(-2);
  line->set_ew_imps(2);
  line->mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  line->mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  absl::StatusOr<SessionFile> file =
      SessionFileFromAnswers(competition, "x", standings, {t}, nullptr);
  ASSERT_THAT(file, IsOk());
  ASSERT_TRUE(file->boards[0].results[0].adjusted.has_value());
  EXPECT_EQ(*file->boards[0].results[0].adjusted, (FileAdjusted{40, 60}));
  EXPECT_EQ(file->boards[0].results[0].unwritable, "");
  line->mutable_adjusted()->mutable_assigned();
  file = SessionFileFromAnswers(competition, "x", standings, {t}, nullptr);
  ASSERT_THAT(file, IsOk());
  EXPECT_THAT(WriteUsebio(*file),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("board 2, 8 v 1: an adjusted score other "
                                 "than an artificial one")));
}

// A session in two sections (tests/interchange/usebio_mitchell_two_sections
// .xml, worked in tests/interchange/README.md): section A the 3-table
// Mitchell of usebio_mitchell_3_tables.xml, section B another on boards
// 1-6, each numbering its pairs 1-6 and matchpointed on its own.
constexpr char kSections[] = "usebio_mitchell_two_sections.xml";

TEST(UsebioSectionsTest, ReadsEachSectionByItsOwnNumbers) {
  absl::StatusOr<SessionFile> file =
      ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kSections), kSections);
  ASSERT_THAT(file, IsOk());
  ASSERT_EQ(file->sections.size(), 2u);
  EXPECT_EQ(file->sections[0].name, "A");
  EXPECT_EQ(file->sections[1].name, "B");
  ASSERT_EQ(file->pairs.size(), 12u);
  EXPECT_EQ(file->pairs[6].section, "B");
  EXPECT_EQ(file->pairs[6].pair, 1);
  EXPECT_EQ(file->pairs[6].line, 276);
  EXPECT_EQ(file->pairs[6].players[0], "Mary Moore");
  EXPECT_EQ(file->pairs[7].place, "1");  // B2, 15 of 24
  ASSERT_EQ(file->boards.size(), 12u);
  EXPECT_EQ(BoardCount(*file), 6);
  const FileBoard& b1 = file->boards[6];
  EXPECT_EQ(b1.section, "B");
  EXPECT_EQ(b1.board, 1);
  EXPECT_EQ(b1.results[0].line, 333);
  EXPECT_EQ(b1.results[0].ns_score, 400);
  EXPECT_TRUE(TwoWinners(*file));
  // Written back (one SESSION, a SECTION with its SECTION_ID for each) and
  // read again: equal on every figure; and as PBN (a [Section] a game).
  absl::StatusOr<std::string> xml = WriteUsebio(*file);
  ASSERT_THAT(xml, IsOk());
  EXPECT_THAT(*xml, HasSubstr("<SECTION_ID>B</SECTION_ID>"));
  absl::StatusOr<SessionFile> again = ReadUsebio(*xml, "written.xml");
  ASSERT_THAT(again, IsOk()) << *xml;
  EXPECT_EQ(FirstDifference(*file, *again), "");
  absl::StatusOr<std::string> pbn = WritePbn(*file);
  ASSERT_THAT(pbn, IsOk());
  EXPECT_THAT(*pbn, HasSubstr("[Section \"B\"]"));
  again = ReadPbn(*pbn, "written.pbn");
  ASSERT_THAT(again, IsOk()) << *pbn;
  EXPECT_EQ(FirstDifference(*file, *again), "");
}

// One DefineSession with both sections: A tables 1-3 and pairs 1-6, B
// tables 4-6 and pairs 7-12 (B's pair k is the session's pair 6 + k), as
// tally places sections (docs/club-conventions.md, "Sections").
TEST(UsebioSectionsTest, PlansOneSessionWithBothSections) {
  const std::vector<ImportStep> steps =
      PlanOf(kSections, "nsw_matchpoint_pairs");
  std::vector<int> registered;
  const v1::DefineSessionRequest* define = nullptr;
  const v1::EnterResultRequest* b1_board1 = nullptr;
  for (const ImportStep& s : steps) {
    if (const auto* r = std::get_if<v1::RegisterPairRequest>(&s.request)) {
      registered.push_back(r->pair());
      if (r->pair() == 7) {
        EXPECT_EQ(r->players(0), "Mary Moore");
        EXPECT_EQ(r->options().provenance().line(), 276);
      }
    }
    if (const auto* d = std::get_if<v1::DefineSessionRequest>(&s.request)) {
      define = d;
    }
    if (const auto* e = std::get_if<v1::EnterResultRequest>(&s.request)) {
      if (s.line == 333) b1_board1 = e;
    }
  }
  EXPECT_EQ(registered,
            (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
  ASSERT_NE(define, nullptr);
  const v1::Movement& m = define->explicit_movement();
  ASSERT_EQ(m.sections_size(), 2);
  EXPECT_EQ(m.sections(1).name(), "B");
  EXPECT_EQ(m.sections(1).first_table(), 4);
  EXPECT_EQ(m.sections(1).tables(), 3);
  EXPECT_EQ(m.sections(1).first_pair(), 7);
  EXPECT_EQ(m.sections(1).pairs(), 6);
  ASSERT_EQ(m.rounds_size(), 3);
  EXPECT_EQ(m.rounds(0).tables_size(), 6);
  // B's 1 v 4 on board 1 (line 333): session table 4, pairs 7 v 10.
  ASSERT_NE(b1_board1, nullptr);
  EXPECT_EQ(b1_board1->table(), 4);
  EXPECT_EQ(b1_board1->round(), 1);
  for (const v1::TableAssignment& t : m.rounds(0).tables()) {
    if (t.table() != 4) continue;
    EXPECT_EQ(t.ns_pair(), 7);
    EXPECT_EQ(t.ew_pair(), 10);
  }
}

// tally's answers for a session in sections (pairs and tables numbered
// across the session, Movement.sections saying where each section starts)
// become each section's own numbers: session pair 8 is B2, its line with 10
// B's 2 v 4; a section's NS field "B NS" gives its pairs direction NS.
TEST(UsebioSectionsTest, AnswersNumberEachSectionsPairsAsTheSectionDoes) {
  v1::Competition competition;
  competition.set_competition_id("pairs");
  v1::Movement movement;
  for (const auto& [name, first] : {std::pair<const char*, int>{"A", 1},
                                    std::pair<const char*, int>{"B", 7}}) {
    v1::MovementSection* s = movement.add_sections();
    s->set_name(name);
    s->set_first_pair(first);
    s->set_pairs(6);
  }
  v1::Standings standings;
  v1::StandingsField* field = standings.add_fields();
  field->set_name("B NS");
  v1::StandingsRow* row = field->add_rows();
  row->set_pair(8);
  row->set_section("B");
  row->set_rank(1);
  v1::Traveller t;
  t.set_board(5);
  v1::TravellerLine* line = t.add_lines();
  line->set_section("B");
  line->set_ns_pair(8);
  line->set_ew_pair(10);
  line->mutable_result()->mutable_passed_out();
  absl::StatusOr<SessionFile> file =
      SessionFileFromAnswers(competition, "x", standings, {t}, &movement);
  ASSERT_THAT(file, IsOk());
  ASSERT_EQ(file->sections.size(), 2u);
  ASSERT_EQ(file->pairs.size(), 1u);
  EXPECT_EQ(file->pairs[0].section, "B");
  EXPECT_EQ(file->pairs[0].pair, 2);
  EXPECT_EQ(file->pairs[0].direction, "NS");
  EXPECT_EQ(file->pairs[0].place, "1");
  ASSERT_EQ(file->boards.size(), 1u);
  EXPECT_EQ(file->boards[0].section, "B");
  EXPECT_EQ(file->boards[0].results[0].ns_pair, 2);
  EXPECT_EQ(file->boards[0].results[0].ew_pair, 4);
}

TEST(UsebioSectionsTest, RefusesWhatASectionCannotCarryNamingTheLine) {
  const auto edited = [](const std::string& from, const std::string& to) {
    return ReadUsebio(
        EditedFixture(TALLY_INTERCHANGE_FIXTURES, kSections, from, to),
        kSections);
  };
  // Section B listing "Mary Moore"'s pair 1 twice: refused by the plan,
  // naming the section and the line.
  absl::StatusOr<SessionFile> twice = edited(
      "<PAIR_NUMBER>2</PAIR_NUMBER>\n            <DIRECTION>NS</DIRECTION>\n"
      "            <PLAYER><PLAYER_NAME>Olive Owen",
      "<PAIR_NUMBER>1</PAIR_NUMBER>\n            <DIRECTION>NS</DIRECTION>\n"
      "            <PLAYER><PLAYER_NAME>Olive Owen");
  ASSERT_THAT(twice, IsOk());
  ImportTarget target = Target();
  target.file_name = kSections;
  EXPECT_THAT(PlanImport(*twice, target),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("usebio_mitchell_two_sections.xml line 285: "
                                 "section B: pair 1 is listed twice")));
  // (Sections in an IMP file are read: imp_sections_file_test.)
  // Two sections of one name.
  ExpectRefusedAt(
      edited("<SECTION_ID>B</SECTION_ID>", "<SECTION_ID>A</SECTION_ID>"),
      kSections, 273, "a second section \"A\"");
}

TEST(UsebioImpPairsTest, PlansAButlerCompetition) {
  const std::string bytes = ReadFixture(TALLY_INTERCHANGE_FIXTURES, kButler);
  absl::StatusOr<SessionFile> file = ReadUsebio(bytes, kButler);
  ASSERT_THAT(file, IsOk());
  ImportTarget target = Target();
  target.regulation_profile = "club_butler_pairs";
  target.file_name = kButler;
  target.file_sha256 = Sha256Hex(bytes);
  absl::StatusOr<std::vector<ImportStep>> steps = PlanImport(*file, target);
  ASSERT_THAT(steps, IsOk());
  bool created = false;
  for (const ImportStep& step : *steps) {
    if (const auto* c =
            std::get_if<v1::CreateCompetitionRequest>(&step.request)) {
      created = true;
      EXPECT_EQ(c->kind(), v1::COMPETITION_KIND_BUTLER_PAIRS);
      EXPECT_EQ(c->regulation_profile(), "club_butler_pairs");
    }
  }
  EXPECT_TRUE(created);
}

}  // namespace
}  // namespace tally::interchange

namespace tally::interchange {
namespace {

// An arrow switch in a file whose pairs carry their home DIRECTION
// (tests/interchange/usebio_mitchell_arrow_switch.xml, worked in
// tests/interchange/README.md): boards 5 and 6 are played with the EW
// pairs holding the North-South cards at every table.
constexpr char kArrowSwitch[] = "usebio_mitchell_arrow_switch.xml";

absl::StatusOr<SessionFile> ArrowSwitchFile() {
  return ReadUsebio(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kArrowSwitch),
                    kArrowSwitch);
}

TEST(UsebioArrowSwitchTest, TheHomeDirectionsGiveTheSwitchedBoards) {
  absl::StatusOr<SessionFile> file = ArrowSwitchFile();
  ASSERT_THAT(file, IsOk());
  EXPECT_FALSE(TwoWinners(*file));
  // Board 5's first line: pair 6 (EW at home) sits North-South.
  EXPECT_EQ(file->boards[4].results[0].ns_pair, 6);
  EXPECT_EQ(file->boards[4].results[0].ew_pair, 3);
  // The Mitchell keeps NS pair N at table N, as without the switch; each
  // meeting on boards 5-6 (1 v 5, 2 v 4, 3 v 6) has both boards switched.
  const v1::Movement m = DeriveMovement(*file);
  int switched_tables = 0;
  for (const v1::MovementRound& r : m.rounds()) {
    for (const v1::TableAssignment& t : r.tables()) {
      EXPECT_EQ(t.ns_pair(), t.table());
      EXPECT_GE(t.ew_pair(), 4);
      if (t.boards(0) == 5) {
        ++switched_tables;
        EXPECT_THAT(t.arrow_switched_boards(), ::testing::ElementsAre(5, 6));
      } else {
        EXPECT_TRUE(t.arrow_switched_boards().empty());
      }
    }
  }
  EXPECT_EQ(switched_tables, 3);
  // Each switched result is entered at its home NS pair's table (the
  // line's EW pair), in the round the movement gives the meeting.
  ImportTarget target = Target();
  target.file_name = kArrowSwitch;
  absl::StatusOr<std::vector<ImportStep>> steps = PlanImport(*file, target);
  ASSERT_THAT(steps, IsOk());
  int entered = 0;
  for (const ImportStep& s : *steps) {
    const auto* e = std::get_if<v1::EnterResultRequest>(&s.request);
    if (e == nullptr || e->board() < 5) continue;
    ++entered;
    EXPECT_THAT(s.what, ::testing::EndsWith(absl::StrCat(" v ", e->table())));
  }
  EXPECT_EQ(entered, 6);
}

TEST(UsebioArrowSwitchTest, WritersRoundTripTheHomeDirections) {
  absl::StatusOr<SessionFile> file = ArrowSwitchFile();
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> usebio = WriteUsebio(*file);
  ASSERT_THAT(usebio, IsOk());
  EXPECT_THAT(*usebio, HasSubstr("<WINNER_TYPE>1</WINNER_TYPE>"));
  EXPECT_THAT(*usebio, HasSubstr("<DIRECTION>EW</DIRECTION>"));
  absl::StatusOr<SessionFile> again = ReadUsebio(*usebio, "written.xml");
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(FirstDifference(*file, *again), "");
  // PBN: the TotalScoreTable's Direction column is the home direction.
  absl::StatusOr<std::string> pbn = WritePbn(*file);
  ASSERT_THAT(pbn, IsOk());
  absl::StatusOr<SessionFile> from_pbn = ReadPbn(*pbn, "written.pbn");
  ASSERT_THAT(from_pbn, IsOk()) << *pbn;
  EXPECT_EQ(FirstDifference(*file, *from_pbn), "");
}

// tally's answers for the imported session: one field, so the standings
// give no directions; the movement's arrow switch gives the home ones.
TEST(UsebioArrowSwitchTest, AnswersTakeTheHomeDirectionsFromTheMovement) {
  absl::StatusOr<SessionFile> file = ArrowSwitchFile();
  ASSERT_THAT(file, IsOk());
  v1::Standings standings;
  v1::StandingsField* field = standings.add_fields();
  for (const FilePair& p : file->pairs) {
    v1::StandingsRow* row = field->add_rows();
    row->set_pair(p.pair);
    row->set_rank(1);
  }
  const v1::Movement movement = DeriveMovement(*file);
  absl::StatusOr<SessionFile> answers =
      SessionFileFromAnswers(v1::Competition(), "x", standings, {}, &movement);
  ASSERT_THAT(answers, IsOk());
  for (const FilePair& p : answers->pairs) {
    EXPECT_EQ(p.direction, p.pair <= 3 ? "NS" : "EW") << p.pair;
  }
  // Without the switch (the plain Mitchell's movement ranked as one field)
  // or without a movement: no directions.
  absl::StatusOr<SessionFile> plain = ReadUsebio(Fixture(), kFile);
  ASSERT_THAT(plain, IsOk());
  const v1::Movement unswitched = DeriveMovement(*plain);
  answers = SessionFileFromAnswers(v1::Competition(), "x", standings, {},
                                   &unswitched);
  ASSERT_THAT(answers, IsOk());
  EXPECT_EQ(answers->pairs[0].direction, "");
  answers = SessionFileFromAnswers(v1::Competition(), "x", standings, {});
  ASSERT_THAT(answers, IsOk());
  EXPECT_EQ(answers->pairs[0].direction, "");
}

// tally's Butler pairs take no arrow switch (ANC SR 16.4): an IMP file
// with one is refused naming the first switched line, before anything is
// sent.
TEST(UsebioArrowSwitchTest, RefusesAnArrowSwitchInAnImpFile) {
  absl::StatusOr<SessionFile> file = ArrowSwitchFile();
  ASSERT_THAT(file, IsOk());
  file->scoring = FileScoring::kCrossImps;
  ImportTarget target = Target();
  target.file_name = kArrowSwitch;
  EXPECT_THAT(PlanImport(*file, target),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr(absl::StrCat(
                           kArrowSwitch,
                           " line 205: board 5: pair 6 (EW) sits NS against "
                           "pair 3 (NS), an arrow switch; Butler pairs take "
                           "no arrow switch (ANC SR 16.4"))));
}

// Only both pairs the other way round is an arrow switch: a line seating
// two East-West pairs is refused, naming the line.
TEST(UsebioArrowSwitchTest, RefusesALineSeatingTwoPairsOfOneDirection) {
  const std::string text =
      EditedFixture(TALLY_INTERCHANGE_FIXTURES, kArrowSwitch,
                    "<EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>",
                    "<EW_PAIR_NUMBER>5</EW_PAIR_NUMBER>");
  absl::StatusOr<SessionFile> file = ReadUsebio(text, kArrowSwitch);
  ASSERT_THAT(file, IsOk());
  ImportTarget target = Target();
  target.file_name = kArrowSwitch;
  EXPECT_THAT(PlanImport(*file, target),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr(absl::StrCat(
                           kArrowSwitch,
                           " line 205: board 5: pair 6 (EW) sits NS against "
                           "pair 5 (EW)"))));
}

}  // namespace
}  // namespace tally::interchange
