#include "server/log_line.h"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"

namespace tally::server {
namespace {

constexpr size_t kMaxLineBytes = 2000;

std::atomic<LogFormat> g_format{LogFormat::kText};

// `message` cut to kMaxLineBytes, saying how long it was.
std::string Cut(absl::string_view message) {
  if (message.size() <= kMaxLineBytes) return std::string(message);
  return absl::StrCat(message.substr(0, kMaxLineBytes), "... (", message.size(),
                      " bytes)");
}

std::string Escaped(absl::string_view message) {
  std::string out;
  for (unsigned char c : Cut(message)) {
    if (c < 0x20 || c == 0x7f) {
      absl::StrAppend(&out, absl::StrFormat("\\x%02x", c));
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

// `text` as a JSON string literal, quotes included, by protobuf's JSON
// printer. Bytes that are not UTF-8 are replaced by U+FFFD first (JSON
// text is UTF-8; the printer refuses anything else).
std::string JsonString(absl::string_view text) {
  google::protobuf::Value value;
  std::string valid;
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = text[i];
    const size_t n = c < 0x80           ? 1
                     : (c >> 5) == 0x6  ? 2
                     : (c >> 4) == 0xe  ? 3
                     : (c >> 3) == 0x1e ? 4
                                        : 0;
    bool ok = n > 0 && i + n <= text.size();
    for (size_t k = 1; ok && k < n; ++k) {
      ok = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    }
    if (ok) {
      valid.append(text.data() + i, n);
      i += n;
    } else {
      valid.append("\xef\xbf\xbd");
      ++i;
    }
  }
  value.set_string_value(valid);
  std::string out;
  if (!google::protobuf::util::MessageToJsonString(value, &out).ok()) {
    return "\"(unprintable)\"";
  }
  return out;
}

absl::string_view LevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kWarning:
      return "warning";
    case LogLevel::kError:
      return "error";
    case LogLevel::kInfo:
      break;
  }
  return "info";
}

}  // namespace

void SetLogFormat(LogFormat format) { g_format.store(format); }

bool ParseLogFormat(absl::string_view text, LogFormat* format) {
  if (text == "text") {
    *format = LogFormat::kText;
  } else if (text == "json") {
    *format = LogFormat::kJson;
  } else {
    return false;
  }
  return true;
}

std::string FormatLogLine(LogFormat format, absl::Time time, LogLevel level,
                          absl::string_view message, const LogFields& fields) {
  if (format == LogFormat::kText) {
    std::string line = absl::StrCat(
        "tallyd ",
        absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", time, absl::UTCTimeZone()), " ",
        Escaped(message));
    return line;
  }
  std::string line =
      absl::StrCat("{\"ts\":",
                   JsonString(absl::FormatTime("%Y-%m-%dT%H:%M:%E3SZ", time,
                                               absl::UTCTimeZone())),
                   ",\"level\":", JsonString(LevelName(level)),
                   ",\"msg\":", JsonString(Cut(message)));
  for (const auto& [name, value] : fields) {
    absl::StrAppend(&line, ",", JsonString(name), ":", JsonString(Cut(value)));
  }
  line.push_back('}');
  return line;
}

void LogLine(absl::string_view message, LogLevel level,
             const LogFields& fields) {
  const std::string line =
      FormatLogLine(g_format.load(), absl::Now(), level, message, fields);
  static absl::Mutex mu(absl::kConstInit);
  absl::MutexLock lock(&mu);
  std::cerr << line << std::endl;
}

}  // namespace tally::server
