// CommandRunner: turns an RPC's request into a replay::Command (actor: the
// authenticated principal, server/gate.h; fingerprint from the method and
// request), authenticates the caller, checks the request's shape
// (server/request_validator.h) and authorises it (server/access_table.h)
// before any decide step, runs it
// through the EventLog and fills the CommandOutcome. Every command handler
// is "convert, call, convert back" through this one piece. Thread-safe.

#ifndef TALLY_SERVER_COMMAND_RUNNER_H_
#define TALLY_SERVER_COMMAND_RUNNER_H_

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "google/protobuf/message.h"
#include "grpcpp/server_context.h"
#include "replay/state/event_log.h"
#include "server/gate.h"
#include "tally/v1/command.pb.h"
#include "tally/v1/common.pb.h"

namespace tally::server {

class CommandRunner {
 public:
  // `service`: "DirectorService" or "VenueService", the access table's
  // prefix of each method.
  CommandRunner(replay::EventLog& log, Gate& gate, std::string service)
      : log_(log), gate_(gate), service_(std::move(service)) {}

  // Runs `request` (method `method`) through the log, on behalf of the
  // authenticated principal in the role it holds,
  // deciding with `decide`. On success fills `outcome` and returns the
  // appended (or, for a retry, the original) event.
  absl::StatusOr<v1::Event> Run(
      grpc::ServerContext* context, const std::string& method,
      const google::protobuf::Message& request,
      const v1::CommandOptions& options, const std::string& tournament_id,
      std::function<absl::StatusOr<v1::EventPayload>(const replay::State&)>
          decide,
      v1::CommandOutcome* outcome);

  // As Run, for a command the regulations time: `decide_at` is also given
  // the time the event will be received at (a correction inside its window).
  absl::StatusOr<v1::Event> RunTimed(
      grpc::ServerContext* context, const std::string& method,
      const google::protobuf::Message& request,
      const v1::CommandOptions& options, const std::string& tournament_id,
      std::function<absl::StatusOr<v1::EventPayload>(const replay::State&,
                                                     absl::Time)>
          decide_at,
      v1::CommandOutcome* outcome);

 private:
  // Authenticates (UNAUTHENTICATED) and rate-limits the caller,
  // ValidateCommand (server/request_validator.h), then the access table
  // (PERMISSION_DENIED); a refusal is logged. The caller's principal.
  absl::StatusOr<v1::Principal> Admit(grpc::ServerContext* context,
                                      const std::string& method,
                                      const google::protobuf::Message& request);
  replay::Command NewCommand(const v1::Principal& principal,
                             const std::string& method,
                             const google::protobuf::Message& request,
                             const v1::CommandOptions& options,
                             const std::string& tournament_id);
  absl::StatusOr<v1::Event> Execute(const std::string& method,
                                    replay::Command command,
                                    v1::CommandOutcome* outcome);

  replay::EventLog& log_;
  Gate& gate_;
  const std::string service_;
};

// SHA-256 of the method name and the request's deterministic serialization
// with the command options cleared: equal for a true retry.
std::string Fingerprint(const std::string& method,
                        const google::protobuf::Message& request);

}  // namespace tally::server

#endif  // TALLY_SERVER_COMMAND_RUNNER_H_
