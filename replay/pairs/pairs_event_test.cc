// Two sessions of an SABF matchpoint pairs competition with a substitute
// and absent pairs, run through decide/Evolve, and the competition
// standings (SABF TR 11.3-11.6).
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_datum_substitutes.h"
#include "replay/pairs/decide_pairs_event.h"
#include "replay/pairs/pairs_event_queries.h"
#include "replay/rulings/offence_register.h"
#include "replay/state/bridge_convert.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

core::Rational Of(const v1::Fraction& f) {
  return core::Rational(f.numerator(), f.denominator());
}

class PairsEventTest : public ::testing::Test {
 protected:
  void SetUp() override { Create("sabf_matchpoint_pairs"); }

  void Create(const char* profile) {
    state_ = State();
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Test");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("pairs");
    c.set_name("State Pairs");
    c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
    c.set_regulation_profile(profile);
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 5; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("pairs");
      r.set_pair(pair);
      r.add_players(absl::StrCat("North", pair));
      r.add_players(absl::StrCat("South", pair));
      Apply(state_, DecideRegisterPair(state_, r));
    }
  }

  // One round: table 1 `a` NS v `b` EW, table 2 `c` NS v `d` EW, both
  // tables play boards 1 and 2 (top 2 on each board).
  void Define(int session, int a, int b, int c, int d) {
    v1::DefineSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_session(session);
    v1::MovementRound* round = r.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (auto [table, ns, ew] : {std::tuple{1, a, b}, std::tuple{2, c, d}}) {
      v1::TableAssignment* t = round->add_tables();
      t->set_table(table);
      t->set_ns_pair(ns);
      t->set_ew_pair(ew);
      t->add_boards(1);
      t->add_boards(2);
    }
    Apply(state_, DecideDefineSession(state_, r));
    v1::StartSessionRequest start;
    start.set_tournament_id("t");
    start.set_competition_id("pairs");
    start.set_session(session);
    Apply(state_, DecideStartSession(state_, start));
  }

  // 1NT by North taking `tricks`.
  void Enter(int session, int table, int board, int tricks) {
    v1::EnterResultRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_session(session);
    r.set_table(table);
    r.set_board(board);
    v1::PlayedContract* p = r.mutable_result()->mutable_played();
    p->set_level(1);
    p->set_strain(v1::STRAIN_NO_TRUMP);
    p->set_declarer(v1::SEAT_NORTH);
    p->set_tricks(tricks);
    Apply(state_, DecideEnterResult(state_, r));
  }

  void Post(int session) {
    v1::PostScoresRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_session(session);
    Apply(state_, DecidePostScores(state_, r));
  }

  v1::RecordSubstituteRequest Substitute(int session, int pair) {
    v1::RecordSubstituteRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_session(session);
    r.set_pair(pair);
    r.set_substitute("Sam Sub");
    r.set_replaced_player(absl::StrCat("South", pair));
    r.set_reason(v1::SUBSTITUTE_REASON_ORDINARY);
    return r;
  }

  v1::RecordPairAbsentRequest Absent(int session, int pair,
                                     v1::AbsenceReason reason) {
    v1::RecordPairAbsentRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_session(session);
    r.set_pair(pair);
    r.set_reason(reason);
    return r;
  }


  void PlayTwoSessions() {
  // Session 1: 1 v 2 at table 1, 3 v 4 at table 2; pair 5 absent
  // representing the state. Board 1: +90 at table 1, -50 at table 2;
  // board 2: +90 at both. Pair 1: 2 + 1 = 3 of 4 = 75.00%; pair 2: 25.00%;
  // pair 3: 25.00%; pair 4: 75.00%.
  Define(1, 1, 2, 3, 4);
  Enter(1, 1, 1, 7);
  Enter(1, 2, 1, 6);
  Enter(1, 1, 2, 7);
  Enter(1, 2, 2, 7);
  Apply(state_, DecideRecordPairAbsent(
                    state_, Absent(1, 5, v1::ABSENCE_REASON_REPRESENTATIVE)));
  Post(1);
  // Session 2: 1 v 2 (South2 replaced by a substitute) at table 1, 3 v 5 at
  // table 2; pair 4 does not come (no record: absent, 0). Table 1 goes one
  // down on both boards, table 2 makes both: pair 1 0.00%, pair 2 (with the
  // substitute) 100.00%, pair 3 100.00%, pair 5 0.00%.
  Define(2, 1, 2, 3, 5);
  Apply(state_, DecideRecordSubstitute(state_, Substitute(2, 2)));
  Enter(2, 1, 1, 6);
  Enter(2, 2, 1, 7);
  Enter(2, 1, 2, 6);
  Enter(2, 2, 2, 7);
  Post(2);
  }

  absl::StatusOr<v1::CompetitionStandings> Standings() {
    v1::GetCompetitionStandingsRequest q;
    q.set_tournament_id("t");
    q.set_competition_id("pairs");
    return BuildCompetitionStandings(state_, q);
  }

  State state_;
};

