#include "server/gate.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "server/access_table.h"
#include "server/request_validator.h"

namespace tally::server {

absl::StatusOr<v1::Principal> Gate::Authenticate(
    grpc::ServerContext* context) const {
  const auto& md = context->client_metadata();
  const auto count = md.count(kAuthorizationHeader);
  if (count == 0) {
    return absl::UnauthenticatedError(
        "no credential: send 'authorization: Bearer <token>' (tally finds "
        "its token in --token, TALLY_TOKEN, ~/.config/tally/token or "
        "./tally-data/admin.token; docs/access.md)");
  }
  if (count > 1) {
    return absl::UnauthenticatedError("more than one credential was sent");
  }
  const auto it = md.find(kAuthorizationHeader);
  const std::string value(it->second.data(), it->second.size());
  constexpr absl::string_view kBearer = "Bearer ";
  if (!absl::StartsWith(value, kBearer)) {
    return absl::UnauthenticatedError(
        "the credential is malformed: expected 'Bearer <token>'");
  }
  return store_.Authenticate(value.substr(kBearer.size()));
}

absl::StatusOr<v1::Principal> Gate::Admit(grpc::ServerContext* context) {
  absl::StatusOr<v1::Principal> principal = Authenticate(context);
  if (!principal.ok()) return principal;
  // tallyd's own readers (the results pages) serve many people at once.
  if (store_.IsInProcess(principal->id())) return principal;
  const absl::Time now = absl::Now();
  absl::MutexLock lock(&mu_);
  auto [it, fresh] = buckets_.try_emplace(principal->id());
  Bucket& b = it->second;
  if (fresh) {
    b.tokens = limits_.burst;
  } else {
    b.tokens = std::min(limits_.burst,
                        b.tokens + absl::ToDoubleSeconds(now - b.refilled) *
                                       limits_.per_second);
  }
  b.refilled = now;
  if (b.tokens < 1) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "principal ", QuoteForMessage(principal->id()), " sent more than ",
        limits_.burst, " requests at once or ", limits_.per_second,
        " a second for too long; slow down (tallyd "
        "--max_requests_per_second)"));
  }
  b.tokens -= 1;
  return principal;
}

absl::Status Gate::Authorise(const v1::Principal& principal,
                             absl::string_view rpc,
                             const google::protobuf::Message& request) const {
  return server::Authorise(principal, rpc, request);
}

absl::Status Gate::OpenStream(const v1::Principal& principal,
                              std::unique_ptr<Stream>* slot) {
  absl::MutexLock lock(&mu_);
  int& open = streams_[principal.id()];
  if (open >= limits_.max_streams) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "principal ", QuoteForMessage(principal.id()), " already holds ", open,
        " open streams, the most it may (tallyd --max_streams); close one "
        "first"));
  }
  ++open;
  *slot = std::make_unique<Stream>(this, principal.id());
  return absl::OkStatus();
}

Gate::Stream::~Stream() {
  absl::MutexLock lock(&gate_->mu_);
  if (--gate_->streams_[id_] <= 0) gate_->streams_.erase(id_);
}

v1::Actor ActorOf(const v1::Principal& principal) {
  v1::Actor actor;
  actor.set_role(principal.role());
  actor.set_identity(principal.id());
  if (principal.role() == v1::ROLE_VENUE) {
    actor.set_device(DescribeScope(principal.role(), principal.scope()));
  }
  return actor;
}

}  // namespace tally::server
