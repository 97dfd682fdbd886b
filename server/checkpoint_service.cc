// AuditService's signed checkpoints (issue #14 item 5): the list with the
// server's public key, and a checkpoint of the head on request.

#include "absl/status/status.h"
#include "replay/log/codec.h"
#include "server/grpc_status.h"
#include "server/read_guard.h"
#include "server/services.h"

namespace tally::server {
namespace {

absl::Status NoCheckpoints() {
  return absl::FailedPreconditionError(
      "this server keeps no signed checkpoints");
}

}  // namespace

grpc::Status AuditService::ListCheckpoints(
    grpc::ServerContext* context, const v1::ListCheckpointsRequest* request,
    v1::CheckpointList* response) {
  return GuardCall(context, gate_, "AuditService.ListCheckpoints", &log_,
                   *request, [&]() -> grpc::Status {
                     if (checkpoints_ == nullptr)
                       return ToGrpcStatus(NoCheckpoints());
                     response->set_public_key(checkpoints_->public_key());
                     for (v1::Checkpoint& c : checkpoints_->List()) {
                       *response->add_checkpoints() = std::move(c);
                     }
                     return grpc::Status::OK;
                   });
}

grpc::Status AuditService::SignCheckpoint(
    grpc::ServerContext* context, const v1::SignCheckpointRequest* request,
    v1::Checkpoint* response) {
  return GuardCall(context, gate_, "AuditService.SignCheckpoint", &log_,
                   *request, [&]() { return SignHead(response); });
}

grpc::Status AuditService::SignHead(v1::Checkpoint* response) {
  if (checkpoints_ == nullptr) return ToGrpcStatus(NoCheckpoints());
  uint64_t head = 0;
  log_.Read([&](const replay::State& s) { head = s.last_sequence; });
  if (head == 0) {
    return ToGrpcStatus(absl::FailedPreconditionError(
        "the log is empty: there is no event to sign a checkpoint for"));
  }
  absl::StatusOr<std::string> raw = log_.store().ReadRaw(head);
  if (!raw.ok()) return ToGrpcStatus(raw.status());
  absl::StatusOr<v1::Event> event = replay::DecodeEvent(head, *raw);
  if (!event.ok()) return ToGrpcStatus(event.status());
  absl::StatusOr<v1::Checkpoint> checkpoint = checkpoints_->Sign(*event);
  if (!checkpoint.ok()) return ToGrpcStatus(checkpoint.status());
  *response = *std::move(checkpoint);
  return grpc::Status::OK;
}

}  // namespace tally::server
