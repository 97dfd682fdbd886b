// Writing snapshots as the log grows, and finding one at start-up: the
// glue between EventLog and snapshot_store.h.
//
// SnapshotWriter writes a snapshot of the published State (immutable, so
// nothing is locked while it is encoded) on a thread of its own whenever
// the log has grown by `every` events since the last one, and once more
// when asked at shutdown. The writer thread of the log only tells it the
// new head (Appended): it never waits for a snapshot.
//
// Thread-safe.

#ifndef TALLY_REPLAY_SNAPSHOT_SNAPSHOT_WRITER_H_
#define TALLY_REPLAY_SNAPSHOT_SNAPSHOT_WRITER_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "replay/state/event_log.h"

namespace tally::replay {

// EventLog::Options::find_snapshot: the newest snapshot FindSnapshot
// accepts, decoded by DecodeState; every one passed over is told to
// `ignored`.
std::function<std::optional<StartingSnapshot>(const EventStore&)>
SnapshotFinder(std::function<void(const std::string&)> ignored);

class SnapshotWriter {
 public:
  // `every`: events between periodic snapshots (0: none; WriteNow still
  // writes). `written` / `failed`, if set, are told of each snapshot
  // written (its sequence) or failing (why), on the writer's thread.
  struct Options {
    uint64_t every = 100000;
    int keep = 2;
    std::function<void(uint64_t)> written = nullptr;
    std::function<void(const std::string&)> failed = nullptr;
  };

  // `log` must outlive the writer. Counts from log's head as opened: the
  // first periodic snapshot is `every` events after the snapshot it
  // started from (or after event 0).
  SnapshotWriter(const EventLog& log, Options options);
  // Stops the thread, after the snapshot being written (if any).
  ~SnapshotWriter();
  SnapshotWriter(const SnapshotWriter&) = delete;
  SnapshotWriter& operator=(const SnapshotWriter&) = delete;

  // The log's head is now `sequence` (EventLog::Options::after_durable).
  // Never blocks for a write.
  void Appended(uint64_t sequence);

  // Writes a snapshot of the published State now, on the caller's thread,
  // unless one at its sequence exists (clean shutdown).
  absl::Status WriteNow();

  // Snapshots written since construction.
  uint64_t written() const;

 private:
  void Loop();
  absl::Status Write();

  const EventLog& log_;
  const Options options_;
  mutable absl::Mutex mu_;
  // Serialises Write between the thread and WriteNow.
  absl::Mutex write_mu_ ABSL_ACQUIRED_BEFORE(mu_);
  uint64_t last_snapshot_ ABSL_GUARDED_BY(mu_) = 0;
  uint64_t head_ ABSL_GUARDED_BY(mu_) = 0;
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  uint64_t written_ ABSL_GUARDED_BY(mu_) = 0;
  std::thread thread_;
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SNAPSHOT_SNAPSHOT_WRITER_H_
