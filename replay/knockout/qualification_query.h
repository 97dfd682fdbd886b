// GetQualification: how a competition's entrants qualified from an earlier
// stage, as stored (EntrantsQualified): their new numbers, where they came
// from, their places and fields, their carry-overs and whom each replaced.
// Pure function of the State. Thread-compatible.

#ifndef TALLY_REPLAY_QUALIFICATION_QUERY_H_
#define TALLY_REPLAY_QUALIFICATION_QUERY_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// The qualification of the competition asked for. NotFound for an unknown
// tournament or competition, or one whose entrants did not qualify from an
// earlier stage (they were registered directly).
absl::StatusOr<v1::Qualification> BuildQualification(
    const State& state, const v1::GetQualificationRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUALIFICATION_QUERY_H_
