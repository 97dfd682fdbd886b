// GetTraveller for a round of an event of matches (Swiss and round robins
// of pairs or teams, knock-out stanzas): board B of round R with every
// match's result on it, as the round's scoring scored it
// (replay/match_scores ScoreRounds, the same figures as GetMatchResults):
// each room's contract, declarer, result and score, the IMPs of the side
// sitting North-South (teams: between the rooms; pairs: against the
// datum), matchpoints in a matchpoint Swiss, the datum, and the Law of any
// ruling in force at the table. A match scored as a forfeit keeps its
// results on the traveller with a note saying why they do not count.
//
// Pure functions of the State. Thread-compatible.

#ifndef TALLY_REPLAY_QUERIES_ROUND_TRAVELLER_H_
#define TALLY_REPLAY_QUERIES_ROUND_TRAVELLER_H_

#include <string>

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// True when `competition_id` of `tournament_id` exists and plays drawn
// rounds of matches (not sessions of a movement).
bool PlaysRoundsOfMatches(const State& state, const std::string& tournament_id,
                          const std::string& competition_id);

// The traveller of board `request.board()` of round `request.session()`.
// NotFound for an unknown competition, a round not drawn or a board the
// round does not play; FailedPrecondition for a competition of sessions.
absl::StatusOr<v1::Traveller> BuildRoundTraveller(
    const State& state, const v1::GetTravellerRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUERIES_ROUND_TRAVELLER_H_
