// EvolveConsuming: Evolve for a caller that owns the event and has no
// further use for its entered result (start-up replay, EventLog::Open).
// It used to move the entered result into the State; since the State holds
// results as CompactResult (session 18) there is nothing to move and it
// folds as Evolve does, byte for byte.
// Thread-compatible, as Evolve.

#ifndef TALLY_REPLAY_STATE_CONSUMING_EVOLVE_H_
#define TALLY_REPLAY_STATE_CONSUMING_EVOLVE_H_

#include "absl/status/status.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Folds `event` into `state` as Evolve does. The event may be left changed
// (callers must not rely on it); today it is not.
absl::Status EvolveConsuming(v1::Event& event, State& state);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_CONSUMING_EVOLVE_H_
