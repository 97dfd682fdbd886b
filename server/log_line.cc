#include "server/log_line.h"

#include <algorithm>
#include <iostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace tally::server {
namespace {

constexpr size_t kMaxLineBytes = 2000;

std::string Escaped(absl::string_view message) {
  std::string out;
  out.reserve(std::min(message.size(), kMaxLineBytes));
  for (unsigned char c : message.substr(0, kMaxLineBytes)) {
    if (c < 0x20 || c == 0x7f) {
      absl::StrAppend(&out, absl::StrFormat("\\x%02x", c));
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  if (message.size() > kMaxLineBytes) {
    absl::StrAppend(&out, "... (", message.size(), " bytes)");
  }
  return out;
}

}  // namespace

void LogLine(absl::string_view message) {
  static absl::Mutex mu(absl::kConstInit);
  absl::MutexLock lock(&mu);
  std::cerr << "tallyd "
            << absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", absl::Now(),
                                absl::UTCTimeZone())
            << " " << Escaped(message) << std::endl;
}

}  // namespace tally::server
