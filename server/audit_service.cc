#include <limits>

#include "absl/strings/str_cat.h"
#include "replay/audit.h"
#include "replay/codec.h"
#include "replay/queries.h"
#include "server/grpc_status.h"
#include "server/services.h"

namespace tally::server {

grpc::Status AuditService::ReadLog(grpc::ServerContext* context,
                                   const v1::ReadLogRequest* request,
                                   grpc::ServerWriter<v1::Event>* writer) {
  uint64_t sent = 0;
  absl::Status failure;
  absl::Status scanned = log_.store().Scan(
      std::max<uint64_t>(request->from_sequence(), 1),
      [&](uint64_t sequence, const std::string& raw) {
        if (context->IsCancelled()) return false;
        absl::StatusOr<v1::Event> event = replay::DecodeEvent(sequence, raw);
        if (!event.ok()) {
          failure = event.status();
          return false;
        }
        if (!request->tournament_id().empty() &&
            event->tournament_id() != request->tournament_id()) {
          return true;
        }
        if (!writer->Write(*event)) return false;
        ++sent;
        return request->limit() == 0 || sent < request->limit();
      });
  if (!scanned.ok()) return ToGrpcStatus(scanned);
  return ToGrpcStatus(failure);
}

grpc::Status AuditService::GetStandingsAsOf(
    grpc::ServerContext*, const v1::GetStandingsAsOfRequest* request,
    v1::Standings* response) {
  uint64_t last = std::numeric_limits<uint64_t>::max();
  std::optional<absl::Time> until;
  switch (request->as_of().point_case()) {
    case v1::AsOf::kSequence:
      last = request->as_of().sequence();
      break;
    case v1::AsOf::kTime:
      until = replay::ToTime(request->as_of().time());
      break;
    case v1::AsOf::POINT_NOT_SET:
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                          "say as of which sequence number or time");
  }
  absl::StatusOr<replay::State> state =
      replay::ReplayPrefix(log_.store(), last, until);
  if (!state.ok()) return ToGrpcStatus(state.status());
  absl::StatusOr<v1::Standings> standings =
      replay::BuildStandings(*state, request->standings());
  if (!standings.ok()) {
    return ToGrpcStatus(
        absl::Status(standings.status().code(),
                     absl::StrCat("as of event ", state->last_sequence, ": ",
                                  standings.status().message())));
  }
  *response = *std::move(standings);
  return grpc::Status::OK;
}

grpc::Status AuditService::GetBoardHistory(
    grpc::ServerContext*, const v1::GetBoardHistoryRequest* request,
    v1::BoardHistory* response) {
  absl::StatusOr<std::vector<v1::Event>> events =
      replay::BoardHistory(log_.store(), *request);
  if (!events.ok()) return ToGrpcStatus(events.status());
  for (v1::Event& e : *events) *response->add_events() = std::move(e);
  return grpc::Status::OK;
}

grpc::Status AuditService::VerifyChain(grpc::ServerContext*,
                                       const v1::VerifyChainRequest*,
                                       v1::ChainVerification* response) {
  absl::StatusOr<v1::ChainVerification> result =
      replay::VerifyChain(log_.store());
  if (!result.ok()) return ToGrpcStatus(result.status());
  *response = *std::move(result);
  return grpc::Status::OK;
}

}  // namespace tally::server
