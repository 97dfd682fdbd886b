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
  // Boards of `boards` played arrow-switched: the pairs swap directions.
  std::vector<int> arrow_switched_boards;
};

struct MovementRound {
  int round = 0;
  std::vector<TableSeating> tables;
};

struct Movement {
  std::vector<MovementRound> rounds;
};

// The standard Mitchell for 3..31 tables, with `boards_per_round` (1..8)
// boards in a set, set s holding boards (s-1)*boards_per_round+1 ..
// s*boards_per_round. NS pairs 1..tables stay at their table; EW pairs
// tables+1..2*tables start at the table of their number minus `tables` and
// move up one table each round (from the last table to table 1); the board
// sets move down one table. There are as many rounds and as many board
// sets as tables: every EW pair meets every NS pair once and every pair
// plays every board once, so every board is played `tables` times.
//
// An odd number of tables needs nothing more. An even number uses the
// share-and-relay arrangement (no skip, so no pair misses an opponent):
// sets 1..tables/2 start at tables 1..tables/2, set tables/2+1 on a relay
// (bye stand) between tables tables/2 and tables/2+1, and the rest at
// tables tables/2+1..tables-1; the last table shares table 1's set. Each
// round the set at table tables/2+1 goes to the relay and the relay's set
// to table tables/2, and the set shared by table 1 and the last table goes
// to table tables-1. Source: I. McKinnon, "Share and relay Mitchell
// movement", bridgecentral.com/Relay.htm (the regulations describe no
// even-table Mitchell). InvalidArgument for a count out of range.
absl::StatusOr<Movement> MitchellMovement(int tables, int boards_per_round);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_MOVEMENT_H_
