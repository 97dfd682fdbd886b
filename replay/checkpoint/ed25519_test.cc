#include "replay/checkpoint/ed25519.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/escaping.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

std::string Hex(absl::string_view hex) { return absl::HexStringToBytes(hex); }

// RFC 8032 section 7.1, TEST 1 and TEST 2: our signatures are standard
// Ed25519, checkable with any implementation.
TEST(Ed25519Test, SignsTheRfc8032TestVectors) {
  struct Vector {
    const char* seed;
    const char* public_key;
    const char* message;
    const char* signature;
  };
  const Vector vectors[] = {
      {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
       "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
       "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
       "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
      {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
       "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
       "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
       "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
  };
  for (const Vector& v : vectors) {
    absl::StatusOr<SigningKey> key = SigningKey::FromSeed(Hex(v.seed));
    ASSERT_THAT(key, IsOk());
    EXPECT_EQ(ToHex(key->public_key()), v.public_key);
    absl::StatusOr<std::string> signature = key->Sign(Hex(v.message));
    ASSERT_THAT(signature, IsOk());
    EXPECT_EQ(ToHex(*signature), v.signature);
    EXPECT_TRUE(VerifyEd25519(key->public_key(), Hex(v.message), *signature));
  }
}

TEST(Ed25519Test, RefusesAlteredMessageForgedSignatureAndOtherKey) {
  absl::StatusOr<SigningKey> key = SigningKey::Generate();
  absl::StatusOr<SigningKey> other = SigningKey::Generate();
  ASSERT_THAT(key, IsOk());
  ASSERT_THAT(other, IsOk());
  absl::StatusOr<std::string> signature = key->Sign("sequence 64");
  ASSERT_THAT(signature, IsOk());
  EXPECT_TRUE(VerifyEd25519(key->public_key(), "sequence 64", *signature));
  EXPECT_FALSE(VerifyEd25519(key->public_key(), "sequence 65", *signature));
  std::string forged = *signature;
  forged[10] ^= 0x01;
  EXPECT_FALSE(VerifyEd25519(key->public_key(), "sequence 64", forged));
  EXPECT_FALSE(VerifyEd25519(other->public_key(), "sequence 64", *signature));
  EXPECT_FALSE(
      VerifyEd25519(key->public_key().substr(1), "sequence 64", *signature));
  EXPECT_FALSE(VerifyEd25519(key->public_key(), "sequence 64", ""));
}

TEST(Ed25519Test, KeyFileIsOwnerOnlyNeverOverwrittenAndLoadsTheSameKey) {
  const std::string dir = ::testing::TempDir() + "/ed25519_test_key";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/key.pem";
  absl::StatusOr<SigningKey> created = SigningKey::CreateFile(path);
  ASSERT_THAT(created, IsOk());
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600);
  EXPECT_THAT(SigningKey::CreateFile(path),
              StatusIs(absl::StatusCode::kAlreadyExists));
  absl::StatusOr<SigningKey> loaded = SigningKey::LoadFile(path);
  ASSERT_THAT(loaded, IsOk());
  EXPECT_EQ(loaded->public_key(), created->public_key());
  // Deterministic (RFC 8032): the loaded key signs exactly as the new one.
  EXPECT_EQ(*loaded->Sign("head"), *created->Sign("head"));

  chmod(path.c_str(), 0644);
  EXPECT_THAT(
      SigningKey::LoadFile(path),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("chmod 600")));
  EXPECT_THAT(SigningKey::LoadFile(dir + "/absent.pem"),
              StatusIs(absl::StatusCode::kNotFound));
  const std::string junk = dir + "/junk.pem";
  std::ofstream(junk) << "not a key\n";
  chmod(junk.c_str(), 0600);
  EXPECT_THAT(SigningKey::LoadFile(junk),
              StatusIs(absl::StatusCode::kDataLoss));
  std::filesystem::remove_all(dir);
}

TEST(Ed25519Test, PublicKeyReadsAsHexOrPemAndRoundTrips) {
  absl::StatusOr<SigningKey> key = SigningKey::Generate();
  ASSERT_THAT(key, IsOk());
  EXPECT_EQ(*ParsePublicKey(ToHex(key->public_key()) + "\n"),
            key->public_key());
  absl::StatusOr<std::string> pem = PublicKeyPem(key->public_key());
  ASSERT_THAT(pem, IsOk());
  EXPECT_THAT(*pem, HasSubstr("-----BEGIN PUBLIC KEY-----"));
  EXPECT_EQ(*ParsePublicKey(*pem), key->public_key());
  EXPECT_THAT(ParsePublicKey("abcd"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("64 hexadecimal digits")));
  EXPECT_THAT(ParsePublicKey(std::string(64, 'g')),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'g' is not one")));
}

}  // namespace
}  // namespace tally::replay
