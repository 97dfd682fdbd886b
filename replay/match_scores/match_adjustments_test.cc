// Rulings scored in events of matches (issue #5, item 4;
// replay/match_scores/match_adjustments.h): artificial, weighted and split
// adjusted scores and IMP penalties in Swiss teams (imps_two_tables) and Swiss
// pairs (imps_vs_datum), decided through DecideRecordRuling and scored through
// ScoreRounds, and every refusal of the forms not scored. Expected values
// are the NZ LIRG's worked teams example (Law 12C1(c)), or worked by hand
// in the comments on the WBF IMP scale.

#include "replay/match_scores/match_adjustments.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "core/vp/vp_scale.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_ruling.h"
#include "replay/match_scores/match_standings.h"
#include "replay/match_scores/round_results.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::HasSubstr;

const absl::Time kAt = absl::FromUnixSeconds(1773482400);  // 2026-03-14

v1::TableResult Spades(int level, int tricks) {
  return Made(level, v1::STRAIN_SPADES, tricks);
}
v1::TableResult Passed() {
  v1::TableResult r;
  r.mutable_passed_out();
  return r;
}

v1::AdjustedScore Artificial(v1::ArtificialAward ns, v1::ArtificialAward ew) {
  v1::AdjustedScore a;
  a.mutable_artificial()->set_ns(ns);
  a.mutable_artificial()->set_ew(ew);
  return a;
}

v1::WeightedResult Outcome(const v1::TableResult& r, int tenths) {
  v1::WeightedResult w;
  *w.mutable_result() = r;
  w.mutable_weight()->set_numerator(tenths);
  w.mutable_weight()->set_denominator(10);
  return w;
}

v1::RecordRulingRequest Ruling(int round, int table, int board,
                               v1::Room room = v1::ROOM_UNSPECIFIED) {
  return RulingFor(round, table, board, room);
}

v1::RulingPenalty ImpPenalty(v1::Side side, int imps) {
  return ProceduralPenalty(side, v1::SCORE_UNIT_IMPS, imps);
}

const core::MatchScore& MatchAt(const std::vector<ScoredRound>& rounds,
                                int table) {
  for (const core::MatchScore& m : rounds.front().score.matches) {
    if (m.table == table) return m;
  }
  ADD_FAILURE() << "no match at table " << table;
  return rounds.front().score.matches.front();
}

// ---- Teams (nsw_swiss_teams: 10-board matches, imps_two_tables) ----

class TeamsRulingTest : public ::testing::Test {
 protected:
  TeamsRulingTest()
      : event_("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 2) {
    draw_ = event_.Draw(1);
    table_ = draw_.matches(0).table();
  }
  // Every board of the match passed out in both rooms but those given.
  void Play(int board, const v1::TableResult& open,
            const v1::TableResult& closed) {
    for (int b : draw_.boards()) {
      event_.Enter(1, table_, b, v1::ROOM_OPEN, b == board ? open : Passed());
      event_.Enter(1, table_, b, v1::ROOM_CLOSED,
                   b == board ? closed : Passed());
    }
  }
  absl::StatusOr<v1::EventPayload> Decide(const v1::RecordRulingRequest& r) {
    return DecideRecordRuling(event_.state(), r, kAt);
  }
  void Rule(const v1::RecordRulingRequest& r) { event_.Apply(Decide(r)); }
  core::MatchScore Match() {
    absl::StatusOr<std::vector<ScoredRound>> rounds =
        ScoreRounds(event_.competition(), 0);
    EXPECT_THAT(rounds, IsOk());
    return MatchAt(*rounds, table_);
  }

  MatchEventForTest event_;
  v1::DrawMade draw_;
  int table_ = 0;
};

TEST_F(TeamsRulingTest, ArtificialScoreIsTwoImpsInMatchesUnderElevenBoards) {
  Play(1, Spades(4, 10), Passed());  // board 1: +420 in the open room
  v1::RecordRulingRequest r = Ruling(1, table_, 1, v1::ROOM_OPEN);
  r.set_law("Law 12C2");
  // Open room: home sits North-South, so home gets average plus.
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  Rule(r);
  const core::MatchScore m = Match();
  // NZ LIRG Law 86A, NSW TR 7.2: +-2 IMPs in matches of fewer than 11
  // boards; the +420 (9 IMPs) no longer counts.
  EXPECT_EQ(m.home_imps, core::Rational(2));
  EXPECT_FALSE(m.away_imps.has_value());  // -2: equal and opposite
  EXPECT_TRUE(m.complete);
  ASSERT_TRUE(m.vps.has_value());
}

