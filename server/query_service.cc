#include <memory>
#include <string>
#include <utility>

#include "grpcpp/impl/codegen/proto_utils.h"
#include "grpcpp/support/byte_buffer.h"
#include "grpcpp/support/method_handler.h"
#include "grpcpp/support/slice.h"
#include "grpcpp/support/sync_stream.h"
#include "replay/decide/eligibility.h"
#include "replay/knockout/knockout_queries.h"
#include "replay/knockout/qualification_query.h"
#include "replay/pairs/pairs_event_queries.h"
#include "replay/pairs/queries.h"
#include "replay/queries/match_queries.h"
#include "replay/queries/round_traveller.h"
#include "replay/rulings/appeal_queries.h"
#include "replay/rulings/offence_register.h"
#include "replay/timeline/time_windows.h"
#include "server/grpc_status.h"
#include "server/read_guard.h"
#include "server/services.h"

namespace tally::server {
namespace {

// Answers from the current State with `build`, a replay/queries function.
// The request is checked and the answer guarded (server/read_guard.h).
template <typename Response, typename Build>
grpc::Status Answer(grpc::ServerContext* context, Gate* gate,
                    absl::string_view rpc, const replay::EventLog& log,
                    ReadAdmission* reads,
                    const google::protobuf::Message& request,
                    Response* response, Build build) {
  return GuardRead(
      context, gate, rpc, &log, reads, request, [&]() -> grpc::Status {
        absl::StatusOr<Response> answer = absl::InternalError("not answered");
        log.Read([&](const replay::State& state) { answer = build(state); });
        if (!answer.ok()) return ToGrpcStatus(answer.status());
        *response = *std::move(answer);
        return grpc::Status::OK;
      });
}

}  // namespace

grpc::Status QueryService::ListTournaments(
    grpc::ServerContext* context, const v1::ListTournamentsRequest* request,
    v1::ListTournamentsResponse* response) {
  return Answer(context, gate_, "QueryService.ListTournaments", log_, reads_,
                *request, response, [](const replay::State& s) {
                  return absl::StatusOr<v1::ListTournamentsResponse>(
                      replay::BuildTournamentList(s));
                });
}

grpc::Status QueryService::GetTournament(
    grpc::ServerContext* context, const v1::GetTournamentRequest* request,
    v1::Tournament* response) {
  return Answer(context, gate_, "QueryService.GetTournament", log_, reads_,
                *request, response, [&](const replay::State& s) {
                  return replay::BuildTournament(s, request->tournament_id());
                });
}

grpc::Status QueryService::GetStandings(grpc::ServerContext* context,
                                        const v1::GetStandingsRequest* request,
                                        v1::Standings* response) {
  return Answer(context, gate_, "QueryService.GetStandings", log_, reads_,
                *request, response, [&](const replay::State& s) {
                  return standings_cache_.Get(s, *request);
                });
}

namespace {

// A slice over `bytes` that holds a reference to them, not a copy.
grpc::Slice SharedSlice(std::shared_ptr<const std::string> bytes) {
  auto* held = new std::shared_ptr<const std::string>(std::move(bytes));
  return grpc::Slice(
      const_cast<char*>((*held)->data()), (*held)->size(),
      [](void* p) {
        delete static_cast<std::shared_ptr<const std::string>*>(p);
      },
      held);
}

}  // namespace

void QueryService::SendStandingsAsBytes() {
  // The generated service registers its methods in the order the proto
  // declares them.
  const int index = v1::GetStandingsRequest::descriptor()
                        ->file()
                        ->FindServiceByName("QueryService")
                        ->FindMethodByName("GetStandings")
                        ->index();
  MarkMethodStreamed(
      index,
      new grpc::internal::StreamedUnaryHandler<grpc::ByteBuffer,
                                               grpc::ByteBuffer>(
          [this](grpc::ServerContext* context,
                 grpc::ServerUnaryStreamer<grpc::ByteBuffer, grpc::ByteBuffer>*
                     stream) { return GetStandingsBytes(context, stream); }));
}

grpc::Status QueryService::GetStandingsBytes(
    grpc::ServerContext* context,
    grpc::ServerUnaryStreamer<grpc::ByteBuffer, grpc::ByteBuffer>* stream) {
  // Parsed as the generated unary handler parses it (the same
  // SerializationTraits call on a ByteBuffer, empty when no message came),
  // so a missing or malformed request gets the same INTERNAL status.
  grpc::ByteBuffer received;
  if (!stream->Read(&received)) received.Clear();
  v1::GetStandingsRequest request;
  if (grpc::Status parsed =
          grpc::SerializationTraits<v1::GetStandingsRequest>::Deserialize(
              &received, &request);
      !parsed.ok()) {
    return parsed;
  }
  grpc::ByteBuffer answer;
  grpc::Status s = GuardRead(
      context, gate_, "QueryService.GetStandings", &log_, reads_, request,
      [&]() -> grpc::Status {
        absl::StatusOr<replay::StandingsCache::Serialized> bytes =
            absl::InternalError("not answered");
        log_.Read([&](const replay::State& state) {
          bytes = standings_cache_.GetSerialized(state, request);
        });
        if (!bytes.ok()) return ToGrpcStatus(bytes.status());
        grpc::Slice slices[] = {SharedSlice(bytes->body),
                                grpc::Slice(bytes->as_of)};
        answer = grpc::ByteBuffer(slices, bytes->as_of.empty() ? 1 : 2);
        return grpc::Status::OK;
      });
  if (!s.ok()) return s;
  stream->Write(answer);  // false when the client has gone: nothing to tell
  return grpc::Status::OK;
}

grpc::Status QueryService::GetCompetitionStandings(
    grpc::ServerContext* context, const v1::GetCompetitionStandingsRequest* request,
    v1::CompetitionStandings* response) {
  return Answer(context, gate_, "QueryService.GetCompetitionStandings", log_,
                reads_, *request, response, [&](const replay::State& s) {
                  return replay::BuildCompetitionStandings(s, *request);
                });
}

grpc::Status QueryService::GetTraveller(grpc::ServerContext* context,
                                        const v1::GetTravellerRequest* request,
                                        v1::Traveller* response) {
  return Answer(context, gate_, "QueryService.GetTraveller", log_, reads_,
                *request, response, [&](const replay::State& s) {
                  // A round of an event of matches: every match's result on the
                  // board.
                  if (replay::PlaysRoundsOfMatches(s, request->tournament_id(),
                                                   request->competition_id())) {
                    return replay::BuildRoundTraveller(s, *request);
                  }
                  return replay::BuildTraveller(s, *request);
                });
}

grpc::Status QueryService::GetScorecard(grpc::ServerContext* context,
                                        const v1::GetScorecardRequest* request,
                                        v1::Scorecard* response) {
  return Answer(context, gate_, "QueryService.GetScorecard", log_, reads_,
                *request, response, [&](const replay::State& s) {
                  return replay::BuildScorecard(s, *request);
                });
}

grpc::Status QueryService::ListRegulationProfiles(
    grpc::ServerContext* context, const v1::ListRegulationProfilesRequest* request,
    v1::ListRegulationProfilesResponse* response) {
  return Answer(context, gate_, "QueryService.ListRegulationProfiles", log_,
                reads_, *request, response, [](const replay::State&) {
                  return replay::BuildRegulationProfileList();
                });
}

grpc::Status QueryService::GetRegulationProfile(
    grpc::ServerContext* context, const v1::GetRegulationProfileRequest* request,
    v1::RegulationProfile* response) {
  return Answer(context, gate_, "QueryService.GetRegulationProfile", log_,
                reads_, *request, response, [&](const replay::State&) {
                  return replay::BuildRegulationProfile(request->name());
                });
}

grpc::Status QueryService::GetDraw(grpc::ServerContext* context,
                                const v1::GetDrawRequest* request,
                                v1::DrawView* response) {
  return Answer(context, gate_, "QueryService.GetDraw", log_, reads_, *request,
                response, [request](const replay::State& s) {
                  return replay::BuildDrawView(s, *request);
                });
}

grpc::Status QueryService::GetMatchResults(grpc::ServerContext* context,
                                const v1::GetMatchResultsRequest* request,
                                v1::MatchResults* response) {
  return Answer(context, gate_, "QueryService.GetMatchResults", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::BuildMatchResults(s, *request);
                });
}

