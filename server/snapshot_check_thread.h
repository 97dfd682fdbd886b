// tallyd's check of the snapshot its start-up began from, by a full replay
// of the events the snapshot holds (replay/snapshot/snapshot_check.h), on a
// thread of its own at a lower CPU priority than the threads that serve,
// so that it takes only what they leave. It starts once tallyd serves,
// since the point of the snapshot is to serve sooner.

#ifndef TALLY_SERVER_SNAPSHOT_CHECK_THREAD_H_
#define TALLY_SERVER_SNAPSHOT_CHECK_THREAD_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "replay/log/event_store.h"

namespace tally::server {

class SnapshotCheckThread {
 public:
  // Checks snapshot `sequence` of `store` (which must outlive this object),
  // whose State's bytes have the SHA-256 `state_sha256`; calls `done` once,
  // on the thread, with CheckSnapshotByReplay's status (Cancelled when
  // the object was destroyed first).
  SnapshotCheckThread(const replay::EventStore& store, uint64_t sequence,
                      std::string state_sha256,
                      std::function<void(const absl::Status&)> done);
  // Stops a check still running and waits for the thread.
  ~SnapshotCheckThread();

  SnapshotCheckThread(const SnapshotCheckThread&) = delete;
  SnapshotCheckThread& operator=(const SnapshotCheckThread&) = delete;

 private:
  std::atomic<bool> stop_ = false;
  std::thread thread_;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_SNAPSHOT_CHECK_THREAD_H_
