// Rulings as events (issue #5, item 4): each form of ruling decided and
// scored, each refusal, a superseding ruling (NZ LIRG 82C), and the window
// a ruling may change a score in (Law 79C2 as NZ LIRG reads it; NSW TR
// 12.4). Expected values are the NZ LIRG's worked examples (Law 12C1(c)) or
// worked by hand in the comments.

#include "replay/decide/decide_ruling.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/butler/butler_session.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_correction.h"
#include "replay/pairs/session_scores.h"
#include "replay/state/rulings.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/side_awards_for_test.h"
#include "replay/timeline/decide_timeline.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::HasSubstr;

core::Rational R(const char* text) { return core::Rational::Parse(text).value(); }

absl::Time Clock(int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2026, 3, 14, hour, minute, second),
                         absl::UTCTimeZone());
}

// Spades by North on board 2 (North-South vulnerable): 6S= +1430, 4S+2
// +680, 4S+1 +650, 6S-1 -100, the NZ LIRG example's four results.
v1::TableResult Spades(int level, int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(v1::STRAIN_SPADES);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  return r;
}

v1::WeightedResult Outcome(const v1::TableResult& r, int tenths) {
  v1::WeightedResult w;
  *w.mutable_result() = r;
  w.mutable_weight()->set_numerator(tenths);
  w.mutable_weight()->set_denominator(10);
  return w;
}

// NZ LIRG Law 12C1(c): "30% of +1430 (6S =) Plus 40% of +680 (4S +2) Plus
// 20% of +650 (4S +1) Plus 10% of -100 (6S -1)".
v1::AdjustedScore NzWeighted() {
  v1::AdjustedScore a;
  v1::WeightedAdjustedScore* w = a.mutable_weighted();
  *w->add_outcomes() = Outcome(Spades(6, 12), 3);
  *w->add_outcomes() = Outcome(Spades(4, 12), 4);
  *w->add_outcomes() = Outcome(Spades(4, 11), 2);
  *w->add_outcomes() = Outcome(Spades(6, 11), 1);
  return a;
}

v1::AdjustedScore Artificial(v1::ArtificialAward ns, v1::ArtificialAward ew) {
  v1::AdjustedScore a;
  a.mutable_artificial()->set_ns(ns);
  a.mutable_artificial()->set_ew(ew);
  return a;
}

v1::AdjustedScore Assigned(const v1::TableResult& r) {
  v1::AdjustedScore a;
  *a.mutable_assigned() = r;
  return a;
}

class RulingTest : public ::testing::Test {
 protected:
  // `tables` tables in one round, every one playing `boards` (table t: NS
  // 2t-1 v EW 2t), under `profile`; scheduled 10:00-13:00.
  void Create(const char* profile, v1::CompetitionKind kind, int tables,
              const std::vector<int>& boards) {
    CreateOneRoundSession(state_, profile, kind, tables, boards);
    v1::ScheduleSessionRequest s;
    s.set_tournament_id("t");
    s.set_competition_id("c");
    s.set_session(1);
    *s.mutable_scheduled_start() = ToTimestamp(Clock(10, 0));
    *s.mutable_scheduled_end() = ToTimestamp(Clock(13, 0));
    s.set_last_of_stage(true);
    Apply(state_, DecideScheduleSession(state_, s));
  }

  void Enter(int table, int board, const v1::TableResult& r) {
    EnterInSession(state_, table, board, r);
  }

  void PostAt(absl::Time at) {
    v1::PostScoresRequest p;
    p.set_tournament_id("t");
    p.set_competition_id("c");
    p.set_session(1);
    ApplyAt(state_, DecidePostScores(state_, p), at);
  }

  // The NZ LIRG example's other 11 tables on board 2 (2 x +1430, 5 x +680,
  // 2 x +650, 2 x -100; core/adjust/weighted_score_test.cc) and 4S+2 at
  // table 12; the results of the first `entered` tables entered.
  void NzField(int entered = 12) {
    Create("nsw_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 12,
           {2});
    const v1::TableResult results[12] = {
        Spades(6, 12), Spades(6, 12), Spades(4, 12), Spades(4, 12),
        Spades(4, 12), Spades(4, 12), Spades(4, 12), Spades(4, 11),
        Spades(4, 11), Spades(6, 11), Spades(6, 11), Spades(4, 12)};
    for (int table = 1; table <= entered; ++table) {
      Enter(table, 2, results[table - 1]);
    }
  }