TEST_F(TeamsRulingTest, AveragePlusToBothTeamsGivesEachItsOwnTwoImps) {
  Play(1, Passed(), Passed());
  v1::RecordRulingRequest r = Ruling(1, table_, 1, v1::ROOM_CLOSED);
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  Rule(r);
  const core::MatchScore m = Match();
  EXPECT_EQ(m.home_imps, core::Rational(2));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(2));
  // Each team's VPs from its own +2: the same for both.
  ASSERT_TRUE(m.vps.has_value());
  EXPECT_EQ(m.vps->vps.ToRational(), m.vps->opponent_vps.ToRational());
  EXPECT_GT(m.vps->vps.ToRational(), core::Rational(10));
}

TEST_F(TeamsRulingTest, WeightedScoreIsTheNzLirgTeamsExample) {
  // NZ LIRG Law 12C1(c), teams: +650 (4S+1 by North, board 2, NS
  // vulnerable) in the other room; the closed room's outcomes 30% +1430,
  // 40% +680, 20% +650, 10% -100 against it: 13, 1, 0, -13 IMPs, weighted
  // 3.9 + 0.4 + 0 - 1.3 = +3 for the closed room's North-South (away).
  Play(2, Spades(4, 11), Spades(4, 12));
  v1::RecordRulingRequest r = Ruling(1, table_, 2, v1::ROOM_CLOSED);
  r.set_law("Law 12C1(c)");
  v1::WeightedAdjustedScore* w = r.mutable_adjusted()->mutable_weighted();
  *w->add_outcomes() = Outcome(Spades(6, 12), 3);
  *w->add_outcomes() = Outcome(Spades(4, 12), 4);
  *w->add_outcomes() = Outcome(Spades(4, 11), 2);
  *w->add_outcomes() = Outcome(Spades(6, 11), 1);
  Rule(r);
  const core::MatchScore m = Match();
  EXPECT_EQ(m.home_imps, core::Rational(-3));  // was -1 (+680 v +650)
  EXPECT_FALSE(m.away_imps.has_value());
}

TEST_F(TeamsRulingTest, SplitScoreImpsEachTeamOnItsOwnResult) {
  // Board 3 (East-West vulnerable): passed out in the closed room. Open
  // room split: home (NS) credited with 4S= +420, 9 IMPs against 0; away
  // (EW) with 4S-1 -50, i.e. +50 to EW, 2 IMPs.
  Play(3, Spades(4, 10), Passed());
  v1::RecordRulingRequest r = Ruling(1, table_, 3, v1::ROOM_OPEN);
  r.set_law("Law 12C1(b)");
  r.set_non_offending(v1::SIDE_NORTH_SOUTH);
  *r.mutable_adjusted()->mutable_split()->mutable_ns_result() = Spades(4, 10);
  *r.mutable_adjusted()->mutable_split()->mutable_ew_result() = Spades(4, 9);
  Rule(r);
  const core::MatchScore m = Match();
  EXPECT_EQ(m.home_imps, core::Rational(9));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(2));
}

TEST_F(TeamsRulingTest, ImpPenaltyComesOffThePenalisedTeamBeforeVps) {
  Play(1, Passed(), Passed());  // a level match
  v1::RecordRulingRequest r = Ruling(1, table_, 1, v1::ROOM_OPEN);
  r.set_law("Law 90");
  r.set_text("slow play");
  *r.mutable_penalty() = ImpPenalty(v1::SIDE_EAST_WEST, 3);  // away, open
  absl::StatusOr<v1::EventPayload> p = Decide(r);
  ASSERT_THAT(p, IsOk());
  ASSERT_TRUE(p->has_ruling_made());
  EXPECT_EQ(p->ruling_made().penalty().entrant(), draw_.matches(0).away());
  event_.Apply(p);
  const core::MatchScore m = Match();
  EXPECT_EQ(m.home_imps, core::Rational(0));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(-3));
  // Before conversion: home keeps a level match's 10.00 VPs; away gets a
  // 3-IMP loss's VPs, 20 less a 3-IMP win's (the WBF scale is symmetric),
  // not 10 - 3 = 7.
  ASSERT_TRUE(m.vps.has_value());
  EXPECT_EQ(m.vps->vps.ToRational(), core::Rational(10));
  absl::StatusOr<core::VpScaleForBoards> scale =
      core::VpScaleForMatch(event_.competition().profile, 10);
  ASSERT_THAT(scale, IsOk());
  absl::StatusOr<core::VpResult> win =
      core::VpForMargin(scale->scale, core::Rational(3), scale->boards);
  ASSERT_THAT(win, IsOk());
  EXPECT_EQ(m.vps->opponent_vps.ToRational(),
            core::Rational(20) - win->vps.ToRational());
  EXPECT_NE(m.vps->opponent_vps.ToRational(), core::Rational(7));
}

