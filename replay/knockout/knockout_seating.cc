#include "replay/knockout/knockout_seating.h"

#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "replay/draws/knockout_draw.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

constexpr absl::string_view kAncClause = "ANC SR 11.4";
constexpr absl::string_view kSabfClause = "SABF TR 13.6";

std::vector<const v1::SeatingRightsChosen*> ChoicesFor(
    const CompetitionState& competition, const std::string& label) {
  std::vector<const v1::SeatingRightsChosen*> out;
  for (const v1::SeatingRightsChosen& c : competition.seating_rights) {
    if (c.label() == label) out.push_back(&c);
  }
  return out;
}

// Whether any result of stanza `stanza` of the match `label` is entered.
bool Begun(const CompetitionState& competition, const std::string& label,
           int stanza) {
  for (const auto& [number, round] : competition.rounds) {
    for (const v1::DrawnMatch& m : round.draw.matches()) {
      if (m.label() != label || m.stanza() != stanza) continue;
      for (const auto& [key, result] : round.results) {
        if (std::get<1>(key) == m.table()) return true;
      }
    }
  }
  return false;
}

}  // namespace

std::vector<StanzaChoice> ChoiceOfOpponents(const CompetitionState& competition,
                                            const KnockoutMatchScore& match) {
  std::vector<StanzaChoice> out(match.stanzas);
  if (!competition.profile.draw.has_value() || match.away == 0) return out;
  switch (competition.profile.draw->method) {
    case core::DrawMethod::kItcFinal: {
      for (StanzaChoice& c : out) c.clause = std::string(kAncClause);
      std::vector<const v1::SeatingRightsChosen*> choices =
          ChoicesFor(competition, match.label);
      for (size_t i = 0; i < choices.size() && i < 2; ++i) {
        for (int s : choices[i]->stanzas()) {
          if (s >= 1 && s <= match.stanzas)
            out[s - 1].team = choices[i]->team();
        }
      }
      if (choices.size() >= 2) {
        // "This higher placed team has choice of opponents for the
        // remaining stanzas."
        for (StanzaChoice& c : out) {
          if (c.team == 0) c.team = choices[0]->team();
        }
      }
      return out;
    }
    case core::DrawMethod::kSabfFinalFive:
    case core::DrawMethod::kSabfFinalFour:
      // SABF TR 13.6: the home team sits first in the first session, the
      // visiting team in the second, in turn; the team sitting second
      // seats its pairs at either table.
      for (size_t i = 0; i < out.size(); ++i) {
        out[i].team = i % 2 == 0 ? match.away : match.home;
        out[i].clause = std::string(kSabfClause);
      }
      return out;
    default:
      return out;
  }
}

absl::StatusOr<v1::EventPayload> DecideChooseSeatingRights(
    const State& state, const v1::ChooseSeatingRightsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindMatchCompetition(state, request.tournament_id(),
                                              request.competition_id()));
  if (!c->profile.draw.has_value() ||
      c->profile.draw->method != core::DrawMethod::kItcFinal) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' is drawn ",
        c->profile.draw.has_value()
            ? core::DrawMethodId(c->profile.draw->method)
            : "in sessions",
        "; choosing the stanzas with choice of opponents is the ITC final's "
        "rule (ANC SR 11.4, draw method itc_final)"));
  }
  const std::string label =
      request.label().empty() ? std::string(kItcFinalLabel) : request.label();
  if (label != kItcFinalLabel) {
    return absl::NotFoundError(
        absl::StrCat("the ITC final has one match, \"Final\", not '", label,
                     "' (ANC SR 11.3-11.4)"));
  }
  TALLY_ASSIGN_OR_RETURN(ItcFinalists finalists, ItcFinalistsOf(*c));
  if (request.team() != finalists.higher && request.team() != finalists.lower) {
    return absl::InvalidArgumentError(absl::StrCat(
        "team ", request.team(), " is not a finalist: teams ", finalists.higher,
        " and ", finalists.lower, " play the Final (ANC SR 11.4)"));
  }
  std::vector<const v1::SeatingRightsChosen*> choices = ChoicesFor(*c, label);
  if (choices.size() >= 2) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the seating rights of every stanza of the Final are settled: team ",
        choices[0]->team(), " chose stanza ",
        absl::StrJoin(choices[0]->stanzas(), ", "), ", team ",
        choices[1]->team(), " stanzas ",
        absl::StrJoin(choices[1]->stanzas(), " and "), ", and team ",
        choices[0]->team(), " has the remaining stanzas (ANC SR 11.4)"));
  }
  const bool first = choices.empty();
  const int chooser = first ? finalists.higher : finalists.lower;
  if (request.team() != chooser) {
    return absl::FailedPreconditionError(
        first ? absl::StrCat("the higher placed team, team ", finalists.higher,
                             ", chooses its stanza first; team ",
                             finalists.lower, " chooses after it (ANC SR 11.4)")
              : absl::StrCat("team ", finalists.higher,
                             " has chosen its stanza; now the other team, "
                             "team ",
                             finalists.lower,
                             ", chooses two of the remaining stanzas (ANC SR "
                             "11.4)"));
  }
  const int count = first ? 1 : 2;
  if (request.stanzas_size() != count) {
    return absl::InvalidArgumentError(absl::StrCat(
        first ? "the higher placed team chooses one stanza"
              : "the other team chooses two of the remaining stanzas",
        " (ANC SR 11.4), not ", request.stanzas_size()));
  }
  std::set<int> taken;
  if (!first)
    taken.insert(choices[0]->stanzas().begin(), choices[0]->stanzas().end());
  std::set<int> named;
  for (int s : request.stanzas()) {
    if (s < 1 || s > kItcFinalStanzas) {
      return absl::InvalidArgumentError(
          absl::StrCat("the final has stanzas 1 to ", kItcFinalStanzas,
                       " (ANC SR 11.3); there is no stanza ", s,
                       " to choose (ANC SR 11.4)"));
    }
    if (!named.insert(s).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("stanza ", s, " is named twice (ANC SR 11.4)"));
    }
    if (taken.contains(s)) {
      std::vector<int> remaining;
      for (int r = 1; r <= kItcFinalStanzas; ++r) {
        if (!taken.contains(r)) remaining.push_back(r);
      }
      return absl::FailedPreconditionError(absl::StrCat(
          "stanza ", s, " was chosen by team ", choices[0]->team(), "; team ",
          request.team(), " chooses two of the remaining stanzas ",
          absl::StrJoin(remaining, ", "), " (ANC SR 11.4)"));
    }
    if (Begun(*c, label, s)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "stanza ", s,
          " of the Final has begun (results are entered); "
          "its seating rights can no longer be chosen (ANC SR 11.4)"));
    }
  }
  v1::EventPayload payload;
  v1::SeatingRightsChosen* e = payload.mutable_seating_rights_chosen();
  e->set_competition_id(c->id);
  e->set_label(label);
  e->set_team(request.team());
  *e->mutable_stanzas() = request.stanzas();
  e->set_clause(std::string(kAncClause));
  return payload;
}

}  // namespace tally::replay
