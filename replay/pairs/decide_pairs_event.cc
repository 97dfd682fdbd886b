#include "replay/pairs/decide_pairs_event.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/pairs/pairs_event_queries.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

struct Target {
  const CompetitionState* competition;
  const SessionState* session;  // null in an event of matches
  const std::vector<std::string>* players;
};

// `session` is a session of a movement, or in a pairs event of matches the
// round's number (drawn), as the venue API numbers it.
absl::StatusOr<Target> FindTarget(const State& state,
                                  const std::string& tournament_id,
                                  const std::string& competition_id,
                                  int session, int pair) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, tournament_id, competition_id));
  const SessionState* s = nullptr;
  if (c->kind == v1::COMPETITION_KIND_MATCHPOINT_PAIRS) {
    TALLY_ASSIGN_OR_RETURN(
        s, FindSession(state, tournament_id, competition_id, session));
  } else if (c->PlaysMatches() && !c->IsTeams()) {
    // Eligibility in pairs events of matches (ANC SR 20.2-20.3, SABF TR 12,
    // 12.5) counts the same records, by round.
    TALLY_RETURN_IF_ERROR(FindDrawnRound(*c, session).status());
  } else {
    return absl::FailedPreconditionError(absl::StrCat(
        "competition ", competition_id,
        " is not a pairs competition; substitutes and absent pairs are "
        "recorded only there (SABF TR 11.4, 11.5; a team posts its line-up)"));
  }
  auto it = c->pairs.find(pair);
  if (it == c->pairs.end()) {
    return absl::NotFoundError(absl::StrCat(
        "pair ", pair, " is not registered in competition ", competition_id));
  }
  return Target{c, s, &it->second};
}

bool HasResults(const SessionState& s, int pair) {
  return std::any_of(s.results.begin(), s.results.end(), [&](const auto& r) {
    return r.second.slot.ns_pair == pair || r.second.slot.ew_pair == pair;
  });
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideRecordSubstitute(
    const State& state, const v1::RecordSubstituteRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      Target t, FindTarget(state, request.tournament_id(),
                           request.competition_id(), request.session(),
                           request.pair()));
  TALLY_RETURN_IF_ERROR(CheckName("substitute", request.substitute()));
  if (request.reason() != v1::SUBSTITUTE_REASON_ORDINARY &&
      request.reason() != v1::SUBSTITUTE_REASON_REPRESENTATIVE &&
      request.reason() != v1::SUBSTITUTE_REASON_NATIONAL_PLAYOFFS) {
    return absl::InvalidArgumentError(
        "say why the substitute played: ordinary, representative (SABF TR "
        "11.4) or national playoffs (SABF TR 18.1.2)");
  }
  if (request.reason() == v1::SUBSTITUTE_REASON_NATIONAL_PLAYOFFS &&
      SessionCombinationOf(t.competition->profile) !=
          core::SessionCombination::kSabfTr18_1Final) {
    return absl::InvalidArgumentError(absl::StrCat(
        "SABF TR 18.1.2's National Playoffs score is for the State Open "
        "Pairs final; '",
        t.competition->id, "' (", t.competition->profile.name,
        ") records such a substitute as ordinary"));
  }
  const std::vector<std::string>& players = *t.players;
  if (std::find(players.begin(), players.end(), request.replaced_player()) ==
      players.end()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", request.replaced_player(), "' is not a player of pair ",
        request.pair(), "; name the nominated player the substitute replaces"));
  }
  if (std::find(players.begin(), players.end(), request.substitute()) !=
      players.end()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", request.substitute(), "' is already a player of pair ",
        request.pair(), "; a substitute replaces one member (SABF TR 11.4)"));
  }
  v1::EventPayload payload;
  v1::SubstituteRecorded* e = payload.mutable_substitute_recorded();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_pair(request.pair());
  e->set_substitute(request.substitute());
  e->set_replaced_player(request.replaced_player());
  e->set_reason(request.reason());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideRecordPairAbsent(
    const State& state, const v1::RecordPairAbsentRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      Target t, FindTarget(state, request.tournament_id(),
                           request.competition_id(), request.session(),
                           request.pair()));
  if (request.reason() == v1::ABSENCE_REASON_UNSPECIFIED) {
    return absl::InvalidArgumentError(
        "say why the pair was absent: none, representative or "
        "other_national_championship (SABF TR 11.4, 11.5)");
  }
  // In an event of matches an absent pair's number may still be played by
  // two stand-ins, so results do not refuse the record there.
  if (t.session != nullptr && HasResults(*t.session, request.pair())) {
    return absl::FailedPreconditionError(absl::StrCat(
        "pair ", request.pair(), " has results entered in session ",
        request.session(),
        ": it played; record a substitute instead if one member was replaced"));
  }
  v1::EventPayload payload;
  v1::PairAbsent* e = payload.mutable_pair_absent();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_pair(request.pair());
  e->set_reason(request.reason());
  return payload;
}

}  // namespace tally::replay