TEST_F(TeamsRulingTest, SecondAdjustedRoomOnABoardIsRefused) {
  Play(1, Passed(), Passed());
  v1::RecordRulingRequest r = Ruling(1, table_, 1, v1::ROOM_OPEN);
  v1::WeightedAdjustedScore* w = r.mutable_adjusted()->mutable_weighted();
  *w->add_outcomes() = Outcome(Spades(4, 10), 5);
  *w->add_outcomes() = Outcome(Passed(), 5);
  Rule(r);
  r.set_room(v1::ROOM_CLOSED);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kUnimplemented,
                                  HasSubstr("the other room of board 1")));
  *r.mutable_adjusted() =
      Artificial(v1::ARTIFICIAL_AWARD_AVERAGE, v1::ARTIFICIAL_AWARD_AVERAGE);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kUnimplemented));
  // An assigned result there is scored as played: accepted.
  *r.mutable_adjusted()->mutable_assigned() = Passed();
  EXPECT_THAT(Decide(r), IsOk());
}

// ---- A board not played (Law 12C2(a)) ----

TEST_F(TeamsRulingTest, BoardNotPlayedInOneRoomTakesItsArtificialImps) {
  // Board 1 played in the closed room only (+420 there, for away); the
  // open room never reached it. Home (North-South in the open room) were
  // late: average minus to home, average plus to away.
  for (int b : draw_.boards()) {
    if (b != 1) event_.Enter(1, table_, b, v1::ROOM_OPEN, Passed());
    event_.Enter(1, table_, b, v1::ROOM_CLOSED,
                 b == 1 ? Spades(4, 10) : Passed());
  }
  v1::RecordRulingRequest r = Ruling(1, table_, 1, v1::ROOM_OPEN);
  r.set_law("Law 12C2(a)");
  r.set_board_not_played(true);
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_MINUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  EXPECT_FALSE(
      MissingResults(event_.competition(), event_.competition().rounds.at(1))
          .empty());
  Rule(r);
  EXPECT_TRUE(MissingResults(event_.competition(),
                             event_.competition().rounds.at(1))
                  .empty());  // the round can be posted
  const core::MatchScore m = Match();
  // NSW TR 7.2: +-2 IMPs under 11 boards; the closed room's +420 does not
  // count, every other board is passed out in both rooms.
  EXPECT_EQ(m.home_imps, core::Rational(-2));
  EXPECT_FALSE(m.away_imps.has_value());
  EXPECT_TRUE(m.complete);
}

TEST_F(TeamsRulingTest, BoardNotPlayedInEitherRoomHasOneArtificialScore) {
  for (int b : draw_.boards()) {
    if (b == 1) continue;
    event_.Enter(1, table_, b, v1::ROOM_OPEN, Passed());
    event_.Enter(1, table_, b, v1::ROOM_CLOSED, Passed());
  }
  // Slow play by home in both rooms: average minus to home each time.
  // Open room: home North-South; closed room: home East-West.
  v1::RecordRulingRequest open = Ruling(1, table_, 1, v1::ROOM_OPEN);
  open.set_law("Law 12C2(a)");
  open.set_board_not_played(true);
  *open.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_MINUS,
                                        v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  Rule(open);
  v1::RecordRulingRequest closed = open;
  closed.set_room(v1::ROOM_CLOSED);
  // Average minus to North-South in the closed room would be to away: not
  // the board's award to each team.
  EXPECT_THAT(Decide(closed),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("give each team the award it has in the "
                                 "other room")));
  *closed.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                          v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  Rule(closed);
  EXPECT_TRUE(
      MissingResults(event_.competition(), event_.competition().rounds.at(1))
          .empty());
  const core::MatchScore m = Match();
  // One artificial score for the board, counted once: -2 to home.
  EXPECT_EQ(m.home_imps, core::Rational(-2));
  EXPECT_FALSE(m.away_imps.has_value());
  EXPECT_TRUE(m.complete);
}

