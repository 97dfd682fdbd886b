#include "replay/knockout/qualification_query.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/state/lookups.h"

namespace tally::replay {

absl::StatusOr<v1::Qualification> BuildQualification(
    const State& state, const v1::GetQualificationRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (!c->qualification.has_value()) {
    return absl::NotFoundError(
        absl::StrCat("no entrants qualified into '", c->id,
                     "' from an earlier stage (tally qualify does that)"));
  }
  v1::Qualification out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(c->id);
  *out.mutable_qualification() = *c->qualification;
  if (c->profile.carry_over.has_value()) {
    out.set_carry_over_rule(c->profile.carry_over->rule);
  }
  out.set_as_of_sequence(state.last_sequence);
  return out;
}

}  // namespace tally::replay
