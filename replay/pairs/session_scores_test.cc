#include "replay/pairs/session_scores.h"

#include "gtest/gtest.h"

namespace tally::replay {
namespace {

// One board played at four tables, NS scoring 100, 200, 300 and 400: NS
// matchpoints 0, 2, 4, 6 of a top of 6 (2 per score beaten), so the pair
// at table 2 has exactly 100/3 %.
SessionState FourTablesOneBoard() {
  SessionState s;
  s.times_scheduled[1] = 4;
  for (int table = 1; table <= 4; ++table) {
    TableSlot slot{1, table, 2 * table - 1, 2 * table};
    s.slots[{table, 1}] = slot;
    EnteredResult r;
    r.slot = slot;
    r.board = 1;
    r.ns_score = 100 * table;
    s.results[{1, table}] = r;
  }
  return s;
}

TEST(SessionScoresTest, MatchpointsFollowTheInternationalScale) {
  SessionScores scores = ScoreSession(FourTablesOneBoard(), {});
  EXPECT_EQ(scores.pairs.at(1).matchpoints, core::Rational(0));
  EXPECT_EQ(scores.pairs.at(3).matchpoints, core::Rational(2));
  EXPECT_EQ(scores.pairs.at(4).matchpoints, core::Rational(4));  // EW: 6 - 2
  EXPECT_EQ(scores.pairs.at(7).matchpoints, core::Rational(6));
  EXPECT_EQ(scores.pairs.at(3).maximum, 6);
}

TEST(SessionScoresTest, RoundsAsTheProfileSays) {
  core::RoundingChoices sabf;  // SABF TR 11.3: two places, ranked on that
  sabf.session_percentage_places = 2;
  SessionScores rounded = ScoreSession(FourTablesOneBoard(), sabf);
  EXPECT_EQ(rounded.pairs.at(3).percentage->ToString(), "33.33");
  EXPECT_EQ(*rounded.pairs.at(3).ranking_percentage, core::Rational(3333, 100));
  EXPECT_EQ(*rounded.pairs.at(3).exact_percentage, core::Rational(100, 3));

  core::RoundingChoices nsw;  // NSW TR 11.1: placings on exact scores
  SessionScores exact = ScoreSession(FourTablesOneBoard(), nsw);
  EXPECT_EQ(exact.pairs.at(3).percentage->ToString(), "33.33");  // display
  EXPECT_EQ(*exact.pairs.at(3).ranking_percentage, core::Rational(100, 3));
}

TEST(SessionScoresTest, ABoardWithAResultMissingIsFactoredByNeuberg) {
  SessionState s = FourTablesOneBoard();
  s.results.erase({1, 4});  // three results of four: NS 0, 2, 4 of 4
  SessionScores scores = ScoreSession(s, {});
  // F = (M + 1) x E / A - 1 with E = 4, A = 3: (2 + 1) x 4 / 3 - 1 = 3.
  EXPECT_EQ(scores.pairs.at(3).matchpoints, core::Rational(3));
  // The top pair: (4 + 1) x 4 / 3 - 1 = 17/3, against a top of 6.
  EXPECT_EQ(scores.pairs.at(5).matchpoints, core::Rational(17, 3));
  EXPECT_EQ(scores.pairs.at(5).maximum, 6);
  EXPECT_EQ(scores.pairs.at(7).boards_played, 0);
  EXPECT_FALSE(scores.pairs.at(7).percentage.has_value());
}

// The same board, three results of four, each side of it: the figures on
// the board's own top of 4 (NS 0, 2, 4) travel with the factored ones, and
// with Neuberg switched off (club.fewer_results "count_as_ties", the manual
// method) the missing result is a tie with each: NS 1, 3, 5 of 6.
TEST(SessionScoresTest, ABoardWithAResultMissingKeepsItsOwnTopAndMayCountTies) {
  SessionState s = FourTablesOneBoard();
  s.results.erase({1, 4});
  const SessionScores neuberg = ScoreSession(s, {});
  const ScoredBoard& board = neuberg.boards.at(1);
  EXPECT_EQ(board.unfactored_top, 4);
  ASSERT_EQ(board.results.size(), 3u);
  EXPECT_EQ(board.results[1].ns_matchpoints, core::Rational(3));
  EXPECT_EQ(board.results[1].ns_unfactored, core::Rational(2));
  EXPECT_EQ(board.results[2].ns_unfactored, core::Rational(4));
  EXPECT_EQ(board.results[2].ew_unfactored, core::Rational(0));

  const SessionScores ties =
      ScoreSession(s, {}, core::ArtificialMatchpointRule(),
                   core::FewerResults::kCountAsTies);
  EXPECT_EQ(ties.pairs.at(1).matchpoints, core::Rational(1));
  EXPECT_EQ(ties.pairs.at(3).matchpoints, core::Rational(3));
  EXPECT_EQ(ties.pairs.at(5).matchpoints, core::Rational(5));
  EXPECT_EQ(ties.pairs.at(6).matchpoints, core::Rational(1));  // EW: 6 - 5
  EXPECT_EQ(ties.pairs.at(5).maximum, 6);
  EXPECT_EQ(ties.boards.at(1).results[2].ns_unfactored, core::Rational(4));

  // Every result in: nothing factored, nothing unfactored.
  const SessionScores full = ScoreSession(FourTablesOneBoard(), {});
  EXPECT_EQ(full.boards.at(1).unfactored_top, 0);
  EXPECT_FALSE(full.boards.at(1).results[0].ns_unfactored.has_value());
}

}  // namespace
}  // namespace tally::replay
