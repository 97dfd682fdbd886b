// EvolveConsuming: Evolve for a caller that owns the event and has no
// further use for its entered result (start-up replay, EventLog::Open):
// the result is moved into the State instead of copied, which saves a
// protobuf copy and an allocation per ResultEntered (issue #19). The State
// it folds is the one Evolve folds, byte for byte.
// Thread-compatible, as Evolve.

#ifndef TALLY_REPLAY_STATE_CONSUMING_EVOLVE_H_
#define TALLY_REPLAY_STATE_CONSUMING_EVOLVE_H_

#include "absl/status/status.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Folds `event` into `state` as Evolve does. Afterwards a ResultEntered
// event's `result` is left empty (moved into the State); the rest of the
// event is unchanged.
absl::Status EvolveConsuming(v1::Event& event, State& state);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_CONSUMING_EVOLVE_H_
