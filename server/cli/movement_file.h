// `tally define-session --movement-file=FILE`: an explicit movement written
// one line per table and round, "ROUND TABLE NS_PAIR EW_PAIR BOARDS"
// (BOARDS "1,2,7*", a star marking a board played arrow-switched there),
// and, for a session in sections, one line per section, "section NAME
// TABLES PAIRS" with TABLES and PAIRS ranges ("section B 4-6 7-12"). Blank
// lines and lines starting with '#' are skipped. Read into a v1::Movement;
// the server checks that it is a movement. Pure; thread-safe.

#ifndef TALLY_SERVER_CLI_MOVEMENT_FILE_H_
#define TALLY_SERVER_CLI_MOVEMENT_FILE_H_

#include <string>

#include "absl/status/status.h"
#include "tally/v1/common.pb.h"

namespace tally::cli {

// Adds the rounds and sections `text` writes to `movement`. InvalidArgument
// "line N: ..." naming the first line it cannot read.
absl::Status ParseMovementFile(const std::string& text, v1::Movement& movement);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_MOVEMENT_FILE_H_
