#include "server/log_watch.h"

#include <algorithm>

namespace tally::server {

void LogWatch::Advance(uint64_t sequence) {
  absl::MutexLock lock(&mu_);
  head_ = std::max(head_, sequence);
}

void LogWatch::Stop() {
  absl::MutexLock lock(&mu_);
  stopped_ = true;
}

uint64_t LogWatch::WaitBeyond(uint64_t after, absl::Duration timeout) const {
  absl::MutexLock lock(&mu_);
  auto ready = [this, after]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    return head_ > after || stopped_;
  };
  mu_.AwaitWithTimeout(absl::Condition(&ready), timeout);
  return head_;
}

uint64_t LogWatch::head() const {
  absl::MutexLock lock(&mu_);
  return head_;
}

bool LogWatch::stopped() const {
  absl::MutexLock lock(&mu_);
  return stopped_;
}

}  // namespace tally::server
