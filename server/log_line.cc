#include "server/log_line.h"

#include <iostream>

#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace tally::server {

void LogLine(absl::string_view message) {
  static absl::Mutex mu(absl::kConstInit);
  absl::MutexLock lock(&mu);
  std::cerr << "tallyd "
            << absl::FormatTime("%Y-%m-%dT%H:%M:%SZ", absl::Now(),
                                absl::UTCTimeZone())
            << " " << message << std::endl;
}

}  // namespace tally::server
