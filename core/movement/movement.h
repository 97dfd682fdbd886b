// Movements: which pairs sit at which table in each round and which boards
// they play there, as plain data; and the generated standard movements.
// Pure. Thread-compatible.

#ifndef TALLY_CORE_MOVEMENT_MOVEMENT_H_
#define TALLY_CORE_MOVEMENT_MOVEMENT_H_

#include <vector>

#include "absl/status/statusor.h"

namespace tally::core {

struct TableSeating {
  int table = 0;
  int ns_pair = 0;
  int ew_pair = 0;
  std::vector<int> boards;
};

struct MovementRound {
  int round = 0;
  std::vector<TableSeating> tables;
};

struct Movement {
  std::vector<MovementRound> rounds;
};

// The standard Mitchell for an odd number of tables (3..31): NS pairs
// 1..tables stay at their table; EW pairs tables+1..2*tables start at the
// table of their number minus `tables` and move up one table each round;
// the boards, in sets of `boards_per_round` (1..8), move down one table.
// There are as many rounds as tables, so every EW pair meets every NS pair
// once and plays every board once. InvalidArgument for an even number of
// tables (which needs a skip or a relay) or a count out of range.
absl::StatusOr<Movement> MitchellMovement(int tables, int boards_per_round);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_MOVEMENT_H_
