#include "replay/log/sha256.h"

#include <openssl/evp.h>

#include <cstdlib>
#include <memory>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace tally::replay {
namespace {

struct CtxDeleter {
  void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};

std::string Digest(absl::string_view a, absl::string_view b) {
  std::unique_ptr<EVP_MD_CTX, CtxDeleter> ctx(EVP_MD_CTX_new());
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  // These calls fail only on allocation failure or a broken OpenSSL build;
  // there is no meaningful way to continue without a hash.
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1 ||
      EVP_DigestUpdate(ctx.get(), a.data(), a.size()) != 1 ||
      EVP_DigestUpdate(ctx.get(), b.data(), b.size()) != 1 ||
      EVP_DigestFinal_ex(ctx.get(), out, &len) != 1 || len != kHashSize) {
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
