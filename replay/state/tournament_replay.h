// Replays of one tournament as of a point of the log, for the auditor's
// queries (as-of standings, what changed, a board's history, a draw's
// check): they fold that tournament's own events only, found through
// TournamentState::event_sequences of the current State, so that a query
// costs what it touches and not the whole log (issue #19). The result is
// the tournament exactly as a full replay (ReplayPrefix) leaves it: no
// event of one tournament reads another's state, except the offence
// register, which spans every tournament (NSW TR 6.7) and is copied from
// the current State up to the point.
//
// The hash chain is not checked here: EventLog::Open checked every stored
// event, the store is held by this process alone, and VerifyChain checks
// it again on demand. Thread-safe (reads only).

#ifndef TALLY_REPLAY_TOURNAMENT_REPLAY_H_
#define TALLY_REPLAY_TOURNAMENT_REPLAY_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "replay/log/event_store.h"
#include "replay/state/state.h"
#include "tally/v1/audit.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Called after each of the tournament's events is folded, with the State
// folded up to and including it. A non-OK status stops the fold.
using AfterEachEvent =
    std::function<absl::Status(const v1::Event& event, const State& state)>;

// Folds into a fresh State the events of `tournament_id` up to and
// including `last_sequence` (clamped to `now`'s last), and the offence
// register's entries of other tournaments up to it; `now` is a State of
// the whole log at or after that point. `after_each` (may be empty) sees
// each of the tournament's events. The result's last_sequence, last_hash
// and last_received are those of the point, as after a full replay.
// DataLoss if a stored event is missing or damaged.
absl::StatusOr<State> ReplayTournament(const EventStore& store,
                                       const State& now,
                                       const std::string& tournament_id,
                                       uint64_t last_sequence,
                                       const AfterEachEvent& after_each = {});

// The tournament as of `point`: a sequence number, or a time (the events
// received by then). An empty `tournament_id` asks for every tournament:
// a full replay (ReplayPrefix). InvalidArgument when `point` names neither.
absl::StatusOr<State> TournamentAsOf(const EventStore& store, const State& now,
                                     const std::string& tournament_id,
                                     const v1::AsOf& point);

// The last event received at or before `until`, among 1..`last_sequence`
// (0 when none): a binary search, as receipt times never decrease along
// the log.
absl::StatusOr<uint64_t> LastSequenceReceivedBy(const EventStore& store,
                                                uint64_t last_sequence,
                                                absl::Time until);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_TOURNAMENT_REPLAY_H_
