#include "replay/log/sha256.h"

#include <openssl/evp.h>

#include <cstdlib>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace tally::replay {
namespace {

// SHA-256, fetched from OpenSSL's default provider once: EVP_sha256()
// makes OpenSSL 3 look the implementation up again on every
// EVP_DigestInit_ex, which cost as much as hashing a small event.
const EVP_MD* Sha256Md() {
  static const EVP_MD* const md = [] {
    const EVP_MD* fetched = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    return fetched != nullptr ? fetched : EVP_sha256();
  }();
  return md;
}

// One digest context per thread, reset by each EVP_DigestInit_ex, instead
// of an allocation and a free per hash.
struct ThreadContext {
  ThreadContext() : ctx(EVP_MD_CTX_new()) {}
  ~ThreadContext() { EVP_MD_CTX_free(ctx); }
  EVP_MD_CTX* const ctx;
};

std::string Digest(absl::string_view a, absl::string_view b) {
  thread_local ThreadContext context;
  EVP_MD_CTX* ctx = context.ctx;
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  // These calls fail only on allocation failure or a broken OpenSSL build;
  // there is no meaningful way to continue without a hash.
  if (ctx == nullptr || EVP_DigestInit_ex(ctx, Sha256Md(), nullptr) != 1 ||
      EVP_DigestUpdate(ctx, a.data(), a.size()) != 1 ||
      EVP_DigestUpdate(ctx, b.data(), b.size()) != 1 ||
      EVP_DigestFinal_ex(ctx, out, &len) != 1 || len != kHashSize) {
    std::abort();
  }
  return std::string(reinterpret_cast<const char*>(out), len);
}

}  // namespace

std::string Sha256(absl::string_view data) { return Digest(data, ""); }

std::string ChainHash(absl::string_view previous_hash,
                      absl::string_view canonical_event) {
  return Digest(previous_hash, canonical_event);
}

std::string GenesisHash() { return std::string(kHashSize, '\0'); }

std::string ToHex(absl::string_view bytes) {
  return absl::BytesToHexString(bytes);
}

}  // namespace tally::replay
