// The version of tally that tally and tallyd print for --version and at
// start-up: `git describe` when the build was configured, or the project's
// version when there was no git checkout ("unknown" when neither is known).
// Thread-safe.

#ifndef TALLY_SERVER_VERSION_H_
#define TALLY_SERVER_VERSION_H_

#include <string>

namespace tally::server {

const std::string& Version();

}  // namespace tally::server

#endif  // TALLY_SERVER_VERSION_H_