// ---- Swiss pairs against a datum (nsw_swiss_pairs: ANC SR 16.11) ----

class PairsRulingTest : public ::testing::Test {
 protected:
  // 8 pairs at 4 tables; board 1 (none vulnerable): +420 (4S=) at the
  // first two tables, passed out at the last two; every other board
  // passed out. Without rulings: 0, 0, 420, 420, the (n-2) middle scores
  // 0 and 420, datum 210. Without the last table's board 1 when
  // `last_table_played_board_1` is false.
  explicit PairsRulingTest(bool last_table_played_board_1 = true)
      : event_("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS, 8) {
    draw_ = event_.Draw(1);
    for (const v1::DrawnMatch& m : draw_.matches())
      tables_.push_back(m.table());
    std::sort(tables_.begin(), tables_.end());
    for (int t : tables_) {
      for (int b : draw_.boards()) {
        if (b == 1 && t == tables_[3] && !last_table_played_board_1) continue;
        const bool made = b == 1 && (t == tables_[0] || t == tables_[1]);
        event_.Enter(1, t, b, v1::ROOM_UNSPECIFIED,
                     made ? Spades(4, 10) : Passed());
      }
    }
  }
  absl::StatusOr<v1::EventPayload> Decide(const v1::RecordRulingRequest& r) {
    return DecideRecordRuling(event_.state(), r, kAt);
  }
  std::vector<ScoredRound> Rounds() {
    absl::StatusOr<std::vector<ScoredRound>> rounds =
        ScoreRounds(event_.competition(), 0);
    EXPECT_THAT(rounds, IsOk());
    return rounds.ok() ? *rounds : std::vector<ScoredRound>();
  }
  const core::BoardScore& Board1(const std::vector<ScoredRound>& rounds) {
    return rounds.front().score.boards.front();
  }

  MatchEventForTest event_;
  v1::DrawMade draw_;
  std::vector<int> tables_;
};

TEST_F(PairsRulingTest, WithoutRulingsTheDatumIsTwoHundredAndTen) {
  ASSERT_EQ(draw_.boards(0), 1);
  const std::vector<ScoredRound> rounds = Rounds();
  ASSERT_TRUE(Board1(rounds).datum.has_value());
  EXPECT_EQ(Board1(rounds).datum->datum, 210);
  // +420 against 210: 210 -> 5 IMPs (170-210).
  EXPECT_EQ(MatchAt(rounds, tables_[0]).home_imps, core::Rational(5));
}

TEST_F(PairsRulingTest, ArtificialTableLeavesTheDatumAndGetsTwoImps) {
  v1::RecordRulingRequest r = Ruling(1, tables_[3], 1);
  r.set_law("Law 12C2");
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  event_.Apply(Decide(r));
  const std::vector<ScoredRound> rounds = Rounds();
  // Datum of 0, 420, 420 (the fourth table left out): the middle score,
  // 420. Table 3's pass: -420, 9 IMPs to East-West; the first two 0.
  EXPECT_EQ(Board1(rounds).datum->datum, 420);
  EXPECT_EQ(MatchAt(rounds, tables_[0]).home_imps, core::Rational(0));
  EXPECT_EQ(MatchAt(rounds, tables_[2]).home_imps, core::Rational(-9));
  // NSW TR 7.2 (butler_2_imps): +2 IMPs to both pairs at table 4.
  const core::MatchScore& m = MatchAt(rounds, tables_[3]);
  EXPECT_EQ(m.home_imps, core::Rational(2));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(2));
  ASSERT_TRUE(m.vps.has_value());
  EXPECT_EQ(m.vps->vps.ToRational(), m.vps->opponent_vps.ToRational());
}

