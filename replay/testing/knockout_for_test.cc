#include "replay/testing/knockout_for_test.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/matches/decide_matches.h"
#include "replay/profile/profile_loader.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {

using ::tally::testing::IsOk;

void CreateKnockout(State& state, const std::string& id,
                    const std::string& profile, const std::string& method,
                    const std::string& carry_over_rule) {
  if (state.FindTournament("t") == nullptr) {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Test");
    Apply(state, DecideCreateTournament(state, t));
  }
  absl::StatusOr<v1::RegulationProfileSpec> spec =
      FindBuiltInProfileSpec(profile);
  ASSERT_THAT(spec, IsOk());
  if (!method.empty()) spec->mutable_draw()->set_method(method);
  if (!carry_over_rule.empty()) {
    spec->mutable_carry_over()->set_rule(carry_over_rule);
  }
  v1::EventPayload payload;
  v1::CompetitionCreated* c = payload.mutable_competition_created();
  c->set_competition_id(id);
  c->set_name(id);
  c->set_kind(v1::COMPETITION_KIND_KNOCKOUT_TEAMS);
  c->set_regulation_profile(spec->name());
  *c->mutable_profile() = *spec;
  Apply(state, payload);
}

void RegisterTeams(State& state, const std::string& id, int count) {
  for (int team = 1; team <= count; ++team) {
    v1::RegisterTeamRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(id);
    r.set_team(team);
    r.set_name(absl::StrCat("Team ", team));
    for (int p = 1; p <= 4; ++p) r.add_players(absl::StrCat("T", team, "-", p));
    Apply(state, DecideRegisterTeam(state, r));
  }
}

void Qualify(State& state, const std::string& id,
             const std::vector<v1::QualifiedEntrant>& entrants) {
  v1::EventPayload payload;
  v1::EntrantsQualified* q = payload.mutable_entrants_qualified();
  q->set_competition_id(id);
  q->set_from_competition_id("qualifying");
  q->set_clause("ANC SR 11.3");
  for (const v1::QualifiedEntrant& e : entrants) *q->add_entrants() = e;
  Apply(state, payload);
}

void Forfeit(State& state, const std::string& id, int round, int table,
             const std::vector<int>& offenders) {
  v1::EventPayload payload;
  v1::MatchForfeited* f = payload.mutable_match_forfeited();
  f->set_competition_id(id);
  f->set_round(round);
  f->set_table(table);
  for (int team : offenders) f->add_offenders(team);
  f->set_clause("SABF TR 16.1");
  f->set_reason("not present at the scheduled time");
  Apply(state, payload);
}

absl::StatusOr<v1::EventPayload> TryDraw(const State& state,
                                         const std::string& id, int round,
                                         uint64_t seed, bool early) {
  v1::MakeDrawRequest r;
  r.set_tournament_id("t");
  r.set_competition_id(id);
  r.set_round(round);
  r.set_seed(seed);
  r.set_early(early);
  return DecideMakeDraw(state, r);
}

v1::DrawMade Draw(State& state, const std::string& id, int round,
                  uint64_t seed) {
  absl::StatusOr<v1::EventPayload> drawn = TryDraw(state, id, round, seed);
  EXPECT_THAT(drawn, IsOk()) << "round " << round;
  if (!drawn.ok()) return {};
  Apply(state, drawn);
  return drawn->draw_made();
}

void PlayRound(State& state, const v1::DrawMade& draw,
               const std::vector<Swing>& swings) {
  const CompetitionState& c = CompetitionOf(state, draw.competition_id());
  for (const v1::DrawnMatch& m : draw.matches()) {
    // A forfeited match is not played.
    if (c.rounds.at(draw.round()).forfeits.contains(m.table())) continue;
    for (int i = 0; i < draw.boards_size(); ++i) {
      v1::TableResult open, closed;
      open.mutable_passed_out();
      closed.mutable_passed_out();
      for (const Swing& s : swings) {
        if (s.table != m.table() || s.offset != i) continue;
        // Open room: the home team sits North-South; closed: the away team.
        (s.team == m.home() ? open : closed) = s.result;
      }
      for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
        v1::EnterResultRequest r;
        r.set_tournament_id("t");
        r.set_competition_id(draw.competition_id());
        r.set_session(draw.round());
        r.set_table(m.table());
        r.set_board(draw.boards(i));
        r.set_room(room);
        *r.mutable_result() = room == v1::ROOM_OPEN ? open : closed;
        Apply(state, DecideEnterResult(state, r));
      }
    }
  }
}

const CompetitionState& CompetitionOf(const State& state,
                                      const std::string& id) {
  return state.tournaments.at("t").competitions.at(id);
}

}  // namespace tally::replay
