// One line per notable thing on stderr: start, stop, each refused command.
// Two formats (tallyd --log_format): text, "tallyd <UTC time> <message>",
// or JSON, one object per line {"ts":..,"level":..,"msg":..,<fields>} with
// every string escaped by protobuf's JSON printer. Thread-safe (lines never
// interleave; the format is set once at start-up, before other threads).

#ifndef TALLY_SERVER_LOG_LINE_H_
#define TALLY_SERVER_LOG_LINE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace tally::server {

enum class LogFormat { kText, kJson };
enum class LogLevel { kInfo, kWarning, kError };

// A structured field of a line: name and value. JSON only (a string
// member); the text line is the message alone, which says the same in
// words.
using LogFields = std::vector<std::pair<std::string, std::string>>;

// Chooses the format of every later line. Default: kText.
void SetLogFormat(LogFormat format);

// "text" or "json"; false for anything else.
bool ParseLogFormat(absl::string_view text, LogFormat* format);

// Writes one line to stderr. Text: "tallyd <UTC time> <message>\n", with
// control bytes in `message` (a newline in an id, say) written escaped
// as \xNN. Both formats cut a message over 2000 bytes, so
// what a client sent cannot forge or flood a line.
void LogLine(absl::string_view message, LogLevel level = LogLevel::kInfo,
             const LogFields& fields = {});

// The line LogLine writes at `time` in `format`, without the newline.
std::string FormatLogLine(LogFormat format, absl::Time time, LogLevel level,
                          absl::string_view message, const LogFields& fields);

}  // namespace tally::server

#endif  // TALLY_SERVER_LOG_LINE_H_
