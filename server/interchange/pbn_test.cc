// PBN 2.1 in and out, without a server: the reader on the hand-written
// fixture tests/interchange/pbn_mitchell_3_tables.pbn (the same session as
// the USEBIO fixture; working in tests/interchange/README.md), the same
// figures as the USEBIO file, the writer's round trip, and every refusal
// naming its line.

#include <string>

#include "core/base/rational.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/pbn_reader.h"
#include "server/interchange/pbn_writer.h"
#include "server/interchange/usebio_reader.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

constexpr char kFile[] = "pbn_mitchell_3_tables.pbn";

std::string Read(const std::string& name) {
  return ReadFixture(TALLY_INTERCHANGE_FIXTURES, name);
}

std::string Edited(const std::string& from, const std::string& to) {
  return EditedFixture(TALLY_INTERCHANGE_FIXTURES, kFile, from, to);
}

void ExpectRefused(const std::string& text, int line, const std::string& what) {
  ExpectRefusedAt(ReadPbn(text, kFile), kFile, line, what);
}

TEST(PbnReaderTest, ReadsTheSameSessionAsTheUsebioFile) {
  absl::StatusOr<SessionFile> pbn = ReadPbn(Read(kFile), kFile);
  ASSERT_THAT(pbn, IsOk());
  absl::StatusOr<SessionFile> usebio =
      ReadUsebio(Read("usebio_mitchell_3_tables.xml"), "usebio.xml");
  ASSERT_THAT(usebio, IsOk());
  EXPECT_EQ(FirstDifference(*pbn, *usebio), "");
  ASSERT_EQ(pbn->pairs.size(), 6u);
  EXPECT_EQ(pbn->pairs[0].line, 17);
  EXPECT_EQ(pbn->pairs[0].place, "2");
  ASSERT_EQ(pbn->boards.size(), 6u);
  EXPECT_EQ(pbn->boards[0].results[0].line, 13);
  // Board 3, 2 v 5: Score_EW 620 is North-South's -620.
  EXPECT_EQ(pbn->boards[2].results[0].line, 44);
  EXPECT_EQ(pbn->boards[2].results[0].ns_score, -620);
  EXPECT_TRUE(pbn->boards[3].results[0].result.has_passed_out());
}

TEST(PbnReaderTest, WriterRoundTripsEveryFigure) {
  absl::StatusOr<SessionFile> file = ReadPbn(Read(kFile), kFile);
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> text = WritePbn(*file);
  ASSERT_THAT(text, IsOk());
  const std::string& written = *text;
  absl::StatusOr<SessionFile> again = ReadPbn(written, "written.pbn");
  ASSERT_THAT(again, IsOk()) << written;
  EXPECT_EQ(FirstDifference(*file, *again), "");
  EXPECT_THAT(written, HasSubstr("[Vulnerable \"All\"]"));
  EXPECT_THAT(written, HasSubstr("\"Alice Archer - Brian Baker\""));
}

// An adjusted score that neither format carries (an assigned score, a
// percentage that is not whole) is refused by the PBN writer too, naming
// the board and pairs.
TEST(PbnReaderTest, WriterRefusesAnUnwritableAdjustedScore) {
  absl::StatusOr<SessionFile> file = ReadPbn(Read(kFile), kFile);
  ASSERT_THAT(file, IsOk());
  file->boards[0].results[0].unwritable =
      "an assigned, weighted or split adjusted score";
  EXPECT_THAT(WritePbn(*file),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("board 1, 1 v 4: an assigned, weighted")));
}

// BridgeWx and some club programs print a result by its score alone: a
// row with no Contract and NS +420 on board 1 (neither side vulnerable,
// 4S= or 3NT+1 make it) is a score-only result, and written back as one.
TEST(PbnReaderTest, ARowWithNoContractIsItsScoreAlone) {
  absl::StatusOr<SessionFile> file =
      ReadPbn(Edited(" 1  4 4S    N 10", " 1  4 -     - -"), kFile);
  ASSERT_THAT(file, IsOk());
  const FileResult& r = file->boards[0].results[0];
  ASSERT_TRUE(r.result.has_score_only());
  EXPECT_EQ(r.result.score_only().ns_score(), 420);
  EXPECT_EQ(r.ns_score, 420);
  absl::StatusOr<std::string> written = WritePbn(*file);
  ASSERT_THAT(written, IsOk());
  absl::StatusOr<SessionFile> again = ReadPbn(*written, kFile);
  ASSERT_THAT(again, IsOk());
  EXPECT_TRUE(again->boards[0].results[0].result.has_score_only());
  EXPECT_EQ(again->boards[0].results[0].ns_score, 420);
}

