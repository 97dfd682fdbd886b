// Rulings in a matchpoint-scored event of matches (issue #5, item 4;
// replay/match_scores/matchpoint_rulings.h), on the ANC IPC (ANC SR 15: 8-board
// matches matchpointed across the round's single field, each pair's match
// percentage converted on the appendix's IPC scale): artificial, weighted
// and split adjusted scores and a matchpoint penalty, decided through
// DecideRecordRuling and scored through ScoreRounds, and the refusals.
//
// The field: 8 pairs, 4 tables (t[0] < t[1] < t[2] < t[3]), home sitting
// North-South. Board 1 (nobody vulnerable), North-South's scores:
//   t[0] 4S= +420, t[1] 4S-1 -50, t[2] passed out 0, t[3] 3S+1 +170;
// top 2 x (4 - 1) = 6 (international scale): t[0] 6, t[3] 4, t[2] 2, t[1] 0.
// Boards 2-8 passed out everywhere: 3 each. Before any ruling t[0]'s home
// pair has 6 + 7 x 3 = 27 of 8 x 6 = 48 matchpoints, 56.25%.
// IPC VPs (appendix): x the percentage to 2 places (0.005 up); from 42.5
// to 57.5 (x - 35) x 2/3; from 30 to 42.5 (x - 30) x 2/5.

#include "replay/match_scores/matchpoint_rulings.h"

#include <algorithm>
#include <vector>

#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide_ruling.h"
#include "replay/match_scores/match_standings.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using core::Rational;
using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

const absl::Time kAt = absl::FromUnixSeconds(1773482400);  // 2026-03-14

class IpcRulingTest : public ::testing::Test {
 protected:
  IpcRulingTest() : event_("anc2025_ipc", v1::COMPETITION_KIND_SWISS_PAIRS, 8) {
    draw_ = event_.Draw(1);
    for (const v1::DrawnMatch& m : draw_.matches()) t_.push_back(m.table());
    std::sort(t_.begin(), t_.end());
  }
  // The field of the file comment; without t[0]'s board 1 when
  // `t0_played_board_1` is false.
  void Play(bool t0_played_board_1 = true) {
    const v1::TableResult board1[] = {
        Made(4, v1::STRAIN_SPADES, 10), Made(4, v1::STRAIN_SPADES, 9),
        PassedOut(), Made(3, v1::STRAIN_SPADES, 10)};
    for (int b : draw_.boards()) {
      for (size_t i = 0; i < t_.size(); ++i) {
        if (b == 1 && i == 0 && !t0_played_board_1) continue;
        event_.Enter(1, t_[i], b, v1::ROOM_UNSPECIFIED,
                     b == 1 ? board1[i] : PassedOut());
      }
    }
  }
  v1::RecordRulingRequest Ruling(int table, int board) {
    return RulingFor(1, table, board);
  }
  absl::StatusOr<v1::EventPayload> Decide(const v1::RecordRulingRequest& r) {
    return DecideRecordRuling(event_.state(), r, kAt);
  }
  // Law 12C2 on `board` at `table`: `ns` and `ew` the two sides' awards;
  // with `not_played`, where the board was not played (Law 12C2(a)).
  void RuleArtificial(int table, int board, v1::ArtificialAward ns,
                      v1::ArtificialAward ew, bool not_played = false) {
    v1::RecordRulingRequest r = Ruling(table, board);
    r.set_board_not_played(not_played);
    r.mutable_adjusted()->mutable_artificial()->set_ns(ns);
    r.mutable_adjusted()->mutable_artificial()->set_ew(ew);
    event_.Apply(Decide(r));
  }
  void Rule(const v1::RecordRulingRequest& r) { event_.Apply(Decide(r)); }
  core::RoundScore Round() {
    absl::StatusOr<std::vector<ScoredRound>> rounds =
        ScoreRounds(event_.competition(), 0);
    EXPECT_THAT(rounds, IsOk());
    return rounds->front().score;
  }
  static const core::MatchScore& MatchAt(const core::RoundScore& s, int table) {
    for (const core::MatchScore& m : s.matches) {
      if (m.table == table) return m;
    }
    ADD_FAILURE() << "no match at table " << table;
    return s.matches.front();
  }
  static Rational Board1(const core::RoundScore& s, int table) {
    return s.boards.front().ns_points.at({table, 0});
  }
  static Rational Vps(const core::Decimal& d) { return d.ToRational(); }
  // Board 1 with average plus to both at t[0] (ANC SR 7.6 / appendix: 60%
  // of the top of 6 = 3.6 each, Law 12C2). t[0] leaves the field: t[1]
  // -50, t[2] 0, t[3] +170 matchpointed among 3 (top 4: 0, 2, 4) and
  // factored to 4 tables (Neuberg, (M + 1) x 4/3 - 1): 1/3, 3, 17/3.
  void ExpectBoard1WithAveragePlusToBothAtT0(const core::RoundScore& s) {
    EXPECT_EQ(Board1(s, t_[0]), Rational(36, 10));
    EXPECT_EQ(Board1(s, t_[1]), Rational(1, 3));
    EXPECT_EQ(Board1(s, t_[2]), Rational(3));
    EXPECT_EQ(Board1(s, t_[3]), Rational(17, 3));
  }