  static v1::RecordRulingRequest Ruling(int table, int board) {
    v1::RecordRulingRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_session(1);
    r.set_table(table);
    r.set_board(board);
    r.set_law("Law 12C1(c)");
    r.set_text("misinformation; the likely outcomes weighted");
    return r;
  }

  absl::StatusOr<v1::EventPayload> Decide(const v1::RecordRulingRequest& r,
                                          absl::Time at = Clock(11, 0)) {
    return DecideRecordRuling(state_, r, at);
  }

  // Decides and folds `r` at `at`; returns its sequence.
  uint64_t Rule(const v1::RecordRulingRequest& r,
                absl::Time at = Clock(11, 0)) {
    ApplyAt(state_, Decide(r, at), at);
    return state_.last_sequence;
  }

  const CompetitionState& C() const {
    return state_.tournaments.at("t").competitions.at("c");
  }
  SessionScores Matchpoints() const {
    return ScoreSessionForProfile(C().sessions.at(1), C().profile);
  }
  const ScoredResult& At(const SessionScores& s, int board, int table) const {
    return s.boards.at(board).results.at(table - 1);
  }

  State state_;
};

// ---- Scoring each form (matchpoints) ----

TEST_F(RulingTest, WeightedScoreGivesTheNzLirgTwelvePointSix) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  *r.mutable_adjusted() = NzWeighted();
  Rule(r);
  const SessionScores s = Matchpoints();
  // NZ LIRG: "A single score of N/S +12.6" on a top of 22; EW 22 - 12.6.
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("12.6"));
  EXPECT_EQ(At(s, 2, 12).ew_matchpoints, R("9.4"));
  EXPECT_NE(At(s, 2, 12).ruling, 0u);
  // The other tables score their frequency-table rows: +1430 20.7, +680
  // 13.0, +650 5.4, -100 1.1 (NZ LIRG).
  EXPECT_EQ(At(s, 2, 1).ns_matchpoints, R("20.7"));
  EXPECT_EQ(At(s, 2, 3).ns_matchpoints, R("13"));
  EXPECT_EQ(At(s, 2, 8).ns_matchpoints, R("5.4"));
  EXPECT_EQ(At(s, 2, 10).ns_matchpoints, R("1.1"));
  EXPECT_EQ(s.pairs.at(23).matchpoints, R("12.6"));  // NS at table 12
}

TEST_F(RulingTest, SupersedingRulingReplacesTheOneItCorrects) {
  NzField();
  v1::RecordRulingRequest weighted = Ruling(12, 2);
  *weighted.mutable_adjusted() = NzWeighted();
  const uint64_t first = Rule(weighted);
  // NZ LIRG 82C example (a): the director finds the contract always makes
  // 4S+2 and amends the ruling.
  v1::RecordRulingRequest assigned = Ruling(12, 2);
  assigned.set_law("Law 82C");
  assigned.set_text("4S always makes twelve tricks: amended to 4S+2");
  *assigned.mutable_adjusted() = Assigned(Spades(4, 12));
  assigned.set_supersedes_sequence(first);
  const uint64_t second = Rule(assigned);
  EXPECT_EQ(C().sessions.at(1).rulings.size(), 2u);  // both kept
  EXPECT_FALSE(InForce(C().sessions.at(1).rulings, first));
  const SessionScores s = Matchpoints();
  // +680 at table 12 with the field: beats 2 x +650 and 2 x -100, ties 5
  // x +680: 2 x 4 + 5 = 13. Table 1 (+1430) beats the 10 tables below and
  // ties table 2: 2 x 10 + 1 = 21.
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("13"));
  EXPECT_EQ(At(s, 2, 12).ruling, second);
  EXPECT_EQ(At(s, 2, 1).ns_matchpoints, R("21"));
}

TEST_F(RulingTest, ArtificialScoreLeavesTheFieldAndGetsSixtyAndForty) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  r.set_law("Law 12C2");
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  Rule(r);
  const SessionScores s = Matchpoints();
  // fixed_60_40: 60% and 40% of the top of 22.
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("13.2"));
  EXPECT_EQ(At(s, 2, 12).ew_matchpoints, R("8.8"));
  // The 11 others matchpointed among themselves (top 20) and factored to
  // 12 tables: table 1 beats 9 and ties 1 = 19; (19 + 1) x 12 / 11 - 1 =
  // 229/11.
  EXPECT_EQ(At(s, 2, 1).ns_matchpoints, core::Rational(229, 11));
}

