#include "replay/matches/decide_withdrawals.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "replay/match_scores/forfeits.h"
#include "replay/rounds/rounds_in_event.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

const v1::DrawnMatch* MatchAt(const MatchRoundState& round, int table) {
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (m.table() == table) return &m;
  }
  return nullptr;
}

// Every board of the match at `table` has its result (both rooms, teams).
bool AllResultsIn(const CompetitionState& c, const MatchRoundState& round,
                  int table) {
  std::vector<v1::Room> rooms = {v1::ROOM_UNSPECIFIED};
  if (c.IsTeams()) rooms = {v1::ROOM_OPEN, v1::ROOM_CLOSED};
  for (int board : round.draw.boards()) {
    for (v1::Room room : rooms) {
      if (!round.results.contains({board, table, room})) return false;
    }
  }
  return true;
}

// The clause a withdrawal or forfeit names when the director gives none:
// the profile's forfeit rule (a side that cannot play is in default, NSW TR
// 12.9.1), else its bye rule.
std::string DefaultClause(const CompetitionState& c) {
  if (!c.profile.forfeit.has_value()) return "";
  const std::string& rule = c.profile.forfeit->rule;
  if (rule == "nsw_tr_12_9") return "NSW TR 12.9.1";
  if (rule == "anc_sr_10_12") return "ANC SR 10.12";
  if (rule == "sabf_tr_13_9") return "SABF TR 13.9";
  if (c.profile.forfeit->bye == "anc_sr_10_11") return "ANC SR 10.11";
  if (c.profile.forfeit->bye == "nsw_tr_12_8") return "NSW TR 12.8";
  return "";
}

