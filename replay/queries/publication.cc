#include "replay/queries/publication.h"

#include "absl/strings/str_cat.h"
#include "replay/queries/match_queries.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

// Whether session or round `number` has started and its scores are not
// posted.
bool InPlay(const CompetitionState& comp, int number) {
  if (!comp.PlaysMatches()) {
    auto s = comp.sessions.find(number);
    return s != comp.sessions.end() && s->second.phase == SessionPhase::kInPlay;
  }
  auto r = comp.rounds.find(number);
  return r != comp.rounds.end() && !r->second.posted;
}

// Whether `table` has a result of `board` in session or round `number`.
bool TablePlayed(const CompetitionState& comp, int number, int table,
                 int board) {
  if (!comp.PlaysMatches()) {
    auto s = comp.sessions.find(number);
    return s != comp.sessions.end() && s->second.results.contains({board, table});
  }
  auto r = comp.rounds.find(number);
  if (r == comp.rounds.end()) return false;
  for (const auto& [key, result] : r->second.results) {
    if (std::get<0>(key) == board && std::get<1>(key) == table) return true;
  }
  return false;
}

}  // namespace

std::string ProgressWithheldBy(const State& state,
                               const std::string& tournament_id,
                               const std::string& competition_id, int number) {
  if (tournament_id.empty() || competition_id.empty()) {
    // The whole log, or a tournament's events: withheld while any of the
    // competitions it holds is.
    for (const auto& [tid, t] : state.tournaments) {
      if (!tournament_id.empty() && tid != tournament_id) continue;
      for (const auto& [cid, c] : t.competitions) {
        std::string clause = ProgressWithheldBy(state, tid, cid, 0);
        if (!clause.empty()) return clause;
      }
    }
    return "";
  }
  absl::StatusOr<const CompetitionState*> found =
      FindCompetition(state, tournament_id, competition_id);
  if (!found.ok()) return "";
  const CompetitionState& comp = **found;
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

std::string WhyDeviceMayNotRead(const State& state,
                                const std::string& tournament_id,
                                const std::string& own_competition, int own,
                                int table, const std::string& competition,
                                int asked, int board) {
  absl::StatusOr<const CompetitionState*> found =
      FindCompetition(state, tournament_id, own_competition);
  if (!found.ok() || table == 0 || !InPlay(**found, own)) return "";
  const CompetitionState* comp = *found;
  const std::string what =
      absl::StrCat(comp->PlaysMatches() ? "round " : "session ", own, " of '",
                   own_competition, "'");
  const bool own_board = competition == own_competition && asked == own &&
                         board != 0 && TablePlayed(*comp, own, table, board);
  if (own_board && comp->profile.device_shows_traveller_after_play) return "";
  return absl::StrCat(
      "a table's device shows no other table's score and no ranking while ",
      what, " is in play (NSW TR 12.12)",
      own_board ? "; this profile does not show a board's traveller after "
                  "the table has played it"
                : "",
      "; they are published once its scores are posted");
}

}  // namespace tally::replay
