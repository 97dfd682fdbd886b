#include "replay/snapshot/snapshot_store.h"

#include <algorithm>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "replay/log/sha256.h"
#include "replay/snapshot/state_codec.h"
#include "tally/v1/snapshot.pb.h"
#include "tally/v1/storage.pb.h"

namespace tally::replay {
namespace {

constexpr char kPrefix[] = "snapshot/";
constexpr size_t kPrefixSize = sizeof(kPrefix) - 1;

std::string SnapshotKeyPrefix(uint64_t sequence) {
  return absl::StrCat(kPrefix, SequenceKey(sequence));
}

std::string BigEndian32(uint32_t n) {
  std::string out(4, '\0');
  for (int i = 3; i >= 0; --i) {
    out[i] = static_cast<char>(n & 0xff);
    n >>= 8;
  }
  return out;
}

// Why snapshot `sequence` cannot be used, or nullopt with `found` filled.
absl::StatusOr<std::optional<std::string>> Check(const EventStore& store,
                                                 uint64_t sequence,
                                                 FoundSnapshot& found) {
  const std::string at = absl::StrCat("the snapshot at event ", sequence);
  absl::StatusOr<std::string> raw =
      store.ReadDerived(SnapshotHeaderKey(sequence));
  if (absl::IsNotFound(raw.status())) {
    return absl::StrCat(at, " has no header");
  }
  if (!raw.ok()) return raw.status();
  v1::StoredSnapshotHeader stored;
  v1::SnapshotHeader header;
  if (!stored.ParseFromString(*raw) ||
      Sha256(stored.header()) != stored.sha256() ||
      !header.ParseFromString(stored.header())) {
    return absl::StrCat(at, " has a damaged header");
  }
  if (header.format() != kSnapshotFormat) {
    return absl::StrCat(at, " is of format ", header.format(),
                        ", this tallyd reads format ", kSnapshotFormat);
  }
  if (header.sequence() != sequence) {
    return absl::StrCat(at, " names event ", header.sequence());
  }
  absl::StatusOr<std::string> event = store.ReadRaw(sequence);
  if (absl::IsNotFound(event.status())) {
    return absl::StrCat(at, " is past the end of the log");
  }
  if (!event.ok()) return event.status();
  v1::StoredEvent stored_event;
  if (!stored_event.ParseFromString(*event) ||
      stored_event.hash() != header.chain_hash()) {
    return absl::StrCat(at,
                        " does not match the log: its chain hash is not the "
                        "event's");
  }
  std::string bytes;
  bytes.reserve(header.state_bytes());
  for (uint32_t part = 0; part < header.parts(); ++part) {
    absl::StatusOr<std::string> piece =
        store.ReadDerived(SnapshotPartKey(sequence, part));
    if (absl::IsNotFound(piece.status())) {
      return absl::StrCat(at, " is missing part ", part);
    }
    if (!piece.ok()) return piece.status();
    bytes.append(*piece);
  }
  if (bytes.size() != header.state_bytes() ||
      Sha256(bytes) != header.state_sha256()) {
    return absl::StrCat(at,
                        " is damaged: its bytes do not have the digest its "
                        "header names");
  }
  found.sequence = sequence;
  found.chain_hash = header.chain_hash();
  found.state_bytes = std::move(bytes);
  found.state_sha256 = header.state_sha256();
  return std::nullopt;
}

}  // namespace

std::string SnapshotHeaderKey(uint64_t sequence) {
  return absl::StrCat(SnapshotKeyPrefix(sequence), "h");
}

std::string SnapshotPartKey(uint64_t sequence, uint32_t part) {
  return absl::StrCat(SnapshotKeyPrefix(sequence), "p", BigEndian32(part));
}

absl::StatusOr<std::vector<uint64_t>> ListSnapshots(const EventStore& store) {
  std::vector<uint64_t> sequences;
  std::string from = kPrefix;
  for (;;) {
    absl::StatusOr<std::optional<std::pair<std::string, std::string>>> entry =
        store.FirstDerivedFrom(from);
    if (!entry.ok()) return entry.status();
    if (!entry->has_value() || !absl::StartsWith((*entry)->first, kPrefix) ||
        (*entry)->first.size() < kPrefixSize + 8) {
      return sequences;
    }
    const uint64_t sequence = SequenceFromKey(
        rocksdb::Slice((*entry)->first.data() + kPrefixSize, 8));
    if ((*entry)->first == SnapshotHeaderKey(sequence)) {
      sequences.push_back(sequence);
    }
    if (sequence == UINT64_MAX) return sequences;
    from = SnapshotKeyPrefix(sequence + 1);  // past its parts
  }
}

absl::StatusOr<bool> WriteSnapshot(const EventStore& store, const State& state,
                                   int keep) {
  absl::StatusOr<std::vector<uint64_t>> existing = ListSnapshots(store);
  if (!existing.ok()) return existing.status();
  const bool exists = std::find(existing->begin(), existing->end(),
                                state.last_sequence) != existing->end();
  std::vector<std::pair<std::string, absl::string_view>> entries;
  std::string header_bytes, bytes;
  if (!exists && state.last_sequence > 0) {
    absl::StatusOr<std::string> encoded =
        EncodeState(state, ProfileSpecsFromStore(store));
    if (!encoded.ok()) return encoded.status();
    bytes = *std::move(encoded);
    v1::SnapshotHeader header;
    header.set_format(kSnapshotFormat);
    header.set_sequence(state.last_sequence);
    header.set_chain_hash(state.last_hash);
    header.set_state_bytes(bytes.size());
    const uint32_t parts = static_cast<uint32_t>(
        (bytes.size() + kSnapshotPartBytes - 1) / kSnapshotPartBytes);
    header.set_parts(parts);
    header.set_state_sha256(Sha256(bytes));
    v1::StoredSnapshotHeader stored;
    stored.set_header(header.SerializeAsString());
    stored.set_sha256(Sha256(stored.header()));
    header_bytes = stored.SerializeAsString();
    entries.emplace_back(SnapshotHeaderKey(state.last_sequence), header_bytes);
    for (uint32_t part = 0; part < parts; ++part) {
      entries.emplace_back(SnapshotPartKey(state.last_sequence, part),
                           absl::string_view(bytes).substr(
                               part * kSnapshotPartBytes, kSnapshotPartBytes));
    }
    existing->push_back(state.last_sequence);
    std::sort(existing->begin(), existing->end());
  }
  // Everything before the newest `keep` goes (headers and parts alike,
  // and anything a crash left between them).
  std::string drop_to;
  const size_t kept = static_cast<size_t>(std::max(keep, 1));
  if (existing->size() > kept) {
    drop_to = SnapshotKeyPrefix((*existing)[existing->size() - kept]);
  }
  absl::Status written = store.WriteDerived(entries, kPrefix, drop_to);
  if (!written.ok()) return written;
  return !entries.empty();
}

absl::Status DeleteSnapshots(const EventStore& store) {
  // Every key under the prefix: "snapshot/" up to "snapshot0" ('/' + 1).
  std::string end = kPrefix;
  ++end.back();
  return store.WriteDerived({}, kPrefix, end);
}

absl::StatusOr<std::optional<FoundSnapshot>> FindSnapshot(
    const EventStore& store,
    const std::function<void(const std::string&)>& ignored) {
  absl::StatusOr<std::vector<uint64_t>> sequences = ListSnapshots(store);
  if (!sequences.ok()) return sequences.status();
  for (auto it = sequences->rbegin(); it != sequences->rend(); ++it) {
    FoundSnapshot found;
    absl::StatusOr<std::optional<std::string>> why = Check(store, *it, found);
    if (!why.ok()) return why.status();
    if (!why->has_value()) return found;
    if (ignored) ignored(**why);
  }
  return std::nullopt;
}

}  // namespace tally::replay