TEST_F(PairsEventTest, RanksEligiblePairsAndAppliesSubstituteAndAbsences) {
  PlayTwoSessions();
  absl::StatusOr<v1::CompetitionStandings> s = Standings();
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->sessions_counted_size(), 2);
  ASSERT_EQ(s->rows_size(), 5);
  // Two rounds required; SABF TR 11.6: 75% of 2 = 1.5 -> 2 rounds with
  // one-player substitutes, and more than 1 round themselves: only pairs
  // that played both sessions themselves (1 and 3) are eligible.
  // Pair 3: 25 + 100 = 125; pair 1: 75 + 0 = 75 (SABF TR 11.3).
  EXPECT_EQ(s->rows(0).pair(), 3);
  EXPECT_EQ(s->rows(0).position(), 1);
  EXPECT_EQ(Of(s->rows(0).aggregate()), core::Rational(125));
  EXPECT_EQ(s->rows(1).pair(), 1);
  EXPECT_EQ(s->rows(1).position(), 2);
  EXPECT_EQ(Of(s->rows(1).aggregate()), core::Rational(75));
  EXPECT_TRUE(s->rows(1).eligible());
  // Unplaced, by aggregate: pair 4 (75 + absent 0 = 75), pair 2 (25 + the
  // substitute's 100 capped at the pair's own average 25 = 50, SABF TR
  // 11.4), pair 5 (absent representing, not eligible: 0, SABF TR 11.5; 0).
  EXPECT_EQ(s->rows(2).pair(), 4);
  EXPECT_EQ(s->rows(2).position(), 0);
  EXPECT_FALSE(s->rows(2).eligible());
  EXPECT_EQ(s->rows(2).sessions(1).attendance(), "absent");
  EXPECT_EQ(Of(s->rows(2).aggregate()), core::Rational(75));
  EXPECT_EQ(s->rows(3).pair(), 2);
  EXPECT_EQ(s->rows(3).sessions(1).attendance(), "substitute");
  EXPECT_EQ(s->rows(3).sessions(1).substitute(), "Sam Sub");
  EXPECT_EQ(Of(s->rows(3).sessions(1).counted()), core::Rational(25));
  EXPECT_THAT(s->rows(3).sessions(1).clause(), HasSubstr("capped"));
  EXPECT_EQ(s->rows(3).rounds_own(), 1);
  EXPECT_EQ(s->rows(3).rounds_with_substitutes(), 2);
  EXPECT_EQ(s->rows(3).rounds_needed(), 2);
  EXPECT_EQ(s->rows(4).pair(), 5);
  EXPECT_EQ(s->rows(4).sessions(0).attendance(), "absent_representative");
  EXPECT_EQ(Of(s->rows(4).aggregate()), core::Rational(0));
}

