#include "server/http/results_pages.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "replay/log/sha256.h"
#include "server/http/html.h"
#include "server/http/page_context.h"
#include "server/http/page_routes.h"
#include "server/http/page_style.h"

namespace tally::server::http {
namespace {

using Parts = std::vector<std::string>;

// Pages kept made (at their log head); beyond this many the cache starts
// afresh.
constexpr size_t kMaxCachedPages = 4096;

Page Refused(const grpc::Status& s) {
  Page page;
  switch (s.error_code()) {
    case grpc::StatusCode::NOT_FOUND:
      page.status = 404;
      break;
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::OUT_OF_RANGE:
      page.status = 400;
      break;
    default:
      page.status = 503;
  }
  page.content_type = "text/plain; charset=utf-8";
  page.body = s.error_message() + "\n";
  return page;
}

Page NotFound(absl::string_view path) {
  return {404, "text/plain; charset=utf-8",
          absl::StrCat("no results page at ", path, "\n")};
}

// "a/b/c.html" is two folders deep: "../../" leads back to the root.
std::string RootFrom(const Parts& parts) {
  std::string out;
  for (size_t i = 1; i < parts.size(); ++i) out += "../";
  return out;
}

}  // namespace

ResultsPages::ResultsPages(std::shared_ptr<grpc::Channel> channel,
                           Options options)
    : source_(std::move(channel)), options_(std::move(options)) {}

Page ResultsPages::Render(absl::string_view path) const {
  std::string p(path);
  if (p.empty() || absl::EndsWith(p, "/")) p += "index.html";
  bool json = false;
  if (absl::EndsWith(p, ".json")) {
    json = true;
    p.resize(p.size() - 5);
  } else if (absl::EndsWith(p, ".html")) {
    p.resize(p.size() - 5);
  } else {
    return NotFound(path);
  }
  const std::string key = absl::StrCat(p, json ? ".json" : ".html");
  Parts parts = absl::StrSplit(p, '/');
  // The head before and after: a page is made from one point of the log,
  // or made again (an event arrived in between). A page already made at
  // the head is served as made.
  Page page;
  for (int attempt = 0; attempt < 5; ++attempt) {
    v1::LogHead before, after;
    grpc::Status s = source_.Head(&before);
    if (!s.ok()) return Refused(s);
    if (std::optional<Page> made = Cached(key, before.sequence())) {
      return *made;
    }
    page = RenderAt(parts, json, before);
    s = source_.Head(&after);
    if (!s.ok()) return Refused(s);
    if (after.sequence() == before.sequence()) {
      if (page.status == 200) Cache(key, before.sequence(), page);
      break;
    }
  }
  if (page.status != 200 && !json) {
    // A refusal reads as a page too (a published site shows why).
    page.body = absl::StrCat(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\"><title>Not available</title><style>",
        kPageStyle, "</style></head>\n<body><h1>Not available</h1>\n<p>",
        HtmlEscape(page.body), "</p>\n<p><a href=\"", RootFrom(parts),
        "index.html\">Results</a></p></body></html>\n");
    page.content_type = "text/html; charset=utf-8";
  }
  return page;
}

Page ResultsPages::RenderAt(const Parts& parts, bool json,
                            const v1::LogHead& head) const {
  PageContext page(source_, parts, head);
  const grpc::Status status = Route(page);
  if (!status.ok()) return Refused(status);
  const Content& c = page.content;
  const std::string root = RootFrom(parts);
  const std::string& self = page.self;
  auto rel = [&](const std::string& to) { return page.Rel(to); };

  const std::string hash = replay::ToHex(head.hash());
  if (json) {
    std::string checkpoint = "null";
    if (head.has_checkpoint()) checkpoint = Json(head.checkpoint());
    return {200, "application/json",
            absl::StrCat(
                "{\"as_of\":{\"sequence\":", head.sequence(), ",\"hash\":\"",
                hash, "\",\"checkpoint\":", checkpoint, ",\"export\":\"", root,
                options_.export_path, "\"},\"page\":\"", HtmlEscape(self),
                "\",\"data\":", c.json.empty() ? "null" : c.json, "}\n")};
  }
  std::string html = absl::StrCat(
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n<title>",
      HtmlEscape(c.title), "</title>\n<style>", kPageStyle, "</style>\n",
      "</head>\n<body", c.scoreboard ? " class=\"scoreboard\"" : "",
      " data-sequence=\"", head.sequence(), "\">\n<nav>");
  std::vector<std::string> crumbs;
  for (const auto& [text, path] : c.crumbs) {
    crumbs.push_back(path == self ? HtmlEscape(text) : Link(rel(path), text));
  }
  absl::StrAppend(&html, absl::StrJoin(crumbs, " › "), "</nav>\n<h1>",
                  HtmlEscape(c.title), "</h1>\n<main>\n", c.body,
                  "</main>\n<footer>As of event <b id=\"as-of\">",
                  head.sequence(), "</b> · log head <code>", hash.substr(0, 16),
                  "</code>");
  if (head.has_checkpoint()) {
    absl::StrAppend(&html, " · latest signed checkpoint: event ",
                    head.checkpoint().sequence(), ", signature <code>",
                    replay::ToHex(head.checkpoint().signature()).substr(0, 16),
                    "</code>");
  }
  absl::StrAppend(&html, " · ", Link(root + options_.export_path, "export"),
                  " (check it with <code>tally verify</code>) · ",
                  Link(absl::StrCat(parts.back(), ".json"), "JSON"),
                  "</footer>\n");
  if (c.scoreboard)
    absl::StrAppend(&html, "<script>", kScoreboardScript, "</script>\n");
  if (options_.live) {
    absl::StrAppend(&html, "<script>var root=\"", root, "\";", kLiveScript,
                    "</script>\n");
  }
  html += "</body></html>\n";
  return {200, "text/html; charset=utf-8", std::move(html)};
}

std::optional<Page> ResultsPages::Cached(const std::string& key,
                                         uint64_t sequence) const {
  absl::MutexLock lock(&mu_);
  auto it = made_.find(key);
  if (it == made_.end() || it->second.first != sequence) return std::nullopt;
  return it->second.second;
}

void ResultsPages::Cache(const std::string& key, uint64_t sequence,
                         const Page& page) const {
  absl::MutexLock lock(&mu_);
  if (made_.size() >= kMaxCachedPages) made_.clear();
  made_[key] = {sequence, page};
}

std::vector<std::string> LinkedPages(absl::string_view from,
                                     absl::string_view html) {
  std::vector<std::string> out;
  std::vector<std::string> dir = absl::StrSplit(from, '/');
  dir.pop_back();
  size_t at = 0;
  while ((at = html.find("href=\"", at)) != absl::string_view::npos) {
    at += 6;
    const size_t end = html.find('"', at);
    if (end == absl::string_view::npos) break;
    std::string href(html.substr(at, end - at));
    at = end;
    if (absl::StrContains(href, ":") || absl::StartsWith(href, "/") ||
        absl::StartsWith(href, "#")) {
      continue;
    }
    std::vector<std::string> path = dir;
    bool outside = false;
    for (absl::string_view seg : absl::StrSplit(href, '/')) {
      if (seg == "..") {
        if (path.empty()) {
          outside = true;
          break;
        }
        path.pop_back();
      } else if (seg != ".") {
        path.emplace_back(seg);
      }
    }
    if (!outside) out.push_back(absl::StrJoin(path, "/"));
  }
  return out;
}

}  // namespace tally::server::http
