// USEBIO 1.2 in and out, without a server: the reader on the hand-written
// fixture tests/interchange/usebio_mitchell_3_tables.xml (its working is in
// tests/interchange/README.md), the writer's round trip, the import plan,
// and every refusal naming its line.

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <variant>

#include "absl/strings/str_replace.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/import_plan.h"
#include "server/interchange/session_answers.h"
#include "server/interchange/usebio_reader.h"
#include "server/interchange/usebio_writer.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::HasSubstr;

constexpr char kFile[] = "usebio_mitchell_3_tables.xml";

std::string Fixture() {
  std::ifstream in(std::string(TALLY_INTERCHANGE_FIXTURES) + "/" + kFile);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The fixture with its first `from` replaced by `to` (which must be there).
std::string Edited(const std::string& from, const std::string& to) {
  std::string text = Fixture();
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
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
  const std::string written = WriteUsebio(*file);
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
  EXPECT_THAT(
      ReadUsebio(text, kFile),
      StatusIs(absl::StatusCode::kInvalidArgument,
               AllOf(HasSubstr(absl::StrCat(kFile, " line ", line, ": ")),
                     HasSubstr(what))));
}

TEST(UsebioReaderTest, RefusesAResultWithNoContract) {
  ExpectRefused(Edited("<CONTRACT>4S</CONTRACT>", ""), 74,
                "a result with no <CONTRACT> (score 420)");
}

TEST(UsebioReaderTest, RefusesAnAdjustedScore) {
  ExpectRefused(Edited("<SCORE>420</SCORE>", "<SCORE>A60</SCORE>"), 74,
                "the adjusted score \"A60\"");
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
  ExpectRefused(Edited("MATCH_POINTS</BOARD", "CROSS_IMPS</BOARD"), 14,
                "tally imports matchpoint scoring");
}

TEST(UsebioReaderTest, RefusesAnElementItDoesNotKnow) {
  ExpectRefused(Edited("<PLACE>2</PLACE>",
                       "<PLACE>2</PLACE>\n<ADJUSTMENT>+2</ADJUSTMENT>"),
                23, "<ADJUSTMENT> in <PAIR> is not an element tally knows");
}

TEST(UsebioReaderTest, RefusesASecondSection) {
  std::string text = absl::StrReplaceAll(
      Fixture(), {{"<PARTICIPANTS>", "<SESSION><SECTION><PARTICIPANTS>"},
                  {"</EVENT>", "</SECTION><SECTION/></SESSION></EVENT>"}});
  EXPECT_THAT(ReadUsebio(text, kFile),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("a second <SECTION>")));
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

}  // namespace
}  // namespace tally::interchange