TEST_F(RulingTest, SplitScoreScoresEachSideOnItsOwnResult) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  r.set_law("Law 12C1(b)");
  v1::SplitAdjustedScore* split = r.mutable_adjusted()->mutable_split();
  *split->mutable_ns_result() = Spades(4, 12);  // +680
  *split->mutable_ew_result() = Spades(6, 12);  // +1430
  r.set_non_offending(v1::SIDE_NORTH_SOUTH);
  Rule(r);
  const SessionScores s = Matchpoints();
  // NS: +680 against the other 11: 2 x 4 + 5 = 13. EW credited with +1430:
  // NS would score 2 x 9 + 2 = 20 for it, so EW get 22 - 20 = 2.
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("13"));
  EXPECT_EQ(At(s, 2, 12).ew_matchpoints, R("2"));
  // The field compares with the non-offenders' +680: table 1 scores 21.
  EXPECT_EQ(At(s, 2, 1).ns_matchpoints, R("21"));
}

TEST_F(RulingTest, MatchpointPenaltyComesOffThePairsTotal) {
  NzField();
  v1::RecordRulingRequest r = Ruling(1, 2);
  r.set_law("Law 90");
  r.set_text("slow play");
  v1::RulingPenalty* p = r.mutable_penalty();
  p->set_kind(v1::PENALTY_KIND_PROCEDURAL);
  p->set_side(v1::SIDE_NORTH_SOUTH);
  p->set_unit(v1::SCORE_UNIT_MATCHPOINTS);
  p->mutable_amount()->set_numerator(2);
  p->mutable_amount()->set_denominator(1);
  Rule(r);
  ASSERT_EQ(C().sessions.at(1).rulings.back().ruling.penalty().entrant(), 1);
  const SessionScores s = Matchpoints();
  // Table 1 (+1430) beats the 10 tables below it and ties table 2: 2 x 10
  // + 1 = 21 on the board, less 2.
  EXPECT_EQ(s.pairs.at(1).matchpoints, R("19"));
  EXPECT_EQ(s.pairs.at(1).penalties, R("2"));
  EXPECT_EQ(At(s, 2, 1).ns_matchpoints, R("21"));  // the board is untouched
}

// ---- Butler (ANC SR 16.5 Open Stage 2) ----

