// The decide step of a result correction (issue #5): the correction names
// the result it replaces, why, and who agreed, and is accepted only while
// the window its regulation allows is open at the moment it is received
// (Law 79C2 as NZ LIRG reads it: no correction once the correction period
// has expired). Pure function of its arguments.

#ifndef TALLY_REPLAY_DECIDE_CORRECTION_H_
#define TALLY_REPLAY_DECIDE_CORRECTION_H_

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The correction of one result, received at `at`. NotFound when no result
// was entered there (enter it instead); InvalidArgument for a missing
// kind or reason, a players' correction without both sides' agreement (NZ
// LIRG 79C), an impossible result, or one that changes nothing;
// FailedPrecondition, naming the clause and when the window closed, once
// the window has closed or the results are official.
absl::StatusOr<v1::EventPayload> DecideCorrectResult(
    const State& state, const v1::CorrectResultRequest& request, absl::Time at);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_CORRECTION_H_
