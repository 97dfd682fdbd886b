// A teams event's answers over a channel (see teams_interchange_client.h).

#include "server/interchange/teams_interchange_client.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "server/grpc_status.h"
#include "server/interchange/teams_answers.h"

namespace tally::interchange {
namespace {

absl::StatusOr<std::pair<v1::Tournament, v1::Competition>> Find(
    v1::QueryService::Stub& query, const ContextFactory& context,
    const std::string& tournament_id, const std::string& competition_id) {
  v1::GetTournamentRequest r;
  r.set_tournament_id(tournament_id);
  v1::Tournament tournament;
  if (grpc::Status s = query.GetTournament(context().get(), r, &tournament);
      !s.ok()) {
    return server::FromGrpcStatus(s);
  }
  for (const v1::Competition& c : tournament.competitions()) {
    if (c.competition_id() == competition_id) {
      return std::make_pair(tournament, c);
    }
  }
  return absl::NotFoundError(absl::StrCat("tournament '", tournament_id,
                                          "' has no competition '",
                                          competition_id, "'"));
}

}  // namespace

absl::StatusOr<v1::CompetitionKind> CompetitionKindOf(
    v1::QueryService::Stub& query, const ContextFactory& context,
    const std::string& tournament_id, const std::string& competition_id) {
  absl::StatusOr<std::pair<v1::Tournament, v1::Competition>> found =
      Find(query, context, tournament_id, competition_id);
  if (!found.ok()) return found.status();
  return found->second.kind();
}

absl::StatusOr<v1::RegulationProfile> FetchProfile(
    v1::QueryService::Stub& query, const ContextFactory& context,
    const std::string& name) {
  v1::GetRegulationProfileRequest r;
  r.set_name(name);
  v1::RegulationProfile profile;
  if (grpc::Status s = query.GetRegulationProfile(context().get(), r, &profile);
      !s.ok()) {
    return server::FromGrpcStatus(s);
  }
  return profile;
}

absl::StatusOr<TeamsFile> FetchTeamsEvent(v1::QueryService::Stub& query,
                                          const ContextFactory& context,
                                          const std::string& tournament_id,
                                          const std::string& competition_id,
                                          int rounds) {
  absl::StatusOr<std::pair<v1::Tournament, v1::Competition>> found =
      Find(query, context, tournament_id, competition_id);
  if (!found.ok()) return found.status();
  const auto& [tournament, competition] = *found;
  const bool knockout =
      competition.kind() == v1::COMPETITION_KIND_KNOCKOUT_TEAMS;
  if (competition.kind() != v1::COMPETITION_KIND_SWISS_TEAMS &&
      competition.kind() != v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS &&
      !knockout) {
    return absl::FailedPreconditionError(
        absl::StrCat("'", competition_id,
                     "' is not a Swiss, round-robin or knock-out teams "
                     "event; USEBIO teams export writes those"));
  }
  if (rounds == 0) rounds = competition.rounds_drawn();
  if (rounds < 1 || rounds > competition.rounds_drawn()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", competition_id, "' has ", competition.rounds_drawn(),
        " rounds drawn, so round ", rounds, " cannot be the last one written"));
  }
  std::vector<RoundAnswers> answers;
  for (int round = 1; round <= rounds; ++round) {
    RoundAnswers a;
    v1::GetDrawRequest dr;
    dr.set_tournament_id(tournament_id);
    dr.set_competition_id(competition_id);
    dr.set_round(round);
    v1::DrawView draw;
    if (grpc::Status s = query.GetDraw(context().get(), dr, &draw); !s.ok()) {
      return server::FromGrpcStatus(s);
    }
    a.draw = draw.draw();
    if (!knockout) {  // a knock-out's scores: GetKnockoutResults below
      v1::GetMatchResultsRequest mr;
      mr.set_tournament_id(tournament_id);
      mr.set_competition_id(competition_id);
      mr.set_round(round);
      if (grpc::Status s =
              query.GetMatchResults(context().get(), mr, &a.results);
          !s.ok()) {
        return server::FromGrpcStatus(s);
      }
    }
    for (int board : a.draw.boards()) {
      v1::GetTravellerRequest tr;
      tr.set_tournament_id(tournament_id);
      tr.set_competition_id(competition_id);
      tr.set_session(round);
      tr.set_board(board);
      v1::Traveller t;
      if (grpc::Status s = query.GetTraveller(context().get(), tr, &t);
          !s.ok()) {
        return server::FromGrpcStatus(s);
      }
      a.travellers.push_back(std::move(t));
    }
    answers.push_back(std::move(a));
  }
  if (knockout) {
    v1::GetKnockoutResultsRequest kr;
    kr.set_tournament_id(tournament_id);
    kr.set_competition_id(competition_id);
    v1::KnockoutResults results;
    if (grpc::Status s =
            query.GetKnockoutResults(context().get(), kr, &results);
        !s.ok()) {
      return server::FromGrpcStatus(s);
    }
    return KnockoutFileFromAnswers(competition, tournament.name(), answers,
                                   results);
  }
  v1::GetMatchStandingsRequest sr;
  sr.set_tournament_id(tournament_id);
  sr.set_competition_id(competition_id);
  sr.set_after_round(rounds);
  v1::MatchStandings standings;
  if (grpc::Status s = query.GetMatchStandings(context().get(), sr, &standings);
      !s.ok()) {
    return server::FromGrpcStatus(s);
  }
  return TeamsFileFromAnswers(competition, tournament.name(), answers,
                              standings);
}

}  // namespace tally::interchange
