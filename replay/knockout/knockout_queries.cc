#include "replay/knockout/knockout_queries.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/draws/knockout_results.h"
#include "replay/knockout/knockout_seating.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"

namespace tally::replay {

absl::StatusOr<v1::KnockoutResults> BuildKnockoutResults(
    const State& state, const v1::GetKnockoutResultsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindMatchCompetition(state, request.tournament_id(),
                                              request.competition_id()));
  if (c->kind != v1::COMPETITION_KIND_KNOCKOUT_TEAMS) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' is not a knock-out: ask for its match standings"));
  }
  TALLY_ASSIGN_OR_RETURN(KnockoutEventResult event, ScoreKnockoutEvent(*c));
  v1::KnockoutResults out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(c->id);
  for (const KnockoutMatchScore& m : event.matches) {
    v1::KnockoutMatch* match = out.add_matches();
    match->set_label(m.label);
    match->set_home(m.home);
    match->set_away(m.away);
    match->set_carry_over_holder(m.holder);
    *match->mutable_carry_over() = ToProtoFraction(m.carry_over);
    match->set_stanzas(m.stanzas);
    if (m.outcome != KnockoutOutcome::kWalkover &&
        !(m.outcome == KnockoutOutcome::kAbandoned && m.away == 0)) {
      const std::vector<StanzaChoice> choices = ChoiceOfOpponents(*c, m);
      for (int s = 1; s <= m.stanzas; ++s) {
        v1::KnockoutStanza* stanza = match->add_stanza_results();
        stanza->set_stanza(s);
        for (const KnockoutStanzaScore& played : m.stanza_scores) {
          if (played.stanza != s) continue;
          stanza->set_round(played.round);
          stanza->set_table(played.table);
          *stanza->mutable_boards() = {played.boards.begin(),
                                       played.boards.end()};
          stanza->set_boards_scored(played.boards_scored);
          stanza->set_complete(played.complete);
          *stanza->mutable_home_imps() = ToProtoFraction(played.home_imps);
          *stanza->mutable_away_imps() = ToProtoFraction(played.away_imps);
        }
        stanza->set_choice_of_opponents(choices[s - 1].team);
        stanza->set_choice_clause(choices[s - 1].clause);
      }
    }
    *match->mutable_home_total() = ToProtoFraction(m.home_total);
    *match->mutable_away_total() = ToProtoFraction(m.away_total);
    *match->mutable_home_deducted() = ToProtoFraction(m.home_deducted);
    *match->mutable_away_deducted() = ToProtoFraction(m.away_deducted);
    match->set_complete(m.complete);
    match->set_winner(m.winner);
    match->set_loser(m.loser);
    match->set_outcome(std::string(KnockoutOutcomeId(m.outcome)));
    match->set_decided_by(m.decided_by);
    match->set_clause(m.clause);
    *match->mutable_forfeited_by() = {m.forfeited_by.begin(),
                                      m.forfeited_by.end()};
  }
  *out.mutable_event_winners() = {event.winners.begin(), event.winners.end()};
  out.set_event_result(event.result);
  out.set_event_clause(event.clause);
  out.set_as_of_sequence(state.last_sequence);
  return out;
}

}  // namespace tally::replay
