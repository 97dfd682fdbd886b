// Test-only readers for the testdata/ folders in which core's tests keep the
// regulations' tables and draws transcribed line for line (the repository
// must build and test without ../shared/regulations). A transcription's
// lines starting with "//" are the transcriber's header, which cites the
// clause and names the regulation file it copies ("// source: <file>",
// relative to the shared regulations directory). Each folder's own test
// helpers (core/vp/vp_testdata.h, core/movement/movement_testdata.h) pass
// their testdata directory and keep only their domain's parsing.
//
// Thread-compatible. Failures are reported with GoogleTest (ADD_FAILURE,
// GTEST_SKIP), so call these from a test body only.

#ifndef TALLY_CORE_BASE_TESTDATA_READER_H_
#define TALLY_CORE_BASE_TESTDATA_READER_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace tally::core::testdata {

// The lines of a file with trailing whitespace removed; nullopt if the file
// cannot be read.
std::optional<std::vector<std::string>> ReadLines(const std::string& path);

// <dir>/<name>'s table lines (its "//" header dropped). Adds a test failure
// and returns no lines if the file is missing.
std::vector<std::string> TableLines(absl::string_view dir,
                                    absl::string_view name);

// The regulation file named by <dir>/<name>'s "// source:" line, as a path
// under the shared regulations directory (which may not exist). Adds a test
// failure and returns "" if the file names no source.
std::string SourcePath(absl::string_view dir, absl::string_view name);

// A line's tab-separated cells, empty cells kept, each trimmed.
std::vector<std::string> Cells(absl::string_view line);

// The same without the empty cells.
std::vector<std::string> NonEmptyCells(absl::string_view line);

// Checks that <dir>/<name>'s table lines are lines of the regulation file
// its "// source:" names, in order. Skips the calling test (GTEST_SKIP) when
// that file is not checked out; adds a fatal failure naming the first line
// not found in order, or if the transcription has no table lines.
void ExpectRegulationTextInOrder(absl::string_view dir, absl::string_view name);

}  // namespace tally::core::testdata

#endif  // TALLY_CORE_BASE_TESTDATA_READER_H_