// Issue #16 defect 3 in pairs matches against a datum. ANC SR 16.11 (the
// nsw_swiss_pairs datum): fewer than 15 tables, "the (n-2) middle scores",
// so a board needs 3 scores. With table 4 artificial (Law 12C2) 3 are left
// (0, 420, 420: datum 420, as above); an artificial score at table 3 as
// well would leave 2, and the board no datum and no IMPs at tables 1 and
// 2: refused, naming the rule's clause. A log recorded before the check
// (both rulings decided on the same state) cannot be posted.
TEST_F(PairsRulingTest, AncSr16_11RefusesARulingLeavingTooFewScores) {
  auto artificial = [&](int table) {
    v1::RecordRulingRequest r = Ruling(1, table, 1);
    r.set_law("Law 12C2");
    *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                       v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
    return r;
  };
  const absl::StatusOr<v1::EventPayload> at_4 = Decide(artificial(tables_[3]));
  const absl::StatusOr<v1::EventPayload> at_3 = Decide(artificial(tables_[2]));
  ASSERT_THAT(at_4, IsOk());
  ASSERT_THAT(at_3, IsOk());
  event_.Apply(at_4);
  EXPECT_THAT(Decide(artificial(tables_[2])),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("board 1 of round 1 would keep only 2 "
                                       "of its 4 scores"),
                             HasSubstr("ANC SR 16.11"),
                             HasSubstr("the Chief Director decides"))));
  // A weighted score leaves its table out too (Law 12C1(c)).
  v1::RecordRulingRequest weighted = Ruling(1, tables_[2], 1);
  weighted.set_law("Law 12C1(c)");
  weighted.set_non_offending(v1::SIDE_EAST_WEST);
  v1::WeightedAdjustedScore* w =
      weighted.mutable_adjusted()->mutable_weighted();
  *w->add_outcomes() = Outcome(Spades(4, 10), 5);
  *w->add_outcomes() = Outcome(Passed(), 5);
  EXPECT_THAT(Decide(weighted), StatusIs(absl::StatusCode::kFailedPrecondition,
                                         HasSubstr("would keep only 2")));

  event_.Apply(at_3);  // as an older server would have recorded it
  const std::vector<ScoredRound> rounds = Rounds();
  EXPECT_FALSE(Board1(rounds).datum.has_value());
  EXPECT_FALSE(MatchAt(rounds, tables_[0]).complete);
  EXPECT_FALSE(MatchAt(rounds, tables_[0]).vps.has_value());
  v1::PostScoresRequest post;
  post.set_tournament_id("t");
  post.set_competition_id("c");
  post.set_session(1);
  EXPECT_THAT(DecidePostScores(event_.state(), post),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("cannot post round 1"),
                             HasSubstr("would keep only 2 of its 4"))));
}

class PairsNotPlayedTest : public PairsRulingTest {
 protected:
  PairsNotPlayedTest() : PairsRulingTest(/*last_table_played_board_1=*/false) {}
};

TEST_F(PairsNotPlayedTest, BoardNotPlayedLeavesTheDatumAndGetsTwoImps) {
  // As PairsRulingTest.ArtificialTableLeavesTheDatumAndGetsTwoImps, where
  // the fourth table had passed board 1 out: here it never reached it.
  v1::RecordRulingRequest r = Ruling(1, tables_[3], 1);
  r.set_law("Law 12C2(a)");
  r.set_board_not_played(true);
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  event_.Apply(Decide(r));
  const std::vector<ScoredRound> rounds = Rounds();
  EXPECT_EQ(Board1(rounds).datum->datum, 420);  // 0, 420, 420
  EXPECT_EQ(MatchAt(rounds, tables_[2]).home_imps, core::Rational(-9));
  const core::MatchScore& m = MatchAt(rounds, tables_[3]);
  EXPECT_TRUE(m.complete);
  EXPECT_EQ(m.home_imps, core::Rational(2));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(2));
}

TEST_F(PairsRulingTest, WeightedTableIsImpedAgainstTheDatumWithoutIt) {
  v1::RecordRulingRequest r = Ruling(1, tables_[3], 1);
  r.set_law("Law 12C1(c)");
  r.set_non_offending(v1::SIDE_EAST_WEST);
  v1::WeightedAdjustedScore* w = r.mutable_adjusted()->mutable_weighted();
  *w->add_outcomes() = Outcome(Spades(4, 10), 5);
  *w->add_outcomes() = Outcome(Passed(), 5);
  event_.Apply(Decide(r));
  const std::vector<ScoredRound> rounds = Rounds();
  // Datum 420 without the weighted table; outcomes 0 and -9 IMPs, weighted
  // -4.5, rounded towards the non-offending East-West: -5 to North-South.
  EXPECT_EQ(Board1(rounds).datum->datum, 420);
  const core::MatchScore& m = MatchAt(rounds, tables_[3]);
  EXPECT_EQ(m.home_imps, core::Rational(-5));
  EXPECT_FALSE(m.away_imps.has_value());
}

