#include "server/version.h"

// TALLY_VERSION is defined by server/CMakeLists.txt at configure time.
#ifndef TALLY_VERSION
#define TALLY_VERSION ""
#endif

namespace tally::server {

const std::string& Version() {
  static const auto* const kVersion =
      new std::string(sizeof(TALLY_VERSION) > 1 ? TALLY_VERSION : "unknown");
  return *kVersion;
}

}  // namespace tally::server
