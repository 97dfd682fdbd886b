// The second check of a snapshot start-up began from. FindSnapshot
// (snapshot_store.h) proves a snapshot whole and on the chain, and the
// chain and the signed checkpoints prove the log; neither proves that the
// snapshot's State is the one its events fold to: someone able to write the
// data directory could replace a snapshot's bytes and digests. A full
// replay of the events the snapshot holds does, and tallyd runs one in the
// background once it serves (server/snapshot_check_thread.h).

#ifndef TALLY_REPLAY_SNAPSHOT_SNAPSHOT_CHECK_H_
#define TALLY_REPLAY_SNAPSHOT_SNAPSHOT_CHECK_H_

#include <atomic>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "replay/log/event_store.h"

namespace tally::replay {

// OK when folding the stored events 1..`sequence` gives a State whose bytes
// (state_codec.h) have the SHA-256 `state_sha256` (FoundSnapshot's).
// DataLoss naming the snapshot when they do not, or when an event does not
// fold; Cancelled once `stop` is true; another error when the store cannot
// be read.
absl::Status CheckSnapshotByReplay(const EventStore& store, uint64_t sequence,
                                   const std::string& state_sha256,
                                   const std::atomic<bool>& stop);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SNAPSHOT_SNAPSHOT_CHECK_H_