class ButlerRulingTest : public RulingTest {
 protected:
  void SetUp() override { ButlerField(/*table_4_played_board_2=*/true); }
  // 4 tables, boards 1-12; board 2: +650 (4S+1) at tables 1-3, +680 at 4
  // (when it played it); the rest passed out.
  void ButlerField(bool table_4_played_board_2) {
    Create("anc2025_abpc_open_stage2", v1::COMPETITION_KIND_BUTLER_PAIRS, 4,
           {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    for (int table = 1; table <= 4; ++table) {
      for (int board = 1; board <= 12; ++board) {
        if (board == 2 && table == 4 && !table_4_played_board_2) continue;
        v1::TableResult passed;
        passed.mutable_passed_out();
        Enter(table, board,
              board != 2 ? passed : Spades(4, table == 4 ? 12 : 11));
      }
    }
  }
  ButlerSessionScores Butler() const {
    absl::StatusOr<ButlerSessionScores> s =
        ScoreButlerSession(C().sessions.at(1), C().profile);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? *s : ButlerSessionScores();
  }
};

TEST_F(ButlerRulingTest, WeightedScoreIsImpedAgainstTheDatumAsNzLirgTeams) {
  v1::RecordRulingRequest r = Ruling(4, 2);
  *r.mutable_adjusted() = NzWeighted();
  Rule(r);
  const ButlerSessionScores s = Butler();
  const ButlerBoard& b = s.boards.at(2);
  ASSERT_TRUE(b.datum.has_value());
  EXPECT_EQ(b.datum->datum, 650);  // the three +650s; table 4 left out
  // NZ LIRG (teams, against +650): +780 13, +30 1, 0, -750 -13; 0.3 x 13 +
  // 0.4 x 1 + 0 - 0.1 x 13 = 3.
  EXPECT_EQ(*b.lines[3].ns_imps, 3);
  EXPECT_FALSE(b.lines[3].ew_imps.has_value());
  EXPECT_EQ(s.pairs.at(8).net_imps, core::Rational(-3));  // EW at table 4
}

TEST_F(ButlerRulingTest, ArtificialScoreIsTwoImpsAndLeavesTheDatum) {
  v1::RecordRulingRequest r = Ruling(4, 2);
  r.set_law("Law 12C2");
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  Rule(r);
  const ButlerSessionScores s = Butler();
  const ButlerBoard& b = s.boards.at(2);
  // ANC SR 7.3 (butler_2_imps): average plus is +2 IMPs, to both sides.
  EXPECT_EQ(*b.lines[3].ns_imps, 2);
  EXPECT_EQ(*b.lines[3].ew_imps, 2);
  EXPECT_EQ(b.datum->datum, 650);
  EXPECT_EQ(s.pairs.at(7).net_imps, core::Rational(2));
  EXPECT_EQ(s.pairs.at(8).net_imps, core::Rational(2));
}

TEST_F(ButlerRulingTest, FouledTreatmentOutsideTheRegulationIsRefused) {
  v1::RecordRulingRequest r = Ruling(0, 2);
  r.set_law("ANC SR 7.2");
  r.mutable_fouled()->set_treatment("sixty_percent");
  r.mutable_fouled()->add_fouled_tables(4);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  AllOf(HasSubstr("ANC SR 7.2 does not allow"),
                                        HasSubstr("two_imps"))));
  // 7.2(a) needs 3 results in each group: one fouled table is too few.
  r.mutable_fouled()->set_treatment("separate_datums");
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kFailedPrecondition,
                                  HasSubstr("ANC SR 7.2(b)")));
  r.mutable_fouled()->set_treatment("two_imps");
  absl::StatusOr<v1::EventPayload> ok = Decide(r);
  ASSERT_THAT(ok, IsOk());
  EXPECT_EQ(ok->ruling_made().fouled().rule(), "anc_sr_7_2");
  EXPECT_EQ(ok->ruling_made().fouled().rule_clause(), "ANC SR 7.2(b), 7.3");
}

// ---- NSW TR 12.6(b): a score on the wrong side ----

v1::RecordRulingRequest WrongSide(int table, int board) {
  v1::RecordRulingRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("c");
  r.set_session(1);
  r.set_table(table);
  r.set_board(board);
  r.set_text("4S-1 recorded on the wrong side; the players cannot be found");
  r.mutable_fouled()->set_treatment("nsw_tr_12_6b_wrong_side");
  return r;
}

TEST_F(RulingTest, WrongSideScoreIsFouledForItsRoundWithAverageToBoth) {
  // Board 1 (none vulnerable) at four tables: +420, +450, +420 and -50,
  // the last apparently on the wrong side.
  Create("nsw_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 4,
         {1});
  Enter(1, 1, Spades(4, 10));
  Enter(2, 1, Spades(4, 11));
  Enter(3, 1, Spades(4, 10));
  Enter(4, 1, Spades(4, 9));
  absl::StatusOr<v1::EventPayload> p = Decide(WrongSide(4, 1));
  ASSERT_THAT(p, IsOk());
  const v1::RulingMade& m = p->ruling_made();
  EXPECT_EQ(m.law(), "NSW TR 12.6(b)");  // the clause, filled
  EXPECT_EQ(m.fouled().rule_clause(), "NSW TR 12.6(b)");
  EXPECT_THAT(m.fouled().fouled_tables(), ::testing::ElementsAre(4));
  EXPECT_EQ(m.ns_pair(), 7);
  EXPECT_EQ(m.ew_pair(), 8);
  ApplyAt(state_, p, Clock(11, 0));
  const SessionScores s = Matchpoints();
  // Table 4 leaves the field with average, 3 of the top 6, to both. The
  // other three among themselves (top 4): +420s 1 each, +450 4; factored
  // to four tables, (M + 1) x 4 / 3 - 1: 5/3 and 17/3.
  EXPECT_EQ(At(s, 1, 4).ns_matchpoints, R("3"));
  EXPECT_EQ(At(s, 1, 4).ew_matchpoints, R("3"));
  EXPECT_EQ(At(s, 1, 1).ns_matchpoints, core::Rational(5, 3));
  EXPECT_EQ(At(s, 1, 2).ns_matchpoints, core::Rational(17, 3));
  EXPECT_EQ(At(s, 1, 3).ew_matchpoints, core::Rational(13, 3));
  EXPECT_EQ(At(s, 1, 4).ruling, state_.last_sequence);
}

