// The decide step of a director's session adjustment to one pair's
// matchpoint total that may add as well as take off (AdjustSession ->
// SessionAdjustmentMade, issue #18): matchpoints, a percentage of the
// pair's session top, or the sit-out award. Same conventions as decide.h:
// a pure function of the State and the request; nothing is appended on a
// refusal. NotFound for an unknown tournament, competition, session or
// pair; InvalidArgument for an amount out of range, a missing law or text,
// or figures that overflow exact arithmetic; FailedPrecondition for a
// competition that is not matchpoint pairs, results already official, a
// pair that does not play in the session, or sit-out boards it plays or
// already has an award on.
//
// Thread-compatible.

#ifndef TALLY_REPLAY_PAIRS_DECIDE_SESSION_ADJUSTMENT_H_
#define TALLY_REPLAY_PAIRS_DECIDE_SESSION_ADJUSTMENT_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// A SessionAdjustmentMade event (percent_of_top converted to matchpoints
// on receipt), or the refusal.
absl::StatusOr<v1::EventPayload> DecideAdjustSession(
    const State& state, const v1::AdjustSessionRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_PAIRS_DECIDE_SESSION_ADJUSTMENT_H_