TEST_F(PairsRulingTest, SplitTablePutsTheNonOffendersResultInTheDatum) {
  v1::RecordRulingRequest r = Ruling(1, tables_[3], 1);
  r.set_law("Law 12C1(b)");
  r.set_non_offending(v1::SIDE_NORTH_SOUTH);
  *r.mutable_adjusted()->mutable_split()->mutable_ns_result() = Spades(4, 10);
  *r.mutable_adjusted()->mutable_split()->mutable_ew_result() = Passed();
  event_.Apply(Decide(r));
  const std::vector<ScoredRound> rounds = Rounds();
  // NS's +420 in the datum: 0, 420, 420, 420 -> middle 420, 420: 420.
  // Table 4: NS +420 v 420, 0 IMPs; EW credited with the pass, -420 to
  // NS, so +9 IMPs to EW.
  EXPECT_EQ(Board1(rounds).datum->datum, 420);
  const core::MatchScore& m = MatchAt(rounds, tables_[3]);
  EXPECT_EQ(m.home_imps, core::Rational(0));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(9));
}

TEST_F(PairsRulingTest, ImpPenaltyIsTakenInTheMatchAndRankedOn) {
  v1::RecordRulingRequest r = Ruling(1, tables_[3], 2);
  r.set_law("Law 91");
  r.set_text("discourtesy");
  *r.mutable_penalty() = ImpPenalty(v1::SIDE_NORTH_SOUTH, 4);
  event_.Apply(Decide(r));
  const std::vector<ScoredRound> rounds = Rounds();
  const core::MatchScore& m = MatchAt(rounds, tables_[3]);
  // Table 4 passed board 1 out against the datum of 210: -210, -5 IMPs to
  // North-South (home), +5 to East-West; home then loses the 4.
  EXPECT_EQ(m.home_imps, core::Rational(-9));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(5));  // East-West unpenalised
  absl::StatusOr<MatchRanking> ranking =
      RankMatchEntrants(event_.competition(), {});
  ASSERT_THAT(ranking, IsOk());
  for (const EntrantStanding& row : ranking->rows) {
    if (row.entrant == m.home) {
      EXPECT_EQ(row.net_imps, core::Rational(-9));
    }
    if (row.entrant == m.away) {
      EXPECT_EQ(row.net_imps, core::Rational(5));
    }
  }
}

// NZ LIRG 82C for a VP penalty ruled at a table (a PenaltyAwarded): a new
// VP penalty naming it puts it right; a ruling at the table is superseded
// only by a ruling.
TEST_F(PairsRulingTest, AVpPenaltyIsPutRightByAVpPenaltyNamingIt) {
  v1::RecordRulingRequest r = Ruling(1, tables_[3], 1);
  r.set_law("Law 91");
  r.set_text("discourtesy");
  *r.mutable_penalty() =
      ProceduralPenalty(v1::SIDE_NORTH_SOUTH, v1::SCORE_UNIT_VPS, 2);
  event_.Apply(Decide(r));
  const uint64_t vp_penalty = event_.state().last_sequence;
  ASSERT_EQ(event_.competition().penalties.size(), 1u);
  const int penalised = event_.competition().penalties[0].penalty.entrant();

  r.set_supersedes_sequence(vp_penalty);
  r.mutable_penalty()->mutable_amount()->set_numerator(1);
  absl::StatusOr<v1::EventPayload> corrected = Decide(r);
  ASSERT_THAT(corrected, IsOk());
  EXPECT_EQ(corrected->penalty_awarded().supersedes_sequence(), vp_penalty);
  event_.Apply(corrected);
  ASSERT_EQ(event_.competition().penalties.size(), 1u);
  EXPECT_EQ(event_.competition().penalties[0].penalty.entrant(), penalised);
  EXPECT_EQ(event_.competition().penalties[0].penalty.vps().units(), 1);

  *r.mutable_penalty() = ImpPenalty(v1::SIDE_NORTH_SOUTH, 3);
  r.clear_supersedes_sequence();
  event_.Apply(Decide(r));
  const uint64_t imp_penalty = event_.state().last_sequence;
  *r.mutable_penalty() =
      ProceduralPenalty(v1::SIDE_NORTH_SOUTH, v1::SCORE_UNIT_VPS, 1);
  r.set_supersedes_sequence(imp_penalty);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("supersede the ruling with a "
                                            "ruling at its table")));
}

