#include "replay/state/lookups.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/base/status_macros.h"

namespace tally::replay {

std::string KindName(v1::CompetitionKind kind) {
  constexpr absl::string_view kPrefix = "COMPETITION_KIND_";
  const std::string& name = v1::CompetitionKind_Name(kind);
  if (!absl::StartsWith(name, kPrefix)) {
    return absl::StrCat("unknown kind ", static_cast<int>(kind));
  }
  return absl::StrReplaceAll(
      absl::AsciiStrToLower(absl::string_view(name).substr(kPrefix.size())),
      {{"_", " "}});
}

absl::Status CheckName(absl::string_view what, const std::string& name) {
  if (absl::StripAsciiWhitespace(name).empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the ", what, " needs a name"));
  }
  if (name.size() > 200) {
    return absl::InvalidArgumentError(
        absl::StrCat("the ", what, " name is longer than 200 characters"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const TournamentState*> FindTournament(
    const State& state, const std::string& tournament_id) {
  const TournamentState* t = state.FindTournament(tournament_id);
  if (t == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("there is no tournament '", tournament_id, "'"));
  }
  return t;
}

absl::StatusOr<const CompetitionState*> FindCompetition(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* t,
                         FindTournament(state, tournament_id));
  auto it = t->competitions.find(competition_id);
  if (it == t->competitions.end()) {
    return absl::NotFoundError(absl::StrCat("tournament '", tournament_id,
                                            "' has no competition '",
                                            competition_id, "'"));
  }
  return &it->second;
}

absl::StatusOr<const CompetitionState*> FindMatchCompetition(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, tournament_id, competition_id));
  if (!c->PlaysMatches()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", competition_id, "' is a ", KindName(c->kind),
        " competition played in sessions of a movement; draws, rounds, "
        "match standings and VP penalties belong to events of matches"));
  }
  return c;
}

absl::Status RefuseOnceOfficial(const CompetitionState& competition) {
  if (!competition.results_official.has_value()) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "the results of '", competition.id,
      "' are official: nothing changes now except by a decided appeal (NSW "
      "TR 12.4; Law 79C2)"));
}

absl::StatusOr<const MatchRoundState*> FindDrawnRound(
    const CompetitionState& competition, int round) {
  auto it = competition.rounds.find(round);
  if (it == competition.rounds.end()) {
    return absl::NotFoundError(absl::StrCat(
        "round ", round, " of '", competition.id, "' is not drawn (",
        competition.rounds.size() == 1
            ? "1 round is"
            : absl::StrCat(competition.rounds.size(), " rounds are"),
        " drawn so far)"));
  }
  return &it->second;
}

v1::CompetitionKind CompetitionKindForEvent(v1::EventKind event) {
  switch (event) {
    case v1::EVENT_KIND_MATCHPOINT_PAIRS:
      return v1::COMPETITION_KIND_MATCHPOINT_PAIRS;
    case v1::EVENT_KIND_SWISS_PAIRS:
      return v1::COMPETITION_KIND_SWISS_PAIRS;
    case v1::EVENT_KIND_SWISS_TEAMS:
      return v1::COMPETITION_KIND_SWISS_TEAMS;
    case v1::EVENT_KIND_ROUND_ROBIN_PAIRS:
      return v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS;
    case v1::EVENT_KIND_ROUND_ROBIN_TEAMS:
      return v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS;
    case v1::EVENT_KIND_KNOCKOUT_TEAMS:
      return v1::COMPETITION_KIND_KNOCKOUT_TEAMS;
    case v1::EVENT_KIND_BUTLER_PAIRS:
      return v1::COMPETITION_KIND_BUTLER_PAIRS;
    default:
      return v1::COMPETITION_KIND_UNSPECIFIED;
  }
}

absl::StatusOr<const SessionState*> FindSession(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id, int session) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, tournament_id, competition_id));
  auto it = c->sessions.find(session);
  if (it == c->sessions.end()) {
    return absl::NotFoundError(
        absl::StrCat("'", competition_id, "' has no session ", session));
  }
  return &it->second;
}

}  // namespace tally::replay
