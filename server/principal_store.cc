#include "server/principal_store.h"

#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/log/sha256.h"
#include "server/request_validator.h"

namespace tally::server {
namespace {

// Lower-case letters and digits without 0/o, 1/l/i: a director reads a
// device's token aloud or types it on a table terminal.
constexpr char kAlphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";
constexpr size_t kAlphabetSize = sizeof(kAlphabet) - 1;  // 31

// A device's secret is short (12 symbols, 59 bits: enough against guessing
// with the per-principal rate limit and revocation); every other is 32.
constexpr size_t kDeviceSecretLength = 12;
constexpr size_t kSecretLength = 32;
constexpr size_t kMaxPrincipalIdBytes = 64;

absl::StatusOr<std::string> RandomSecret(size_t length) {
  std::string out;
  while (out.size() < length) {
    unsigned char byte = 0;
    if (RAND_bytes(&byte, 1) != 1) {
      return absl::InternalError("the system's random generator failed");
    }
    // Reject the top values so every symbol is equally likely.
    if (byte >= 256 - 256 % kAlphabetSize) continue;
    out.push_back(kAlphabet[byte % kAlphabetSize]);
  }
  return out;
}

google::protobuf::Timestamp ToTimestamp(absl::Time t) {
  google::protobuf::Timestamp ts;
  const int64_t seconds = absl::ToUnixSeconds(t);
  ts.set_seconds(seconds);
  ts.set_nanos(static_cast<int32_t>(
      absl::ToInt64Nanoseconds(t - absl::FromUnixSeconds(seconds))));
  return ts;
}

bool IdCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == ':' || c == '@' || c == '-';
}

// Writes `bytes` to `path` with mode 0600: a temporary file, fsync, rename,
// fsync of the directory.
absl::Status WritePrivateFile(const std::string& path,
                              const std::string& bytes) {
  const std::string temp = path + ".tmp";
  int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    return absl::UnavailableError(
        absl::StrCat("cannot write ", temp, ": ", std::strerror(errno)));
  }
  fchmod(fd, 0600);
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = std::strerror(errno);
      close(fd);
      unlink(temp.c_str());
      return absl::UnavailableError(
          absl::StrCat("cannot write ", temp, ": ", why));
    }
    done += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    unlink(temp.c_str());
    return absl::UnavailableError(absl::StrCat("cannot sync ", temp));
  }
  if (rename(temp.c_str(), path.c_str()) != 0) {
    unlink(temp.c_str());
    return absl::UnavailableError(
        absl::StrCat("cannot rename ", temp, ": ", std::strerror(errno)));
  }
  const std::string dir = path.substr(0, path.find_last_of('/'));
  int dfd = open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  return absl::OkStatus();
}

