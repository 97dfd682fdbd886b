// The ITC final's IMP carry-over (ANC SR 11.2): the higher placed team from
// the Qualifying Stage starts the final with 10% of the VP margin between
// the two teams, in IMPs, not rounded.
//
// Pure function. Thread-safe.

#ifndef TALLY_CORE_CARRYOVER_ITC_CARRYOVER_H_
#define TALLY_CORE_CARRYOVER_ITC_CARRYOVER_H_

#include "absl/status/statusor.h"
#include "core/base/rational.h"

namespace tally::core {

// The IMPs the higher placed team carries into the final: (higher - lower)
// / 10, exact ("The carry-over is not rounded"), from the two teams' VP
// totals at the end of the Qualifying Stage (penalties included, as the
// placing is). Teams level on VPs (placed by tie-break, ANC SR 12.2) carry
// 0. InvalidArgument if the higher placed team has fewer VPs.
absl::StatusOr<Rational> ItcFinalCarryOver(const Rational& higher_placed_vps,
                                           const Rational& lower_placed_vps);

}  // namespace tally::core

#endif  // TALLY_CORE_CARRYOVER_ITC_CARRYOVER_H_
