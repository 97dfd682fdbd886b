#include "replay/log/codec.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"
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

namespace {

using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;

// Reads the length-delimited field that follows as a view into `bytes`.
bool ReadView(CodedInputStream& in, absl::string_view bytes,
              absl::string_view& out) {
  uint32_t length = 0;
  if (!in.ReadVarint32(&length)) return false;
  const int at = in.CurrentPosition();
  if (length > bytes.size() - at) return false;
  out = bytes.substr(at, length);
  return in.Skip(static_cast<int>(length));
}

CodedInputStream InputOf(absl::string_view bytes) {
  return CodedInputStream(reinterpret_cast<const uint8_t*>(bytes.data()),
                          static_cast<int>(bytes.size()));
}

}  // namespace

absl::Status DecodeLinkedEventHead(uint64_t sequence, const std::string& raw,
                                   const std::string& expected_previous,
                                   LinkedEventHead& head) {
  // StoredEvent: canonical_event = 1, hash = 2 (storage.proto).
  absl::string_view canonical, hash;
  {
    CodedInputStream in = InputOf(raw);
    while (const uint32_t tag = in.ReadTag()) {
      const int field = WireFormatLite::GetTagFieldNumber(tag);
      const bool bytes_field = WireFormatLite::GetTagWireType(tag) ==
                               WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
      if (bytes_field && field == 1) {
        if (!ReadView(in, raw, canonical)) return DoesNotParse(sequence);
      } else if (bytes_field && field == 2) {
        if (!ReadView(in, raw, hash)) return DoesNotParse(sequence);
      } else if (!WireFormatLite::SkipField(&in, tag)) {
        return DoesNotParse(sequence);
      }
    }
    if (!in.ConsumedEntireMessage() ||
        static_cast<size_t>(in.CurrentPosition()) != raw.size()) {
      return DoesNotParse(sequence);
    }
  }
  if (ChainHash(expected_previous, canonical) != hash) {
    return absl::DataLossError(absl::StrCat(
        "event ", sequence,
        " fails the hash chain: its bytes or its hash were changed"));
  }
  // Event: sequence = 1, tournament_id = 2, idempotency_key = 6,
  // previous_hash = 7, payload = 9 (events.proto); the rest skipped.
  uint64_t named = 0;
  absl::string_view tournament, key, previous, payload;
  CodedInputStream in = InputOf(canonical);
  while (const uint32_t tag = in.ReadTag()) {
    const int field = WireFormatLite::GetTagFieldNumber(tag);
    const auto type = WireFormatLite::GetTagWireType(tag);
    bool read = true;
    if (field == 1 && type == WireFormatLite::WIRETYPE_VARINT) {
      read = in.ReadVarint64(&named);
    } else if (type == WireFormatLite::WIRETYPE_LENGTH_DELIMITED &&
               (field == 2 || field == 6 || field == 7 || field == 9)) {
      absl::string_view& to = field == 2   ? tournament
                              : field == 6 ? key
                              : field == 7 ? previous
                                           : payload;
      read = ReadView(in, canonical, to);
    } else {
      read = WireFormatLite::SkipField(&in, tag);
    }
    if (!read) return DoesNotParse(sequence);
  }
  if (!in.ConsumedEntireMessage() ||
      static_cast<size_t>(in.CurrentPosition()) != canonical.size()) {
    return DoesNotParse(sequence);
  }
  if (named != sequence) {
    return absl::DataLossError(absl::StrCat(
        "event stored under sequence ", sequence, " names sequence ", named));
  }
  if (previous != expected_previous) {
    return absl::DataLossError(absl::StrCat(
        "event ", sequence,
        " does not follow the event before it (previous hash differs)"));
  }
  // The payload is one field of its `kind` oneof: its first tag names it.
  head.payload_kind = 0;
  if (!payload.empty()) {
    CodedInputStream p = InputOf(payload);
    head.payload_kind =
        static_cast<int>(WireFormatLite::GetTagFieldNumber(p.ReadTag()));
  }
  head.tournament_id.assign(tournament.data(), tournament.size());
  head.idempotency_key.assign(key.data(), key.size());
  head.hash.assign(hash.data(), hash.size());
  return absl::OkStatus();
}

}  // namespace tally::replay
