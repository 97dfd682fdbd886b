// CommandRunner: turns an RPC's request into a replay::Command (actor from
// the call's metadata, fingerprint from the method and request), checks its
// shape (server/request_validator.h), runs it
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
#include "tally/v1/command.pb.h"
#include "tally/v1/common.pb.h"

namespace tally::server {

// Metadata keys a client sets to say who and what it is.
inline constexpr char kIdentityHeader[] = "tally-identity";
inline constexpr char kDeviceHeader[] = "tally-device";

class CommandRunner {
 public:
  explicit CommandRunner(replay::EventLog& log) : log_(log) {}

  // Runs `request` (method `method`, on behalf of `role`) through the log,
  // deciding with `decide`. On success fills `outcome` and returns the
  // appended (or, for a retry, the original) event.
  absl::StatusOr<v1::Event> Run(
      grpc::ServerContext* context, v1::Role role, const std::string& method,
      const google::protobuf::Message& request,
      const v1::CommandOptions& options, const std::string& tournament_id,
      std::function<absl::StatusOr<v1::EventPayload>(const replay::State&)>
          decide,
      v1::CommandOutcome* outcome);

  // As Run, for a command the regulations time: `decide_at` is also given
  // the time the event will be received at (a correction inside its window).
  absl::StatusOr<v1::Event> RunTimed(
      grpc::ServerContext* context, v1::Role role, const std::string& method,
      const google::protobuf::Message& request,
      const v1::CommandOptions& options, const std::string& tournament_id,
      std::function<absl::StatusOr<v1::EventPayload>(const replay::State&,
                                                     absl::Time)>
          decide_at,
      v1::CommandOutcome* outcome);

 private:
  // ValidateRequest (server/request_validator.h) and the limits of the
  // caller's identity and device metadata; a refusal is logged.
  absl::Status Admit(grpc::ServerContext* context, const std::string& method,
                     const google::protobuf::Message& request);
  replay::Command NewCommand(grpc::ServerContext* context, v1::Role role,
                             const std::string& method,
                             const google::protobuf::Message& request,
                             const v1::CommandOptions& options,
                             const std::string& tournament_id);
  absl::StatusOr<v1::Event> Execute(const std::string& method,
                                    replay::Command command,
                                    v1::CommandOutcome* outcome);

  replay::EventLog& log_;
};

// The actor of a call: `role`, identity and device from the metadata
// (empty identity becomes the peer address).
v1::Actor ActorOf(grpc::ServerContext* context, v1::Role role);

// SHA-256 of the method name and the request's deterministic serialization
// with the command options cleared: equal for a true retry.
std::string Fingerprint(const std::string& method,
                        const google::protobuf::Message& request);

}  // namespace tally::server

#endif  // TALLY_SERVER_COMMAND_RUNNER_H_
