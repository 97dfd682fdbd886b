#include "replay/queries/publication.h"

#include "replay/queries/match_queries.h"

namespace tally::replay {

std::string ProgressWithheldBy(const State& state,
                               const std::string& tournament_id,
                               const std::string& competition_id, int number) {
  auto t = state.tournaments.find(tournament_id);
  if (t == state.tournaments.end()) return "";
  auto c = t->second.competitions.find(competition_id);
  if (c == t->second.competitions.end()) return "";
  const CompetitionState& comp = c->second;
  if (!comp.profile.withhold_progress_in_play) return "";
  const std::string& clause = comp.profile.publication_clause;
  if (!comp.PlaysMatches()) {
    if (comp.sessions.empty()) return "";
    auto s = number == 0 ? std::prev(comp.sessions.end())
                         : comp.sessions.find(number);
    if (s == comp.sessions.end()) return "";
    return s->second.phase == SessionPhase::kInPlay ? clause : "";
  }
  const int drawn = static_cast<int>(comp.rounds.size());
  if (drawn == 0 || (number != 0 && number < drawn)) return "";
  v1::GetMatchResultsRequest request;
  request.set_tournament_id(tournament_id);
  request.set_competition_id(competition_id);
  request.set_round(drawn);
  absl::StatusOr<v1::MatchResults> results = BuildMatchResults(state, request);
  if (!results.ok()) return "";
  for (const v1::MatchResult& m : results->matches()) {
    if (!m.complete()) return clause;
  }
  return "";
}

}  // namespace tally::replay
