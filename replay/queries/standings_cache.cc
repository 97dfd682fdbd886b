#include "replay/queries/standings_cache.h"

#include <utility>

#include "absl/synchronization/notification.h"
#include "core/base/rational.h"
#include "replay/pairs/queries.h"

namespace tally::replay {

struct StandingsCache::Computation {
  absl::Notification done;
  std::shared_ptr<const v1::Standings> standings;
};

StandingsCache::StandingsCache(size_t max_bytes) : max_bytes_(max_bytes) {}

std::shared_ptr<const v1::Standings> StandingsCache::Compute(
    const State& state, const v1::GetStandingsRequest& request,
    absl::StatusOr<v1::Standings>& answer) {
  core::RationalOverflowScope overflow;
  answer = BuildStandings(state, request);
  {
    absl::MutexLock lock(&mu_);
    ++computations_;
  }
  if (!answer.ok() || overflow.overflowed()) return nullptr;
  return std::make_shared<const v1::Standings>(*answer);
}

absl::StatusOr<v1::Standings> StandingsCache::Get(
    const State& state, const v1::GetStandingsRequest& request) {
  absl::StatusOr<v1::Standings> answer = absl::InternalError("not answered");
  const TournamentState* tournament =
      state.FindTournament(request.tournament_id());
  if (tournament == nullptr ||  // NotFound, worded by BuildStandings
      max_bytes_ == 0) {
    Compute(state, request, answer);
    return answer;
  }
  const uint64_t sequence = tournament->event_sequences.empty()
                                ? 0
                                : tournament->event_sequences.back();
  const size_t offences = state.offences.size();
  const std::string key = request.SerializeAsString();
  std::shared_ptr<Computation> shared;
  bool mine = false;
  {
    absl::MutexLock lock(&mu_);
    auto it = entries_.find(key);
    if (it != entries_.end() && it->second.tournament_sequence == sequence &&
        it->second.offences == offences) {
      it->second.last_used = ++clock_;
      shared = it->second.computation;
    } else if (it == entries_.end() ||
               (it->second.tournament_sequence <= sequence &&
                it->second.offences <= offences)) {
      // New, or the tournament changed since: this caller computes it.
      if (it != entries_.end()) bytes_ -= it->second.bytes;
      Entry& entry = entries_[key];
      entry = Entry{.tournament_sequence = sequence,
                    .offences = offences,
                    .computation = std::make_shared<Computation>(),
                    .last_used = ++clock_};
      shared = entry.computation;
      mine = true;
    }
    // Otherwise the caller holds an older State than the cached answer's:
    // it is answered alone and the newer answer stays.
  }
  if (shared == nullptr) {
    Compute(state, request, answer);
    return answer;
  }
  if (mine) {
    shared->standings = Compute(state, request, answer);
    shared->done.Notify();
    absl::MutexLock lock(&mu_);
    auto it = entries_.find(key);
    if (it == entries_.end() || it->second.computation != shared) {
      return answer;  // replaced meanwhile by a newer State's answer
    }
    if (shared->standings == nullptr) {
      entries_.erase(it);
      return answer;
    }
    it->second.bytes =
        shared->standings->SpaceUsedLong() + key.size() + sizeof(Entry);
    bytes_ += it->second.bytes;
    EvictLocked();
    return answer;
  }
  shared->done.WaitForNotification();
  if (shared->standings == nullptr) {  // an error or an overflow: its own
    Compute(state, request, answer);
    return answer;
  }
  answer = *shared->standings;
  answer->set_as_of_sequence(state.last_sequence);
  absl::MutexLock lock(&mu_);
  ++hits_;
  return answer;
}

void StandingsCache::EvictLocked() {
  while (bytes_ > max_bytes_) {
    auto oldest = entries_.end();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->second.bytes == 0) continue;  // still being computed
      if (oldest == entries_.end() ||
          it->second.last_used < oldest->second.last_used) {
        oldest = it;
      }
    }
    if (oldest == entries_.end()) return;
    bytes_ -= oldest->second.bytes;
    entries_.erase(oldest);
  }
}

uint64_t StandingsCache::computations() const {
  absl::MutexLock lock(&mu_);
  return computations_;
}

uint64_t StandingsCache::hits() const {
  absl::MutexLock lock(&mu_);
  return hits_;
}

size_t StandingsCache::entries() const {
  absl::MutexLock lock(&mu_);
  return entries_.size();
}

size_t StandingsCache::bytes() const {
  absl::MutexLock lock(&mu_);
  return bytes_;
}

}  // namespace tally::replay
