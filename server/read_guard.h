// The common entry of every RPC: authentication, the request's shape
// (server/request_validator.h) and the access table (server/gate.h) before
// the handler, and a RationalOverflowScope (core/base/rational.h)
// around it, so a figure that cannot be worked out exactly (a value stored
// before the request limits existed) gives that call a precise status
// instead of stopping the server. gRPC 1.51's server interceptors cannot
// refuse a call (no server-side hijacking), so every handler enters through
// GuardCall, or through CommandRunner, which calls the same two pieces.
// Thread-safe.

#ifndef TALLY_SERVER_READ_GUARD_H_
#define TALLY_SERVER_READ_GUARD_H_

#include <functional>
#include <string>

#include "absl/strings/string_view.h"
#include "google/protobuf/message.h"
#include "grpcpp/server_context.h"
#include "grpcpp/support/status.h"
#include "replay/state/event_log.h"
#include "server/gate.h"
#include "server/read_admission.h"

namespace tally::server {

// Authenticates the caller through `gate` (UNAUTHENTICATED,
// RESOURCE_EXHAUSTED), validates `request` (INVALID_ARGUMENT), authorises
// `rpc` ("Service.Method") for the caller (PERMISSION_DENIED); on success
// runs `call`. `gate` is null only for in-process use without a network
// (the calculator's unit tests). If `call` overflowed:
// INTERNAL naming the first stored event of the request's tournament
// (`log`, when given) that holds a value outside the request limits, or
// INVALID_ARGUMENT when no stored event does (the request's own figures
// are too large, e.g. the calculator's). Every refusal is logged, escaped.
grpc::Status GuardCall(grpc::ServerContext* context, Gate* gate,
                       absl::string_view rpc, const replay::EventLog* log,
                       const google::protobuf::Message& request,
                       const std::function<grpc::Status()>& call);

// As GuardCall, for a read computation (a query, an audit question): once
// the caller is admitted, `call` waits for a slot of `reads`
// (server/read_admission.h; null: no bound) and holds it while it runs.
// A call still waiting at its deadline ends with DEADLINE_EXCEEDED, one
// whose client left with CANCELLED, each logged; neither reads anything.
grpc::Status GuardRead(grpc::ServerContext* context, Gate* gate,
                       absl::string_view rpc, const replay::EventLog* log,
                       ReadAdmission* reads,
                       const google::protobuf::Message& request,
                       const std::function<grpc::Status()>& call);

// One of the caller's concurrent stream slots (issue #15 item 6), held by
// a streaming handler while it runs: UNAUTHENTICATED or RESOURCE_EXHAUSTED.
grpc::Status OpenStreamSlot(Gate& gate, grpc::ServerContext* context,
                            std::unique_ptr<Gate::Stream>* slot);

// "event #N (kind): field ...": the first stored event of `tournament_id`
// (every event when empty) whose payload holds a value outside the request
// limits; empty when none does.
std::string FindStoredValueOutOfRange(const replay::EventLog& log,
                                      const std::string& tournament_id);

// The status for an overflow seen while working out `what` (a read or a
// command) on `tournament_id`.
absl::Status OverflowStatus(const replay::EventLog* log,
                            const std::string& tournament_id,
                            const std::string& what);

// The value of the request's `tournament_id` field, empty when it has none.
std::string TournamentOf(const google::protobuf::Message& request);

}  // namespace tally::server

#endif  // TALLY_SERVER_READ_GUARD_H_
