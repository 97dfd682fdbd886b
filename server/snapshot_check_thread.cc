#include "server/snapshot_check_thread.h"

#include <sys/resource.h>
#include <unistd.h>

#include <utility>

#include "replay/snapshot/snapshot_check.h"

namespace tally::server {

SnapshotCheckThread::SnapshotCheckThread(
    const replay::EventStore& store, uint64_t sequence,
    std::string state_sha256, std::function<void(const absl::Status&)> done)
    : thread_([this, &store, sequence, sha = std::move(state_sha256),
               done = std::move(done)] {
        // Linux gives each thread its own nice value: this one only. A
        // failure leaves the default priority, which is still correct.
        setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
        done(replay::CheckSnapshotByReplay(store, sequence, sha, stop_));
      }) {}

SnapshotCheckThread::~SnapshotCheckThread() {
  stop_ = true;
  thread_.join();
}

}  // namespace tally::server
