#include "replay/log/codec.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

absl::Status DoesNotParse(uint64_t sequence) {
  return absl::DataLossError(
      absl::StrCat("event ", sequence, " is corrupt: it does not parse"));
}

// The Event in `stored` (parsed once), its hash filled from `stored`.
absl::StatusOr<v1::Event> EventOf(uint64_t sequence, v1::StoredEvent& stored) {
  v1::Event event;
  if (!event.ParseFromString(stored.canonical_event())) {
    return DoesNotParse(sequence);
  }
  if (event.sequence() != sequence) {
    return absl::DataLossError(absl::StrCat("event stored under sequence ",
                                            sequence, " names sequence ",
                                            event.sequence()));
  }
  event.set_hash(std::move(*stored.mutable_hash()));
  return event;
}

}  // namespace

v1::StoredEvent EncodeEvent(const v1::Event& event) {
  v1::StoredEvent stored;
  stored.set_canonical_event(event.SerializeAsString());
  stored.set_hash(ChainHash(event.previous_hash(), stored.canonical_event()));
  return stored;
}

absl::StatusOr<v1::Event> DecodeEvent(uint64_t sequence,
                                      const std::string& raw) {
  v1::StoredEvent stored;
  if (!stored.ParseFromString(raw)) return DoesNotParse(sequence);
  return EventOf(sequence, stored);
}

absl::StatusOr<v1::Event> DecodeLinkedEvent(
    uint64_t sequence, const std::string& raw,
    const std::string& expected_previous) {
  // Each stored value is parsed once: the stored form, then the event.
  v1::StoredEvent stored;
  if (!stored.ParseFromString(raw)) return DoesNotParse(sequence);
  if (ChainHash(expected_previous, stored.canonical_event()) != stored.hash()) {
    return absl::DataLossError(absl::StrCat(
        "event ", sequence,
        " fails the hash chain: its bytes or its hash were changed"));
  }
  absl::StatusOr<v1::Event> event = EventOf(sequence, stored);
  if (event.ok() && event->previous_hash() != expected_previous) {
    return absl::DataLossError(absl::StrCat(
        "event ", sequence,
        " does not follow the event before it (previous hash differs)"));
  }
  return event;
}

}  // namespace tally::replay
