// Test-only helpers for the core/vp tests: a VpResult matcher, and readers
// for core/vp/testdata/, where the regulations' VP tables are transcribed
// line for line (the repository must build and test without
// ../shared/regulations). Lines starting with "//" are the transcriber's
// header, which cites the clause and names the source file ("// source:").
//
// Thread-compatible.

#ifndef TALLY_CORE_VP_VP_TESTDATA_H_
#define TALLY_CORE_VP_VP_TESTDATA_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/vp/vp_result.h"
#include "gmock/gmock.h"

namespace tally::core::testdata {

// The lines of a file with trailing whitespace removed; nullopt if the file
// cannot be read.
std::optional<std::vector<std::string>> ReadLines(const std::string& path);

// testdata/<name>'s table lines (its "//" header dropped). Adds a test
// failure and returns no lines if the file is missing.
std::vector<std::string> TableLines(absl::string_view name);

// The regulation file named by testdata/<name>'s "// source:" line, as a
// path under the shared regulations directory (which may not exist).
std::string SourcePath(absl::string_view name);

// A line's tab-separated cells, empty cells kept, each trimmed.
std::vector<std::string> Cells(absl::string_view line);

// The same without the empty cells.
std::vector<std::string> NonEmptyCells(absl::string_view line);

// "10.50" -> 1050 (hundredths); nullopt unless the text is digits, a point
// and exactly two digits.
std::optional<int64_t> ParseHundredths(absl::string_view text);

// "37" -> 37; nullopt unless the text is all digits.
std::optional<int64_t> ParseWhole(absl::string_view text);

// Matches an absl::StatusOr<VpResult> that is OK and holds `expected`.
MATCHER_P(HoldsVps, expected,
          "is OK and holds " + ::testing::PrintToString(expected)) {
  if (!arg.ok()) {
    *result_listener << "status is " << arg.status();
    return false;
  }
  *result_listener << "holds " << *arg;
  return *arg == expected;
}

}  // namespace tally::core::testdata

#endif  // TALLY_CORE_VP_VP_TESTDATA_H_
