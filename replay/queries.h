// The read side: answers to Query and Audit questions, built from a State
// (the current one or one replayed as of a point). NotFound with a
// director's message for unknown ids. Pure functions of their arguments.

#ifndef TALLY_REPLAY_QUERIES_H_
#define TALLY_REPLAY_QUERIES_H_

#include "absl/status/statusor.h"
#include "replay/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

absl::StatusOr<v1::Tournament> BuildTournament(const State& state,
                                               const std::string& id);
v1::ListTournamentsResponse BuildTournamentList(const State& state);

// The ranking of one session. A Mitchell, where every pair keeps one
// direction, is ranked as two fields (NS and EW); otherwise one field.
// Pairs are ranked by their percentage rounded to 2 places (SABF TR 11.3,
// the published figure); equal percentages share the rank.
absl::StatusOr<v1::Standings> BuildStandings(
    const State& state, const v1::GetStandingsRequest& request);

absl::StatusOr<v1::Traveller> BuildTraveller(
    const State& state, const v1::GetTravellerRequest& request);

absl::StatusOr<v1::Scorecard> BuildScorecard(
    const State& state, const v1::GetScorecardRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUERIES_H_
