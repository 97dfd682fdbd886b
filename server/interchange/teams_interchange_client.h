// A teams event's answers over a channel to tallyd, for the teams writer:
// the competition's teams, each round's draw, match results and
// traveller, and the standings, as a TeamsFile. Thread-compatible (one call
// at a time per stub).

#ifndef TALLY_SERVER_INTERCHANGE_TEAMS_INTERCHANGE_CLIENT_H_
#define TALLY_SERVER_INTERCHANGE_TEAMS_INTERCHANGE_CLIENT_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/interchange_client.h"
#include "server/interchange/teams_file.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::interchange {

// The competition's kind (NotFound when the tournament has no such
// competition): `tally export-session` writes a teams event (Swiss, round
// robin, knock-out) with the teams writer.
absl::StatusOr<v1::CompetitionKind> CompetitionKindOf(
    v1::QueryService::Stub& query, const ContextFactory& context,
    const std::string& tournament_id, const std::string& competition_id);

// The shipped regulation profile `name` (QueryService.GetRegulationProfile),
// for CheckTeamsProfile before an import sends anything.
absl::StatusOr<v1::RegulationProfile> FetchProfile(
    v1::QueryService::Stub& query, const ContextFactory& context,
    const std::string& name);

// The event after `rounds` rounds (0: every round drawn), the tournament's
// name as the event name. FailedPrecondition for a competition that is not
// Swiss, round-robin or knock-out teams, a round beyond those drawn, and
// what TeamsFileFromAnswers or KnockoutFileFromAnswers refuses (a
// three-way match, a forfeited or unfinished match, ...).
absl::StatusOr<TeamsFile> FetchTeamsEvent(v1::QueryService::Stub& query,
                                          const ContextFactory& context,
                                          const std::string& tournament_id,
                                          const std::string& competition_id,
                                          int rounds);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_INTERCHANGE_CLIENT_H_