// With no contract the score must be one Law 77 gives (NS +425 is not), and
// a row with neither is refused.
TEST(PbnReaderTest, RefusesARowWithNoContractAndNoLaw77Score) {
  const std::string no_contract = Edited(" 1  4 4S    N 10", " 1  4 -     - -");
  std::string bad_score = no_contract;
  bad_score.replace(bad_score.find("    420      -"), 14, "    425      -");
  ExpectRefused(bad_score, 13, "board 1, 1 v 4: North-South +425 on board 1");
  std::string no_score = no_contract;
  no_score.replace(no_score.find("    420      -"), 14, "      -      -");
  ExpectRefused(no_score, 13,
                "board 1, 1 v 4: a row with neither a Contract nor a score");
}

TEST(PbnReaderTest, RefusesAnAdjustedScoreOfAnotherForm) {
  ExpectRefused(Edited("    420      -", "    A60      -"), 13,
                "board 1, 1 v 4: the adjusted score \"A60\" is not \"A\" "
                "and North-South's and East-West's percentages");
}

TEST(PbnReaderTest, RefusesAScoreTheContractDoesNotGive) {
  ExpectRefused(Edited("    420      -", "    450      -"), 13,
                "the score 450 is not the score of 4S= N (420");
}

// Plain "IMP" does not say how a pairs session is IMPed (against a datum
// or across the field).
TEST(PbnReaderTest, RefusesImpScoringThatNamesNoMethod) {
  ExpectRefused(
      Edited("[Scoring \"MatchPoints\"]", "[Scoring \"IMP\"]"), 11,
      "tally imports MatchPoints, Butler or Cross-IMPs pairs scoring");
}

// Two games run together (the empty line between them dropped): board 1's
// rows, scored on board 1's vulnerability, must not be filed under board 2
// (found by the interchange_read fuzz target's round trip).
TEST(PbnReaderTest, RefusesTwoBoardsInOneGame) {
  ExpectRefused(Edited("6\n\n[Event \"#\"]", "6\n[Event \"#\"]"), 26,
                "a second [Board] in the game of board 1 (line 8): games are "
                "separated by an empty line");
}

TEST(PbnReaderTest, RefusesAColumnItDoesNotKnow) {
  ExpectRefused(Edited("MP_EW\\4R\"]", "MP_EW\\4R;Multiplicity\"]"), 12,
                "column \"Multiplicity\" is not one tally knows");
}

TEST(PbnReaderTest, RefusesAVulnerabilityOffTheBoardCycle) {
  ExpectRefused(Edited("[Vulnerable \"EW\"]", "[Vulnerable \"All\"]"), 41,
                "tally deals every board by the 16-board cycle (EW)");
}

TEST(PbnReaderTest, RefusesNamesThatAreNotTwoPlayers) {
  ExpectRefused(Edited("\"Alice Archer - Brian Baker\"", "\"Alice Archer\""),
                17, "is not two players");
}

// A teams file goes to ReadPbnTeams (pbn_teams_test.cc), never read as a
// pairs session.
TEST(PbnReaderTest, RefusesATeamsEventAsAPairsSession) {
  ExpectRefused(Edited("[Site \"Example Bridge Club\"]\n",
                       "[Site \"Example Bridge Club\"]\n"
                       "[Competition \"Teams\"]\n"),
                7, "[Competition \"Teams\"]: a teams event, read as one");
}

TEST(PbnReaderTest, RefusesARowOfTheWrongLength) {
  ExpectRefused(Edited("    2    2\n", "    2\n"), 13,
                "a [ScoreTable] row of 9 values for 10 columns");
}

}  // namespace
}  // namespace tally::interchange

