// ABPC carry-overs between stages (ANC SR 18.1-18.3): Open Stage 3 takes
// 10, 8, 6, 4, 2 VPs from the Stage 2 placings; Mixed Stage 2 takes
// c(n) = 1 + 6 (z - y) / (x - y), rounded to two decimal places, from the
// Stage 1 VP scores. Carry-overs are not varied by withdrawals; a pair that
// qualifies from outside the top 10 (Mixed Stage 1) or top 5 (Open Stage 2)
// because of withdrawals carries 0 (18.3). The Open Stage 1 -> Stage 2
// transition has no carry-over formula in 18 (18.3 names it, but 18.1 and
// 18.2 give none), so none is provided.
//
// Readings chosen:
// - 18.1's places count contending pairs in the pair's own field (its
//   words); 18.2's places are taken from the Stage 1 standings the caller
//   passes, which should be as Stage 1 ended (withdrawals do not move
//   anyone up, 18.3).
// - 18.2 "rounded to two decimal places": 0.005 rounds up (away from zero,
//   as the ANC SR appendix rounds IPC percentages); a setting.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_CARRYOVER_ABPC_CARRYOVER_H_
#define TALLY_CORE_CARRYOVER_ABPC_CARRYOVER_H_

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"

namespace tally::core {

// ANC SR 18.1, 18.3: the Open Stage 3 carry-over of the pair placed
// `stage2_place` among contending pairs in its Stage 2 field: 10, 8, 6, 4, 2
// VPs for places 1-5, 0 for a pair qualifying from lower down.
// InvalidArgument if stage2_place < 1.
absl::StatusOr<Rational> AbpcOpenStage3CarryOver(int stage2_place);

// ANC SR 18.2, 18.3: the Mixed Stage 2 carry-over of the pair placed
// `place` (1-based) in Stage 1, from the Stage 1 VP scores in placing order
// (`stage1_vps_by_place[0]` is x, the first placed pair; [9] is y, the
// tenth). Places 1-10: 1 + 6 (z - y) / (x - y) rounded to 2 decimals with
// `half`; a pair placed below 10 carries 0.00. InvalidArgument if place < 1,
// fewer than 10 scores are given, the scores are not in placing order, or
// the first and tenth pairs have the same score (the formula divides by
// zero; the CTD must decide).
absl::StatusOr<Decimal> AbpcMixedCarryOver(
    absl::Span<const Rational> stage1_vps_by_place, int place,
    HalfRounding half = HalfRounding::kAwayFromZero);

}  // namespace tally::core

#endif  // TALLY_CORE_CARRYOVER_ABPC_CARRYOVER_H_
