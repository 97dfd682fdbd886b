#include "server/http/results_http_server.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "httplib.h"
#include "server/http/log_export_text.h"

namespace tally::server::http {
namespace {

// Long polls and page requests at once: a venue's phones each hold one
// long poll open.
constexpr size_t kThreads = 64;
constexpr absl::Duration kLongPoll = absl::Seconds(25);

void Answer(const Page& page, httplib::Response& response) {
  response.status = page.status;
  response.set_header("Cache-Control", "no-cache");
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_content(page.body, page.content_type.c_str());
}

}  // namespace

ResultsHttpServer::ResultsHttpServer(std::shared_ptr<grpc::Channel> channel,
                                     const LogWatch& watch)
    : channel_(channel),
      watch_(watch),
      pages_(std::move(channel), ResultsPages::Options{}),
      server_(std::make_unique<httplib::Server>()) {}

absl::StatusOr<std::unique_ptr<ResultsHttpServer>> ResultsHttpServer::Start(
    const std::string& listen, std::shared_ptr<grpc::Channel> channel,
    const LogWatch& watch, std::function<std::string()> metrics) {
  const size_t colon = listen.rfind(':');
  int port = -1;
  if (colon == std::string::npos ||
      !absl::SimpleAtoi(listen.substr(colon + 1), &port) || port < 0 ||
      port > 65535) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--http_listen=", listen, ": give host:port, e.g. 127.0.0.1:8080"));
  }
  std::string host = listen.substr(0, colon);
  if (absl::StartsWith(host, "[") && absl::EndsWith(host, "]")) {
    host = host.substr(1, host.size() - 2);
  }
  std::unique_ptr<ResultsHttpServer> s(
      new ResultsHttpServer(std::move(channel), watch));
  httplib::Server& server = *s->server_;
  server.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  ResultsHttpServer* self = s.get();
  server.Get("/wait",
             [self](const httplib::Request& req, httplib::Response& res) {
               uint64_t after = 0;
               if (!absl::SimpleAtoi(req.get_param_value("after"), &after)) {
                 Answer({400, "text/plain; charset=utf-8",
                         "wait?after=N: N is the last event the page shows\n"},
                        res);
                 return;
               }
               const uint64_t head = self->watch_.WaitBeyond(after, kLongPoll);
               Answer({200, "application/json",
                       absl::StrCat("{\"sequence\":", head, "}\n")},
                      res);
             });
  server.Get("/export.jsonl",
             [self](const httplib::Request&, httplib::Response& res) {
               absl::StatusOr<std::string> text = LogExportText(self->channel_);
               if (!text.ok()) {
                 Answer({503, "text/plain; charset=utf-8",
                         std::string(text.status().message())},
                        res);
                 return;
               }
               Answer({200, "application/x-ndjson", *std::move(text)}, res);
             });
  if (metrics) {
    server.Get("/metrics", [metrics](const httplib::Request&,
                                     httplib::Response& res) {
      Answer({200, "text/plain; version=0.0.4; charset=utf-8", metrics()}, res);
    });
  }
  server.Get(
      R"(/(.*))", [self](const httplib::Request& req, httplib::Response& res) {
        std::string path = req.matches[1];
        if (req.get_param_value("format") == "json") {
          if (path.empty() || absl::EndsWith(path, "/")) path += "index.html";
          if (absl::EndsWith(path, ".html")) {
            path = absl::StrCat(path.substr(0, path.size() - 5), ".json");
          }
        }
        Answer(self->pages_.Render(path), res);
      });
  if (host.empty()) host = "0.0.0.0";
  if (port == 0) {
    port = server.bind_to_any_port(host);
    if (port <= 0) {
      return absl::UnavailableError(absl::StrCat("cannot listen on ", listen));
    }
  } else if (!server.bind_to_port(host, port)) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", listen));
  }
  s->port_ = port;
  s->thread_ = std::thread([self] {
    self->server_->listen_after_bind();
    self->listen_returned_ = true;
  });
  // httplib's stop() does nothing until the server runs, so a tallyd
  // stopped right after it started would wait forever for this thread:
  // return once it runs (or has given up).
  while (!s->server_->is_running() && !s->listen_returned_) {
    absl::SleepFor(absl::Milliseconds(1));
  }
  return s;
}

ResultsHttpServer::~ResultsHttpServer() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace tally::server::http
