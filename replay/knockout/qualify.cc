#include "replay/knockout/qualify.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/match_scores/carry_over.h"
#include "replay/match_scores/qualification_ranking.h"
#include "replay/pairs/session_scores.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

// The target must be a fresh competition: created, nothing in it yet.
absl::Status CheckTargetIsEmpty(const CompetitionState& target,
                                const CompetitionState& source) {
  if (target.qualification.has_value()) {
    return absl::AlreadyExistsError(absl::StrCat(
        "the entrants of '", target.id, "' have already qualified, from '",
        target.qualification->from_competition_id(), "'"));
  }
  if (!target.pairs.empty() || !target.rounds.empty() ||
      !target.sessions.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", target.id,
        "' already has entrants, sessions or a draw; qualifiers go into a "
        "competition created for them with nothing in it yet"));
  }
  if (target.IsTeams() != source.IsTeams()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", target.id, "' is a ", target.IsTeams() ? "teams" : "pairs",
        " competition and '", source.id, "' a ",
        source.IsTeams() ? "teams" : "pairs", " one"));
  }
  return absl::OkStatus();
}

// How many qualify from each field: the request's, else the target
// profile's.
absl::StatusOr<std::pair<int, std::string>> PerField(
    const v1::QualifyEntrantsRequest& request, const CompetitionState& target,
    const CompetitionState& source) {
  if (request.per_field() < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("the number that qualify from each field is at least 1, "
                     "not ",
                     request.per_field()));
  }
  if (request.per_field() > 0) {
    return std::make_pair(request.per_field(), request.clause());
  }
  if (!target.profile.qualifiers.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("say how many qualify from each field: the profile of '",
                     target.id, "' (", target.profile.name, ") does not"));
  }
  // SABF TR 18.1.2: a larger final after a larger qualifying, by the pairs
  // that played each posted session of the source.
  std::vector<int> per_session;
  for (const auto& [number, session] : source.sessions) {
    if (session.phase != SessionPhase::kPosted) continue;
    const SessionScores scores = ScoreSessionForProfile(session, source.profile);
    int playing = 0;
    for (const auto& [pair, total] : scores.pairs) {
      if (total.boards_played > 0) ++playing;
    }
    per_session.push_back(playing);
  }
  return std::make_pair(core::QualifiersPerField(*target.profile.qualifiers,
                                                 per_session),
                        request.clause().empty()
                            ? target.profile.qualifiers->clause
                            : request.clause());
}

// The entrants passed over: those the director names and those that
// withdrew from the stage (EntrantWithdrawn).
absl::StatusOr<Passed> PassedOver(const v1::QualifyEntrantsRequest& request,
                                  const CompetitionState& source) {
  Passed passed;
  auto add = [&](int entrant, std::set<int>& to) -> absl::Status {
    if (!source.pairs.contains(entrant)) {
      return absl::NotFoundError(absl::StrCat(
          "entrant ", entrant, " is not registered in '", source.id, "'"));
    }
    if (passed.withdrawn.contains(entrant) ||
        passed.non_contending.contains(entrant)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "entrant ", entrant,
          " is named more than once among the withdrawn and non-contending"));
    }
    to.insert(entrant);
    return absl::OkStatus();
  };
  for (int entrant : request.withdrawn()) {
    TALLY_RETURN_IF_ERROR(add(entrant, passed.withdrawn));
  }
  for (int entrant : request.non_contending()) {
    TALLY_RETURN_IF_ERROR(add(entrant, passed.non_contending));
  }
  for (const auto& [entrant, withdrawal] : source.withdrawals) {
    if (!passed.non_contending.contains(entrant)) {
      passed.withdrawn.insert(entrant);
    }
  }
  return passed;
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideQualifyEntrants(
    const State& state, const v1::QualifyEntrantsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* target,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* source,
                         FindCompetition(state, request.tournament_id(),
                                         request.from_competition_id()));
  if (target == source) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", target->id,
                     "' cannot take its entrants from itself: name the "
                     "stage they qualify from"));
  }
  TALLY_RETURN_IF_ERROR(CheckTargetIsEmpty(*target, *source));
  TALLY_ASSIGN_OR_RETURN(auto per_field, PerField(request, *target, *source));
  TALLY_ASSIGN_OR_RETURN(Passed passed, PassedOver(request, *source));
  TALLY_ASSIGN_OR_RETURN(
      QualifyingRanking ranking,
      RankForQualification(state, request.tournament_id(), *source));
  TALLY_RETURN_IF_ERROR(CheckStageFinished(*source));
  TALLY_ASSIGN_OR_RETURN(std::vector<FieldQualifiers> fields,
                         SelectQualifiers(ranking, per_field.first, passed,
                                          request.tournament_id(), source->id));
  TALLY_ASSIGN_OR_RETURN(
      auto carry_overs,
      CarryOversAtQualification(target->profile, ranking, fields,
                                request.tournament_id(), source->id));

  v1::EventPayload payload;
  auto* e = payload.mutable_entrants_qualified();
  e->set_competition_id(target->id);
  e->set_from_competition_id(source->id);
  int number = 0;
  for (size_t f = 0; f < fields.size(); ++f) {
    for (size_t i = 0; i < fields[f].qualifiers.size(); ++i) {
      const Qualifier& q = fields[f].qualifiers[i];
      v1::QualifiedEntrant* out = e->add_entrants();
      out->set_entrant(++number);
      out->set_from_entrant(q.entrant);
      out->set_place(q.place);
      out->set_field(q.field);
      if (auto it = source->team_names.find(q.entrant);
          it != source->team_names.end()) {
        out->set_name(it->second);
      }
      for (const std::string& player : source->pairs.at(q.entrant)) {
        out->add_players(player);
      }
      *out->mutable_carry_over() = ToProtoFraction(carry_overs[f][i].amount);
      out->set_carry_over_clause(carry_overs[f][i].clause);
      out->set_replaces(q.replaces);
    }
  }
  std::set<int> withdrawn = passed.withdrawn;
  withdrawn.insert(passed.non_contending.begin(), passed.non_contending.end());
  for (int entrant : withdrawn) e->add_withdrawn(entrant);
  e->set_clause(per_field.second);
  return payload;
}

}  // namespace tally::replay
