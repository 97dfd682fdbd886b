// WithdrawEntrant and ForfeitMatch through decide and Evolve
// (replay/matches/decide_withdrawals.h): a withdrawn entrant is drawn in no
// later Swiss round (an odd field then plays NSW TR 12.7 half matches), its
// match in a round already drawn is forfeited by it, every refusal names what
// is wrong (and, decide being pure, appends nothing), results are kept out of a
// forfeited match, the field closes at the first draw, and
// CreateCompetition.rounds.

#include "replay/matches/decide_withdrawals.h"

#include <set>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/draws/draw_maker.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/round_results.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

std::set<int> Drawn(const v1::DrawMade& d) {
  std::set<int> drawn;
  for (const v1::DrawnMatch& m : d.matches()) {
    drawn.insert(m.home());
    drawn.insert(m.away());
  }
  if (d.bye() != 0) drawn.insert(d.bye());
  if (d.half_matches().table() != 0) {
    drawn.insert(d.half_matches().pivot());
    drawn.insert(d.half_matches().first());
    drawn.insert(d.half_matches().second());
  }
  return drawn;
}

std::set<int> Ranked(const v1::DrawMade& d) {
  std::set<int> ranked;
  for (const v1::DrawRankingEntry& e : d.ranking()) ranked.insert(e.entrant());
  return ranked;
}

// nsw_swiss_pairs (NSW TR 12.7: an odd field plays half matches).
TEST(WithdrawEntrantTest, AnEntrantWithdrawnBeforeRoundOneIsNeverDrawn) {
  MatchEventForTest e("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS, 10);
  absl::StatusOr<v1::EventPayload> withdrawn = e.Withdraw(10, 0);
  ASSERT_THAT(withdrawn, IsOk());
  EXPECT_EQ(withdrawn->entrant_withdrawn().after_round(), 0);
  EXPECT_EQ(withdrawn->entrant_withdrawn().clause(), "NSW TR 12.9.1");
  e.Apply(withdrawn);
  // Nine pairs: three matches and a half-match table of three (NSW TR
  // 12.7), pair 10 nowhere.
  const v1::DrawMade& d1 = e.Draw(1);
  EXPECT_EQ(d1.matches_size(), 3);
  EXPECT_NE(d1.half_matches().table(), 0);
  EXPECT_EQ(d1.bye(), 0);
  const std::set<int> nine = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  EXPECT_EQ(Drawn(d1), nine);
  EXPECT_EQ(Ranked(d1), nine);
  e.PlayRestLevel(1);
  const v1::DrawMade& d2 = e.Draw(2);
  EXPECT_EQ(Drawn(d2), nine);
  EXPECT_FALSE(Ranked(d2).contains(10));
}

TEST(WithdrawEntrantTest, ItsMatchInARoundAlreadyDrawnIsForfeitedByIt) {
  MatchEventForTest e("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS, 10);
  e.Draw(1);
  e.PlayRestLevel(1);
  e.Draw(2);
  const int p = 1, opponent = e.OpponentOf(2, 1);
  // Another pair's round-2 match is played in full first.
  int q = 0;
  for (int n = 2; n <= 10 && q == 0; ++n) {
    if (n != opponent) q = n;
  }
  e.PlayFor(2, q, {});
  EXPECT_THAT(e.Withdraw(q, 1),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("in full: it withdraws after round 2")));
  // Pair 1 withdraws after round 1: its round-2 match is a walk-over.
  e.Apply(e.Withdraw(p, 1));
  const CompetitionState& c = e.competition();
  const MatchRoundState& round2 = c.rounds.at(2);
  std::optional<ForfeitDeclaration> d;
  for (const v1::DrawnMatch& m : round2.draw.matches()) {
    if (m.table() == e.TableOf(2, p)) d = ForfeitAt(c, round2, m);
  }
  ASSERT_TRUE(d.has_value());
  EXPECT_TRUE(d->by_withdrawal);
  EXPECT_EQ(d->offenders, std::vector<int>{p});
  // No result is taken there; the rest of the round completes it.
  v1::EnterResultRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("c");
  r.set_session(2);
  r.set_table(e.TableOf(2, p));
  r.set_board(9);
  r.mutable_result()->mutable_passed_out();
  EXPECT_THAT(DecideEnterResult(e.state(), r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("is forfeited (entrant 1 withdrew after "
                                 "round 1: player ill)")));
  e.PlayRestLevel(2);
  EXPECT_TRUE(MissingResults(c, round2).empty());
  // Round 3: nine pairs, half matches (NSW TR 12.7), pair 1 nowhere.
  const v1::DrawMade& d3 = e.Draw(3);
  EXPECT_EQ(d3.trigger(), v1::DRAW_TRIGGER_ALL_RESULTS_IN);
  EXPECT_FALSE(Drawn(d3).contains(p));
  EXPECT_EQ(Drawn(d3).size(), 9u);
  EXPECT_NE(d3.half_matches().table(), 0);
}

TEST(WithdrawEntrantTest, RefusalsSayWhatIsWrong) {
  MatchEventForTest e("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS, 3,
                      /*rounds=*/1);
  EXPECT_THAT(e.Withdraw(9, 0),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("entrant 9 is not registered")));
  EXPECT_THAT(e.Withdraw(1, 1), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("from 0 (none) to 0")));
  v1::WithdrawEntrantRequest no_reason;
  no_reason.set_tournament_id("t");
  no_reason.set_competition_id("c");
  no_reason.set_entrant(1);
  EXPECT_THAT(
      DecideWithdrawEntrant(e.state(), no_reason),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("reason")));
  no_reason.set_tournament_id("nope");
  EXPECT_THAT(DecideWithdrawEntrant(e.state(), no_reason),
              StatusIs(absl::StatusCode::kNotFound));
  e.Apply(e.Withdraw(3, 0));
  EXPECT_THAT(e.Withdraw(3, 0),
              StatusIs(absl::StatusCode::kAlreadyExists,
                       HasSubstr("already withdrawn, after round 0")));
  // Two pairs left: a third withdrawal would leave one.
  EXPECT_THAT(e.Withdraw(2, 0), StatusIs(absl::StatusCode::kFailedPrecondition,
                                         HasSubstr("leave 1 entrant")));
  // The event has one round (CreateCompetition.rounds); once drawn, a pair
  // plays it all.
  e.Draw(1);
  EXPECT_THAT(e.Withdraw(1, 1), StatusIs(absl::StatusCode::kFailedPrecondition,
                                         HasSubstr("has 1 rounds")));
}

