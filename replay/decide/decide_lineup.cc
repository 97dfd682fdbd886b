#include "replay/decide/decide_lineup.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "replay/decide/decide.h"

namespace tally::replay {
namespace {

bool SameRoom(const google::protobuf::RepeatedPtrField<std::string>& a,
              const google::protobuf::RepeatedPtrField<std::string>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// Whether any result of `boards` is entered at `table`, in either room.
bool ResultsIn(const MatchRoundState& round, int table,
               const std::vector<int>& boards) {
  for (const auto& [key, result] : round.results) {
    const auto& [board, at, room] = key;
    if (at == table &&
        std::find(boards.begin(), boards.end(), board) != boards.end()) {
      return true;
    }
  }
  return false;
}

absl::Status CheckPlayers(const v1::PostLineupRequest& request,
                          const std::vector<std::string>& registered) {
  if (request.open_room_size() != 2 || request.closed_room_size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a line-up names two players in each room, not ",
        request.open_room_size(), " in the open room and ",
        request.closed_room_size(), " in the closed room"));
  }
  std::set<std::string> named;
  for (const auto* room : {&request.open_room(), &request.closed_room()}) {
    for (const std::string& player : *room) {
      if (std::find(registered.begin(), registered.end(), player) ==
          registered.end()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "'", player, "' is not a registered player of team ",
            request.team(), " (", absl::StrJoin(registered, ", "), ")"));
      }
      if (!named.insert(player).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", player, "' is named twice in the line-up"));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<std::vector<int>> StanzaBoards(const CompetitionState& competition,
                                           const MatchRoundState& round) {
  const int size = competition.profile.eligibility.has_value()
                       ? competition.profile.eligibility->stanza_boards
                       : 0;
  std::vector<std::vector<int>> stanzas;
  for (int board : round.draw.boards()) {
    if (stanzas.empty() ||
        (size > 0 && static_cast<int>(stanzas.back().size()) >= size)) {
      stanzas.emplace_back();
    }
    stanzas.back().push_back(board);
  }
  return stanzas;
}

int MatchTableOf(const MatchRoundState& round, int team) {
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (m.home() == team || m.away() == team) return m.table();
  }
  return 0;
}

absl::StatusOr<v1::EventPayload> DecidePostLineup(
    const State& state, const v1::PostLineupRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  if (!c->IsTeams()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id,
        "' is a pairs event: line-ups are posted by teams (ANC SR 10.8, SABF "
        "TR 13.13); record a pair's substitute or absence instead"));
  }
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindDrawnRound(*c, request.round()));
  auto team = c->pairs.find(request.team());
  if (team == c->pairs.end()) {
    return absl::NotFoundError(absl::StrCat("team ", request.team(),
                                            " is not registered in '", c->id,
                                            "'"));
  }
  const int table = MatchTableOf(*round, request.team());
  if (table == 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "team ", request.team(), " has ",
        round->draw.bye() == request.team() ? "a bye" : "no match",
        " in round ", request.round(),
        ": it plays no boards and posts no line-up"));
  }
  if (round->forfeits.contains(table)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the match at table ", table, " of round ", request.round(),
        " was forfeited: nobody played it, so no line-up is posted"));
  }
  const std::vector<std::vector<int>> stanzas = StanzaBoards(*c, *round);
  const int stanza = request.stanza() == 0 ? 1 : request.stanza();
  if (stanza < 1 || stanza > static_cast<int>(stanzas.size())) {
    return absl::InvalidArgumentError(absl::StrCat(
        "round ", request.round(), "'s match is played in ",
        core::Counted(stanzas.size(), "stanza"),
        stanzas.size() > 1
            ? absl::StrCat(" of ", c->profile.eligibility->stanza_boards,
                           " boards (", c->profile.eligibility->stanza_clause,
                           ")")
            : "",
        "; there is no stanza ", stanza));
  }
  TALLY_RETURN_IF_ERROR(CheckPlayers(request, team->second));
  const std::string where =
      stanzas.size() > 1
          ? absl::StrCat("round ", request.round(), " stanza ", stanza)
          : absl::StrCat("round ", request.round());
  if (auto it = c->lineups.find({request.round(), stanza, request.team()});
      it != c->lineups.end()) {
    if (SameRoom(it->second.open_room(), request.open_room()) &&
        SameRoom(it->second.closed_room(), request.closed_room())) {
      return absl::AlreadyExistsError(absl::StrCat(
          "team ", request.team(), "'s line-up for ", where,
          " is already posted as given"));
    }
    if (ResultsIn(*round, table, stanzas[stanza - 1])) {
      return absl::FailedPreconditionError(absl::StrCat(
          "results of ", where, " are already entered at team ",
          request.team(), "'s match (table ", table,
          "): the line-up that played them cannot be changed (ANC SR 10.8; "
          "SABF TR 13.7: pairs change only at the end of a period of play)"));
    }
  }
  v1::EventPayload payload;
  v1::LineupPosted* e = payload.mutable_lineup_posted();
  e->set_competition_id(c->id);
  e->set_round(request.round());
  e->set_stanza(stanza);
  e->set_team(request.team());
  *e->mutable_open_room() = request.open_room();
  *e->mutable_closed_room() = request.closed_room();
  return payload;
}

}  // namespace tally::replay
