// ReadAdmission: at most a bound of read computations (queries, audit
// questions) run at once; the rest wait, asleep, in the order they came,
// each until its caller's deadline. Commands never pass through it, so a
// venue's result entry never waits behind readers however many there are
// (issue #19, docs/performance.md "Session 17"). A bound of 0 admits every
// read at once (nothing waits). Thread-safe; no gRPC: the caller turns its
// call's deadline and cancellation into Enter's arguments.

#ifndef TALLY_SERVER_READ_ADMISSION_H_
#define TALLY_SERVER_READ_ADMISSION_H_

#include <cstdint>
#include <functional>
#include <list>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace tally::server {

class ReadAdmission {
 public:
  // Default for tallyd's --max_concurrent_reads (docs/performance.md,
  // "Session 17", how it was chosen).
  static constexpr int kDefaultMaxRunning = 2;

  // `max_running`: reads computed at once; 0 (or less): no bound.
  explicit ReadAdmission(int max_running) : max_running_(max_running) {}
  ReadAdmission(const ReadAdmission&) = delete;
  ReadAdmission& operator=(const ReadAdmission&) = delete;

  // A running read's place; gives it to the next waiting read when
  // destroyed. Move-only.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& other) noexcept : owner_(other.owner_) {
      other.owner_ = nullptr;
    }
    Slot& operator=(Slot&& other) noexcept;
    ~Slot();

   private:
    friend class ReadAdmission;
    explicit Slot(ReadAdmission* owner) : owner_(owner) {}
    ReadAdmission* owner_ = nullptr;
  };

  // Why a waiting read gave up.
  enum class GaveUp { kDeadline, kCancelled };

  // A slot once fewer than the bound run and every read that came earlier
  // has one. Waits asleep; checks `cancelled` (may be null) every
  // `kCancelPoll`. A read that is still waiting at `deadline` gives up with
  // DEADLINE_EXCEEDED, one whose `cancelled()` turns true with CANCELLED;
  // both messages name `what` and how long it waited. Neither takes a
  // place from the reads still waiting.
  absl::StatusOr<Slot> Enter(absl::string_view what, absl::Time deadline,
                             const std::function<bool()>& cancelled);

  // How often a waiting read asks whether its client left: seldom enough
  // that waiting readers cost next to nothing.
  static constexpr absl::Duration kCancelPoll = absl::Milliseconds(100);

  int max_running() const { return max_running_; }
  // Reads computing now; reads waiting for a slot now.
  int running() const;
  int waiting() const;
  // Since construction: reads admitted (at once or after waiting), those
  // that had to wait, their waiting time in all, and those that gave up.
  uint64_t admitted() const;
  uint64_t waited() const;
  absl::Duration wait_time() const;
  uint64_t gave_up(GaveUp why) const;

 private:
  struct Waiter {
    bool admitted = false;
  };
  void Release();

  const int max_running_;
  mutable absl::Mutex mu_;
  int running_ ABSL_GUARDED_BY(mu_) = 0;
  // First come, first admitted: Release hands its slot to the front.
  std::list<Waiter*> queue_ ABSL_GUARDED_BY(mu_);
  uint64_t admitted_ ABSL_GUARDED_BY(mu_) = 0;
  uint64_t waited_ ABSL_GUARDED_BY(mu_) = 0;
  absl::Duration wait_time_ ABSL_GUARDED_BY(mu_);
  uint64_t deadline_exceeded_ ABSL_GUARDED_BY(mu_) = 0;
  uint64_t cancelled_ ABSL_GUARDED_BY(mu_) = 0;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_READ_ADMISSION_H_
