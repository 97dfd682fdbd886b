#include "replay/checkpoint/ed25519.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "openssl/bio.h"
#include "openssl/evp.h"
#include "openssl/pem.h"

namespace tally::replay {
namespace {

std::shared_ptr<EVP_PKEY> Own(EVP_PKEY* key) {
  return std::shared_ptr<EVP_PKEY>(key, EVP_PKEY_free);
}

std::unique_ptr<BIO, decltype(&BIO_free)> MemoryBio(absl::string_view data) {
  return {BIO_new_mem_buf(data.data(), static_cast<int>(data.size())),
          BIO_free};
}

std::string BioContents(BIO* bio) {
  char* data = nullptr;
  long size = BIO_get_mem_data(bio, &data);
  return std::string(data, size > 0 ? static_cast<size_t>(size) : 0);
}

std::string RawPublicKey(EVP_PKEY* key) {
  std::string out(kEd25519PublicKeySize, '\0');
  size_t size = out.size();
  if (EVP_PKEY_get_raw_public_key(
          key, reinterpret_cast<unsigned char*>(out.data()), &size) != 1 ||
      size != kEd25519PublicKeySize) {
    return "";
  }
  return out;
}

}  // namespace

SigningKey::SigningKey(std::shared_ptr<EVP_PKEY> key)
    : key_(std::move(key)), public_key_(RawPublicKey(key_.get())) {}

absl::StatusOr<SigningKey> SigningKey::Generate() {
  EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
  if (key == nullptr) {
    return absl::InternalError("OpenSSL could not generate an Ed25519 key");
  }
  return SigningKey(Own(key));
}

absl::StatusOr<SigningKey> SigningKey::FromSeed(absl::string_view seed) {
  if (seed.size() != 32) {
    return absl::InvalidArgumentError(
        absl::StrCat("an Ed25519 private key is 32 bytes, not ", seed.size()));
  }
  EVP_PKEY* key = EVP_PKEY_new_raw_private_key(
      EVP_PKEY_ED25519, nullptr,
      reinterpret_cast<const unsigned char*>(seed.data()), seed.size());
  if (key == nullptr) {
    return absl::InternalError("OpenSSL refused the Ed25519 private key");
  }
  return SigningKey(Own(key));
}

absl::StatusOr<SigningKey> SigningKey::CreateFile(const std::string& path) {
  absl::StatusOr<SigningKey> key = Generate();
  if (!key.ok()) return key.status();
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
  if (bio == nullptr ||
      PEM_write_bio_PrivateKey(bio.get(), key->key_.get(), nullptr, nullptr, 0,
                               nullptr, nullptr) != 1) {
    return absl::InternalError("OpenSSL could not encode the Ed25519 key");
  }
  const std::string pem = BioContents(bio.get());
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    if (errno == EEXIST) {
      return absl::AlreadyExistsError(
          absl::StrCat("the checkpoint key ", path, " already exists"));
    }
    return absl::InternalError(absl::StrCat("cannot create the checkpoint key ",
                                            path, ": ", std::strerror(errno)));
  }
  bool written =
      write(fd, pem.data(), pem.size()) == static_cast<ssize_t>(pem.size()) &&
      fsync(fd) == 0;
  written = close(fd) == 0 && written;
  if (!written) {
    unlink(path.c_str());
    return absl::InternalError(
        absl::StrCat("cannot write the checkpoint key ", path));
  }
  return key;
}

absl::StatusOr<SigningKey> SigningKey::LoadFile(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) {
      return absl::NotFoundError(
          absl::StrCat("the checkpoint key ", path, " does not exist"));
    }
    return absl::InternalError(absl::StrCat("cannot read the checkpoint key ",
                                            path, ": ", std::strerror(errno)));
  }
  if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the checkpoint key ", path, " may be read by others (mode ",
        absl::StrCat(absl::Hex(st.st_mode & 0777)),
        "); make it readable by its owner only: chmod 600 ", path));
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) {
    return absl::InternalError(
        absl::StrCat("cannot read the checkpoint key ", path));
  }
  const std::string pem = text.str();
  auto bio = MemoryBio(pem);
  EVP_PKEY* key = bio == nullptr ? nullptr
                                 : PEM_read_bio_PrivateKey(bio.get(), nullptr,
                                                           nullptr, nullptr);
  if (key == nullptr || EVP_PKEY_get_id(key) != EVP_PKEY_ED25519) {
    EVP_PKEY_free(key);
    return absl::DataLossError(absl::StrCat(
        "the checkpoint key ", path, " is not an Ed25519 private key in PEM"));
  }
  return SigningKey(Own(key));
}