grpc::Status QueryService::GetMatchStandings(grpc::ServerContext* context,
                                const v1::GetMatchStandingsRequest* request,
                                v1::MatchStandings* response) {
  return Answer(context, gate_, "QueryService.GetMatchStandings", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::BuildMatchStandings(s, *request);
                });
}

grpc::Status QueryService::GetEntrantRecord(grpc::ServerContext* context,
                                const v1::GetEntrantRecordRequest* request,
                                v1::EntrantRecord* response) {
  return Answer(context, gate_, "QueryService.GetEntrantRecord", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::BuildEntrantRecord(s, *request);
                });
}

grpc::Status QueryService::GetTimeWindows(
    grpc::ServerContext* context, const v1::GetTimeWindowsRequest* request,
    v1::TimeWindows* response) {
  // "Now" is read here, when the question is asked, never in replay.
  const absl::Time at =
      request->has_at() ? replay::ToTime(request->at()) : clock_();
  return Answer(context, gate_, "QueryService.GetTimeWindows", log_, reads_,
                *request, response, [request, at](const replay::State& s) {
                  return replay::BuildTimeWindows(s, *request, at);
                });
}

grpc::Status QueryService::GetQualification(
    grpc::ServerContext* context, const v1::GetQualificationRequest* request,
    v1::Qualification* response) {
  return Answer(context, gate_, "QueryService.GetQualification", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::BuildQualification(s, *request);
                });
}

grpc::Status QueryService::GetKnockoutResults(
    grpc::ServerContext* context, const v1::GetKnockoutResultsRequest* request,
    v1::KnockoutResults* response) {
  return Answer(context, gate_, "QueryService.GetKnockoutResults", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::BuildKnockoutResults(s, *request);
                });
}

grpc::Status QueryService::GetEligibility(
    grpc::ServerContext* context, const v1::GetEligibilityRequest* request,
    v1::Eligibility* response) {
  return Answer(context, gate_, "QueryService.GetEligibility", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::BuildEligibility(s, *request);
                });
}

grpc::Status QueryService::GetOffenceRegister(
    grpc::ServerContext* context, const v1::GetOffenceRegisterRequest* request,
    v1::OffenceRegister* response) {
  return Answer(context, gate_, "QueryService.GetOffenceRegister", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::GetOffenceRegister(s, *request);
                });
}

grpc::Status QueryService::GetAppeal(grpc::ServerContext* context,
                                     const v1::GetAppealRequest* request,
                                     v1::AppealView* response) {
  return Answer(context, gate_, "QueryService.GetAppeal", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::GetAppeal(s, *request);
                });
}

grpc::Status QueryService::ListAppeals(grpc::ServerContext* context,
                                       const v1::ListAppealsRequest* request,
                                       v1::ListAppealsResponse* response) {
  return Answer(context, gate_, "QueryService.ListAppeals", log_, reads_,
                *request, response, [request](const replay::State& s) {
                  return replay::ListAppeals(s, *request);
                });
}

}  // namespace tally::server
