#include "replay/log/codec.h"

#include "absl/strings/str_cat.h"
#include "replay/log/sha256.h"

namespace tally::replay {

v1::StoredEvent EncodeEvent(const v1::Event& event) {
  v1::StoredEvent stored;
  stored.set_canonical_event(event.SerializeAsString());
  stored.set_hash(ChainHash(event.previous_hash(), stored.canonical_event()));
  return stored;
}

absl::StatusOr<v1::Event> DecodeEvent(uint64_t sequence,
                                      const std::string& raw) {
  v1::StoredEvent stored;
  v1::Event event;
  if (!stored.ParseFromString(raw) ||
      !event.ParseFromString(stored.canonical_event())) {
    return absl::DataLossError(
        absl::StrCat("event ", sequence, " is corrupt: it does not parse"));
  }
  if (event.sequence() != sequence) {
    return absl::DataLossError(absl::StrCat("event stored under sequence ",
                                            sequence, " names sequence ",
                                            event.sequence()));
  }
  event.set_hash(stored.hash());
  return event;
}

absl::StatusOr<v1::Event> DecodeLinkedEvent(
    uint64_t sequence, const std::string& raw,
    const std::string& expected_previous) {
  v1::StoredEvent stored;
  if (!stored.ParseFromString(raw)) {
    return absl::DataLossError(
        absl::StrCat("event ", sequence, " is corrupt: it does not parse"));
  }
  if (ChainHash(expected_previous, stored.canonical_event()) != stored.hash()) {
    return absl::DataLossError(absl::StrCat(
        "event ", sequence,
        " fails the hash chain: its bytes or its hash were changed"));
  }
  absl::StatusOr<v1::Event> event = DecodeEvent(sequence, raw);
  if (event.ok() && event->previous_hash() != expected_previous) {
    return absl::DataLossError(absl::StrCat(
        "event ", sequence,
        " does not follow the event before it (previous hash differs)"));
  }
  return event;
}

}  // namespace tally::replay