absl::StatusOr<std::string> SigningKey::Sign(absl::string_view message) const {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(),
                                                              EVP_MD_CTX_free);
  std::string signature(kEd25519SignatureSize, '\0');
  size_t size = signature.size();
  // Ed25519 hashes internally: no digest is named (RFC 8032 "pure" mode).
  if (ctx == nullptr ||
      EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key_.get()) !=
          1 ||
      EVP_DigestSign(ctx.get(),
                     reinterpret_cast<unsigned char*>(signature.data()), &size,
                     reinterpret_cast<const unsigned char*>(message.data()),
                     message.size()) != 1 ||
      size != kEd25519SignatureSize) {
    return absl::InternalError("OpenSSL could not sign with the Ed25519 key");
  }
  return signature;
}

bool VerifyEd25519(absl::string_view public_key, absl::string_view message,
                   absl::string_view signature) {
  if (public_key.size() != kEd25519PublicKeySize ||
      signature.size() != kEd25519SignatureSize) {
    return false;
  }
  std::shared_ptr<EVP_PKEY> key = Own(EVP_PKEY_new_raw_public_key(
      EVP_PKEY_ED25519, nullptr,
      reinterpret_cast<const unsigned char*>(public_key.data()),
      public_key.size()));
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(),
                                                              EVP_MD_CTX_free);
  return key != nullptr && ctx != nullptr &&
         EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr,
                              key.get()) == 1 &&
         EVP_DigestVerify(
             ctx.get(),
             reinterpret_cast<const unsigned char*>(signature.data()),
             signature.size(),
             reinterpret_cast<const unsigned char*>(message.data()),
             message.size()) == 1;
}

absl::StatusOr<std::string> ParsePublicKey(absl::string_view text) {
  absl::string_view trimmed = absl::StripAsciiWhitespace(text);
  if (absl::StartsWith(trimmed, "-----BEGIN")) {
    auto bio = MemoryBio(trimmed);
    EVP_PKEY* key = bio == nullptr ? nullptr
                                   : PEM_read_bio_PUBKEY(bio.get(), nullptr,
                                                         nullptr, nullptr);
    std::shared_ptr<EVP_PKEY> owned = Own(key);
    if (key == nullptr || EVP_PKEY_get_id(key) != EVP_PKEY_ED25519) {
      return absl::InvalidArgumentError(
          "the PEM block is not an Ed25519 public key");
    }
    return RawPublicKey(key);
  }
  if (trimmed.size() != 2 * kEd25519PublicKeySize) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a public key is 64 hexadecimal digits (or a PEM block); this is ",
        trimmed.size(), " characters"));
  }
  for (char c : trimmed) {
    if (!absl::ascii_isxdigit(static_cast<unsigned char>(c))) {
      return absl::InvalidArgumentError(
          absl::StrCat("a public key is 64 hexadecimal digits; '",
                       std::string(1, c), "' is not one"));
    }
  }
  return absl::HexStringToBytes(trimmed);
}

absl::StatusOr<std::string> PublicKeyPem(absl::string_view public_key) {
  if (public_key.size() != kEd25519PublicKeySize) {
    return absl::InvalidArgumentError("an Ed25519 public key is 32 bytes");
  }
  std::shared_ptr<EVP_PKEY> key = Own(EVP_PKEY_new_raw_public_key(
      EVP_PKEY_ED25519, nullptr,
      reinterpret_cast<const unsigned char*>(public_key.data()),
      public_key.size()));
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
  if (key == nullptr || bio == nullptr ||
      PEM_write_bio_PUBKEY(bio.get(), key.get()) != 1) {
    return absl::InternalError("OpenSSL could not encode the public key");
  }
  return BioContents(bio.get());
}

}  // namespace tally::replay
