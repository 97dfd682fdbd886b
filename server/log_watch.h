// LogWatch: the log's head sequence as the writer makes events durable, for
// readers that wait for the next event (the watch API, the results pages'
// long poll). tallyd calls Advance from EventLog's after_durable hook, which
// runs once the events are visible to EventLog::Read and EventStore::Scan,
// so a waiter woken for sequence N can read event N.
// Thread-safe.

#ifndef TALLY_SERVER_LOG_WATCH_H_
#define TALLY_SERVER_LOG_WATCH_H_

#include <cstdint>

#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace tally::server {

class LogWatch {
 public:
  // `head`: the last durable sequence when watching starts (0: empty log).
  explicit LogWatch(uint64_t head) : head_(head) {}
  LogWatch(const LogWatch&) = delete;
  LogWatch& operator=(const LogWatch&) = delete;

  // The writer made events up to `sequence` durable; wakes every waiter.
  void Advance(uint64_t sequence);
  // Wakes every waiter for good (the server is stopping).
  void Stop();

  // Blocks until the head is beyond `after`, `timeout` has passed or Stop
  // was called; returns the head then.
  uint64_t WaitBeyond(uint64_t after, absl::Duration timeout) const;
  uint64_t head() const;
  bool stopped() const;

 private:
  mutable absl::Mutex mu_;
  uint64_t head_ ABSL_GUARDED_BY(mu_);
  bool stopped_ ABSL_GUARDED_BY(mu_) = false;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_LOG_WATCH_H_
