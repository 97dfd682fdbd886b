// The codec between log events and their stored form: an Event's canonical
// bytes (its serialization with `hash` empty) and its chain hash.
// Thread-safe (pure functions).

#ifndef TALLY_REPLAY_CODEC_H_
#define TALLY_REPLAY_CODEC_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/storage.pb.h"

namespace tally::replay {

// Seals `event` (whose `hash` must be empty and whose `previous_hash` is
// set) into its stored form.
v1::StoredEvent EncodeEvent(const v1::Event& event);

// Decodes the raw RocksDB value stored under `sequence` into an Event with
// `hash` filled. DataLoss when the value does not parse or names another
// sequence. Does not check the hash; VerifyChain does.
absl::StatusOr<v1::Event> DecodeEvent(uint64_t sequence,
                                      const std::string& raw);

// DecodeEvent, and checks the event's link in the hash chain: it names
// `expected_previous` as its previous hash and its stored hash is
// SHA-256(expected_previous || the stored canonical bytes). DataLoss naming
// the sequence when either fails.
absl::StatusOr<v1::Event> DecodeLinkedEvent(
    uint64_t sequence, const std::string& raw,
    const std::string& expected_previous);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_CODEC_H_
