#include "server/listen_address.h"

#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace tally::server {

bool IsLoopback(const std::string& listen) {
  const size_t colon = listen.rfind(':');
  const std::string host =
      colon == std::string::npos ? listen : listen.substr(0, colon);
  if (absl::StartsWith(listen, "unix:")) return true;
  return absl::StartsWith(host, "127.") || host == "localhost" ||
         host == "[::1]";
}

absl::StatusOr<std::string> ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

absl::StatusOr<ServingCredentials> ListenCredentials(const std::string& listen,
                                                     const TlsFiles& tls) {
  if (tls.cert_file.empty() != tls.key_file.empty()) {
    return absl::FailedPreconditionError(
        "--tls_cert and --tls_key go together: give both or neither");
  }
  if (tls.cert_file.empty()) {
    if (!tls.client_ca_file.empty()) {
      return absl::FailedPreconditionError(
          "--tls_client_ca needs TLS: give --tls_cert and --tls_key too");
    }
    if (!IsLoopback(listen) && !tls.insecure) {
      return absl::FailedPreconditionError(absl::StrCat(
          "--listen=", listen,
          " is reachable from other machines, and without TLS every bearer "
          "token would cross the network in clear: give --tls_cert and "
          "--tls_key (docs/access.md), or --insecure to accept that"));
    }
    return ServingCredentials{grpc::InsecureServerCredentials(), false};
  }
  absl::StatusOr<std::string> cert = ReadWholeFile(tls.cert_file);
  if (!cert.ok()) return cert.status();
  absl::StatusOr<std::string> key = ReadWholeFile(tls.key_file);
  if (!key.ok()) return key.status();
  grpc::SslServerCredentialsOptions options;
  options.pem_key_cert_pairs.push_back({*key, *cert});
  if (!tls.client_ca_file.empty()) {
    absl::StatusOr<std::string> ca = ReadWholeFile(tls.client_ca_file);
    if (!ca.ok()) return ca.status();
    options.pem_root_certs = *ca;
    options.client_certificate_request =
        GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY;
  }
  return ServingCredentials{grpc::SslServerCredentials(options), true};
}

}  // namespace tally::server
