#include "replay/decide/decide.h"
#include "server/grpc_status.h"
#include "server/services.h"

namespace tally::server {

grpc::Status VenueService::EnterResult(grpc::ServerContext* context,
                                       const v1::EnterResultRequest* request,
                                       v1::EnterResultResponse* response) {
  absl::StatusOr<v1::Event> event = runner_.Run(
      context, "EnterResult", *request, request->options(),
      request->tournament_id(),
      [request](const replay::State& s) {
        return replay::DecideEnterResult(s, *request);
      },
      response->mutable_outcome());
  if (!event.ok()) return ToGrpcStatus(event.status());
  const v1::ResultEntered& entered = event->payload().result_entered();
  response->set_ns_score(entered.ns_score());
  response->set_round(entered.round());
  response->set_ns_pair(entered.ns_pair());
  response->set_ew_pair(entered.ew_pair());
  return grpc::Status::OK;
}

grpc::Status VenueService::ConfirmResult(
    grpc::ServerContext* context, const v1::ConfirmResultRequest* request,
    v1::CommandOutcome* response) {
  return ToGrpcStatus(runner_
                          .Run(
                              context, "ConfirmResult", *request,
                              request->options(), request->tournament_id(),
                              [request](const replay::State& s) {
                                return replay::DecideConfirmResult(s, *request);
                              },
                              response)
                          .status());
}

}  // namespace tally::server
