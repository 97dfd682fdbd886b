// `tally publish DIR`: the results pages (server/http/results_pages.h) as
// static files, every page reachable from the index with its JSON beside
// it and the log's export, for upload to a club's or federation's website.
// The links are relative, so the folder works from anywhere.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "server/cli/cli_common.h"
#include "server/http/log_export_text.h"
#include "server/http/results_pages.h"

namespace tally::cli {
namespace {

bool WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::out | std::ios::trunc | std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "tally: cannot write " << path.string() << "\n";
    return false;
  }
  return true;
}

int Publish(Client& cl, const Invocation& inv) {
  const std::filesystem::path dir = inv.args[0];
  server::http::ResultsPages pages(cl.channel_, {.live = false});
  std::set<std::string> seen = {"index.html"};
  std::vector<std::string> queue = {"index.html"};
  size_t written = 0;
  while (!queue.empty()) {
    const std::string path = queue.back();
    queue.pop_back();
    server::http::Page page = pages.Render(path);
    if (page.status != 200) {
      // Written all the same, saying why (its link then still resolves).
      std::cerr << "tally: " << path << ": not available (HTTP "
                << page.status << ")\n";
    }
    if (!WriteFile(dir / path, page.body)) return kFailed;
    ++written;
    if (!absl::EndsWith(path, ".html")) continue;
    for (const std::string& next : server::http::LinkedPages(path, page.body)) {
      if (next == "export.jsonl" || seen.contains(next)) continue;
      seen.insert(next);
      queue.push_back(next);
    }
  }
  absl::StatusOr<std::string> exported =
      server::http::LogExportText(cl.channel_);
  if (!exported.ok()) {
    std::cerr << "tally: export: " << exported.status().message() << "\n";
    return kFailed;
  }
  if (!WriteFile(dir / "export.jsonl", *exported)) return kFailed;
  std::cout << "published " << written << " pages and the export to "
            << dir.string() << "\n";
  return kOk;
}

}  // namespace

void AddPublishCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"publish", "DIR",
       "write the results pages (HTML and JSON, relative links) and the "
       "log's export into DIR, for a website",
       1, 1, Publish});
}

}  // namespace tally::cli