TEST(ForfeitMatchTest, RefusalsSayWhatIsWrong) {
  MatchEventForTest e("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 4);
  EXPECT_THAT(e.Forfeit(1, 1, {1}),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("not drawn")));
  const v1::DrawMade& d = e.Draw(1);
  const v1::DrawnMatch m = d.matches(0);
  EXPECT_THAT(e.Forfeit(1, 7, {1}), StatusIs(absl::StatusCode::kNotFound,
                                             HasSubstr("no match at table 7")));
  EXPECT_THAT(e.Forfeit(1, m.table(), {}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("name the side in default")));
  EXPECT_THAT(e.Forfeit(1, m.table(), {m.home(), m.home()}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("once")));
  const int stranger = d.matches(1).home();
  EXPECT_THAT(e.Forfeit(1, m.table(), {stranger}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("does not play in the match at table")));
  EXPECT_THAT(e.Forfeit(1, m.table(), {m.away()},
                        v1::MATCH_FORFEIT_KIND_ABANDONED_ILLNESS),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("SABF TR 13.18")));
  v1::ForfeitMatchRequest no_reason;
  no_reason.set_tournament_id("t");
  no_reason.set_competition_id("c");
  no_reason.set_round(1);
  no_reason.set_table(m.table());
  no_reason.add_offenders(m.away());
  EXPECT_THAT(
      DecideForfeitMatch(e.state(), no_reason),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("reason")));
  // A complete match cannot be forfeited.
  e.PlayFor(1, d.matches(1).home(), {10});
  EXPECT_THAT(e.Forfeit(1, d.matches(1).table(), {d.matches(1).away()}),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("every result of the match at table")));
  // Declared once.
  e.Apply(e.Forfeit(1, m.table(), {m.away()}));
  EXPECT_THAT(e.Forfeit(1, m.table(), {m.home()}),
              StatusIs(absl::StatusCode::kAlreadyExists,
                       HasSubstr("already declared forfeited (in default: ")));
  // The round posts without the forfeited match's results.
  EXPECT_TRUE(
      MissingResults(e.competition(), e.competition().rounds.at(1)).empty());
}