TEST_F(PairsEventTest, NswTotalsPercentagesAndSharesWhatItsChainCannotBreak) {
  // NSW TR says nothing on substitutes, absences or eligibility: the same
  // two sessions total as gained. Pair 2: 25 + 100 (the substitute's score
  // stands) = 125; pair 3: 25 + 100 = 125; pairs 1 and 4: 75; pair 5: 0.
  // NSW TR 11.2.4: (a) only for an incomplete movement; (b) 2 and 3 always
  // sat in opposite directions: by the board's average, 2 scores 0+1+2+2 =
  // 5 and 3 scores 0+1+2+2 = 5; (c) they never met; (d) no pair ranked
  // above the others was met by both. 1 and 4 likewise: (b) 2+1+0+0 = 3 v
  // 2+1 = 3, never met, no common opponent: both ties are shared.
  Create("nsw_matchpoint_pairs");
  PlayTwoSessions();
  absl::StatusOr<v1::CompetitionStandings> s = Standings();
  ASSERT_THAT(s, IsOk());
  ASSERT_EQ(s->rows_size(), 5);
  EXPECT_EQ(s->rows(0).pair(), 2);
  EXPECT_EQ(s->rows(0).position(), 1);
  EXPECT_TRUE(s->rows(0).tied());
  EXPECT_EQ(Of(s->rows(0).aggregate()), core::Rational(125));
  EXPECT_EQ(Of(s->rows(0).sessions(1).counted()), core::Rational(100));
  EXPECT_EQ(s->rows(1).pair(), 3);
  EXPECT_EQ(s->rows(1).position(), 1);
  EXPECT_EQ(s->rows(2).position(), 3);
  EXPECT_EQ(s->rows(3).position(), 3);
  EXPECT_TRUE(s->rows(3).eligible());
  EXPECT_EQ(s->rows(4).pair(), 5);
  EXPECT_EQ(s->rows(4).position(), 5);
}

TEST_F(PairsEventTest, ResultsOvertakeAnAbsenceRecordedBeforeThePairPlayed) {
  // Pair 1 is recorded absent before session 1 starts, then plays: its
  // 75.00% (2 + 1 matchpoints of 4, as in PlayTwoSessions) counts.
  Define(1, 1, 2, 3, 4);
  Apply(state_, DecideRecordPairAbsent(
                    state_, Absent(1, 1, v1::ABSENCE_REASON_NONE)));
  Enter(1, 1, 1, 7);
  Enter(1, 2, 1, 6);
  Enter(1, 1, 2, 7);
  Enter(1, 2, 2, 7);
  Post(1);
  absl::StatusOr<v1::CompetitionStandings> s = Standings();
  ASSERT_THAT(s, IsOk());
  ASSERT_EQ(s->rows(0).pair(), 1);
  EXPECT_EQ(s->rows(0).sessions(0).attendance(), "played");
  EXPECT_EQ(Of(s->rows(0).aggregate()), core::Rational(75));
}

TEST_F(PairsEventTest, SubstituteForAPairThatNeverSatCountsAsAbsent) {
  // Pair 5 is not seated in session 1 but a representative substitute is
  // recorded for it: nothing was gained, so it is absent (0), under either
  // profile, and the query does not fail for want of a percentage.
  Create("nsw_matchpoint_pairs");
  Define(1, 1, 2, 3, 4);
  v1::RecordSubstituteRequest sub = Substitute(1, 5);
  sub.set_reason(v1::SUBSTITUTE_REASON_REPRESENTATIVE);
  Apply(state_, DecideRecordSubstitute(state_, sub));
  Enter(1, 1, 1, 7);
  Enter(1, 2, 1, 6);
  Enter(1, 1, 2, 7);
  Enter(1, 2, 2, 7);
  Post(1);
  absl::StatusOr<v1::CompetitionStandings> s = Standings();
  ASSERT_THAT(s, IsOk());
  ASSERT_EQ(s->rows_size(), 5);
  EXPECT_EQ(s->rows(4).pair(), 5);
  EXPECT_EQ(s->rows(4).sessions(0).attendance(), "absent");
  EXPECT_EQ(Of(s->rows(4).aggregate()), core::Rational(0));
}

