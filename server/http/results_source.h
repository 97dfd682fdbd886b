// ResultsSource: every gRPC call the results pages make, in one place:
// QueryService's questions, AuditService.ReadLog for the rulings and
// WatchService.GetLogHead for "as of event N". tallyd passes its own
// in-process channel, `tally publish` its connection to a server. Each
// call gets its context from NewContext() (results_source.cc), the one
// place to add a call credential. Keeps the tournament's rulings and
// session adjustments read so far, so that a page reads only the events
// appended since (not the whole log). Thread-safe.

#ifndef TALLY_SERVER_HTTP_RESULTS_SOURCE_H_
#define TALLY_SERVER_HTTP_RESULTS_SOURCE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "grpcpp/channel.h"
#include "grpcpp/client_context.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"

namespace tally::server::http {

using Ruling = std::pair<uint64_t, v1::RulingMade>;  // event sequence, ruling
// Event sequence, the director's session adjustment.
using SessionAdjustment = std::pair<uint64_t, v1::SessionAdjustmentMade>;

class ResultsSource {
 public:
  explicit ResultsSource(std::shared_ptr<grpc::Channel> channel);

  // One QueryService call, e.g.
  //   source.Query(&v1::QueryService::Stub::GetStandings, request, &out).
  template <typename Request, typename Response>
  grpc::Status Query(grpc::Status (v1::QueryService::Stub::*method)(
                         grpc::ClientContext*, const Request&, Response*),
                     const Request& request, Response* response) const {
    std::unique_ptr<grpc::ClientContext> context = NewContext();
    return ((*query_).*method)(context.get(), request, response);
  }

  // The log's head (WatchService.GetLogHead).
  grpc::Status Head(v1::LogHead* head) const;

  // Every RulingMade of the tournament up to event `through`, with its
  // event's sequence, in log order. Reads (AuditService.ReadLog) only the
  // events after those read by earlier calls.
  grpc::Status Rulings(const std::string& tournament_id, uint64_t through,
                       std::vector<Ruling>* out) const;
  // Every SessionAdjustmentMade of the tournament up to event `through`,
  // the same way.
  grpc::Status SessionAdjustments(const std::string& tournament_id,
                                  uint64_t through,
                                  std::vector<SessionAdjustment>* out) const;

 private:
  // The context of every call: a deadline (and, with authentication, the
  // caller's credential).
  static std::unique_ptr<grpc::ClientContext> NewContext();

  struct KnownEvents {
    uint64_t read_through = 0;  // every event up to here has been read
    std::vector<Ruling> rulings;
    std::vector<SessionAdjustment> adjustments;
  };

  // The tournament's events read through `through` (ReadLog from the
  // first event not yet read).
  grpc::Status ReadThrough(const std::string& tournament_id, uint64_t through,
                           KnownEvents& known) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
  std::unique_ptr<v1::WatchService::Stub> watch_;
  mutable absl::Mutex mu_;
  mutable std::map<std::string, KnownEvents> known_ ABSL_GUARDED_BY(mu_);
};

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_RESULTS_SOURCE_H_
