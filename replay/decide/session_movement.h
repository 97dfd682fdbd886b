// The movement a DefineSessionRequest asks for: explicit, a generated
// Mitchell or Howell, or sections (each its own Mitchell or Howell, placed
// one after another: core/movement/sections.h), with its source text for
// the record; and the checks a movement in sections must pass. Pure
// functions of their arguments. Thread-safe.

#ifndef TALLY_REPLAY_DECIDE_SESSION_MOVEMENT_H_
#define TALLY_REPLAY_DECIDE_SESSION_MOVEMENT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"

namespace tally::replay {

struct RequestedMovement {
  v1::Movement movement;  // always explicit
  std::string source;     // e.g. "mitchell tables=7 boards_per_round=3"
};

// The movement `request` gives for competition `c`. InvalidArgument for
// no movement, both one movement and sections, sections outside a pairs
// event (matchpoint, Butler or cross-IMP), or a generated movement's bad
// sizes (naming the section).
absl::StatusOr<RequestedMovement> MovementOfRequest(
    const CompetitionState& c, const v1::DefineSessionRequest& request);

// A movement in sections (Movement.sections): only in a pairs event
// (matchpoint, Butler or cross-IMP); sections that neither overlap nor leave a
// table out; scored across the field (the profile's sections.scored), every
// section playing the same boards. OK for a movement without sections.
absl::Status CheckMovementSections(const v1::Movement& movement,
                                   const CompetitionState& c);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_SESSION_MOVEMENT_H_
