// Ed25519 (RFC 8032) signing and verification through OpenSSL 3's EVP
// interface, for the log's signed checkpoints. No cryptography of our own:
// keys are generated, stored (PKCS#8 PEM), loaded, and used by OpenSSL.
//
// SigningKey is intentionally copyable (copies share one immutable
// EVP_PKEY) and thread-safe: every Sign() uses its own EVP_MD_CTX.
// The free functions are pure and thread-safe.

#ifndef TALLY_REPLAY_ED25519_H_
#define TALLY_REPLAY_ED25519_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

typedef struct evp_pkey_st EVP_PKEY;

namespace tally::replay {

inline constexpr size_t kEd25519PublicKeySize = 32;
inline constexpr size_t kEd25519SignatureSize = 64;

class SigningKey {
 public:
  // A new random key. Internal if OpenSSL fails.
  static absl::StatusOr<SigningKey> Generate();

  // The key whose 32-byte RFC 8032 private key (seed) is `seed`.
  // InvalidArgument for another length. For tests with known vectors.
  static absl::StatusOr<SigningKey> FromSeed(absl::string_view seed);

  // Writes a new random key to `path` as PKCS#8 PEM, readable by its owner
  // only (mode 0600), synced. AlreadyExists if `path` exists (a key is
  // never overwritten); Internal when it cannot be written.
  static absl::StatusOr<SigningKey> CreateFile(const std::string& path);

  // Reads the key at `path`. NotFound when absent; FailedPrecondition when
  // others may read it (its mode allows group or other access); DataLoss
  // when it is not an Ed25519 private key.
  static absl::StatusOr<SigningKey> LoadFile(const std::string& path);

  // Intentionally copyable.

  // The raw 32-byte public key.
  const std::string& public_key() const { return public_key_; }

  // The 64-byte signature of `message`. Internal if OpenSSL fails.
  absl::StatusOr<std::string> Sign(absl::string_view message) const;

 private:
  explicit SigningKey(std::shared_ptr<EVP_PKEY> key);

  std::shared_ptr<EVP_PKEY> key_;
  std::string public_key_;
};

// Whether `signature` is a valid Ed25519 signature of `message` under the
// raw 32-byte `public_key`. False for keys or signatures of the wrong size.
bool VerifyEd25519(absl::string_view public_key, absl::string_view message,
                   absl::string_view signature);

// A raw public key from text: 64 hexadecimal digits, or a PEM
// "PUBLIC KEY" block (as `openssl pkey -pubout` writes). InvalidArgument
// naming what is wrong otherwise.
absl::StatusOr<std::string> ParsePublicKey(absl::string_view text);

// The raw public key as a PEM "PUBLIC KEY" block (SubjectPublicKeyInfo),
// for `openssl pkeyutl -verify`. InvalidArgument if it is not 32 bytes.
absl::StatusOr<std::string> PublicKeyPem(absl::string_view public_key);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_ED25519_H_
