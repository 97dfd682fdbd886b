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

// What start-up needs of an event it does not fold (one a snapshot of the
// State already holds): its link in the chain, checked as
// DecodeLinkedEvent checks it, and what the idempotency records are
// matched against, read from the canonical bytes without parsing the
// payload (whose bytes the chain hash covers).
struct LinkedEventHead {
  std::string tournament_id;
  std::string idempotency_key;
  std::string hash;
  int payload_kind = 0;  // the EventPayload field set (its `kind` case)
};

// DecodeLinkedEvent's checks (the stored form parses, the hash chains from
// `expected_previous`, the event names `sequence` and `expected_previous`),
// filling `head` (its buffers reused). DataLoss naming the sequence when
// any fails.
absl::Status DecodeLinkedEventHead(uint64_t sequence, const std::string& raw,
                                   const std::string& expected_previous,
                                   LinkedEventHead& head);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_CODEC_H_