TEST(ForfeitMatchTest, BothSidesInDefaultScoreTheOffendersScore) {
  MatchEventForTest e("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 4);
  const v1::DrawMade& d = e.Draw(1);
  const v1::DrawnMatch m = d.matches(0);
  e.Apply(e.Forfeit(1, m.table(), {m.home(), m.away()}));
  e.PlayRestLevel(1);
  absl::StatusOr<std::vector<ScoredRound>> scored =
      ScoreRounds(e.competition(), 0);
  ASSERT_THAT(scored, IsOk());
  ASSERT_EQ((*scored)[0].forfeits.size(), 1u);
  const ForfeitOutcome& f = (*scored)[0].forfeits[0];
  EXPECT_EQ(*f.home_vps, core::Rational(0));  // NSW TR 12.9.1: 0 VPs each
  EXPECT_EQ(*f.away_vps, core::Rational(0));
  EXPECT_EQ(f.home_imps, core::Rational(0));
}

// The ITC final (drawn by its profile, itc_final): a forfeit there is scored
// by the knock-out rules (replay/knockout_results), not as a Swiss forfeit.
TEST(ForfeitMatchTest, AKnockOutForfeitIsRecordedAndLeftUnscored) {
  MatchEventForTest e("anc2025_itc_final", v1::COMPETITION_KIND_KNOCKOUT_TEAMS,
                      2);
  ASSERT_EQ(e.Draw(1).method(), "itc_final");
  e.Apply(e.Forfeit(1, 1, {2}));
  EXPECT_EQ(e.competition().rounds.at(1).forfeits.size(), 1u);
  absl::StatusOr<std::vector<ScoredRound>> scored =
      ScoreRounds(e.competition(), 0);
  ASSERT_THAT(scored, IsOk());
  EXPECT_TRUE((*scored)[0].forfeits.empty());  // scored by the finals rules
}

TEST(RegistrationTest, TheFieldClosesAtTheFirstDraw) {
  MatchEventForTest e("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 4);
  e.Draw(1);
  v1::RegisterTeamRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("c");
  r.set_team(5);
  r.set_name("Late");
  for (const char* p : {"A", "B", "C", "D"}) r.add_players(p);
  EXPECT_THAT(DecideRegisterTeam(e.state(), r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("the field is closed")));
}

TEST(RoundsInEventTest, ASwissEventMayFixItsRoundsWhereTheProfileDoesNot) {
  MatchEventForTest e("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS, 2,
                      5);
  EXPECT_EQ(RoundsInEvent(e.competition()), 5);

  v1::RegulationProfileSpec spec;
  spec.mutable_draw()->set_method("swiss");
  spec.mutable_matches()->set_count(7);
  EXPECT_THAT(SetRoundsInEvent(7, spec), IsOk());
  EXPECT_THAT(SetRoundsInEvent(5, spec),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("fixes 7 rounds")));
  EXPECT_THAT(SetRoundsInEvent(100, spec),
              StatusIs(absl::StatusCode::kInvalidArgument));
  spec.mutable_draw()->set_method("round_robin");
  EXPECT_THAT(SetRoundsInEvent(3, spec),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("not drawn Swiss")));
  EXPECT_THAT(SetRoundsInEvent(0, spec), IsOk());
}

}  // namespace
}  // namespace tally::replay
