#include "server/read_admission.h"

#include <algorithm>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tally::server {

ReadAdmission::Slot& ReadAdmission::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    if (owner_ != nullptr) owner_->Release();
    owner_ = other.owner_;
    other.owner_ = nullptr;
  }
  return *this;
}

ReadAdmission::Slot::~Slot() {
  if (owner_ != nullptr) owner_->Release();
}

absl::StatusOr<ReadAdmission::Slot> ReadAdmission::Enter(
    absl::string_view what, absl::Time deadline,
    const std::function<bool()>& cancelled) {
  absl::MutexLock lock(&mu_);
  if (max_running_ <= 0 || (running_ < max_running_ && queue_.empty())) {
    ++running_;
    ++admitted_;
    return Slot(this);
  }
  const absl::Time start = absl::Now();
  Waiter me;
  auto place = queue_.insert(queue_.end(), &me);
  bool left = false;
  GaveUp why = GaveUp::kDeadline;
  while (!me.admitted) {
    const absl::Time now = absl::Now();
    if (now >= deadline) break;
    if (cancelled != nullptr) {
      // Asked without the lock: it may be the transport's own call.
      mu_.Unlock();
      left = cancelled();
      mu_.Lock();
      if (left) {
        // gRPC cancels a call whose deadline passed: that is the deadline.
        if (absl::Now() < deadline) why = GaveUp::kCancelled;
        break;
      }
      if (me.admitted) break;
    }
    mu_.AwaitWithDeadline(absl::Condition(&me.admitted),
                          std::min(deadline, absl::Now() + kCancelPoll));
  }
  const absl::Duration waited = absl::Now() - start;
  wait_time_ += waited;
  ++waited_;
  if (me.admitted) {
    // Release handed its slot over: running_ already counts this read,
    // and the queue no longer holds it.
    ++admitted_;
    return Slot(this);
  }
  queue_.erase(place);
  const std::string how_long =
      absl::StrFormat("%.3f s", absl::ToDoubleSeconds(waited));
  if (why == GaveUp::kCancelled) {
    ++cancelled_;
    return absl::CancelledError(
        absl::StrCat("the client left while ", what, " waited ", how_long,
                     " for a read slot; nothing was read"));
  }
  ++deadline_exceeded_;
  return absl::DeadlineExceededError(absl::StrCat(
      what, " waited ", how_long, " for one of the server's ", max_running_,
      " read slots (--max_concurrent_reads), all taken by other queries, "
      "until the call's deadline; nothing was read: retry, or give the call "
      "a longer deadline"));
}

void ReadAdmission::Release() {
  absl::MutexLock lock(&mu_);
  if (!queue_.empty()) {
    // The slot passes to the longest waiting read: running_ is unchanged.
    queue_.front()->admitted = true;
    queue_.pop_front();
    return;
  }
  --running_;
}

int ReadAdmission::running() const {
  absl::MutexLock lock(&mu_);
  return running_;
}

int ReadAdmission::waiting() const {
  absl::MutexLock lock(&mu_);
  return static_cast<int>(queue_.size());
}

uint64_t ReadAdmission::admitted() const {
  absl::MutexLock lock(&mu_);
  return admitted_;
}

uint64_t ReadAdmission::waited() const {
  absl::MutexLock lock(&mu_);
  return waited_;
}

absl::Duration ReadAdmission::wait_time() const {
  absl::MutexLock lock(&mu_);
  return wait_time_;
}

uint64_t ReadAdmission::gave_up(GaveUp why) const {
  absl::MutexLock lock(&mu_);
  return why == GaveUp::kDeadline ? deadline_exceeded_ : cancelled_;
}

}  // namespace tally::server
