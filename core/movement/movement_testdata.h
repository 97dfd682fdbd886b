// Test-only readers for core/movement/testdata/, where the draws printed in
// the regulations are transcribed line for line (the repository must build
// and test without ../shared/regulations). Lines starting with "//" are the
// transcriber's header, which cites the clause and names the source file
// ("// source:"). The generic readers (Cells, ...) are
// core/base/testdata_reader.h's, included here; TALLY_MOVEMENT_TESTDATA_DIR
// is the testdata directory to pass them. Also teaches GoogleTest to print a
// Pairing.
//
// Thread-compatible.

#ifndef TALLY_CORE_MOVEMENT_MOVEMENT_TESTDATA_H_
#define TALLY_CORE_MOVEMENT_MOVEMENT_TESTDATA_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "core/base/testdata_reader.h"
#include "core/movement/round_robin_schedule.h"

namespace tally::core::testdata {

// core/movement/testdata/<name>'s transcribed lines (its "//" header
// dropped): TableLines(TALLY_MOVEMENT_TESTDATA_DIR, name). Adds a test
// failure and returns no lines if the file is missing.
std::vector<std::string> MovementTableLines(absl::string_view name);

}  // namespace tally::core::testdata

namespace tally::core {

// Prints "table 2: 5 v 4" in test failure messages.
void PrintTo(const Pairing& pairing, std::ostream* os);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_MOVEMENT_TESTDATA_H_
