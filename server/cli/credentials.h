// Where `tally` finds its bearer token and how it reaches the server
// (docs/access.md). The token, first found of: --token, $TALLY_TOKEN,
// --token-file, the config file ($XDG_CONFIG_HOME or ~/.config)/tally/token,
// and ./tally-data/admin.token (the administrator tallyd creates at its
// first start in its default data directory). TLS when --ca (or $TALLY_CA)
// names the CA file to verify the server with; --cert and --cert-key add a
// client certificate. Thread-compatible.

#ifndef TALLY_SERVER_CLI_CREDENTIALS_H_
#define TALLY_SERVER_CLI_CREDENTIALS_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "grpcpp/security/credentials.h"
#include "server/cli/cli_common.h"

namespace tally::cli {

struct FoundToken {
  std::string token;   // empty: none found (the server will refuse)
  std::string source;  // "--token", "TALLY_TOKEN", a file's path
};
FoundToken FindToken(const Invocation& inv);

// Insecure on loopback without --ca; TLS verifying the server otherwise.
// A file that cannot be read is named in the error.
absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> ChannelCredentials(
    const Invocation& inv);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_CREDENTIALS_H_