bool SameHash(const std::string& a, const std::string& b) {
  return a.size() == b.size() &&
         CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace

std::string RoleName(v1::Role role) {
  switch (role) {
    case v1::ROLE_ADMINISTRATOR:
      return "administrator";
    case v1::ROLE_DIRECTOR:
      return "director";
    case v1::ROLE_SCORER:
      return "scorer";
    case v1::ROLE_VENUE:
      return "venue device";
    case v1::ROLE_APPEALS_COMMITTEE:
      return "appeals committee";
    case v1::ROLE_AUDITOR:
      return "auditor";
    case v1::ROLE_PUBLIC:
      return "public";
    default:
      return "no role";
  }
}

std::string DescribeScope(v1::Role role, const v1::Scope& scope) {
  const std::string t = QuoteForMessage(scope.tournament_id());
  switch (role) {
    case v1::ROLE_DIRECTOR:
    case v1::ROLE_SCORER:
      return absl::StrCat(RoleName(role), " of tournament ", t);
    case v1::ROLE_APPEALS_COMMITTEE:
      return absl::StrCat("appeals committee of ", t, "/",
                          QuoteForMessage(scope.competition_id()));
    case v1::ROLE_VENUE:
      if (scope.table() == 0) {
        return absl::StrCat("scoring station of tournament ", t);
      }
      return absl::StrCat(
          "venue device: table ", scope.table(), ", ",
          scope.round() != 0 ? absl::StrCat("round ", scope.round())
                             : absl::StrCat("session ", scope.session()),
          " of ", t, "/", QuoteForMessage(scope.competition_id()));
    default:
      return RoleName(role);
  }
}

absl::Status CheckPrincipalShape(const v1::CreatePrincipalRequest& request) {
  const std::string& id = request.id();
  if (id.size() > kMaxPrincipalIdBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a principal id is at most ", kMaxPrincipalIdBytes, " bytes"));
  }
  for (char c : id) {
    if (!IdCharacter(c)) {
      return absl::InvalidArgumentError(
          absl::StrCat("a principal id is letters, digits and _ : @ - only: ",
                       QuoteForMessage(id)));
    }
  }
  const v1::Scope& s = request.scope();
  const bool has_tournament = !s.tournament_id().empty();
  const bool has_place = s.session() != 0 || s.round() != 0 || s.table() != 0;
  if (s.session() < 0 || s.round() < 0 || s.table() < 0) {
    return absl::InvalidArgumentError(
        "session, round and table of a scope are positive");
  }
  switch (request.role()) {
    case v1::ROLE_ADMINISTRATOR:
    case v1::ROLE_AUDITOR:
    case v1::ROLE_PUBLIC:
      if (has_tournament || !s.competition_id().empty() || has_place) {
        return absl::InvalidArgumentError(absl::StrCat(
            "an ", RoleName(request.role()),
            " principal reaches every tournament: give it no scope"));
      }
      return absl::OkStatus();
    case v1::ROLE_DIRECTOR:
    case v1::ROLE_SCORER:
      if (!has_tournament || !s.competition_id().empty() || has_place) {
        return absl::InvalidArgumentError(absl::StrCat(
            "a ", RoleName(request.role()),
            " principal is scoped to one tournament and nothing finer"));
      }
      return absl::OkStatus();
    case v1::ROLE_APPEALS_COMMITTEE:
      if (!has_tournament || s.competition_id().empty() || has_place) {
        return absl::InvalidArgumentError(
            "an appeals committee is scoped to one competition of one "
            "tournament (SABF TR 7, NSW TR 2.2)");
      }
      return absl::OkStatus();
    case v1::ROLE_VENUE:
      if (!has_tournament) {
        return absl::InvalidArgumentError(
            "a venue device is scoped to a tournament");
      }
      if (s.table() == 0) {
        if (s.session() != 0 || s.round() != 0 || !s.competition_id().empty()) {
          return absl::InvalidArgumentError(
              "a scoring station (table 0) is scoped to a tournament only");
        }
        return absl::OkStatus();
      }
      if (s.competition_id().empty() ||
          (s.session() == 0) == (s.round() == 0)) {
        return absl::InvalidArgumentError(
            "a table's device names its competition and exactly one of a "
            "session (pairs) or a round (teams) (NSW TR 12.11)");
      }
      return absl::OkStatus();
    default:
      return absl::InvalidArgumentError(
          "a principal's role is one of administrator, director, scorer, "
          "venue device, appeals committee, auditor, public");
  }
}

absl::StatusOr<std::unique_ptr<PrincipalStore>> PrincipalStore::Open(
    const std::string& data_dir, std::function<absl::Time()> clock,
    bool* bootstrapped) {
  *bootstrapped = false;
  const std::string path = absl::StrCat(data_dir, "/", kPrincipalsFile);
  std::unique_ptr<PrincipalStore> store(
      new PrincipalStore(path, std::move(clock)));
  struct stat st;
  if (stat(path.c_str(), &st) == 0) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    v1::StoredPrincipals stored;
    if (!in || !stored.ParseFromString(bytes.str())) {
      return absl::DataLossError(absl::StrCat(
          path,
          " cannot be read as tally's principals; restore it from a "
          "backup, or move it away to create a new administrator"));
    }
    absl::MutexLock lock(&store->mu_);
    for (v1::StoredPrincipal& p : *stored.mutable_principals()) {
      const std::string id = p.principal().id();
      store->principals_[id] = std::move(p);
    }
    return store;
  }
  // A first start: one administrator, its token in a file only the owner
  // may read.
  v1::CreatePrincipalRequest admin;
  admin.set_id(kBootstrapAdmin);
  admin.set_role(v1::ROLE_ADMINISTRATOR);
  admin.set_description("created at the first start");
  absl::StatusOr<v1::Credential> credential =
      store->Create(admin, "tallyd (first start)");
  if (!credential.ok()) return credential.status();
  const std::string token_file = absl::StrCat(data_dir, "/", kAdminTokenFile);
  if (absl::Status s =
          WritePrivateFile(token_file, absl::StrCat(credential->token(), "\n"));
      !s.ok()) {
    return s;
  }
  *bootstrapped = true;
  return store;
}