TEST_F(ButlerRulingTest, WrongSideIsRefusedOutsideTheNswRegulations) {
  EXPECT_THAT(Decide(WrongSide(4, 2)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("NSW TR 12.6(b)"),
                             HasSubstr("ANC 2025 SR"))));
}

TEST_F(RulingTest, WrongSideRefusals) {
  Create("nsw_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 4,
         {1, 2});
  Enter(4, 1, Spades(4, 9));
  // The table is the point: the score recorded there.
  EXPECT_THAT(Decide(WrongSide(0, 1)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("name the table")));
  v1::RecordRulingRequest listed = WrongSide(4, 1);
  listed.mutable_fouled()->add_fouled_tables(3);
  EXPECT_THAT(Decide(listed), StatusIs(absl::StatusCode::kInvalidArgument,
                                       HasSubstr("do not list")));
  EXPECT_THAT(Decide(WrongSide(4, 2)),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("no result is entered")));
  // An adjusted score already in force there: only by superseding it.
  v1::RecordRulingRequest adjusted = Ruling(4, 1);
  *adjusted.mutable_adjusted() = Assigned(Spades(4, 10));
  const uint64_t first = Rule(adjusted);
  EXPECT_THAT(Decide(WrongSide(4, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NZ LIRG 82C")));
  v1::RecordRulingRequest superseding = WrongSide(4, 1);
  superseding.set_supersedes_sequence(first);
  EXPECT_THAT(Decide(superseding), IsOk());
}

// ---- Refusals ----

TEST_F(RulingTest, NswSeparateDealNeedsSufficientPairs) {
  Create("nsw_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 12,
         {2});
  v1::RecordRulingRequest r = Ruling(0, 2);
  r.set_law("NSW TR 7.3.2");
  r.mutable_fouled()->set_treatment("separate_deal");
  // 12 tables: min(4, ceil(12 / 3)) = 4 must play the fouled form.
  for (int table : {1, 2, 3}) r.mutable_fouled()->add_fouled_tables(table);
  EXPECT_THAT(Decide(r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("NSW TR 7.3.2"), HasSubstr("4 of the 12"))));
  r.mutable_fouled()->add_fouled_tables(4);
  EXPECT_THAT(Decide(r), IsOk());
}

TEST_F(RulingTest, WeightsMustAddUpToOne) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  *r.mutable_adjusted() = NzWeighted();
  r.mutable_adjusted()->mutable_weighted()->mutable_outcomes(3)
      ->mutable_weight()->set_numerator(2);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  AllOf(HasSubstr("Law 12C1(c)"),
                                        HasSubstr("11/10"))));
}

TEST_F(RulingTest, NeedsTheLawAndTheText) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  *r.mutable_adjusted() = Assigned(Spades(4, 11));
  r.clear_law();
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("Law or clause")));
  r.set_law("Law 12C1(b)");
  r.clear_text();
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("text")));
}

TEST_F(RulingTest, AnAdjustmentInForceIsReplacedOnlyBySupersedingIt) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  *r.mutable_adjusted() = Assigned(Spades(4, 11));
  const uint64_t first = Rule(r);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kFailedPrecondition,
                                  HasSubstr("NZ LIRG 82C")));
  r.set_supersedes_sequence(first + 100);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kNotFound));
  r.set_supersedes_sequence(first);
  *r.mutable_adjusted() = Assigned(Spades(4, 12));
  Rule(r);
  // A ruling already superseded cannot be superseded again.
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kFailedPrecondition,
                                  HasSubstr("superseded")));
}

TEST_F(RulingTest, NoResultEnteredIsNotFound) {
  Create("nsw_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 4,
         {2});
  v1::RecordRulingRequest r = Ruling(1, 2);
  *r.mutable_adjusted() = Assigned(Spades(4, 11));
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kNotFound,
                                  AllOf(HasSubstr("enter the result"),
                                        HasSubstr("--not-played"))));
}

// ---- A board not played at a table (Law 12C2(a)) ----