std::string MatchName(const CompetitionState& c, int round,
                      const v1::DrawnMatch& m) {
  return absl::StrCat("the match at table ", m.table(), " of round ", round,
                      " of '", c.id, "' (", m.home(), " v ", m.away(), ")");
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideWithdrawEntrant(
    const State& state, const v1::WithdrawEntrantRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  const int entrant = request.entrant();
  if (!c->pairs.contains(entrant)) {
    return absl::NotFoundError(absl::StrCat(
        "entrant ", entrant, " is not registered in '", c->id, "'"));
  }
  if (auto it = c->withdrawals.find(entrant); it != c->withdrawals.end()) {
    return absl::AlreadyExistsError(
        absl::StrCat("entrant ", entrant, " has already withdrawn, after round ",
                     it->second.after_round(), " (", it->second.reason(), ")"));
  }
  if (request.reason().empty()) {
    return absl::InvalidArgumentError(
        "a withdrawal gives its reason (e.g. \"player ill\")");
  }
  const int drawn = static_cast<int>(c->rounds.size());
  const int after =
      request.has_after_round() ? request.after_round() : drawn;
  if (after < 0 || after > drawn) {
    return absl::InvalidArgumentError(absl::StrCat(
        "after round ", after, ": give the last round entrant ", entrant,
        " plays, from 0 (none) to ", drawn, " (the rounds drawn so far)"));
  }
  const int total = RoundsInEvent(*c);
  if (total > 0 && after >= total) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' has ", total, " rounds and entrant ", entrant,
        " plays them all: there is nothing left to withdraw from"));
  }
  // Its matches in rounds already drawn after `after` become forfeits; a
  // match it has played in full cannot.
  for (const auto& [number, round] : c->rounds) {
    if (number <= after) continue;
    for (const v1::DrawnMatch& m : round.draw.matches()) {
      if (m.home() != entrant && m.away() != entrant) continue;
      if (!round.forfeits.contains(m.table()) &&
          AllResultsIn(*c, round, m.table())) {
        return absl::FailedPreconditionError(absl::StrCat(
            "entrant ", entrant, " played ", MatchName(*c, number, m),
            " in full: it withdraws after round ", number, " at the earliest"));
      }
    }
  }
  const size_t left = c->pairs.size() - c->withdrawals.size() - 1;
  if (left < 2) {
    return absl::FailedPreconditionError(
        absl::StrCat("withdrawing entrant ", entrant, " would leave ",
                     core::Counted(left, "entrant"), " in '", c->id,
                     "': a round needs two"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_entrant_withdrawn();
  e->set_competition_id(c->id);
  e->set_entrant(entrant);
  e->set_after_round(after);
  e->set_clause(request.clause().empty() ? DefaultClause(*c)
                                         : request.clause());
  e->set_reason(request.reason());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideForfeitMatch(
    const State& state, const v1::ForfeitMatchRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindDrawnRound(*c, request.round()));
  const v1::DrawnMatch* match = MatchAt(*round, request.table());
  if (match == nullptr) {
    return absl::NotFoundError(absl::StrCat(
        "there is no match at table ", request.table(), " in round ",
        request.round(), " of '", c->id, "'"));
  }
  const std::string name = MatchName(*c, request.round(), *match);
  if (!v1::MatchForfeitKind_IsValid(request.kind())) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown forfeit kind ", request.kind()));
  }
  if (request.reason().empty()) {
    return absl::InvalidArgumentError(
        "a forfeit gives its reason (e.g. \"team 4 did not arrive\")");
  }
  const std::set<int> offenders(request.offenders().begin(),
                                request.offenders().end());
  if (offenders.empty() ||
      offenders.size() != static_cast<size_t>(request.offenders_size())) {
    return absl::InvalidArgumentError(absl::StrCat(
        "name the side in default in ", name,
        " once (both sides when neither played)"));
  }
  for (int offender : offenders) {
    if (offender != match->home() && offender != match->away()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "entrant ", offender, " does not play in ", name));
    }
  }
  if (request.kind() != v1::MATCH_FORFEIT_KIND_UNSPECIFIED) {
    if (offenders.size() != 1) {
      return absl::InvalidArgumentError(
          "an abandoned (SABF TR 13.18) or cancelled (SABF TR 13.9) match "
          "names one side: the side concerned, or the absent side");
    }
    if (!c->profile.forfeit.has_value() ||
        c->profile.forfeit->rule != "sabf_tr_13_9") {
      return absl::FailedPreconditionError(absl::StrCat(
          "SABF TR 13.18 and 13.9's cancelled match belong to the SABF "
          "forfeit rule; '", c->id, "' is run under ", c->profile.name));
    }
  }
  if (auto it = round->forfeits.find(match->table());
      it != round->forfeits.end()) {
    return absl::AlreadyExistsError(absl::StrCat(
        name, " is already declared forfeited (in default: ",
        absl::StrJoin(it->second.offenders(), ", "), ")"));
  }
  if (std::optional<ForfeitDeclaration> d = ForfeitAt(*c, *round, *match)) {
    return absl::AlreadyExistsError(
        absl::StrCat(name, " is already forfeited: ", d->reason));
  }
  if (AllResultsIn(*c, *round, match->table())) {
    return absl::FailedPreconditionError(absl::StrCat(
        "every result of ", name,
        " is in: a forfeit replaces a match not played or not completed "
        "(NSW TR 12.9.1); a change now is a correction"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_match_forfeited();
  e->set_competition_id(c->id);
  e->set_round(request.round());
  e->set_table(match->table());
  for (int offender : offenders) e->add_offenders(offender);
  e->set_clause(request.clause().empty() ? DefaultClause(*c)
                                         : request.clause());
  e->set_reason(request.reason());
  e->set_kind(request.kind());
  return payload;
}

absl::Status CheckMatchToBePlayed(const CompetitionState& competition,
                                  const MatchRoundState& round,
                                  const v1::DrawnMatch& match) {
  std::optional<ForfeitDeclaration> d = ForfeitAt(competition, round, match);
  if (!d.has_value()) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(MatchName(competition, round.number, match),
                   " is forfeited (", d->reason, "): no result is entered"));
}

absl::Status SetRoundsInEvent(int rounds, v1::RegulationProfileSpec& spec) {
  if (rounds == 0) return absl::OkStatus();
  if (rounds < 0 || rounds > 99) {
    return absl::InvalidArgumentError(
        absl::StrCat("rounds ", rounds, " is not a number of rounds (1-99)"));
  }
  if (spec.draw().method() != "swiss") {
    return absl::FailedPreconditionError(absl::StrCat(
        "profile '", spec.name(),
        "' is not drawn Swiss: its schedule or the director's draws fix the "
        "rounds"));
  }
  const int fixed = spec.matches().count();
  if (fixed != 0 && fixed != rounds) {
    return absl::FailedPreconditionError(absl::StrCat(
        "profile '", spec.name(), "' fixes ", fixed, " rounds (",
        spec.matches().clause(), "), not ", rounds));
  }
  spec.mutable_matches()->set_count(rounds);
  return absl::OkStatus();
}

}  // namespace tally::replay