std::unique_ptr<PrincipalStore> PrincipalStore::InMemory(
    std::function<absl::Time()> clock) {
  return std::unique_ptr<PrincipalStore>(
      new PrincipalStore("", std::move(clock)));
}

absl::StatusOr<v1::Principal> PrincipalStore::Authenticate(
    const std::string& token) const {
  const size_t dot = token.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == token.size()) {
    return absl::UnauthenticatedError(
        "the credential is malformed: a tally token is '<principal>.<secret>'");
  }
  const std::string id = token.substr(0, dot);
  const std::string hash = replay::Sha256(token.substr(dot + 1));
  absl::MutexLock lock(&mu_);
  auto it = principals_.find(id);
  // Hash compared even for an unknown id, so the time taken says nothing.
  const std::string stored = it == principals_.end()
                                 ? std::string(replay::kHashSize, '\0')
                                 : it->second.token_sha256();
  const bool match = SameHash(stored, hash);
  if (it == principals_.end() || !match) {
    return absl::UnauthenticatedError(
        "the credential is not valid: no principal has that token");
  }
  if (it->second.principal().revoked()) {
    return absl::UnauthenticatedError(absl::StrCat(
        "the credential of principal ", QuoteForMessage(id),
        " was revoked; ask an administrator or the director for a new one"));
  }
  return it->second.principal();
}

std::string PrincipalStore::NewIdLocked(
    const v1::CreatePrincipalRequest& request) const {
  const v1::Scope& s = request.scope();
  std::string base;
  if (request.role() == v1::ROLE_VENUE && s.table() != 0) {
    base = absl::StrCat("t", s.table(), s.round() != 0 ? "r" : "s",
                        s.round() != 0 ? s.round() : s.session());
  } else {
    base = absl::StrCat(RoleName(request.role()).substr(0, 3), "-",
                        principals_.size() + 1);
    for (char& c : base) {
      if (!IdCharacter(c)) c = '-';
    }
  }
  std::string id = base;
  for (int n = 2; principals_.contains(id); ++n)
    id = absl::StrCat(base, "-", n);
  return id;
}

absl::StatusOr<v1::Credential> PrincipalStore::Create(
    const v1::CreatePrincipalRequest& request, const std::string& created_by) {
  TALLY_RETURN_IF_ERROR(CheckPrincipalShape(request));
  absl::MutexLock lock(&mu_);
  return CreateLocked(request, created_by);
}

absl::StatusOr<v1::Credential> PrincipalStore::CreateInProcess(
    const v1::CreatePrincipalRequest& request) {
  TALLY_RETURN_IF_ERROR(CheckPrincipalShape(request));
  absl::MutexLock lock(&mu_);
  if (principals_.contains(request.id())) {
    return absl::AlreadyExistsError(absl::StrCat(
        "principal ", QuoteForMessage(request.id()),
        " exists in principals.pb; tallyd's own readers need that id"));
  }
  in_process_.insert(request.id());
  absl::StatusOr<v1::Credential> made = CreateLocked(request, "tallyd");
  if (!made.ok()) in_process_.erase(request.id());
  return made;
}

bool PrincipalStore::IsInProcess(const std::string& id) const {
  absl::MutexLock lock(&mu_);
  return in_process_.contains(id);
}