namespace tally::interchange {
namespace {

// Butler and cross-IMP pairs in PBN: tests/interchange/pbn_butler_howell.pbn
// is the session of usebio_butler_howell.xml (worked in
// tests/interchange/README.md) with [Scoring "Butler"], each game's
// [Datum] and the ScoreTable's IMP_NS / IMP_EW, the TotalScoreTable's
// TotalScoreIMP.
constexpr char kButler[] = "pbn_butler_howell.pbn";

TEST(PbnImpPairsTest, ReadsTheButlerFileAsTheUsebioOne) {
  absl::StatusOr<SessionFile> pbn = ReadPbn(Read(kButler), kButler);
  ASSERT_THAT(pbn, IsOk());
  absl::StatusOr<SessionFile> usebio =
      ReadUsebio(Read("usebio_butler_howell.xml"), "butler.xml");
  ASSERT_THAT(usebio, IsOk());
  EXPECT_EQ(FirstDifference(*pbn, *usebio), "");
  EXPECT_EQ(pbn->scoring, FileScoring::kButlerImps);
  ASSERT_EQ(pbn->boards.size(), 4u);
  EXPECT_EQ(pbn->boards[3].datum, -100);
  // Board 1, 5 v 6: -50, 10 IMPs to East-West (line 16).
  const FileResult& r = pbn->boards[0].results[2];
  EXPECT_EQ(r.line, 16);
  EXPECT_EQ(r.ns_score, -50);
  EXPECT_EQ(r.ns_imps, core::Rational(-10));
  EXPECT_EQ(r.ew_imps, core::Rational(10));
  EXPECT_EQ(pbn->pairs[0].total, core::Rational(10));
  EXPECT_EQ(pbn->pairs[0].line, 18);
}

TEST(PbnImpPairsTest, WriterRoundTripsButlerAndCrossImps) {
  absl::StatusOr<SessionFile> butler = ReadPbn(Read(kButler), kButler);
  ASSERT_THAT(butler, IsOk());
  absl::StatusOr<std::string> written = WritePbn(*butler);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("[Scoring \"Butler\"]"));
  EXPECT_THAT(*written, HasSubstr("[Datum \"-100\"]"));
  absl::StatusOr<SessionFile> again = ReadPbn(*written, "written.pbn");
  ASSERT_THAT(again, IsOk()) << *written;
  EXPECT_EQ(FirstDifference(*butler, *again), "");
  // Cross-IMPs (averages to two places: 4.50) through PBN and back.
  absl::StatusOr<SessionFile> cross =
      ReadUsebio(Read("usebio_cross_imps_howell.xml"), "cross.xml");
  ASSERT_THAT(cross, IsOk());
  written = WritePbn(*cross);
  ASSERT_THAT(written, IsOk());
  EXPECT_THAT(*written, HasSubstr("[Scoring \"Cross-IMPs\"]"));
  EXPECT_THAT(*written, HasSubstr("  4.50"));
  EXPECT_THAT(*written, ::testing::Not(HasSubstr("[Datum")));
  again = ReadPbn(*written, "written.pbn");
  ASSERT_THAT(again, IsOk()) << *written;
  EXPECT_EQ(again->scoring, FileScoring::kCrossImps);
  EXPECT_EQ(FirstDifference(*cross, *again), "");
}

TEST(PbnImpPairsTest, RefusesFiguresOfAnotherScoringNamingTheLine) {
  const auto butler = [](const std::string& from, const std::string& to) {
    return EditedFixture(TALLY_INTERCHANGE_FIXTURES, kButler, from, to);
  };
  const auto refused = [](const std::string& text, int line,
                          const std::string& what) {
    ExpectRefusedAt(ReadPbn(text, kButler), kButler, line, what);
  };
  // A datum in a matchpoint file.
  refused(butler("[Scoring \"Butler\"]", "[Scoring \"MatchPoints\"]"), 12,
          "[Datum \"420\"] in a MATCH_POINTS file");
  // Matchpoint totals in a Butler file.
  refused(butler("TotalScoreIMP", "TotalScoreMP"), 18,
          "TotalScoreMP is a MATCH_POINTS figure, but the file is scored "
          "BUTLER_IMPS");
  // A second game scored otherwise.
  std::string mixed = Read(kButler);
  const size_t second =
      mixed.find("[Scoring \"Butler\"]", mixed.find("[Scoring") + 1);
  ASSERT_NE(second, std::string::npos);
  mixed.replace(second, 18, "[Scoring \"Cross-IMPs\"]");
  refused(mixed, 30, "after a game scored BUTLER_IMPS: one scoring a file");
  // IMPs in the matchpoint file.
  ExpectRefused(Edited("MP_EW\\4R\"]", "IMP_EW\\4R\"]"), 13,
                "IMP_EW is an IMP figure, but the file is scored "
                "MATCH_POINTS");
}

// Adjusted scores in PBN (tally's choice of form, docs/interchange.md):
// "Annnn" in Score_NS, North-South's and East-West's percentages of the
// top, no Score_EW, and "-" in Contract, Declarer and Result where the
// board was not played. tests/interchange/pbn_mitchell_adjusted.pbn is the
// session of usebio_mitchell_adjusted.xml (worked in
// tests/interchange/README.md: board 1, 1 v 4 not played, A6040: 2.40 /
// 1.60 of a top of 4; the other two tables factored by Neuberg, 3.50 and
// 0.50).
constexpr char kAdjusted[] = "pbn_mitchell_adjusted.pbn";

TEST(PbnAdjustedTest, ReadsTheSameSessionAsTheUsebioFile) {
  absl::StatusOr<SessionFile> pbn = ReadPbn(Read(kAdjusted), kAdjusted);
  ASSERT_THAT(pbn, IsOk());
  absl::StatusOr<SessionFile> usebio =
      ReadUsebio(Read("usebio_mitchell_adjusted.xml"), "usebio.xml");
  ASSERT_THAT(usebio, IsOk());
  EXPECT_EQ(FirstDifference(*pbn, *usebio), "");
  const FileResult& r = pbn->boards[0].results[0];
  EXPECT_EQ(r.line, 15);
  EXPECT_TRUE(r.result.has_not_played());
  ASSERT_TRUE(r.adjusted.has_value());
  EXPECT_EQ(*r.adjusted, (FileAdjusted{60, 40}));
  EXPECT_EQ(r.ns_matchpoints, core::Rational(12, 5));
  EXPECT_EQ(pbn->pairs[0].total, core::Rational(67, 5));
}

TEST(PbnAdjustedTest, WriterRoundTripsAdjustedScoresInEveryScoring) {
  // Matchpoints: the hand-written file.
  absl::StatusOr<SessionFile> mp = ReadPbn(Read(kAdjusted), kAdjusted);
  ASSERT_THAT(mp, IsOk());
  // Butler (played and adjusted, and not played) and cross-IMPs, from the
  // USEBIO fixtures.
  absl::StatusOr<SessionFile> butler =
      ReadUsebio(Read("usebio_butler_adjusted.xml"), "butler.xml");
  ASSERT_THAT(butler, IsOk());
  absl::StatusOr<SessionFile> cross =
      ReadUsebio(Read("usebio_cross_imps_adjusted.xml"), "cross.xml");
  ASSERT_THAT(cross, IsOk());
  for (const SessionFile* file : {&*mp, &*butler, &*cross}) {
    absl::StatusOr<std::string> written = WritePbn(*file);
    ASSERT_THAT(written, IsOk());
    absl::StatusOr<SessionFile> again = ReadPbn(*written, "written.pbn");
    ASSERT_THAT(again, IsOk()) << *written;
    EXPECT_EQ(FirstDifference(*file, *again), "") << *written;
  }
  absl::StatusOr<std::string> written = WritePbn(*butler);
  ASSERT_THAT(written, IsOk());
  // Board 1, 1 v 2: 6S= by N kept, its score replaced by A6040 (+2 IMPs);
  // board 2, 8 v 1 not played: A4060 (-2 / +2).
  EXPECT_THAT(*written,
              HasSubstr(" 1  2 6S    N 12  A6040      -     2    -2"));
  EXPECT_THAT(*written,
              HasSubstr(" 8  1 -     -  -  A4060      -    -2     2"));
}

TEST(PbnAdjustedTest, RefusesWhatItCannotReadNamingTheLine) {
  const auto edited = [](const std::string& from, const std::string& to) {
    return ReadPbn(
        EditedFixture(TALLY_INTERCHANGE_FIXTURES, kAdjusted, from, to),
        kAdjusted);
  };
  // An adjusted score in Score_EW, or beside a Score_EW.
  ExpectRefusedAt(edited("   A6040      -", "       -  A6040"), kAdjusted, 15,
                  "board 1, 1 v 4: the adjusted score \"A6040\" in Score_EW");
  ExpectRefusedAt(edited("   A6040      -", "   A6040    420"), kAdjusted, 15,
                  "Score_EW \"420\" beside the adjusted score \"A6040\"");
  // In an IMP file only 60, 50 and 40 (Law 12C2 average plus, average,
  // average minus) are read.
  std::string imps = Read("pbn_butler_howell.pbn");
  const size_t at = imps.find("11  450");
  ASSERT_NE(at, std::string::npos);
  imps.replace(at, 7, "11  A7030");
  ExpectRefusedAt(ReadPbn(imps, kButler), kButler, 14,
                  "board 1, 1 v 2: the adjusted score \"A7030\" gives 70%");
}

// A session in two sections as PBN (tests/interchange/
// pbn_mitchell_two_sections.pbn): each game one section's traveller of a
// board with its [Section], the section's first game carrying its pairs'
// TotalScoreTable; the same session as usebio_mitchell_two_sections.xml.
constexpr char kSections[] = "pbn_mitchell_two_sections.pbn";

TEST(PbnSectionsTest, ReadsTheSameSessionAsTheUsebioFile) {
  absl::StatusOr<SessionFile> pbn = ReadPbn(Read(kSections), kSections);
  ASSERT_THAT(pbn, IsOk());
  absl::StatusOr<SessionFile> usebio =
      ReadUsebio(Read("usebio_mitchell_two_sections.xml"), "usebio.xml");
  ASSERT_THAT(usebio, IsOk());
  EXPECT_EQ(FirstDifference(*pbn, *usebio), "");
  ASSERT_EQ(pbn->sections.size(), 2u);
  EXPECT_EQ(pbn->sections[1].name, "B");
  EXPECT_EQ(pbn->sections[1].line, 94);
  // B's pair 1 (line 104) and B's 1 v 4 on board 1 (line 100).
  const FilePair* b1 = nullptr;
  for (const FilePair& p : pbn->pairs) {
    if (p.section == "B" && p.pair == 1) b1 = &p;
  }
  ASSERT_NE(b1, nullptr);
  EXPECT_EQ(b1->line, 104);
  EXPECT_EQ(b1->total, core::Rational(10));
  absl::StatusOr<std::string> written = WritePbn(*pbn);
  ASSERT_THAT(written, IsOk());
  absl::StatusOr<SessionFile> again = ReadPbn(*written, "written.pbn");
  ASSERT_THAT(again, IsOk()) << *written;
  EXPECT_EQ(FirstDifference(*pbn, *again), "");
}

TEST(PbnSectionsTest, RefusesWhatASectionCannotCarryNamingTheLine) {
  const auto edited = [](const std::string& from, const std::string& to) {
    return ReadPbn(
        EditedFixture(TALLY_INTERCHANGE_FIXTURES, kSections, from, to),
        kSections);
  };
  // A game with no [Section] in a file in sections (board 2 of A).
  ExpectRefusedAt(edited("[Section \"A\"]\n[Board \"2\"]", "[Board \"2\"]"),
                  kSections, 29,
                  "board 2: a game with no [Section] in a file in sections");
  // A section's board given twice (B's board 1 named A's).
  ExpectRefusedAt(edited("[Section \"B\"]\n[Board \"1\"]",
                         "[Section \"A\"]\n[Board \"1\"]"),
                  kSections, 95, "board 1 of section A has a second traveller");
}

}  // namespace
}  // namespace tally::interchange
