// WatchService (proto/tally/v1/watch.proto): the log's head, the log as it
// grows, and standings and travellers pushed when they change. Figures come
// from QueryService itself, so a watcher sees exactly what GetStandings and
// GetTraveller answer, to whom the access table lets read them; each
// stream holds one of its principal's stream slots. Handlers hold no rules. Thread-safe; each stream runs
// on its own gRPC thread and wakes on LogWatch at most once a second to
// notice a cancelled call or a stopping server.

#ifndef TALLY_SERVER_WATCH_SERVICE_H_
#define TALLY_SERVER_WATCH_SERVICE_H_

#include "replay/checkpoint/checkpoint_store.h"
#include "replay/state/event_log.h"
#include "server/gate.h"
#include "server/log_watch.h"
#include "server/services.h"
#include "tally/v1/watch.grpc.pb.h"

namespace tally::server {

class WatchService final : public v1::WatchService::Service {
 public:
  // `checkpoints` may be null (no signed checkpoints kept).
  WatchService(const replay::EventLog& log, const LogWatch& watch,
               Gate& gate, QueryService& query,
               replay::CheckpointStore* checkpoints)
      : log_(log),
        watch_(watch),
        gate_(&gate),
        query_(query),
        checkpoints_(checkpoints) {}

  grpc::Status GetLogHead(grpc::ServerContext* context,
                          const v1::GetLogHeadRequest* request,
                          v1::LogHead* response) override;
  grpc::Status WatchLog(grpc::ServerContext* context,
                        const v1::WatchLogRequest* request,
                        grpc::ServerWriter<v1::Event>* writer) override;
  grpc::Status WatchStandings(
      grpc::ServerContext* context, const v1::GetStandingsRequest* request,
      grpc::ServerWriter<v1::Standings>* writer) override;
  grpc::Status WatchTraveller(
      grpc::ServerContext* context, const v1::GetTravellerRequest* request,
      grpc::ServerWriter<v1::Traveller>* writer) override;

 private:
  const replay::EventLog& log_;
  const LogWatch& watch_;
  Gate* const gate_;
  QueryService& query_;
  replay::CheckpointStore* const checkpoints_;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_WATCH_SERVICE_H_