// ---- Average plus on several boards (issue #16 defect 2) ----

// ANC SR 7.5-7.6 and the appendix: "IMP scored Teams events: an IMP score
// of 3 sqrt(N)/N" per board, "the net IMPs in a match ... rounded to the
// nearest IMP (0.5 IMPs rounded up)". Four boards of an ITC match could not
// be played in either room, through no fault of either team: average plus
// to both, 3 sqrt(4) = 6 IMPs to each team in all (not 4 x 3 = 12). Every
// other board is passed out in both rooms.
TEST(SeveralBoardsTest, ItcFourBoardsNotPlayedGiveThreeRootNImpsToEachTeam) {
  MatchEventForTest event("anc2025_itc_qualifying",
                          v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 8);
  const v1::DrawMade draw = event.Draw(1);
  const int table = draw.matches(0).table();
  const std::vector<int> boards(draw.boards().begin(), draw.boards().end());
  ASSERT_GE(boards.size(), 4u);
  for (size_t i = 4; i < boards.size(); ++i) {
    event.Enter(1, table, boards[i], v1::ROOM_OPEN, Passed());
    event.Enter(1, table, boards[i], v1::ROOM_CLOSED, Passed());
  }
  for (size_t i = 0; i < 4; ++i) {
    for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
      v1::RecordRulingRequest r = Ruling(1, table, boards[i], room);
      r.set_law("Law 12C2(a)");
      r.set_board_not_played(true);
      *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                         v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
      event.Apply(DecideRecordRuling(event.state(), r, kAt));
    }
  }
  absl::StatusOr<std::vector<ScoredRound>> rounds =
      ScoreRounds(event.competition(), 0);
  ASSERT_THAT(rounds, IsOk());
  const core::MatchScore& m = MatchAt(*rounds, table);
  EXPECT_EQ(m.home_imps, core::Rational(6));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(6));
  EXPECT_TRUE(m.complete);
}

// NSW TR 12.10(b): "if 4-7 boards are unplayed: 1 IMP per board unplayed +
// 3.0 IMPs", read literally (core/adjust/unplayed_boards.h): 4 boards not
// played at one table of an nsw_butler round through no fault of the
// players (average plus to both) give each pair 4 + 3 = 7 IMPs, not
// 4 x 2 = 8. Every other board is passed out everywhere (datum 0).
TEST(SeveralBoardsTest, NswTr12_10FourBoardsUnplayedGiveUPlusThreeImps) {
  MatchEventForTest event("nsw_butler", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
                          8);
  const v1::DrawMade draw = event.Draw(1);
  const int table = draw.matches(0).table();
  const std::vector<int> boards(draw.boards().begin(), draw.boards().end());
  ASSERT_GE(boards.size(), 4u);
  for (const v1::DrawnMatch& m : draw.matches()) {
    for (size_t i = 0; i < boards.size(); ++i) {
      if (m.table() == table && i < 4) continue;
      event.Enter(1, m.table(), boards[i], v1::ROOM_UNSPECIFIED, Passed());
    }
  }
  for (size_t i = 0; i < 4; ++i) {
    v1::RecordRulingRequest r = Ruling(1, table, boards[i]);
    r.set_law("Law 12C2(a)");
    r.set_board_not_played(true);
    *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                       v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
    event.Apply(DecideRecordRuling(event.state(), r, kAt));
  }
  absl::StatusOr<std::vector<ScoredRound>> rounds =
      ScoreRounds(event.competition(), 0);
  ASSERT_THAT(rounds, IsOk());
  const core::MatchScore& m = MatchAt(*rounds, table);
  EXPECT_EQ(m.home_imps, core::Rational(7));
  ASSERT_TRUE(m.away_imps.has_value());
  EXPECT_EQ(*m.away_imps, core::Rational(7));
}

}  // namespace
}  // namespace tally::replay
