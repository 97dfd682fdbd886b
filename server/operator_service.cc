#include "server/operator_service.h"

#include "absl/strings/str_cat.h"
#include "replay/log/sha256.h"
#include "server/backup.h"
#include "server/grpc_status.h"
#include "server/log_line.h"
#include "server/read_guard.h"

namespace tally::server {

grpc::Status OperatorService::Backup(grpc::ServerContext* context,
                                     const v1::BackupRequest* request,
                                     v1::BackupResponse* response) {
  return GuardCall(
      context, &gate_, "OperatorService.Backup", nullptr, *request,
      [&]() -> grpc::Status {
        absl::StatusOr<BackupReport> report =
            BackupDataDirectory(log_, data_dir_, request->directory());
        if (!report.ok()) {
          LogLine(absl::StrCat("backup to ", request->directory(),
                               " failed: ", report.status().message()),
                  LogLevel::kError,
                  {{"event", "backup_failed"},
                   {"directory", request->directory()}});
          return ToGrpcStatus(report.status());
        }
        LogLine(absl::StrCat(
                    "backup to ", request->directory(), ": ", report->events,
                    " events, head ", replay::ToHex(report->head_hash), ", ",
                    report->files, " files, ", report->bytes, " bytes"),
                LogLevel::kInfo,
                {{"event", "backup"},
                 {"directory", request->directory()},
                 {"events", absl::StrCat(report->events)},
                 {"head", replay::ToHex(report->head_hash)}});
        response->set_directory(request->directory());
        response->set_events(report->events);
        response->set_head_hash(report->head_hash);
        response->set_files(report->files);
        response->set_bytes(report->bytes);
        return grpc::Status::OK;
      });
}

}  // namespace tally::server
