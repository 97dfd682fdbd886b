// The standard Mitchell (core/movement/movement.h) with rounds that are
// matches of more boards than a club set, e.g. ANC SR 16.5's "10 table
// Mitchell playing 12 board matches" for Butler pairs. Seating, the EW
// pairs' move and the board sets' move are MitchellMovement's; only the
// size of a set differs. Pure. Thread-safe.

#ifndef TALLY_CORE_MOVEMENT_MITCHELL_MATCHES_H_
#define TALLY_CORE_MOVEMENT_MITCHELL_MATCHES_H_

#include "absl/status/statusor.h"
#include "core/movement/movement.h"

namespace tally::core {

// The Mitchell of MitchellMovement(tables, 1) with each board set of
// `boards_per_match` boards: set s holds boards (s-1)*boards_per_match+1 ..
// s*boards_per_match. For 1 to 8 boards it equals MitchellMovement(tables,
// boards_per_match). InvalidArgument for tables outside 3..31, boards per
// match outside 1..36, or more than 999 boards in all (board numbers run
// 1-999).
absl::StatusOr<Movement> MitchellMovementOfMatches(int tables,
                                                   int boards_per_match);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_MITCHELL_MATCHES_H_
