// The log's export (replay/log/log_export.h) as the results pages link to it:
// every event as a JSON line, then the signed checkpoints that the export
// includes, asked of AuditService on `channel`; the same file as
// `tally export` writes, for `tally verify`. Thread-safe.

#ifndef TALLY_SERVER_HTTP_LOG_EXPORT_TEXT_H_
#define TALLY_SERVER_HTTP_LOG_EXPORT_TEXT_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "grpcpp/channel.h"

namespace tally::server::http {

// The export's text; the gRPC refusal as a Status otherwise.
absl::StatusOr<std::string> LogExportText(
    const std::shared_ptr<grpc::Channel>& channel);

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_LOG_EXPORT_TEXT_H_
