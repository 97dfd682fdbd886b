#include "core/movement/movement.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

// Where table `table`'s round 1 set sits in the board sets' cycle of
// `tables` places. Odd: place t-1 for table t. Even (share and relay):
// places 0..tables/2-1 for tables 1..tables/2, place tables/2 for the relay,
// places tables/2+1..tables-1 for tables tables/2+1..tables-1, and the last
// table shares place 0 with table 1.
int CyclePlace(int table, int tables) {
  if (tables % 2 == 1 || table <= tables / 2) return table - 1;
  if (table < tables) return table;
  return 0;
}

}  // namespace

absl::StatusOr<Movement> MitchellMovement(int tables, int boards_per_round) {
  if (tables < 3 || tables > 31) {
    return absl::InvalidArgumentError(
        absl::StrCat("a Mitchell needs 3 to 31 tables, not ", tables));
  }
  if (boards_per_round < 1 || boards_per_round > 8) {
    return absl::InvalidArgumentError(absl::StrCat(
        "boards per round must be 1 to 8, not ", boards_per_round));
  }
  Movement movement;
  for (int round = 1; round <= tables; ++round) {
    MovementRound r{round, {}};
    for (int table = 1; table <= tables; ++table) {
      // EW pair e (1-based among EW) sits at table e in round 1 and moves
      // up one table a round. The set at place p of the cycle in round 1
      // is set p+1; each round every set moves down one place, so in round
      // `round` place p holds set (p + round - 1) mod tables + 1.
      int ew_index = ((table - round) % tables + tables) % tables + 1;
      int board_set = (CyclePlace(table, tables) + round - 1) % tables + 1;
      TableSeating t{table, table, tables + ew_index, {}};
      for (int b = 1; b <= boards_per_round; ++b) {
        t.boards.push_back((board_set - 1) * boards_per_round + b);
      }
      r.tables.push_back(std::move(t));
    }
    movement.rounds.push_back(std::move(r));
  }
  return movement;
}

}  // namespace tally::core