// The NZ LIRG field without table 12's result: board 2 was not played
// there, and the director rules it so, average plus to North-South and
// average minus to East-West.
class NotPlayedTest : public RulingTest {
 protected:
  void SetUp() override { NzField(11); }
  static v1::RecordRulingRequest NotPlayed() {
    v1::RecordRulingRequest r = Ruling(12, 2);
    r.set_law("Law 12C2(a)");
    r.set_text("late arrival: the board could not be played in the time");
    r.set_board_not_played(true);
    *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_PLUS,
                                       v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
    return r;
  }
  absl::StatusOr<v1::EventPayload> EnterAt12(const v1::TableResult& r) {
    v1::EnterResultRequest e;
    e.set_tournament_id("t");
    e.set_competition_id("c");
    e.set_session(1);
    e.set_table(12);
    e.set_board(2);
    *e.mutable_result() = r;
    return DecideEnterResult(state_, e);
  }
};

TEST_F(NotPlayedTest, ArtificialScoreStandsInForTheResult) {
  const uint64_t ruling = Rule(NotPlayed());
  const EnteredResult& at12 = C().sessions.at(1).results.at({2, 12});
  EXPECT_TRUE(at12.result.has_not_played());
  EXPECT_EQ(at12.sequence, ruling);
  EXPECT_EQ(at12.slot.ns_pair, 23);
  EXPECT_EQ(at12.slot.ew_pair, 24);
  // As RulingTest.ArtificialScoreLeavesTheFieldAndGetsSixtyAndForty, where
  // the table had played: 60% and 40% of the top of 22 (fixed_60_40), and
  // the other 11 matchpointed among themselves and factored to 12 tables,
  // table 1: (19 + 1) x 12 / 11 - 1 = 229/11.
  const SessionScores s = Matchpoints();
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("13.2"));
  EXPECT_EQ(At(s, 2, 12).ew_matchpoints, R("8.8"));
  EXPECT_EQ(At(s, 2, 12).ruling, ruling);
  EXPECT_EQ(At(s, 2, 1).ns_matchpoints, core::Rational(229, 11));
  EXPECT_EQ(s.pairs.at(23).matchpoints, R("13.2"));
}

TEST_F(NotPlayedTest, NothingReplacesItButASupersedingAdjustedScore) {
  const uint64_t ruling = Rule(NotPlayed());
  // A result found later is not entered over the ruling, nor corrected in.
  EXPECT_THAT(EnterAt12(Spades(4, 12)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("ruled not played at table 12"),
                             HasSubstr(absl::StrCat("ruling ", ruling)))));
  v1::CorrectResultRequest fix;
  fix.set_tournament_id("t");
  fix.set_competition_id("c");
  fix.set_session(1);
  fix.set_table(12);
  fix.set_board(2);
  fix.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
  fix.set_reason("the result was found");
  *fix.mutable_result() = Spades(4, 12);
  EXPECT_THAT(DecideCorrectResult(state_, fix, Clock(11, 0)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("a correction cannot replace that")));
  // A penalty in its place, or an adjusted score at another table, would
  // leave table 12 without a score.
  v1::RecordRulingRequest penalty = Ruling(12, 2);
  penalty.set_supersedes_sequence(ruling);
  v1::RulingPenalty* p = penalty.mutable_penalty();
  p->set_kind(v1::PENALTY_KIND_PROCEDURAL);
  p->set_side(v1::SIDE_NORTH_SOUTH);
  p->set_unit(v1::SCORE_UNIT_MATCHPOINTS);
  p->mutable_amount()->set_numerator(1);
  p->mutable_amount()->set_denominator(1);
  EXPECT_THAT(Decide(penalty), StatusIs(absl::StatusCode::kFailedPrecondition,
                                        HasSubstr("was not played at table")));
  // NZ LIRG 82C: the director finds North-South were not at fault after
  // all: average to both, superseding.
  v1::RecordRulingRequest amended = NotPlayed();
  amended.set_board_not_played(false);
  amended.set_supersedes_sequence(ruling);
  *amended.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE,
                                           v1::ARTIFICIAL_AWARD_AVERAGE);
  const uint64_t second = Rule(amended);
  const SessionScores s = Matchpoints();
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("11"));  // 50% of 22
  EXPECT_EQ(At(s, 2, 12).ruling, second);
  EXPECT_TRUE(
      C().sessions.at(1).results.at({2, 12}).result.has_not_played());
}

