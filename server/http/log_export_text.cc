#include "server/http/log_export_text.h"

#include "absl/strings/str_cat.h"
#include "grpcpp/client_context.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/log/log_export.h"
#include "tally/v1/audit.grpc.pb.h"

namespace tally::server::http {

absl::StatusOr<std::string> LogExportText(
    const std::shared_ptr<grpc::Channel>& channel) {
  std::unique_ptr<v1::AuditService::Stub> audit =
      v1::AuditService::NewStub(channel);
  std::string out;
  uint64_t last = 0;
  {
    grpc::ClientContext context;
    v1::ReadLogRequest request;
    request.set_from_sequence(1);
    auto reader = audit->ReadLog(&context, request);
    v1::Event event;
    while (reader->Read(&event)) {
      absl::StrAppend(&out, replay::ExportLine(event), "\n");
      last = event.sequence();
    }
    grpc::Status s = reader->Finish();
    if (!s.ok()) {
      return absl::Status(static_cast<absl::StatusCode>(s.error_code()),
                          s.error_message());
    }
  }
  grpc::ClientContext context;
  v1::CheckpointList list;
  grpc::Status s = audit->ListCheckpoints(&context, {}, &list);
  // A server that keeps no checkpoints exports the events alone.
  if (s.ok()) {
    for (const v1::Checkpoint& c : list.checkpoints()) {
      if (c.sequence() <= last) {
        absl::StrAppend(&out, replay::CheckpointLineText(c), "\n");
      }
    }
  }
  return out;
}

}  // namespace tally::server::http
