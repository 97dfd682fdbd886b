// ResultsPages: the public results pages (issue #17): a tournament's index,
// its competitions, rankings, travellers, scorecards, draws, match results,
// knock-outs, qualification, appeals and rulings, and a venue scoreboard,
// as HTML or as JSON. Every figure is asked of the gRPC services
// (QueryService, AuditService.ReadLog, WatchService.GetLogHead) on
// `channel`: tallyd passes its own in-process channel, `tally publish` its
// connection to a server, so the pages show exactly what the gRPC answers
// say. Each page names the log's head it was made from ("as of event N",
// its hash, the latest signed checkpoint). Links are relative, so the same
// pages work served and as static files. docs/results-pages.md lists the
// paths. Thread-safe (gRPC stubs are).

#ifndef TALLY_SERVER_HTTP_RESULTS_PAGES_H_
#define TALLY_SERVER_HTTP_RESULTS_PAGES_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "grpcpp/channel.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"

namespace tally::server::http {

struct Page {
  int status = 200;  // HTTP status: 200, 400 or 404 (refusals), 503
  std::string content_type;
  std::string body;
};

class ResultsPages {
 public:
  struct Options {
    // Pages reload themselves when the log moves on (a long poll of
    // "wait?after=N"); off for static files. Default: true.
    bool live = true;
    // Where the log's export is, from the root. Default: "export.jsonl".
    std::string export_path = "export.jsonl";
  };

  ResultsPages(std::shared_ptr<grpc::Channel> channel, Options options);

  // The page at `path` (relative to the root, no leading '/', ending in
  // ".html" or ".json"; "" is "index.html"). 404 for a path that names no
  // page, or the gRPC refusal's status and message otherwise.
  Page Render(absl::string_view path) const;

 private:
  Page RenderAt(const std::vector<std::string>& parts, bool json,
                const v1::LogHead& head) const;
  // Every RulingMade of the tournament, with its event's sequence, in log
  // order (AuditService.ReadLog).
  grpc::Status Rulings(
      const std::string& tournament_id,
      std::vector<std::pair<uint64_t, v1::RulingMade>>* out) const;

  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
  std::unique_ptr<v1::WatchService::Stub> watch_;
  Options options_;
};

// The pages a page links to: every href of `html` (relative to `from`, a
// page path) that stays inside the site, resolved to a path from the root.
// For `tally publish`, which writes every page reachable from the index.
std::vector<std::string> LinkedPages(absl::string_view from,
                                     absl::string_view html);

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_RESULTS_PAGES_H_
