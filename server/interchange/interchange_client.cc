// The interchange over a channel (see interchange_client.h).

#include "server/interchange/interchange_client.h"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "server/grpc_status.h"
#include "server/interchange/session_answers.h"

namespace tally::interchange {
namespace {

struct StepSender {
  v1::DirectorService::Stub& director;
  v1::VenueService::Stub& venue;
  const ContextFactory& context;
  v1::CommandOutcome outcome;

  grpc::Status operator()(const v1::CreateTournamentRequest& r) {
    return director.CreateTournament(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::CreateCompetitionRequest& r) {
    return director.CreateCompetition(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::RegisterPairRequest& r) {
    return director.RegisterPair(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::DefineSessionRequest& r) {
    return director.DefineSession(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::StartSessionRequest& r) {
    return director.StartSession(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::EnterResultRequest& r) {
    v1::EnterResultResponse response;
    grpc::Status s = venue.EnterResult(context().get(), r, &response);
    outcome = response.outcome();
    return s;
  }
  grpc::Status operator()(const v1::RecordRulingRequest& r) {
    return director.RecordRuling(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::PostScoresRequest& r) {
    return director.PostScores(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::RegisterTeamRequest& r) {
    return director.RegisterTeam(context().get(), r, &outcome);
  }
  grpc::Status operator()(const v1::MakeDrawRequest& r) {
    v1::MakeDrawResponse response;
    grpc::Status s = director.MakeDraw(context().get(), r, &response);
    outcome = response.outcome();
    return s;
  }
};

}  // namespace

absl::StatusOr<int> RunImport(v1::DirectorService::Stub& director,
                              v1::VenueService::Stub& venue,
                              const ContextFactory& context,
                              const std::vector<ImportStep>& steps) {
  int appended = 0;
  for (const ImportStep& step : steps) {
    StepSender sender{director, venue, context, {}};
    grpc::Status s = std::visit(sender, step.request);
    if (!s.ok()) {
      absl::Status status = server::FromGrpcStatus(s);
      return absl::Status(
          status.code(),
          absl::StrCat("line ", step.line, " (", step.what,
                       "): ", status.message(), " [", appended,
                       " events appended before it; importing the same file "
                       "again resumes here]"));
    }
    if (!sender.outcome.replayed()) ++appended;
  }
  return appended;
}

absl::StatusOr<SessionFile> FetchSession(v1::QueryService::Stub& query,
                                         v1::AuditService::Stub& audit,
                                         const ContextFactory& context,
                                         const std::string& tournament_id,
                                         const std::string& competition_id,
                                         int session) {
  v1::GetTournamentRequest tr;
  tr.set_tournament_id(tournament_id);
  v1::Tournament tournament;
  if (grpc::Status s = query.GetTournament(context().get(), tr, &tournament);
      !s.ok()) {
    return server::FromGrpcStatus(s);
  }
  const v1::Competition* competition = nullptr;
  for (const v1::Competition& c : tournament.competitions()) {
    if (c.competition_id() == competition_id) competition = &c;
  }
  if (competition == nullptr) {
    return absl::NotFoundError(absl::StrCat("tournament '", tournament_id,
                                            "' has no competition '",
                                            competition_id, "'"));
  }
  const v1::SessionSummary* summary = nullptr;
  for (const v1::SessionSummary& s : competition->sessions()) {
    if (s.session() == session) summary = &s;
  }
  if (summary == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("'", competition_id, "' has no session ", session));
  }
  v1::GetStandingsRequest sr;
  sr.set_tournament_id(tournament_id);
  sr.set_competition_id(competition_id);
  sr.set_session(session);
  v1::Standings standings;
  if (grpc::Status s = query.GetStandings(context().get(), sr, &standings);
      !s.ok()) {
    return server::FromGrpcStatus(s);
  }
  std::vector<v1::Traveller> travellers;
  for (int board : summary->boards()) {
    v1::GetTravellerRequest r;
    r.set_tournament_id(tournament_id);
    r.set_competition_id(competition_id);
    r.set_session(session);
    r.set_board(board);
    v1::Traveller t;
    if (grpc::Status s = query.GetTraveller(context().get(), r, &t); !s.ok()) {
      return server::FromGrpcStatus(s);
    }
    travellers.push_back(std::move(t));
  }
  // The session's movement as last defined (the log's SessionDefined):
  // the home directions of an arrow-switched Mitchell are in it only.
  std::optional<v1::Movement> movement;
  {
    v1::ReadLogRequest r;
    r.set_tournament_id(tournament_id);
    std::unique_ptr<grpc::ClientContext> c = context();
    std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
        audit.ReadLog(c.get(), r);
    v1::Event e;
    while (reader->Read(&e)) {
      const v1::EventPayload& payload = e.payload();
      if (payload.has_session_defined() &&
          payload.session_defined().competition_id() == competition_id &&
          payload.session_defined().session() == session) {
        movement = payload.session_defined().movement();
      }
    }
    if (grpc::Status s = reader->Finish(); !s.ok())
      return server::FromGrpcStatus(s);
  }
  return SessionFileFromAnswers(*competition, tournament.name(), standings,
                                travellers,
                                movement.has_value() ? &*movement : nullptr);
}

}  // namespace tally::interchange
