#include "server/cli/credentials.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "server/listen_address.h"

namespace tally::cli {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

// The first line of `path`, trimmed; empty when it cannot be read.
std::string FirstLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return "";
  return std::string(absl::StripAsciiWhitespace(line));
}

std::string ConfigFile() {
  const std::string xdg = Env("XDG_CONFIG_HOME");
  if (!xdg.empty()) return xdg + "/tally/token";
  const std::string home = Env("HOME");
  return home.empty() ? "" : home + "/.config/tally/token";
}

}  // namespace

FoundToken FindToken(const Invocation& inv) {
  if (inv.Has("token")) return {inv.Get("token"), "--token"};
  if (std::string t = Env("TALLY_TOKEN"); !t.empty()) {
    return {t, "TALLY_TOKEN"};
  }
  for (const std::string& path : {inv.Get("token-file"), ConfigFile(),
                                  std::string("./tally-data/admin.token")}) {
    if (path.empty()) continue;
    if (std::string t = FirstLine(path); !t.empty()) return {t, path};
  }
  return {"", ""};
}

absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> ChannelCredentials(
    const Invocation& inv) {
  const std::string ca = inv.Has("ca") ? inv.Get("ca") : Env("TALLY_CA");
  if (ca.empty()) return grpc::InsecureChannelCredentials();
  grpc::SslCredentialsOptions options;
  absl::StatusOr<std::string> roots = server::ReadWholeFile(ca);
  if (!roots.ok()) return roots.status();
  options.pem_root_certs = *roots;
  if (inv.Has("cert") != inv.Has("cert-key")) {
    return absl::InvalidArgumentError("--cert and --cert-key go together");
  }
  if (inv.Has("cert")) {
    absl::StatusOr<std::string> cert = server::ReadWholeFile(inv.Get("cert"));
    if (!cert.ok()) return cert.status();
    absl::StatusOr<std::string> key = server::ReadWholeFile(inv.Get("cert-key"));
    if (!key.ok()) return key.status();
    options.pem_cert_chain = *cert;
    options.pem_private_key = *key;
  }
  return grpc::SslCredentials(options);
}

}  // namespace tally::cli
