// One line per notable thing on stderr: start, stop, each refused command.
// Thread-safe (lines never interleave).

#ifndef TALLY_SERVER_LOG_LINE_H_
#define TALLY_SERVER_LOG_LINE_H_

#include "absl/strings/string_view.h"

namespace tally::server {

// Writes "tallyd <UTC time> <message>\n" to stderr. Control bytes in
// `message` (a newline in an id, say) are written escaped as \xNN and a
// message over 2000 bytes is cut, so what a client sent cannot forge or
// flood a line.
void LogLine(absl::string_view message);

}  // namespace tally::server

#endif  // TALLY_SERVER_LOG_LINE_H_