absl::StatusOr<v1::Credential> PrincipalStore::CreateLocked(
    const v1::CreatePrincipalRequest& request, const std::string& created_by) {
  const std::string id =
      request.id().empty() ? NewIdLocked(request) : request.id();
  if (principals_.contains(id)) {
    return absl::AlreadyExistsError(absl::StrCat(
        "principal ", QuoteForMessage(id),
        " exists (ids are never reused, even once revoked); rotate its "
        "credential or choose another id"));
  }
  absl::StatusOr<std::string> secret = RandomSecret(
      request.role() == v1::ROLE_VENUE ? kDeviceSecretLength : kSecretLength);
  if (!secret.ok()) return secret.status();
  v1::StoredPrincipal stored;
  v1::Principal& p = *stored.mutable_principal();
  p.set_id(id);
  p.set_role(request.role());
  *p.mutable_scope() = request.scope();
  p.set_description(request.description());
  *p.mutable_created_at() = ToTimestamp(clock_());
  p.set_created_by(created_by);
  stored.set_token_sha256(replay::Sha256(*secret));
  principals_[id] = stored;
  if (absl::Status s = SaveLocked(); !s.ok()) {
    principals_.erase(id);
    return s;
  }
  v1::Credential credential;
  *credential.mutable_principal() = p;
  credential.set_token(absl::StrCat(id, ".", *secret));
  return credential;
}

absl::StatusOr<v1::Credential> PrincipalStore::Rotate(const std::string& id) {
  absl::MutexLock lock(&mu_);
  auto it = principals_.find(id);
  if (it == principals_.end()) {
    return absl::NotFoundError(
        absl::StrCat("no principal ", QuoteForMessage(id)));
  }
  if (it->second.principal().revoked()) {
    return absl::FailedPreconditionError(
        absl::StrCat("principal ", QuoteForMessage(id),
                     " is revoked; create a new principal instead"));
  }
  absl::StatusOr<std::string> secret = RandomSecret(
      it->second.principal().role() == v1::ROLE_VENUE ? kDeviceSecretLength
                                                      : kSecretLength);
  if (!secret.ok()) return secret.status();
  const v1::StoredPrincipal before = it->second;
  it->second.set_token_sha256(replay::Sha256(*secret));
  it->second.mutable_principal()->set_generation(
      it->second.principal().generation() + 1);
  if (absl::Status s = SaveLocked(); !s.ok()) {
    it->second = before;
    return s;
  }
  v1::Credential credential;
  *credential.mutable_principal() = it->second.principal();
  credential.set_token(absl::StrCat(id, ".", *secret));
  return credential;
}

absl::StatusOr<v1::Principal> PrincipalStore::Revoke(const std::string& id) {
  absl::MutexLock lock(&mu_);
  auto it = principals_.find(id);
  if (it == principals_.end()) {
    return absl::NotFoundError(
        absl::StrCat("no principal ", QuoteForMessage(id)));
  }
  if (it->second.principal().revoked()) return it->second.principal();
  const v1::StoredPrincipal before = it->second;
  it->second.mutable_principal()->set_revoked(true);
  *it->second.mutable_principal()->mutable_revoked_at() = ToTimestamp(clock_());
  if (absl::Status s = SaveLocked(); !s.ok()) {
    it->second = before;
    return s;
  }
  return it->second.principal();
}

absl::StatusOr<v1::Principal> PrincipalStore::Get(const std::string& id) const {
  absl::MutexLock lock(&mu_);
  auto it = principals_.find(id);
  if (it == principals_.end()) {
    return absl::NotFoundError(
        absl::StrCat("no principal ", QuoteForMessage(id)));
  }
  return it->second.principal();
}

std::vector<v1::Principal> PrincipalStore::List() const {
  absl::MutexLock lock(&mu_);
  std::vector<v1::Principal> out;
  for (const auto& [id, stored] : principals_)
    out.push_back(stored.principal());
  return out;
}

absl::Status PrincipalStore::SaveLocked() {
  if (path_.empty()) return absl::OkStatus();
  v1::StoredPrincipals all;
  for (const auto& [id, stored] : principals_) {
    if (!in_process_.contains(id)) *all.add_principals() = stored;
  }
  std::string bytes;
  all.SerializeToString(&bytes);
  return WritePrivateFile(path_, bytes);
}

}  // namespace tally::server
