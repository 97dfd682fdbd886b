// The read side of knock-out events: each match with its stanzas (IMPs,
// who has choice of opponents), carry-over, totals and winner, and the
// event's winner (replay/draws/knockout_results.h,
// replay/knockout/knockout_seating.h). NotFound with a director's message for
// unknown ids; FailedPrecondition for a competition that is not a knock-out.
// Pure functions of the State.

#ifndef TALLY_REPLAY_KNOCKOUT_QUERIES_H_
#define TALLY_REPLAY_KNOCKOUT_QUERIES_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

absl::StatusOr<v1::KnockoutResults> BuildKnockoutResults(
    const State& state, const v1::GetKnockoutResultsRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_KNOCKOUT_QUERIES_H_