TEST_F(NotPlayedTest, RefusalsNameWhatToDoInstead) {
  v1::RecordRulingRequest r = NotPlayed();
  *r.mutable_adjusted() = Assigned(Spades(4, 12));
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("artificial adjusted score")));
  r = NotPlayed();
  r.set_table(1);  // played there: +1430
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kFailedPrecondition,
                                  AllOf(HasSubstr("is entered ("),
                                        HasSubstr("without --not-played"))));
  r = NotPlayed();
  r.clear_adjusted();
  r.mutable_fouled()->set_treatment("separate_deal");
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("not a penalty")));
  // A board not played is never entered as a result.
  v1::TableResult not_played;
  not_played.mutable_not_played();
  EXPECT_THAT(EnterAt12(not_played),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("--not-played")));
  EXPECT_FALSE(C().sessions.at(1).results.contains({2, 12}));
}

// ANC SR 16.5 Open Stage 2 (Butler): ButlerRulingTest's field, board 2
// not played at table 4.
class NotPlayedButlerDecideTest : public ButlerRulingTest {
 protected:
  void SetUp() override { ButlerField(/*table_4_played_board_2=*/false); }
};

TEST_F(NotPlayedButlerDecideTest, TheDatumIsTakenWithoutTheTable) {
  v1::RecordRulingRequest r = Ruling(4, 2);
  r.set_law("Law 12C2(a)");
  r.set_text("board not reached: slow play by both pairs");
  r.set_board_not_played(true);
  *r.mutable_adjusted() = Artificial(v1::ARTIFICIAL_AWARD_AVERAGE_MINUS,
                                     v1::ARTIFICIAL_AWARD_AVERAGE_MINUS);
  Rule(r);
  const ButlerSessionScores s = Butler();
  const ButlerBoard& b = s.boards.at(2);
  EXPECT_TRUE(b.complete);  // the four tables are all accounted for
  ASSERT_TRUE(b.datum.has_value());
  EXPECT_EQ(b.datum->datum, 650);  // the three +650s
  // ANC SR 7.3 (butler_2_imps): average minus is -2 IMPs, to both sides.
  EXPECT_EQ(*b.lines[3].ns_imps, -2);
  EXPECT_EQ(*b.lines[3].ew_imps, -2);
  EXPECT_EQ(s.pairs.at(7).net_imps, core::Rational(-2));
  EXPECT_EQ(s.pairs.at(8).net_imps, core::Rational(-2));
  EXPECT_EQ(*b.lines[0].ns_imps, 0);  // +650 against +650
}

TEST_F(RulingTest, PenaltyInTheWrongUnitIsRefused) {
  NzField();
  v1::RecordRulingRequest r = Ruling(1, 2);
  v1::RulingPenalty* p = r.mutable_penalty();
  p->set_kind(v1::PENALTY_KIND_DISCIPLINARY);
  p->set_side(v1::SIDE_EAST_WEST);
  p->set_unit(v1::SCORE_UNIT_IMPS);
  p->mutable_amount()->set_numerator(3);
  p->mutable_amount()->set_denominator(1);
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("matchpoints")));
}

TEST_F(RulingTest, AfterTheCorrectionPeriodOnlyAnAppealChangesTheScore) {
  NzField();
  PostAt(Clock(13, 0));
  v1::RecordRulingRequest r = Ruling(12, 2);
  *r.mutable_adjusted() = NzWeighted();
  // NSW TR 12.2, 12.4: the last session's period ends 30 minutes after
  // posting, at 13:30:00.
  absl::StatusOr<v1::EventPayload> inside = Decide(r, Clock(13, 29, 59));
  ASSERT_THAT(inside, IsOk());
  EXPECT_EQ(inside->ruling_made().window_clause(), "NSW TR 12.2, 12.4");
  EXPECT_EQ(ToTime(inside->ruling_made().window_closes_at()), Clock(13, 30));
  EXPECT_THAT(Decide(r, Clock(13, 30, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("NSW TR 12.2, 12.4"),
                             HasSubstr("13:30 UTC"), HasSubstr("Law 79C2"))));
}

TEST_F(RulingTest, OfficialResultsTakeNoRuling) {
  NzField();
  PostAt(Clock(13, 0));
  v1::DeclareResultsOfficialRequest o;
  o.set_tournament_id("t");
  o.set_competition_id("c");
  // NSW TR 12.4: official once the 30 minutes after posting are over.
  ApplyAt(state_, DecideDeclareResultsOfficial(state_, o, Clock(13, 30)),
          Clock(13, 30));
  v1::RecordRulingRequest r = Ruling(12, 2);
  *r.mutable_adjusted() = NzWeighted();
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kFailedPrecondition,
                                  HasSubstr("NSW TR 12.4")));
}

}  // namespace
}  // namespace tally::replay

