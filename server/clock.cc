#include "server/clock.h"

#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/time/clock.h"

namespace tally::server {

std::function<absl::Time()> ServerClock(const std::string& test_clock_file) {
  if (test_clock_file.empty()) return [] { return absl::Now(); };
  return [test_clock_file] {
    std::ifstream in(test_clock_file);
    std::string text;
    absl::Time t;
    std::string error;
    if (in && std::getline(in, text) &&
        absl::ParseTime(absl::RFC3339_full,
                        std::string(absl::StripAsciiWhitespace(text)), &t,
                        &error)) {
      return t;
    }
    return absl::Now();
  };
}

}  // namespace tally::server
