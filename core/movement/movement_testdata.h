// Test-only readers for core/movement/testdata/, where the draws printed in
// the regulations are transcribed line for line (the repository must build
// and test without ../shared/regulations). Lines starting with "//" are the
// transcriber's header, which cites the clause and names the source file
// ("// source:"). Also teaches GoogleTest to print a Pairing.
//
// Thread-compatible.

#ifndef TALLY_CORE_MOVEMENT_MOVEMENT_TESTDATA_H_
#define TALLY_CORE_MOVEMENT_MOVEMENT_TESTDATA_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/movement/round_robin_schedule.h"

namespace tally::core::testdata {

// The lines of a file with trailing whitespace removed; nullopt if the file
// cannot be read.
std::optional<std::vector<std::string>> ReadLines(const std::string& path);

// testdata/<name>'s transcribed lines (its "//" header dropped). Adds a
// test failure and returns no lines if the file is missing.
std::vector<std::string> TableLines(absl::string_view name);

// The regulation file named by testdata/<name>'s "// source:" line, as a
// path under the shared regulations directory (which may not exist).
std::string SourcePath(absl::string_view name);

// A line's tab-separated cells, empty cells kept, each trimmed.
std::vector<std::string> Cells(absl::string_view line);

}  // namespace tally::core::testdata

namespace tally::core {

// Prints "table 2: 5 v 4" in test failure messages.
void PrintTo(const Pairing& pairing, std::ostream* os);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_MOVEMENT_TESTDATA_H_