// ---- Law 12C2 on each side's own terms (issue #18) ----

namespace tally::replay {
namespace {

TEST_F(RulingTest, PerSideSixtyPercentAndAnAssignedScore) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  r.set_law("Law 12C2");
  *r.mutable_adjusted() = PerSide(SidePercent(60), SideScore(680));
  const uint64_t ruling = Rule(r);
  const SessionScores s = Matchpoints();
  // NS: 60% of the top of 22 = 13.2. EW on NS +680 against the other 11
  // (2 x +1430, 5 x +680, 2 x +650, 2 x -100): 2 x 4 + 5 = 13, factored
  // from 12 (the 11 and itself) to 12: 13; EW 22 - 13 = 9.
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("13.2"));
  EXPECT_EQ(At(s, 2, 12).ew_matchpoints, R("9"));
  EXPECT_EQ(At(s, 2, 12).ruling, ruling);
  ASSERT_NE(At(s, 2, 12).adjusted, nullptr);
  EXPECT_TRUE(At(s, 2, 12).adjusted->has_per_side());
  // The table leaves the field as an artificial one: table 1 as in
  // ArtificialScoreLeavesTheFieldAndGetsSixtyAndForty, 229/11.
  EXPECT_EQ(At(s, 2, 1).ns_matchpoints, core::Rational(229, 11));
  EXPECT_EQ(s.pairs.at(24).matchpoints, R("9"));  // EW at table 12
}

TEST_F(NotPlayedTest, PercentagesToEachSideStandInForTheResult) {
  v1::RecordRulingRequest r = NotPlayed();
  *r.mutable_adjusted() = PerSide(SidePercent(70), SidePercent(30));
  Rule(r);
  const SessionScores s = Matchpoints();
  // 70% and 30% of the top of 22: 15.4 and 6.6.
  EXPECT_EQ(At(s, 2, 12).ns_matchpoints, R("15.4"));
  EXPECT_EQ(At(s, 2, 12).ew_matchpoints, R("6.6"));
  // With no result there, a side cannot be scored on a score.
  r = NotPlayed();
  r.set_supersedes_sequence(state_.last_sequence);
  *r.mutable_adjusted() = PerSide(SidePercent(60), SideScore(680));
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  HasSubstr("a percentage of the top")));
}

TEST_F(RulingTest, PerSideRefusalsNameTheRule) {
  NzField();
  v1::RecordRulingRequest r = Ruling(12, 2);
  r.set_law("Law 12C2");
  const auto refused = [&](const v1::AdjustedScore& a, const char* why) {
    *r.mutable_adjusted() = a;
    EXPECT_THAT(Decide(r),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(why)))
        << a.ShortDebugString();
  };
  refused(PerSide(SideScore(680), SideScore(-100)),
          "a split score (Law 12C1(b))");
  refused(PerSide(SidePercent(101), SidePercent(40)), "from 0 to 100");
  refused(PerSide(SidePercent(-1), SidePercent(40)), "from 0 to 100");
  refused(PerSide(SidePercent(1, 300), SidePercent(40)),
          "denominator at most 100");
  refused(PerSide(SidePercent(60), SideScore(635)), "not a bridge score");
  refused(PerSide(SidePercent(60), SideScore(7610)), "not a bridge score");
  refused(PerSide(SidePercent(60), v1::SideAward()),
          "give East-West a percentage of the top or a score");
  EXPECT_TRUE(C().sessions.at(1).rulings.empty());
}

TEST_F(ButlerRulingTest, PerSideIsRefusedOutsideMatchpoints) {
  v1::RecordRulingRequest r = Ruling(4, 2);
  r.set_law("Law 12C2");
  *r.mutable_adjusted() = PerSide(SidePercent(60), SidePercent(40));
  EXPECT_THAT(Decide(r), StatusIs(absl::StatusCode::kInvalidArgument,
                                  AllOf(HasSubstr("scored in imps_vs_datum"),
                                        HasSubstr("--artificial"))));
}

}  // namespace
}  // namespace tally::replay