// SABF TR 11.10 fines in the two sessions above (each board top 2: two
// tables):
//   * pair 3, slow play three times in session 2: warnings, then "Half a
//     top for the third and subsequent offence" = 1 MP off its session 2
//     total: 4 - 1 = 3 of 4 = 75.00%; aggregate 25 + 75 = 100 (11.3);
//   * pair 3, "Mis-scoring: 1% deducted from the final score": one
//     percentage point off the aggregate, 100 - 1 = 99;
//   * pair 1, "No score entered: 40% of a top on the board" in session 1:
//     40% of 2 = 4/5 MP, 3 - 4/5 = 11/5 of 4 = 55.00%; aggregate 55 + 0.
// Pair 3 first on 99, pair 1 second on 55.
TEST_F(PairsEventTest, SabfTr11_10FinesComeOffTheSessionAndTheFinalScore) {
  PlayTwoSessions();
  auto offence = [&](int pair, const char* key, int session) {
    v1::RecordOffenceRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_entrant(pair);
    r.set_offence(key);
    r.set_round(session);
    r.set_day("2026-05-02");
    r.set_reason("SABF TR 11.10");
    return DecideRecordOffence(state_, r);
  };
  for (int i = 0; i < 3; ++i) Apply(state_, offence(3, "slow_play", 2));
  absl::StatusOr<v1::EventPayload> mis = offence(3, "mis_scoring", 2);
  ASSERT_THAT(mis, IsOk());
  const v1::OffenceRecorded& o = mis->offence_recorded();
  EXPECT_EQ(Of(o.percentage_points()), core::Rational(1));
  EXPECT_FALSE(o.has_matchpoints());
  EXPECT_EQ(o.deducted(),
            "1 percentage point off pair 3's final score (SABF TR 11.10)");
  Apply(state_, mis);
  EXPECT_THAT(offence(1, "no_score_entered", 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("say which session")));
  absl::StatusOr<v1::EventPayload> none = offence(1, "no_score_entered", 1);
  ASSERT_THAT(none, IsOk());
  EXPECT_EQ(Of(none->offence_recorded().matchpoints()), core::Rational(4, 5));
  Apply(state_, none);

  absl::StatusOr<v1::CompetitionStandings> s = Standings();
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->rows(0).pair(), 3);
  EXPECT_EQ(Of(s->rows(0).sessions(1).counted()), core::Rational(75));
  EXPECT_EQ(Of(s->rows(0).aggregate()), core::Rational(99));
  EXPECT_EQ(s->rows(0).aggregate_display().units(), 9900);
  EXPECT_EQ(Of(s->rows(0).percentage_points_deducted()), core::Rational(1));
  EXPECT_EQ(s->rows(1).pair(), 1);
  EXPECT_EQ(Of(s->rows(1).sessions(0).counted()), core::Rational(55));
  EXPECT_EQ(Of(s->rows(1).aggregate()), core::Rational(55));
  EXPECT_FALSE(s->rows(1).has_percentage_points_deducted());
}

// NSW TR 13.3's substitute scores concern a datum: a matchpoint pairs
// event has none, so the choice is refused and nothing is appended.
TEST_F(PairsEventTest, DatumSubstitutesAreRefusedWithoutADatum) {
  PlayTwoSessions();
  v1::ChooseDatumSubstitutesRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("pairs");
  r.set_session(1);
  r.set_board(1);
  r.set_include_substitutes(true);
  r.set_director("TD");
  r.set_reason("a valid datum");
  EXPECT_THAT(DecideChooseDatumSubstitutes(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NSW TR 13.3 concerns a datum")));
}

TEST_F(PairsEventTest, RefusesRecordsThatDoNotFit) {
  Define(1, 1, 2, 3, 4);
  Enter(1, 1, 1, 7);
  EXPECT_THAT(DecideRecordPairAbsent(
                  state_, Absent(1, 1, v1::ABSENCE_REASON_NONE)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("has results entered")));
  EXPECT_THAT(DecideRecordPairAbsent(
                  state_, Absent(1, 3, v1::ABSENCE_REASON_UNSPECIFIED)),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(DecideRecordPairAbsent(
                  state_, Absent(1, 9, v1::ABSENCE_REASON_NONE)),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("pair 9")));
  EXPECT_THAT(DecideRecordPairAbsent(
                  state_, Absent(7, 3, v1::ABSENCE_REASON_NONE)),
              StatusIs(absl::StatusCode::kNotFound));
  v1::RecordSubstituteRequest sub = Substitute(1, 2);
  sub.set_replaced_player("Nobody");
  EXPECT_THAT(DecideRecordSubstitute(state_, sub),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("not a player of pair 2")));
  sub = Substitute(1, 2);
  sub.set_substitute("North2");
  EXPECT_THAT(DecideRecordSubstitute(state_, sub),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("already a player")));
  EXPECT_THAT(DecideRecordSubstitute(state_, Substitute(1, 2)), IsOk());
}

}  // namespace
}  // namespace tally::replay
