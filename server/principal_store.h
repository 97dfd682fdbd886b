// PrincipalStore: the principals tallyd knows and the SHA-256 hashes of
// their bearer tokens, kept in `principals.pb` (mode 0600) in the data
// directory, apart from the event log (docs/access.md says why). A token is
// "<principal id>.<secret>"; only the secret's hash is stored, and it is
// compared in constant time. Every change is written (temporary file,
// fsync, rename) before it is answered. Thread-safe.

#ifndef TALLY_SERVER_PRINCIPAL_STORE_H_
#define TALLY_SERVER_PRINCIPAL_STORE_H_

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "tally/v1/access.pb.h"

namespace tally::server {

// The store's file and the bootstrap administrator's token file, in the
// data directory.
inline constexpr char kPrincipalsFile[] = "principals.pb";
inline constexpr char kAdminTokenFile[] = "admin.token";
// The bootstrap administrator's id.
inline constexpr char kBootstrapAdmin[] = "admin";

class PrincipalStore {
 public:
  // Opens the store of `data_dir`. When it has none (a first start), creates
  // it with one administrator and writes that principal's token to
  // `data_dir`/admin.token, readable by its owner only; `*bootstrapped` is
  // then true. `clock` stamps creations and revocations.
  static absl::StatusOr<std::unique_ptr<PrincipalStore>> Open(
      const std::string& data_dir, std::function<absl::Time()> clock,
      bool* bootstrapped);
  // An in-memory store (nothing written), for tests of the access table.
  static std::unique_ptr<PrincipalStore> InMemory(
      std::function<absl::Time()> clock);

  // The live principal a token names: UNAUTHENTICATED (saying why: no such
  // principal, wrong secret, revoked, malformed) otherwise.
  absl::StatusOr<v1::Principal> Authenticate(const std::string& token) const;

  // Creates `request`'s principal (an id is chosen when it gives none;
  // device ids are short) and returns it with its token. ALREADY_EXISTS for
  // an id in use (a revoked one too: ids are never reused), INVALID_ARGUMENT
  // for a bad id or a scope the role does not take.
  absl::StatusOr<v1::Credential> Create(
      const v1::CreatePrincipalRequest& request, const std::string& created_by);
  // Creates, like Create, a principal held in memory only: never written to
  // principals.pb and gone at the next start. For tallyd's own in-process
  // readers (the results pages read as the public).
  absl::StatusOr<v1::Credential> CreateInProcess(
      const v1::CreatePrincipalRequest& request);
  // Whether `id` is one of CreateInProcess's principals.
  bool IsInProcess(const std::string& id) const;
  absl::StatusOr<v1::Credential> Rotate(const std::string& id);
  absl::StatusOr<v1::Principal> Revoke(const std::string& id);
  absl::StatusOr<v1::Principal> Get(const std::string& id) const;
  std::vector<v1::Principal> List() const;

 private:
  PrincipalStore(std::string path, std::function<absl::Time()> clock)
      : path_(std::move(path)), clock_(std::move(clock)) {}
  absl::Status SaveLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  std::string NewIdLocked(const v1::CreatePrincipalRequest& request) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);

  const std::string path_;  // empty: in memory only
  const std::function<absl::Time()> clock_;
  mutable absl::Mutex mu_;
  absl::StatusOr<v1::Credential> CreateLocked(
      const v1::CreatePrincipalRequest& request, const std::string& created_by)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  std::map<std::string, v1::StoredPrincipal> principals_ ABSL_GUARDED_BY(mu_);
  // The ids of CreateInProcess's principals, which SaveLocked leaves out.
  std::set<std::string> in_process_ ABSL_GUARDED_BY(mu_);
};

// The shape rules of a principal: the id (1-64 of [A-Za-z0-9_:@-]) and the
// scope its role takes. INVALID_ARGUMENT naming what is wrong.
absl::Status CheckPrincipalShape(const v1::CreatePrincipalRequest& request);

// "director of tournament 'club'", "venue device: table 7, session 2 of
// club/pairs": a principal's role and scope as a director reads them.
std::string DescribeScope(v1::Role role, const v1::Scope& scope);
std::string RoleName(v1::Role role);

}  // namespace tally::server

#endif  // TALLY_SERVER_PRINCIPAL_STORE_H_
