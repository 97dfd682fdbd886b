// Fuzz target: the offline export verifier (replay/log/log_export.h). An input
// is an export file's text, split into lines at '\n'. Findings: any crash
// or sanitizer report, and a verdict that contradicts the verifier's
// contract: an export judged whole must run from event 1 with no gap (its
// highest sequence equals its number of events).

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "replay/log/log_export.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> lines = absl::StrSplit(text, '\n');
  const tally::replay::ExportVerification v =
      tally::replay::VerifyExport(lines);
  if (v.ok() && v.last_sequence != v.events) {
    std::fprintf(stderr, "export judged whole with %llu events up to %llu\n",
                 static_cast<unsigned long long>(v.events),
                 static_cast<unsigned long long>(v.last_sequence));
    std::abort();
  }
  for (const tally::replay::ExportProblem& p : v.problems) {
    if (p.what.empty() || p.line < 0 ||
        p.line > static_cast<int>(lines.size())) {
      std::fprintf(stderr, "problem without a sentence or a real line: %d\n",
                   p.line);
      std::abort();
    }
  }
  return 0;
}
