// Plain blocking calls to a tallyd for the cross-process tests, each
// returning absl::Status(Or) so tests can use the status matchers.

#ifndef TALLY_TESTS_CLIENT_CALLS_H_
#define TALLY_TESTS_CLIENT_CALLS_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "grpcpp/grpcpp.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/query.pb.h"
#include "tally/v1/venue.pb.h"

namespace tally::testing {

// A client context with a 60-second deadline. `identity` goes in the
// "tally-identity" metadata, which the server no longer records: the actor
// is the principal of the channel's token (docs/access.md).
std::unique_ptr<grpc::ClientContext> ContextAs(const std::string& identity);

// Command options carrying the idempotency key `key`.
v1::CommandOptions Key(const std::string& key);

absl::StatusOr<v1::EnterResultResponse> EnterResult(
    grpc::Channel& channel, const v1::EnterResultRequest& request);

// Session 1 of competition "pairs" of `tournament`.
absl::StatusOr<v1::Standings> GetStandings(grpc::Channel& channel,
                                           const std::string& tournament);
// The same, replayed from the log as of `sequence`.
absl::StatusOr<v1::Standings> GetStandingsAsOf(grpc::Channel& channel,
                                               const std::string& tournament,
                                               uint64_t sequence);

// Every event in the log, in order.
absl::StatusOr<std::vector<v1::Event>> ReadWholeLog(grpc::Channel& channel);

// The chain verification's outcome; an error if it is not OK.
absl::Status VerifyChain(grpc::Channel& channel);

// The value of the series `series` (name and labels exactly as printed) in
// a Prometheus text page (tallyd's /metrics); -1 when absent.
double MetricSample(const std::string& page, const std::string& series);

// Calls any tally.v1 RPC by its descriptor with `request` (of its input
// type). ReadLog, the one server-streaming RPC, is read to its end.
grpc::Status CallMethod(grpc::Channel& channel,
                        const google::protobuf::MethodDescriptor& method,
                        const google::protobuf::Message& request);

}  // namespace tally::testing

#endif  // TALLY_TESTS_CLIENT_CALLS_H_
