// Snapshots of the State kept beside the log, in the store's derived key
// range (EventStore::WriteDerived): each one the State's bytes
// (state_codec.h) under a header naming the format, the sequence and chain
// hash it was taken at, and the SHA-256 of the bytes; the header carries
// its own SHA-256. Keys: "snapshot/" + the 8-byte sequence + "h" for the
// header, + "p" + a 4-byte part number for each part of the bytes (4 MiB
// each), so one snapshot's keys are contiguous and a newer one sorts
// after.
//
// Nothing here is trusted more than the log: FindSnapshot returns a
// snapshot only when its header and bytes check and the stored event at
// its sequence has its chain hash, and start-up (EventLog::Open) checks
// the whole chain as before, that event included.
//
// Thread-safe (the store is).

#ifndef TALLY_REPLAY_SNAPSHOT_SNAPSHOT_STORE_H_
#define TALLY_REPLAY_SNAPSHOT_SNAPSHOT_STORE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "replay/log/event_store.h"
#include "replay/state/state.h"

namespace tally::replay {

inline constexpr size_t kSnapshotPartBytes = 4 << 20;

// The keys of snapshot `sequence`.
std::string SnapshotHeaderKey(uint64_t sequence);
std::string SnapshotPartKey(uint64_t sequence, uint32_t part);

// Writes a snapshot of `state` (a State of `store`'s log up to
// state.last_sequence) unless one at that sequence exists, then deletes
// all but the newest `keep` (at least 1). Returns whether it wrote one.
absl::StatusOr<bool> WriteSnapshot(const EventStore& store, const State& state,
                                   int keep = 2);

// The sequences of the stored snapshots' headers, ascending (whatever
// their state).
absl::StatusOr<std::vector<uint64_t>> ListSnapshots(const EventStore& store);

struct FoundSnapshot {
  uint64_t sequence = 0;
  std::string chain_hash;
  std::string state_bytes;   // for DecodeState
  std::string state_sha256;  // of state_bytes, as its header names it
};

// The newest snapshot whose header and bytes check, of kSnapshotFormat,
// whose sequence is in the log and whose chain hash is the stored event's
// there; nullopt when there is none. Each newer one passed over is told
// to `ignored` with why, in one sentence. An error only when the store
// cannot be read.
absl::StatusOr<std::optional<FoundSnapshot>> FindSnapshot(
    const EventStore& store,
    const std::function<void(const std::string&)>& ignored);

// Deletes every stored snapshot (a snapshot that failed its check by a
// full replay, snapshot_check.h, and any written since from its State).
absl::Status DeleteSnapshots(const EventStore& store);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SNAPSHOT_SNAPSHOT_STORE_H_
