#include "replay/testing/apply_for_test.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"

namespace tally::replay {

using ::tally::testing::IsOk;

void Apply(State& state, const absl::StatusOr<v1::EventPayload>& payload) {
  ApplyAt(state, payload, absl::UnixEpoch());
}

void ApplyAt(State& state, const absl::StatusOr<v1::EventPayload>& payload,
             absl::Time received) {
  ApplyTo(state, "t", payload, received);
}

void ApplyTo(State& state, const std::string& tournament,
             const absl::StatusOr<v1::EventPayload>& payload,
             absl::Time received) {
  ASSERT_THAT(payload, IsOk());
  v1::Event e;
  e.set_sequence(state.last_sequence + 1);
  e.set_tournament_id(tournament);
  const TournamentState* t = state.FindTournament(tournament);
  e.set_stream_version((t == nullptr ? 0 : t->version) + 1);
  *e.mutable_received_at() = ToTimestamp(received);
  *e.mutable_payload() = *payload;
  ASSERT_THAT(Evolve(e, state), IsOk());
}

void CreateOneRoundSession(State& state, const char* profile,
                           v1::CompetitionKind kind, int tables,
                           const std::vector<int>& boards) {
  v1::CreateTournamentRequest t;
  t.set_tournament_id("t");
  t.set_name("Congress");
  Apply(state, DecideCreateTournament(state, t));
  v1::CreateCompetitionRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("c");
  c.set_name("Pairs");
  c.set_kind(kind);
  c.set_regulation_profile(profile);
  Apply(state, DecideCreateCompetition(state, c));
  v1::DefineSessionRequest d;
  d.set_tournament_id("t");
  d.set_competition_id("c");
  d.set_session(1);
  v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int table = 1; table <= tables; ++table) {
    for (int pair : {2 * table - 1, 2 * table}) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("c");
      r.set_pair(pair);
      r.add_players(absl::StrCat("A", pair));
      r.add_players(absl::StrCat("B", pair));
      Apply(state, DecideRegisterPair(state, r));
    }
    v1::TableAssignment* a = round->add_tables();
    a->set_table(table);
    a->set_ns_pair(2 * table - 1);
    a->set_ew_pair(2 * table);
    for (int b : boards) a->add_boards(b);
  }
  Apply(state, DecideDefineSession(state, d));
  v1::StartSessionRequest start;
  start.set_tournament_id("t");
  start.set_competition_id("c");
  start.set_session(1);
  Apply(state, DecideStartSession(state, start));
}

void EnterInSession(State& state, int table, int board,
                    const v1::TableResult& result) {
  v1::EnterResultRequest e;
  e.set_tournament_id("t");
  e.set_competition_id("c");
  e.set_session(1);
  e.set_table(table);
  e.set_board(board);
  *e.mutable_result() = result;
  Apply(state, DecideEnterResult(state, e));
}

v1::TableResult Made(int level, v1::Strain strain, int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(strain);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  p->set_doubling(v1::DOUBLING_UNDOUBLED);
  return r;
}

v1::TableResult PassedOut() {
  v1::TableResult r;
  r.mutable_passed_out();
  return r;
}

v1::RecordRulingRequest RulingFor(int session, int table, int board,
                                  v1::Room room) {
  v1::RecordRulingRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("c");
  r.set_session(session);
  r.set_table(table);
  r.set_board(board);
  r.set_room(room);
  r.set_law("Law 12C");
  r.set_text("an adjusted score");
  return r;
}

v1::RulingPenalty ProceduralPenalty(v1::Side side, v1::ScoreUnit unit,
                                    int amount) {
  v1::RulingPenalty p;
  p.set_kind(v1::PENALTY_KIND_PROCEDURAL);
  p.set_side(side);
  p.set_unit(unit);
  p.mutable_amount()->set_numerator(amount);
  p.mutable_amount()->set_denominator(1);
  return p;
}

v1::RecordRulingRequest FouledRuling(int session, int board,
                                     const std::string& treatment,
                                     const std::vector<int>& tables) {
  v1::RecordRulingRequest r = RulingFor(session, 0, board);
  r.set_law("Law 87");
  r.set_text(absl::StrCat("board ", board, " fouled"));
  r.mutable_fouled()->set_treatment(treatment);
  for (int t : tables) r.mutable_fouled()->add_fouled_tables(t);
  return r;
}

v1::LodgeAppealRequest AppealAgainstRuling(int session, int table, int board,
                                           uint64_t ruling, int appellant,
                                           int respondent) {
  v1::LodgeAppealRequest r;
  r.set_tournament_id("t");
  v1::AppealLodged* a = r.mutable_appeal();
  a->set_competition_id("c");
  a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
  a->set_session(session);
  a->set_table(table);
  a->set_board(board);
  a->set_ruling_sequence(ruling);
  a->set_appellant(appellant);
  a->add_respondents(respondent);
  a->set_appellant_signature(absl::StrCat("Pair ", appellant));
  a->set_grounds("the ruling is wrong");
  return r;
}

}  // namespace tally::replay
