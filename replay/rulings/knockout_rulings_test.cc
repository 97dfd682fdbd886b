// Rulings in knock-out matches (issue #5, item 4;
// replay/rulings/knockout_rulings.h): a split score and artificial awards that
// are not equal and opposite give each team its own IMPs on the board, and an
// IMP penalty comes off the penalised team's match total, before the winner is
// decided. Decided through DecideRecordRuling and scored through
// ScoreKnockoutMatches on the SABF finals (28-board matches, SABF TR 16.2; 0.1
// IMP carry-forward to the higher-placed team, 13.12). IMPs on the WBF scale,
// worked in comments.

#include "replay/rulings/knockout_rulings.h"

#include <string>
#include <vector>

#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide_ruling.h"
#include "replay/draws/knockout_results.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/knockout_for_test.h"

namespace tally::replay {
namespace {

const absl::Time kAt = absl::FromUnixSeconds(1773482400);  // 2026-03-14

using core::Rational;
using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

TEST(KnockoutImpsOnBoardTest, EachTeamItsOwnImps) {
  struct Case {
    int home, away, home_total, away_total;
  };
  // The header's table: balanced boards are the usual scoreboard; an
  // unbalanced one credits each team its own gain, a loss beyond the
  // opponents' own gain comes off the loser's total.
  const std::vector<Case> cases = {
      {3, -3, 3, 0}, {-5, 5, 0, 5},  {3, 3, 3, 3}, {-3, -3, -3, -3},
      {3, 0, 3, 0},  {0, -3, 0, -3}, {9, 2, 9, 2}, {5, -8, 5, -3},
  };
  for (const Case& c : cases) {
    const KnockoutBoardImps won =
        KnockoutImpsOnBoard(Rational(c.home), Rational(c.away));
    EXPECT_EQ(won.home, Rational(c.home_total)) << c.home << "/" << c.away;
    EXPECT_EQ(won.away, Rational(c.away_total)) << c.home << "/" << c.away;
  }
  // Without away's own IMPs the board balances.
  const KnockoutBoardImps won = KnockoutImpsOnBoard(Rational(-4), std::nullopt);
  EXPECT_EQ(won.home, Rational(0));
  EXPECT_EQ(won.away, Rational(4));
}

// Week one of the SABF Final Five: the First Qualifying Final, 4 v 5, at
// table 1, every board passed out in both rooms but the swings given.
class KnockoutRulingTest : public ::testing::Test {
 protected:
  KnockoutRulingTest() {
    CreateKnockout(state_, "c", "sabf_teams_finals");
    RegisterTeams(state_, "c", 5);
    week1_ = Draw(state_, "c", 1, 11);
    match_ = week1_.matches(0);
  }
  void Play(const std::vector<Swing>& swings) {
    PlayRound(state_, week1_, swings);
  }
  v1::RecordRulingRequest Ruling(int board, v1::Room room) {
    return RulingFor(1, match_.table(), board, room);
  }
  void Rule(const v1::RecordRulingRequest& r) {
    absl::StatusOr<v1::EventPayload> p = DecideRecordRuling(state_, r, kAt);
    ASSERT_THAT(p, IsOk());
    Apply(state_, p);
  }
  // Law 12C2 on board `board` in `room`: `ns` and `ew` the two sides'
  // awards.
  void RuleArtificial(int board, v1::Room room, v1::ArtificialAward ns,
                      v1::ArtificialAward ew) {
    v1::RecordRulingRequest r = Ruling(board, room);
    r.mutable_adjusted()->mutable_artificial()->set_ns(ns);
    r.mutable_adjusted()->mutable_artificial()->set_ew(ew);
    Rule(r);
  }
  KnockoutMatchScore Match() {
    absl::StatusOr<std::vector<KnockoutMatchScore>> matches =
        ScoreKnockoutMatches(CompetitionOf(state_, "c"));
    EXPECT_THAT(matches, IsOk());
    for (const KnockoutMatchScore& m : *matches) {
      if (m.label == match_.label()) return m;
    }
    ADD_FAILURE() << "no match " << match_.label();
    return {};
  }
  // Away's closed-room North-South make 4S= vulnerable on board 2 (North-
  // South vulnerable), +620 against a pass: 12 IMPs to away (600-740);
  // then artificial awards `ns` and `ew` on board 1 in `room`.
  KnockoutMatchScore AwayGainsTwelveThen(v1::Room room, v1::ArtificialAward ns,
                                         v1::ArtificialAward ew) {
    EXPECT_EQ(week1_.boards(1), 2);
    Play({{match_.table(), 1, match_.away(), Made(4, v1::STRAIN_SPADES, 10)}});
    RuleArtificial(1, room, ns, ew);
    return Match();
  }
  // 13.12: the higher-placed team (4) holds 0.1 IMP.
  Rational Carry(int team) const {
    return team == match_.carry_over_holder() ? Rational(1, 10) : Rational(0);
  }

