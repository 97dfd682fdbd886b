// Session standings (GetStandings, replay/pairs/queries.h BuildStandings)
// computed once per change of their tournament and shared by every reader
// (issue #19): 64 scoreboards polling one session cost one computation per
// change, not 64.
//
// The event log publishes immutable States; a session's standings are a
// function of its tournament's part of the State (and of the offence
// register, which spans tournaments), plus the State's last sequence,
// which the answer names as `as_of_sequence`. The cache keys an answer by
// the request and the tournament's last event sequence and the register's
// length, and sets `as_of_sequence` from the State it is asked with, so a
// cached answer is byte for byte the one BuildStandings gives for that
// State. Only States of one log may be given to one cache (its published
// snapshots, or replays of its prefixes): a what-if State, which folds an
// event the log does not hold, must not be.
//
// Readers asking for the same answer while it is being computed wait for
// that computation instead of starting their own. Errors and answers whose
// arithmetic overflowed (core::RationalOverflowScope) are not kept: each
// caller computes those itself, so its own overflow scope sees them. The
// memory held is bounded by `max_bytes`; the least recently used answers
// go first. With `max_bytes` 0 nothing is kept or shared: every call
// computes its own answer, as without a cache.
//
// Each kept answer also keeps its serialised bytes without
// `as_of_sequence`, made once by the reader that computed it, so that
// GetStandings can send them as they are (GetSerialized): 64 readers of a
// 300-table session's 46 KB answer copy and serialise nothing.
//
// Thread-safe.

#ifndef TALLY_REPLAY_QUERIES_STANDINGS_CACHE_H_
#define TALLY_REPLAY_QUERIES_STANDINGS_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

class StandingsCache {
 public:
  static constexpr size_t kDefaultMaxBytes = size_t{32} << 20;

  explicit StandingsCache(size_t max_bytes = kDefaultMaxBytes);
  StandingsCache(const StandingsCache&) = delete;
  StandingsCache& operator=(const StandingsCache&) = delete;

  // BuildStandings(state, request), from the cache when the request's
  // tournament has not changed since it was computed.
  absl::StatusOr<v1::Standings> Get(const State& state,
                                    const v1::GetStandingsRequest& request);

  // The same answer serialised, as two pieces whose concatenation parses
  // to exactly Get(state, request): protobuf parses concatenated messages
  // as one, the last value of a field winning, and `body` has no
  // as_of_sequence while `as_of` holds only that field.
  struct Serialized {
    // Shared by every reader of the cached answer; never changed.
    std::shared_ptr<const std::string> body;
    // v1::Standings' as_of_sequence for the State asked with, alone;
    // empty when it is 0 (or in `body`, for an answer not kept).
    std::string as_of;
  };
  absl::StatusOr<Serialized> GetSerialized(
      const State& state, const v1::GetStandingsRequest& request);

  // BuildStandings calls made so far (hits make none).
  uint64_t computations() const;
  // Answers given from the cache (or from another reader's computation).
  uint64_t hits() const;
  // Answers kept, and the memory they take.
  size_t entries() const;
  size_t bytes() const;

 private:
  // One answer being computed, then computed: `standings` and `body` are
  // set before `done` is notified, null when it is not to be shared.
  struct Computation;
  struct Entry {
    uint64_t tournament_sequence = 0;
    size_t offences = 0;
    std::shared_ptr<Computation> computation;
    uint64_t last_used = 0;
    size_t bytes = 0;  // 0 while computing
  };

  // Runs BuildStandings into `answer`; true when it is OK and did not
  // overflow (so it may be shared).
  bool Compute(const State& state, const v1::GetStandingsRequest& request,
               absl::StatusOr<v1::Standings>& answer);
  // The shared computation answering `request` for `state`, done; or null
  // when the caller's answer is its own, then in `own` (an error, an
  // overflow, an older State, no cache).
  std::shared_ptr<const Computation> Lookup(
      const State& state, const v1::GetStandingsRequest& request,
      absl::StatusOr<v1::Standings>& own);
  void EvictLocked() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const size_t max_bytes_;
  mutable absl::Mutex mu_;
  std::map<std::string, Entry> entries_ ABSL_GUARDED_BY(mu_);
  size_t bytes_ ABSL_GUARDED_BY(mu_) = 0;
  uint64_t clock_ ABSL_GUARDED_BY(mu_) = 0;
  uint64_t computations_ ABSL_GUARDED_BY(mu_) = 0;
  uint64_t hits_ ABSL_GUARDED_BY(mu_) = 0;
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUERIES_STANDINGS_CACHE_H_
