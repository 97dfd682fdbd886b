#include "replay/queries/standings_cache.h"

#include <utility>

#include "absl/synchronization/notification.h"
#include "core/base/rational.h"
#include "replay/pairs/queries.h"

namespace tally::replay {

struct StandingsCache::Computation {
  absl::Notification done;
  std::shared_ptr<const v1::Standings> standings;
  // `standings` serialised without as_of_sequence.
  std::shared_ptr<const std::string> body;
};

namespace {

// v1::Standings' as_of_sequence field alone, serialised: empty for 0,
// which proto3 does not write.
std::string AsOfBytes(uint64_t sequence) {
  v1::Standings only;
  only.set_as_of_sequence(sequence);
  return only.SerializeAsString();
}

}  // namespace

StandingsCache::StandingsCache(size_t max_bytes) : max_bytes_(max_bytes) {}

bool StandingsCache::Compute(const State& state,
                             const v1::GetStandingsRequest& request,
                             absl::StatusOr<v1::Standings>& answer) {
  core::RationalOverflowScope overflow;
  answer = BuildStandings(state, request);
  {
    absl::MutexLock lock(&mu_);
    ++computations_;
  }
  return answer.ok() && !overflow.overflowed();
}

std::shared_ptr<const StandingsCache::Computation> StandingsCache::Lookup(
    const State& state, const v1::GetStandingsRequest& request,
    absl::StatusOr<v1::Standings>& own) {
  const TournamentState* tournament =
      state.FindTournament(request.tournament_id());
  if (tournament == nullptr ||  // NotFound, worded by BuildStandings
      max_bytes_ == 0) {
    Compute(state, request, own);
    return nullptr;
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
    Compute(state, request, own);
    return nullptr;
  }
  if (mine) {
    if (Compute(state, request, own)) {
      // Serialised once, here, for every reader of this answer.
      auto standings = std::make_shared<v1::Standings>(*std::move(own));
      const uint64_t as_of = standings->as_of_sequence();
      standings->clear_as_of_sequence();
      shared->body =
          std::make_shared<const std::string>(standings->SerializeAsString());
      standings->set_as_of_sequence(as_of);
      shared->standings = std::move(standings);
    }
    shared->done.Notify();
    absl::MutexLock lock(&mu_);
    auto it = entries_.find(key);
    if (it != entries_.end() && it->second.computation == shared) {
      if (shared->standings == nullptr) {
        entries_.erase(it);
      } else {
        it->second.bytes = shared->standings->SpaceUsedLong() +
                           shared->body->capacity() + key.size() +
                           sizeof(Entry);
        bytes_ += it->second.bytes;
        EvictLocked();
      }
    }
    // Replaced meanwhile by a newer State's answer or not: this one is the
    // answer for `state`.
    return shared->standings == nullptr ? nullptr : shared;
  }
  shared->done.WaitForNotification();
  if (shared->standings == nullptr) {  // an error or an overflow: its own
    Compute(state, request, own);
    return nullptr;
  }
  absl::MutexLock lock(&mu_);
  ++hits_;
  return shared;
}

absl::StatusOr<v1::Standings> StandingsCache::Get(
    const State& state, const v1::GetStandingsRequest& request) {
  absl::StatusOr<v1::Standings> own = absl::InternalError("not answered");
  std::shared_ptr<const Computation> shared = Lookup(state, request, own);
  if (shared == nullptr) return own;
  v1::Standings answer = *shared->standings;
  answer.set_as_of_sequence(state.last_sequence);
  return answer;
}

absl::StatusOr<StandingsCache::Serialized> StandingsCache::GetSerialized(
    const State& state, const v1::GetStandingsRequest& request) {
  absl::StatusOr<v1::Standings> own = absl::InternalError("not answered");
  std::shared_ptr<const Computation> shared = Lookup(state, request, own);
  if (shared != nullptr) {
    return Serialized{.body = shared->body,
                      .as_of = AsOfBytes(state.last_sequence)};
  }
  if (!own.ok()) return own.status();
  return Serialized{
      .body = std::make_shared<const std::string>(own->SerializeAsString())};
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
