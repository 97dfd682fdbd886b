// A published PBN file, not hand-written: a Norwegian club's Butler pairs
// session as the scoring program Ruter printed it
// (tests/interchange/published/README.md: its source and what was
// anonymised). Ruter's dialect: [Scoring "IMP;Butler-2;Mean"], each row's
// ButlerDatum, RankTie for shared places, Direction "N-S" / "E-W" as the
// seat a pair started at in a Howell. Read, written back, and each refusal
// naming its line.

#include <string>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/fixture_files_for_test.h"
#include "server/interchange/pbn_reader.h"
#include "server/interchange/pbn_writer.h"

namespace tally::interchange {
namespace {

using ::tally::testing::IsOk;

constexpr char kFile[] = "published/ruter_club_butler_2012.pbn";

std::string Edited(const std::string& from, const std::string& to) {
  return EditedFixture(TALLY_INTERCHANGE_FIXTURES, kFile, from, to);
}

void ExpectRefused(const std::string& text, int line, const std::string& what) {
  ExpectRefusedAt(ReadPbn(text, kFile), kFile, line, what);
}

const FilePair* PairOf(const SessionFile& file, int pair) {
  for (const FilePair& p : file.pairs) {
    if (p.pair == pair) return &p;
  }
  return nullptr;
}

TEST(PbnPublishedTest, ReadsRutersClubButlerSession) {
  absl::StatusOr<SessionFile> file =
      ReadPbn(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kFile), kFile);
  ASSERT_THAT(file, IsOk());
  EXPECT_EQ(file->scoring, FileScoring::kButlerImps);
  ASSERT_EQ(file->pairs.size(), 16u);
  ASSERT_EQ(file->boards.size(), 21u);
  size_t lines = 0;
  for (const FileBoard& b : file->boards) lines += b.results.size();
  EXPECT_EQ(lines, 168u);  // 8 tables play every board
  // Board 1's datum, worked by hand: North-South scored +120, +50, -80,
  // -80, -110, -140, -150, -150; the best and the worst dropped, the mean
  // of the rest is -510 / 6 = -85, to the closest 10 away from zero: -90.
  EXPECT_EQ(file->boards[0].board, 1);
  EXPECT_EQ(file->boards[0].datum, -90);
  // Board 9: +590 and -110 dropped, (200 + 170 + 170 + 100 + 100 - 110) / 6
  // = 105, away from zero: 110.
  EXPECT_EQ(file->boards[8].board, 9);
  EXPECT_EQ(file->boards[8].datum, 110);
  // Pair 3 on board 1: 1NT by North making 8 tricks, +120 against -90: 210
  // is 5 IMPs (Law 78B).
  const FileResult& first = file->boards[0].results[0];
  EXPECT_EQ(first.line, 71);
  EXPECT_EQ(first.ns_pair, 3);
  EXPECT_EQ(first.ns_score, 120);
  EXPECT_EQ(first.ns_imps, core::Rational(5));
  // Rank 4 with RankTie 5: places 4 and 5 shared.
  const FilePair* six = PairOf(*file, 6);
  ASSERT_NE(six, nullptr);
  EXPECT_EQ(six->line, 57);
  EXPECT_EQ(six->place, "4=");
  EXPECT_EQ(six->total, core::Rational(29));
  EXPECT_EQ(six->players[0], "Player 6A");
  // A Howell: every pair's Direction is where it started, not a field.
  for (const FilePair& p : file->pairs) EXPECT_EQ(p.direction, "") << p.pair;
}

TEST(PbnPublishedTest, WriterRoundTripsEveryFigure) {
  absl::StatusOr<SessionFile> file =
      ReadPbn(ReadFixture(TALLY_INTERCHANGE_FIXTURES, kFile), kFile);
  ASSERT_THAT(file, IsOk());
  absl::StatusOr<std::string> written = WritePbn(*file);
  ASSERT_THAT(written, IsOk());
  absl::StatusOr<SessionFile> again = ReadPbn(*written, "written.pbn");
  ASSERT_THAT(again, IsOk()) << *written;
  EXPECT_EQ(FirstDifference(*file, *again), "");
}

TEST(PbnPublishedTest, RefusesWhatTheDialectCannotMean) {
  // A datum that is not the mean of the scores kept.
  ExpectRefused(Edited("[Scoring \"IMP;Butler-2;Mean\"]",
                       "[Scoring \"IMP;Butler-2;Median\"]"),
                45, "tally's Butler datums are means of the scores kept");
  // Two datums for one board.
  ExpectRefused(Edited("\"50\"      -   4  -4  -90", "\"50\"      -   4  -4  -80"),
                72, "ButlerDatum -80, but the board's datum is -90 above it");
  // A tie that ends before it starts.
  ExpectRefused(Edited("4 5 6 3 \"N-S\"", "4 4 6 3 \"N-S\""), 57,
                "RankTie \"4\" is not the last place of a tie starting at "
                "Rank \"4\"");
  // A starting seat the first round contradicts.
  ExpectRefused(Edited("1 - 3 2 \"N-S\"", "1 - 3 2 \"E-W\""), 54,
                "pair 3: Direction EW, but its first round (round 1, "
                "ScoreTable line 71) seats it NS");
}

}  // namespace
}  // namespace tally::interchange
