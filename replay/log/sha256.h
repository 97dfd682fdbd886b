// SHA-256 through OpenSSL's EVP interface, and the chain hash that links
// each stored event to the one before it. Thread-safe (each thread keeps
// its own digest context; the digest implementation is fetched once).

#ifndef TALLY_REPLAY_SHA256_H_
#define TALLY_REPLAY_SHA256_H_

#include <string>

#include "absl/strings/string_view.h"

namespace tally::replay {

inline constexpr size_t kHashSize = 32;

// The 32-byte SHA-256 digest of `data`.
std::string Sha256(absl::string_view data);

// SHA-256(previous_hash || canonical_event): the hash chain over the log.
std::string ChainHash(absl::string_view previous_hash,
                      absl::string_view canonical_event);

// The previous hash of the first event: 32 zero bytes.
std::string GenesisHash();

// Lower-case hex, for messages and the CLI.
std::string ToHex(absl::string_view bytes);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SHA256_H_
