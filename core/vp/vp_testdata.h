// Test-only helpers for the core/vp tests: a VpResult matcher, and readers
// for core/vp/testdata/, where the regulations' VP tables are transcribed
// line for line (the repository must build and test without
// ../shared/regulations). Lines starting with "//" are the transcriber's
// header, which cites the clause and names the source file ("// source:").
// The generic readers (Cells, NonEmptyCells, ...) are
// core/base/testdata_reader.h's, included here; TALLY_VP_TESTDATA_DIR is
// the testdata directory to pass them.
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
#include "core/base/testdata_reader.h"
#include "core/vp/vp_result.h"
#include "gmock/gmock.h"

namespace tally::core::testdata {

// core/vp/testdata/<name>'s table lines (its "//" header dropped):
// TableLines(TALLY_VP_TESTDATA_DIR, name). Adds a test failure and returns
// no lines if the file is missing.
std::vector<std::string> VpTableLines(absl::string_view name);

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
