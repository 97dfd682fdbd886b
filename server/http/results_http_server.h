// ResultsHttpServer: tallyd's read-only HTTP server for the results pages
// (cpp-httplib, from Debian's libcpp-httplib-dev). GET and HEAD only; the
// pages (server/http/results_pages.h) at their paths, "?format=json" for a
// page's JSON, "export.jsonl" for the log's export, and "wait?after=N", the
// long poll that answers {"sequence": M} once the log's head M is beyond N
// (or after 25 s), and /metrics when tallyd passes its metrics (the
// Prometheus text format, docs/operator.md). Public: it shows what the pages show to anyone, and
// changes nothing. Thread-safe; serves on its own threads until destroyed.

#ifndef TALLY_SERVER_HTTP_RESULTS_HTTP_SERVER_H_
#define TALLY_SERVER_HTTP_RESULTS_HTTP_SERVER_H_

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "grpcpp/channel.h"
#include "server/http/results_pages.h"
#include "server/log_watch.h"

namespace httplib {
class Server;
}

namespace tally::server::http {

class ResultsHttpServer {
 public:
  // Listens on `listen` ("host:port"; port 0 picks a free one) and serves
  // pages asked of `channel` (tallyd's in-process channel). `watch` must
  // outlive the server. `metrics`, when set, answers GET /metrics.
  // InvalidArgument for a malformed address, Unavailable when it cannot be
  // bound.
  static absl::StatusOr<std::unique_ptr<ResultsHttpServer>> Start(
      const std::string& listen, std::shared_ptr<grpc::Channel> channel,
      const LogWatch& watch,
      std::function<std::string()> metrics = nullptr);
  ~ResultsHttpServer();  // stops serving and joins its threads
  ResultsHttpServer(const ResultsHttpServer&) = delete;
  ResultsHttpServer& operator=(const ResultsHttpServer&) = delete;

  int port() const { return port_; }

 private:
  ResultsHttpServer(std::shared_ptr<grpc::Channel> channel,
                    const LogWatch& watch);

  std::shared_ptr<grpc::Channel> channel_;
  const LogWatch& watch_;
  ResultsPages pages_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  std::atomic<bool> listen_returned_ = false;  // set by thread_
  int port_ = 0;
};

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_RESULTS_HTTP_SERVER_H_
