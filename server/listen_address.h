// The transport tallyd serves on (issue #15 item 5): TLS from PEM files
// (optionally requiring client certificates), and the rule that an address
// other than loopback is served only with TLS unless the operator says
// --insecure. Thread-safe (pure functions over files).

#ifndef TALLY_SERVER_LISTEN_ADDRESS_H_
#define TALLY_SERVER_LISTEN_ADDRESS_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "grpcpp/security/server_credentials.h"

namespace tally::server {

struct TlsFiles {
  std::string cert_file;       // PEM chain; empty: no TLS
  std::string key_file;        // PEM key of cert_file
  std::string client_ca_file;  // PEM CAs: require client certificates
  bool insecure = false;       // allow a non-loopback address without TLS
};

struct ServingCredentials {
  std::shared_ptr<grpc::ServerCredentials> credentials;
  bool tls = false;
};

// Whether `listen` (host:port) is a loopback address: 127.0.0.0/8,
// localhost or [::1].
bool IsLoopback(const std::string& listen);

// The credentials to serve `listen` with. FAILED_PRECONDITION for a
// non-loopback address without TLS and without `insecure`, or for a
// certificate without a key (or the reverse); NOT_FOUND for a file that
// cannot be read.
absl::StatusOr<ServingCredentials> ListenCredentials(const std::string& listen,
                                                     const TlsFiles& tls);

// The whole of a file; NOT_FOUND naming it when it cannot be read.
absl::StatusOr<std::string> ReadWholeFile(const std::string& path);

}  // namespace tally::server

#endif  // TALLY_SERVER_LISTEN_ADDRESS_H_
