// The read side of Butler pairs played in sessions of a movement (ANC SR
// 16.4, 16.5): GetStandings, GetTraveller and GetScorecard for one of its
// sessions, and GetCompetitionStandings, answered in IMPs against the datum
// (queries.h and pairs_event_queries.h hand over to these for such a
// competition).
//
//   * Standings: the session's NS and EW fields, each pair's net IMPs over
//     every board scored so far and the VPs of its matches played out
//     (provisional datums included, and said so); ranked on VPs where the
//     profile converts matches (16.10), else on net IMPs (16.4); equal
//     figures share the rank.
//   * Traveller: the board's datum with what it was taken from, and each
//     table's NS IMPs against it.
//   * Scorecard: the pair's boards with its IMPs and the datum, and its
//     matches (one per round) with their IMPs and VPs.
//   * Competition standings: RankButlerMovementEntrants (butler_ranking.h)
//     per field.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_BUTLER_QUERIES_H_
#define TALLY_REPLAY_BUTLER_QUERIES_H_

#include <string>

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// The competition if it exists and is Butler pairs in a movement, else
// nullptr (the caller answers, or reports the unknown id, as before).
const CompetitionState* FindButlerCompetition(const State& state,
                                              const std::string& tournament_id,
                                              const std::string& competition_id);

// NotFound for an unknown session, board or pair; InvalidArgument when the
// session cannot be scored (ScoreButlerSession).
absl::StatusOr<v1::Standings> BuildButlerStandings(
    const State& state, const CompetitionState& competition,
    const v1::GetStandingsRequest& request);
absl::StatusOr<v1::Traveller> BuildButlerTraveller(
    const State& state, const CompetitionState& competition,
    const v1::GetTravellerRequest& request);
absl::StatusOr<v1::Scorecard> BuildButlerScorecard(
    const State& state, const CompetitionState& competition,
    const v1::GetScorecardRequest& request);
absl::StatusOr<v1::CompetitionStandings> BuildButlerCompetitionStandings(
    const State& state, const CompetitionState& competition,
    const v1::GetCompetitionStandingsRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_QUERIES_H_
