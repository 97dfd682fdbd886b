// The read side: answers to Query and Audit questions, built from a State
// (the current one or one replayed as of a point). NotFound with a
// director's message for unknown ids. Pure functions of their arguments.

#ifndef TALLY_REPLAY_QUERIES_H_
#define TALLY_REPLAY_QUERIES_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

absl::StatusOr<v1::Tournament> BuildTournament(const State& state,
                                               const std::string& id);
v1::ListTournamentsResponse BuildTournamentList(const State& state);

// The ranking of one session. A Mitchell, where every pair keeps one
// direction, is ranked as two fields (NS and EW); otherwise one field.
// Pairs are ranked by their published percentage where the competition's
// profile rounds it (SABF TR 11.3: 2 places), else by the exact percentage
// (NSW TR 11.1); equal percentages share the rank. Butler pairs in a
// movement are answered in IMPs against the datum (butler_queries.h), as
// are their travellers and scorecards.
absl::StatusOr<v1::Standings> BuildStandings(
    const State& state, const v1::GetStandingsRequest& request);

absl::StatusOr<v1::Traveller> BuildTraveller(
    const State& state, const v1::GetTravellerRequest& request);

absl::StatusOr<v1::Scorecard> BuildScorecard(
    const State& state, const v1::GetScorecardRequest& request);

// The shipped regulation profiles: one with its spec and text, or all of
// them by name and title. NotFound listing the names for an unknown one.
absl::StatusOr<v1::RegulationProfile> BuildRegulationProfile(
    const std::string& name);
absl::StatusOr<v1::ListRegulationProfilesResponse> BuildRegulationProfileList();

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUERIES_H_
