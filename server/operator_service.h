// OperatorService (proto/tally/v1/operator.proto): a backup of the running
// server's data directory into a new directory on its machine
// (server/backup.h), for an administrator. Enters through GuardCall (the
// access table); each backup is a line in tallyd's log. Thread-safe.

#ifndef TALLY_SERVER_OPERATOR_SERVICE_H_
#define TALLY_SERVER_OPERATOR_SERVICE_H_

#include <string>

#include "replay/state/event_log.h"
#include "server/gate.h"
#include "tally/v1/operator.grpc.pb.h"

namespace tally::server {

class OperatorService final : public v1::OperatorService::Service {
 public:
  OperatorService(const replay::EventLog& log, std::string data_dir, Gate& gate)
      : log_(log), data_dir_(std::move(data_dir)), gate_(gate) {}

  grpc::Status Backup(grpc::ServerContext* context,
                      const v1::BackupRequest* request,
                      v1::BackupResponse* response) override;

 private:
  const replay::EventLog& log_;
  const std::string data_dir_;
  Gate& gate_;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_OPERATOR_SERVICE_H_
