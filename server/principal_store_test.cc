// PrincipalStore (server/principal_store.h): tokens stored only as hashes,
// the bootstrap administrator's token file, rotation, revocation, ids never
// reused, and the in-memory principals of tallyd's own readers.

#include "server/principal_store.h"

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::server {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;
using ::testing::Not;

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class PrincipalStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/tally-principals-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::unique_ptr<PrincipalStore> Open(bool* bootstrapped) {
    absl::StatusOr<std::unique_ptr<PrincipalStore>> store =
        PrincipalStore::Open(dir_, [] { return absl::UnixEpoch(); },
                             bootstrapped);
    EXPECT_THAT(store, IsOk());
    return store.ok() ? *std::move(store) : nullptr;
  }

  static v1::CreatePrincipalRequest Device(int table) {
    v1::CreatePrincipalRequest r;
    r.set_role(v1::ROLE_VENUE);
    r.mutable_scope()->set_tournament_id("club");
    r.mutable_scope()->set_competition_id("pairs");
    r.mutable_scope()->set_session(2);
    r.mutable_scope()->set_table(table);
    return r;
  }

  std::string dir_;
};

TEST_F(PrincipalStoreTest, FirstStartWritesTheAdministratorsTokenForItsOwner) {
  bool bootstrapped = false;
  auto store = Open(&bootstrapped);
  ASSERT_NE(store, nullptr);
  EXPECT_TRUE(bootstrapped);
  const std::string token_file = dir_ + "/" + kAdminTokenFile;
  struct stat st;
  ASSERT_EQ(stat(token_file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600);
  std::string token = ReadAll(token_file);
  ASSERT_TRUE(absl::EndsWith(token, "\n"));
  token.pop_back();
  absl::StatusOr<v1::Principal> admin = store->Authenticate(token);
  ASSERT_THAT(admin, IsOk());
  EXPECT_EQ(admin->id(), kBootstrapAdmin);
  EXPECT_EQ(admin->role(), v1::ROLE_ADMINISTRATOR);
  // The store holds the secret's hash, never the secret.
  const std::string secret = token.substr(token.find('.') + 1);
  EXPECT_THAT(ReadAll(dir_ + "/" + kPrincipalsFile), Not(HasSubstr(secret)));
  // A second start finds the store and writes no new token.
  bool again = true;
  auto reopened = Open(&again);
  ASSERT_NE(reopened, nullptr);
  EXPECT_FALSE(again);
  EXPECT_THAT(reopened->Authenticate(token), IsOk());
}

TEST_F(PrincipalStoreTest, DeviceTokensAreShortRotateAndRevoke) {
  bool bootstrapped = false;
  auto store = Open(&bootstrapped);
  ASSERT_NE(store, nullptr);
  absl::StatusOr<v1::Credential> device = store->Create(Device(7), "td:jane");
  ASSERT_THAT(device, IsOk());
  // "table 7, session 2": id t7s2 and a 12-character secret, quick to type.
  EXPECT_EQ(device->principal().id(), "t7s2");
  EXPECT_EQ(device->token().size(), std::string("t7s2.").size() + 12);
  EXPECT_THAT(store->Authenticate(device->token()), IsOk());
  // Rotation: the old token stops working, the new one works.
  absl::StatusOr<v1::Credential> rotated = store->Rotate("t7s2");
  ASSERT_THAT(rotated, IsOk());
  EXPECT_THAT(store->Authenticate(device->token()),
              StatusIs(absl::StatusCode::kUnauthenticated));
  EXPECT_THAT(store->Authenticate(rotated->token()), IsOk());
  // Revocation holds across a restart, and the id is never reused.
  ASSERT_THAT(store->Revoke("t7s2"), IsOk());
  bool again = false;
  auto reopened = Open(&again);
  ASSERT_NE(reopened, nullptr);
  EXPECT_THAT(reopened->Authenticate(rotated->token()),
              StatusIs(absl::StatusCode::kUnauthenticated,
                       HasSubstr("was revoked")));
  v1::CreatePrincipalRequest same = Device(7);
  same.set_id("t7s2");
  EXPECT_THAT(reopened->Create(same, "td:jane"),
              StatusIs(absl::StatusCode::kAlreadyExists));
}

TEST_F(PrincipalStoreTest, BadTokensAreUnauthenticatedSayingWhy) {
  bool bootstrapped = false;
  auto store = Open(&bootstrapped);
  ASSERT_NE(store, nullptr);
  EXPECT_THAT(store->Authenticate("no-dot"),
              StatusIs(absl::StatusCode::kUnauthenticated,
                       HasSubstr("malformed")));
  EXPECT_THAT(store->Authenticate("admin.wrongsecret"),
              StatusIs(absl::StatusCode::kUnauthenticated,
                       HasSubstr("no principal has that token")));
  EXPECT_THAT(store->Authenticate("nobody.abc"),
              StatusIs(absl::StatusCode::kUnauthenticated));
}

TEST_F(PrincipalStoreTest, InProcessPrincipalsAreNeverWritten) {
  bool bootstrapped = false;
  auto store = Open(&bootstrapped);
  ASSERT_NE(store, nullptr);
  v1::CreatePrincipalRequest pages;
  pages.set_id("tallyd:pages");
  pages.set_role(v1::ROLE_PUBLIC);
  absl::StatusOr<v1::Credential> made = store->CreateInProcess(pages);
  ASSERT_THAT(made, IsOk());
  EXPECT_TRUE(store->IsInProcess("tallyd:pages"));
  EXPECT_THAT(store->Authenticate(made->token()), IsOk());
  // A later change to the store writes the file without it.
  ASSERT_THAT(store->Create(Device(3), "admin"), IsOk());
  EXPECT_THAT(ReadAll(dir_ + "/" + kPrincipalsFile),
              Not(HasSubstr("tallyd:pages")));
  bool again = false;
  auto reopened = Open(&again);
  ASSERT_NE(reopened, nullptr);
  EXPECT_THAT(reopened->Authenticate(made->token()),
              StatusIs(absl::StatusCode::kUnauthenticated));
  EXPECT_FALSE(reopened->IsInProcess("tallyd:pages"));
}

}  // namespace
}  // namespace tally::server
