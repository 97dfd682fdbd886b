// The server's clock: where receipt times and "now" come from. The wall
// clock, or for tests a file holding the time (so a test can stand one
// second either side of a window's edge without waiting).
// Thread-safe.

#ifndef TALLY_SERVER_CLOCK_H_
#define TALLY_SERVER_CLOCK_H_

#include <functional>
#include <string>

#include "absl/time/time.h"

namespace tally::server {

// The wall clock when `test_clock_file` is empty; otherwise a clock that
// reads an RFC 3339 time (e.g. 2026-11-21T19:30:00Z) from that file at each
// use, falling back to the wall clock while the file is missing or
// unreadable.
std::function<absl::Time()> ServerClock(const std::string& test_clock_file);

}  // namespace tally::server

#endif  // TALLY_SERVER_CLOCK_H_
