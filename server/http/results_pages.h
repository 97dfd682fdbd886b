// ResultsPages: the public results pages (issue #17): a tournament's index,
// its competitions, rankings, travellers, scorecards, draws, match results,
// knock-outs, qualification, appeals and rulings, and a venue scoreboard,
// as HTML or as JSON. Every figure is asked of the gRPC services
// (QueryService, AuditService.ReadLog, WatchService.GetLogHead) on
// `channel` (all calls in results_source.h): tallyd passes its own
// in-process channel, `tally publish` its connection to a server, so the
// pages show exactly what the gRPC answers say. Each page names the log's
// head it was made from ("as of event N", its hash, the latest signed
// checkpoint), and is kept, made, until the head moves on. The kinds of
// page are a route table (page_routes.h). Links are relative, so the same
// pages work served and as static files. docs/results-pages.md lists the
// paths. Thread-safe.

#ifndef TALLY_SERVER_HTTP_RESULTS_PAGES_H_
#define TALLY_SERVER_HTTP_RESULTS_PAGES_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "grpcpp/channel.h"
#include "server/http/results_source.h"

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
  // The page `key` ("path.html" or "path.json") made at event `sequence`,
  // if it is kept.
  std::optional<Page> Cached(const std::string& key, uint64_t sequence) const;
  void Cache(const std::string& key, uint64_t sequence, const Page& page) const;

  ResultsSource source_;
  Options options_;
  mutable absl::Mutex mu_;
  // Pages made, by key: the head's sequence they were made at, the page.
  mutable std::map<std::string, std::pair<uint64_t, Page>> made_
      ABSL_GUARDED_BY(mu_);
};

// The pages a page links to: every href of `html` (relative to `from`, a
// page path) that stays inside the site, resolved to a path from the root.
// For `tally publish`, which writes every page reachable from the index.
std::vector<std::string> LinkedPages(absl::string_view from,
                                     absl::string_view html);

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_RESULTS_PAGES_H_