  MatchEventForTest event_;
  v1::DrawMade draw_;
  std::vector<int> t_;
};

TEST_F(IpcRulingTest, WithoutRulingsTheHomePairHasFiftySixPointTwoFive) {
  ASSERT_EQ(draw_.boards(0), 1);
  ASSERT_EQ(t_.size(), 4u);
  Play();
  const core::RoundScore s = Round();
  EXPECT_EQ(Board1(s, t_[0]), Rational(6));
  EXPECT_EQ(Board1(s, t_[1]), Rational(0));
  const core::MatchScore& m = MatchAt(s, t_[0]);
  EXPECT_EQ(*m.home_percentage, Rational(5625, 100));
  EXPECT_FALSE(m.away_percentage.has_value());
}

TEST_F(IpcRulingTest, AveragePlusToBothIsSixtyPercentEachAndTheFieldFactored) {
  Play();
  RuleArtificial(t_[0], 1, v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                 v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  const core::RoundScore s = Round();
  ExpectBoard1WithAveragePlusToBothAtT0(s);
  // t[0]: each pair 3.6 + 21 = 24.6 of 48 = 51.25%; VPs (51.25 - 35) x 2/3
  // = 10.8333 -> 10.83 each.
  const core::MatchScore& m = MatchAt(s, t_[0]);
  EXPECT_EQ(*m.home_percentage, Rational(5125, 100));
  ASSERT_TRUE(m.away_percentage.has_value());
  EXPECT_EQ(*m.away_percentage, Rational(5125, 100));
  ASSERT_TRUE(m.vps.has_value());
  EXPECT_EQ(Vps(m.vps->vps), Rational(1083, 100));
  EXPECT_EQ(Vps(m.vps->opponent_vps), Rational(1083, 100));
  // t[3]: 17/3 + 21 = 80/3 of 48 = 55.555...%, balanced: 55.56 -> 13.71,
  // away 44.44 -> 6.29.
  const core::MatchScore& m3 = MatchAt(s, t_[3]);
  EXPECT_EQ(*m3.home_percentage, Rational(500, 9));
  EXPECT_FALSE(m3.away_percentage.has_value());
  EXPECT_EQ(Vps(m3.vps->vps), Rational(1371, 100));
  EXPECT_EQ(Vps(m3.vps->opponent_vps), Rational(629, 100));
}

TEST_F(IpcRulingTest, BoardNotPlayedTakesItsArtificialScoreInTheField) {
  // As AveragePlusToBothIsSixtyPercentEachAndTheFieldFactored, but t[0]
  // never reached board 1: the ruling stands in for its result (Law
  // 12C2(a)), and the figures are the same.
  Play(/*t0_played_board_1=*/false);
  RuleArtificial(t_[0], 1, v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                 v1::ARTIFICIAL_AWARD_AVERAGE_PLUS, /*not_played=*/true);
  const core::RoundScore s = Round();
  ExpectBoard1WithAveragePlusToBothAtT0(s);
  const core::MatchScore& m = MatchAt(s, t_[0]);
  EXPECT_TRUE(m.complete);
  EXPECT_EQ(*m.home_percentage, Rational(5125, 100));
  EXPECT_EQ(*m.away_percentage, Rational(5125, 100));
}

TEST_F(IpcRulingTest, SplitScoreMatchpointsEachPairOnItsOwnResult) {
  Play();
  // Law 12C1(b) at t[0]: East-West not at fault, credited with 4S-1 (-50 to
  // North-South); North-South keep 4S= +420. The field compares with -50
  // (Fouled-board guide, "Differential Adjustments"): t[1]'s -50 ties it
  // (1), t[2] 0 beats both -50s (4), t[3] +170 beats all (6). t[0] North-
  // South on +420 beat all three: 6; East-West's -50 as North-South would
  // score 1 (a tie with t[1]), so East-West 6 - 1 = 5.
  v1::RecordRulingRequest r = Ruling(t_[0], 1);
  r.set_law("Law 12C1(b)");
  r.set_non_offending(v1::SIDE_EAST_WEST);
  *r.mutable_adjusted()->mutable_split()->mutable_ns_result() =
      Made(4, v1::STRAIN_SPADES, 10);
  *r.mutable_adjusted()->mutable_split()->mutable_ew_result() =
      Made(4, v1::STRAIN_SPADES, 9);
  Rule(r);
  const core::RoundScore s = Round();
  EXPECT_EQ(Board1(s, t_[0]), Rational(6));
  EXPECT_EQ(s.boards.front().away_points.at({t_[0], 0}), Rational(5));
  EXPECT_EQ(Board1(s, t_[1]), Rational(1));
  EXPECT_EQ(Board1(s, t_[2]), Rational(4));
  EXPECT_EQ(Board1(s, t_[3]), Rational(6));
  // t[0]: home 27/48 = 56.25% -> (56.25 - 35) x 2/3 = 14.1666 -> 14.17;
  // away 26/48 = 54.1666% -> 54.17 -> 12.78.
  const core::MatchScore& m = MatchAt(s, t_[0]);
  EXPECT_EQ(*m.home_percentage, Rational(5625, 100));
  EXPECT_EQ(*m.away_percentage, Rational(2600, 48));
  EXPECT_EQ(Vps(m.vps->vps), Rational(1417, 100));
  EXPECT_EQ(Vps(m.vps->opponent_vps), Rational(1278, 100));
}

TEST_F(IpcRulingTest, WeightedScoreIsTheFrequencyMethod) {
  Play();
  // Law 12C1(c) at t[1]: 1/2 of 4S= +420, 1/2 of 4S-1 -50 (NZ LIRG's
  // frequency method). t[1]: +420 ties t[0] and beats t[2], t[3] (5), -50
  // is below all (0): 2.5. t[0] against t[1]: 1/2 tie + 1/2 win = 1.5,
  // with 4 for t[2], t[3]: 5.5. t[2] (0): 1/2 x 2 = 1. t[3] (+170): 1 + 2
  // = 3. Balanced: 5.5 + 2.5 + 1 + 3 = 12.
  v1::RecordRulingRequest r = Ruling(t_[1], 1);
  r.set_law("Law 12C1(c)");
  auto* weighted = r.mutable_adjusted()->mutable_weighted();
  for (const v1::TableResult& result :
       {Made(4, v1::STRAIN_SPADES, 10), Made(4, v1::STRAIN_SPADES, 9)}) {
    v1::WeightedResult* o = weighted->add_outcomes();
    *o->mutable_result() = result;
    o->mutable_weight()->set_numerator(1);
    o->mutable_weight()->set_denominator(2);
  }
  Rule(r);
  const core::RoundScore s = Round();
  EXPECT_EQ(Board1(s, t_[0]), Rational(11, 2));
  EXPECT_EQ(Board1(s, t_[1]), Rational(5, 2));
  EXPECT_EQ(Board1(s, t_[2]), Rational(1));
  EXPECT_EQ(Board1(s, t_[3]), Rational(3));
  // t[1]: 2.5 + 21 = 23.5 of 48; balanced.
  const core::MatchScore& m = MatchAt(s, t_[1]);
  EXPECT_EQ(*m.home_percentage, Rational(2350, 48));
  EXPECT_FALSE(m.away_percentage.has_value());
}

TEST_F(IpcRulingTest, MatchpointPenaltyComesOffThePairBeforeVps) {
  Play();
  // Law 90: 1 matchpoint off t[0]'s East-West (away): 21 - 1 = 20 of 48 =
  // 41.666...% -> 41.67 -> (41.67 - 30) x 2/5 = 4.668 -> 4.67; home keeps
  // 56.25% and 14.17.
  v1::RecordRulingRequest r = Ruling(t_[0], 1);
  r.set_law("Law 90");
  r.set_text("slow play");
  *r.mutable_penalty() =
      ProceduralPenalty(v1::SIDE_EAST_WEST, v1::SCORE_UNIT_MATCHPOINTS, 1);
  Rule(r);
  const core::MatchScore m = MatchAt(Round(), t_[0]);
  EXPECT_EQ(*m.home_percentage, Rational(5625, 100));
  EXPECT_EQ(*m.away_percentage, Rational(2000, 48));
  EXPECT_EQ(Vps(m.vps->vps), Rational(1417, 100));
  EXPECT_EQ(Vps(m.vps->opponent_vps), Rational(467, 100));
}

TEST_F(IpcRulingTest, AveragePlusOnTwoBoardsIsFiftySevenPointZeroSeven) {
  Play();
  // ANC SR appendix: N = 2 unplayable boards, 50 + 10 sqrt(2)/2 = 50 +
  // 14.14/2 = 57.07% each for t[2]'s North-South (average minus to East-
  // West, 40%): of a top of 6, 3.4242 matchpoints on boards 1 and 2.
  for (int board : {1, 2}) {
    RuleArtificial(t_[2], board, v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                   v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  }
  const core::RoundScore s = Round();
  EXPECT_EQ(Board1(s, t_[2]), Rational(34242, 10000));
  EXPECT_EQ(s.boards[1].ns_points.at({t_[2], 0}), Rational(34242, 10000));
  EXPECT_EQ(s.boards.front().away_points.at({t_[2], 0}), Rational(24, 10));
}

TEST_F(IpcRulingTest, AnImpPenaltyIsRefusedAndNothingChanges) {
  Play();
  v1::RecordRulingRequest r = Ruling(t_[0], 1);
  r.set_law("Law 90");
  *r.mutable_penalty() =
      ProceduralPenalty(v1::SIDE_NORTH_SOUTH, v1::SCORE_UNIT_IMPS, 3);
  EXPECT_THAT(Decide(r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("scores its matches in matchpoints")));
  EXPECT_EQ(*MatchAt(Round(), t_[0]).home_percentage, Rational(5625, 100));
}

TEST(MatchpointPenaltyRefusalTest, ImpScoredMatchesTakeNoMatchpointPenalty) {
  MatchEventForTest event("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS,
                          2);
  const v1::DrawMade draw = event.Draw(1);
  event.Enter(1, draw.matches(0).table(), draw.boards(0), v1::ROOM_OPEN,
              PassedOut());
  v1::RecordRulingRequest r =
      RulingFor(1, draw.matches(0).table(), draw.boards(0), v1::ROOM_OPEN);
  r.set_law("Law 90");
  r.set_text("slow play");
  *r.mutable_penalty() =
      ProceduralPenalty(v1::SIDE_NORTH_SOUTH, v1::SCORE_UNIT_MATCHPOINTS, 1);
  EXPECT_THAT(DecideRecordRuling(event.state(), r, kAt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("scores its matches in IMPs")));
}

}  // namespace
}  // namespace tally::replay
