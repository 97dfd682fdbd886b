// Gate: who is calling and whether they may. Authenticates a call's bearer
// token ("authorization: Bearer <token>" metadata) against the
// PrincipalStore, holds each principal to its request rate and concurrent
// streams (issue #15 item 6), and authorises the RPC through the access
// table (server/access_table.h). GuardCall and CommandRunner::Admit call it
// before any decide step. Thread-safe.

#ifndef TALLY_SERVER_GATE_H_
#define TALLY_SERVER_GATE_H_

#include <map>
#include <string>
#include <string_view>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "google/protobuf/message.h"
#include "grpcpp/server_context.h"
#include "server/principal_store.h"
#include "tally/v1/access.pb.h"
#include "tally/v1/common.pb.h"

namespace tally::server {

// The metadata key of the credential, as HTTP's: "Bearer <token>".
inline constexpr char kAuthorizationHeader[] = "authorization";

struct GateLimits {
  // A token bucket per principal: `burst` requests at once, refilled at
  // `per_second`. A venue's busiest device sends a few a minute.
  double per_second = 1000;
  double burst = 5000;
  int max_streams = 8;  // concurrent ReadLog streams per principal
};

class Gate {
 public:
  Gate(PrincipalStore& store, GateLimits limits)
      : store_(store), limits_(limits) {}

  // The principal of the call's credential; UNAUTHENTICATED without one or
  // with a bad, revoked or malformed one.
  absl::StatusOr<v1::Principal> Authenticate(
      grpc::ServerContext* context) const;
  // Authenticate, then the principal's request rate (RESOURCE_EXHAUSTED).
  absl::StatusOr<v1::Principal> Admit(grpc::ServerContext* context);
  // The access table's verdict on `rpc` with `request`.
  absl::Status Authorise(const v1::Principal& principal, absl::string_view rpc,
                         const google::protobuf::Message& request) const;

  // A stream slot of `principal`, released when the Stream is destroyed;
  // RESOURCE_EXHAUSTED when it already holds max_streams.
  class Stream {
   public:
    Stream(Gate* gate, std::string id) : gate_(gate), id_(std::move(id)) {}
    ~Stream();
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;

   private:
    Gate* gate_;
    std::string id_;
  };
  absl::Status OpenStream(const v1::Principal& principal,
                          std::unique_ptr<Stream>* slot);

  PrincipalStore& store() const { return store_; }

 private:
  struct Bucket {
    double tokens = 0;
    absl::Time refilled;
  };
  PrincipalStore& store_;
  const GateLimits limits_;
  absl::Mutex mu_;
  std::map<std::string, Bucket> buckets_ ABSL_GUARDED_BY(mu_);
  std::map<std::string, int> streams_ ABSL_GUARDED_BY(mu_);
};

// The actor an event records for `principal`: its role, its id, and for a
// venue device the table or station it is bound to.
v1::Actor ActorOf(const v1::Principal& principal);

}  // namespace tally::server

#endif  // TALLY_SERVER_GATE_H_