  State state_;
  v1::DrawMade week1_;
  v1::DrawnMatch match_;
};

TEST_F(KnockoutRulingTest, SplitScoreGivesEachTeamItsOwnImps) {
  ASSERT_EQ(week1_.boards(0), 1);  // board 1: nobody vulnerable
  Play({});
  // Open room of board 1 (home sits North-South), Law 12C1(b): home
  // credited with 4S= +420 against the closed room's pass, 9 IMPs
  // (370-420); away with 4S-1, -50 to North-South, +50 to away, 2 IMPs
  // (50-80). Before: a level match.
  v1::RecordRulingRequest r = Ruling(1, v1::ROOM_OPEN);
  r.set_law("Law 12C1(b)");
  r.set_non_offending(v1::SIDE_NORTH_SOUTH);
  *r.mutable_adjusted()->mutable_split()->mutable_ns_result() =
      Made(4, v1::STRAIN_SPADES, 10);
  *r.mutable_adjusted()->mutable_split()->mutable_ew_result() =
      Made(4, v1::STRAIN_SPADES, 9);
  Rule(r);
  const KnockoutMatchScore m = Match();
  ASSERT_EQ(m.stanza_scores.size(), 1u);
  EXPECT_EQ(m.stanza_scores[0].home_imps, Rational(9));
  EXPECT_EQ(m.stanza_scores[0].away_imps, Rational(2));
  EXPECT_EQ(m.home_total, Rational(9) + Carry(m.home));
  EXPECT_EQ(m.away_total, Rational(2) + Carry(m.away));
  // 9 (+0.1) against 2 (+0.1): home wins on the totals.
  EXPECT_EQ(m.outcome, KnockoutOutcome::kWon);
  EXPECT_EQ(m.winner, m.home);
  EXPECT_EQ(m.decided_by, "imps");
}

TEST_F(KnockoutRulingTest, AveragePlusToBothLeavesTheMarginAndTheWinner) {
  // Board 1's open room: average plus to both (Law 12C2), +3 IMPs each in
  // a 28-board match (profile "teams_by_match_length": +-3 from 11 boards,
  // as NSW TR 7.2). Home 3, away 12 + 3 = 15: away still wins by 12.
  const KnockoutMatchScore m =
      AwayGainsTwelveThen(v1::ROOM_OPEN, v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                          v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  EXPECT_EQ(m.home_total, Rational(3) + Carry(m.home));
  EXPECT_EQ(m.away_total, Rational(15) + Carry(m.away));
  EXPECT_EQ(m.winner, m.away);
}

TEST_F(KnockoutRulingTest, AverageMinusToOneSideComesOffItsOwnTotal) {
  // Board 1's closed room (away North-South): average minus to away,
  // average to home: away concedes 3 IMPs nobody wins, 0 to home. Away:
  // 12 on board 2, -3 on board 1.
  const KnockoutMatchScore m =
      AwayGainsTwelveThen(v1::ROOM_CLOSED, v1::ARTIFICIAL_AWARD_AVERAGE_MINUS,
                          v1::ARTIFICIAL_AWARD_AVERAGE);
  EXPECT_EQ(m.home_total, Carry(m.home));
  EXPECT_EQ(m.away_total, Rational(9) + Carry(m.away));
  EXPECT_EQ(m.winner, m.away);
}

TEST_F(KnockoutRulingTest, ImpPenaltyComesOffThePenalisedTeamsTotal) {
  // Away gains 3 IMPs on board 1 (1NT= +90 v a pass, 90-120: 3 IMPs).
  Play({{match_.table(), 0, match_.away(), Made(1, v1::STRAIN_NO_TRUMP, 7)}});
  // Laws 90: 4 IMPs off away (East-West in the open room). NSW TR 6.8's
  // scale: 1 VP is 3 IMPs; this director fines 4.
  v1::RecordRulingRequest r = Ruling(1, v1::ROOM_OPEN);
  r.set_law("Law 90");
  r.set_text("slow play");
  *r.mutable_penalty() =
      ProceduralPenalty(v1::SIDE_EAST_WEST, v1::SCORE_UNIT_IMPS, 4);
  Rule(r);
  const KnockoutMatchScore m = Match();
  EXPECT_EQ(m.away_deducted, Rational(4));
  EXPECT_EQ(m.home_deducted, Rational(0));
  // Home 0 (+0.1?), away 3 - 4 = -1 (+0.1?): home wins by 1.
  EXPECT_EQ(m.home_total, Carry(m.home));
  EXPECT_EQ(m.away_total, Rational(-1) + Carry(m.away));
  EXPECT_EQ(m.winner, m.home);
}

// The Fouled-board guide (Match Play) in a knock-out (sabf_teams_finals
// names it): "The team responsible for the fouling will be fined 3 IMPs",
// off its total as an IMP penalty is. Away +3 on board 1, fined 3: 0, so
// home (0) and away (0) are level on IMPs. The ruling corrected to (a), 5
// IMPs to home, the non-offending team, in place of both rooms' results and
// with no fine: home 5, away 0, home wins.
TEST_F(KnockoutRulingTest, GuideMatchPlayFineAndAdjustedScore) {
  Play({{match_.table(), 0, match_.away(), Made(1, v1::STRAIN_NO_TRUMP, 7)}});
  v1::RecordRulingRequest r = Ruling(1, v1::ROOM_UNSPECIFIED);
  r.set_law("Fouled-board guide (Match Play)");
  r.set_text("board 1 fouled, corrected");
  r.mutable_fouled()->set_treatment("play_proceeds");
  r.mutable_fouled()->set_offending_team(match_.away());
  absl::StatusOr<v1::EventPayload> fined = DecideRecordRuling(state_, r, kAt);
  ASSERT_THAT(fined, IsOk());
  EXPECT_EQ(fined->ruling_made().fouled().rule_clause(),
            "Fouled-board guide (Match Play), a corrected board");
  Apply(state_, fined);
  const uint64_t sequence =
      CompetitionOf(state_, "c").rounds.at(1).rulings.back().sequence;
  KnockoutMatchScore m = Match();
  EXPECT_EQ(m.away_deducted, Rational(3));
  EXPECT_EQ(m.home_total, Carry(m.home));
  EXPECT_EQ(m.away_total, Carry(m.away));

  r.mutable_fouled()->set_treatment("adjusted");
  r.mutable_fouled()->set_adjusted_imps(5);
  r.set_supersedes_sequence(sequence);
  Rule(r);
  m = Match();
  EXPECT_EQ(m.away_deducted, Rational(0));
  EXPECT_EQ(m.home_total, Rational(5) + Carry(m.home));
  EXPECT_EQ(m.away_total, Carry(m.away));
  EXPECT_EQ(m.winner, m.home);
}

TEST_F(KnockoutRulingTest, RefusedRulingChangesNothing) {
  Play({});
  // A penalty in matchpoints: not a knock-out's unit.
  v1::RecordRulingRequest r = Ruling(1, v1::ROOM_OPEN);
  *r.mutable_penalty() =
      ProceduralPenalty(v1::SIDE_EAST_WEST, v1::SCORE_UNIT_MATCHPOINTS, 1);
  EXPECT_THAT(DecideRecordRuling(state_, r, kAt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("scores its matches in IMPs")));
  const KnockoutMatchScore m = Match();
  EXPECT_EQ(m.home_total, Carry(m.home));
  EXPECT_EQ(m.away_total, Carry(m.away));
}

}  // namespace
}  // namespace tally::replay
