#include "core/movement/movement.h"

#include "absl/strings/str_cat.h"

namespace tally::core {

absl::StatusOr<Movement> MitchellMovement(int tables, int boards_per_round) {
  if (tables < 3 || tables > 31) {
    return absl::InvalidArgumentError(
        absl::StrCat("a Mitchell needs 3 to 31 tables, not ", tables));
  }
  if (tables % 2 == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a Mitchell with an even number of tables (", tables,
        ") needs a skip or a relay table; tally generates only odd-table "
        "Mitchells, so give this movement explicitly"));
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
      // up one table a round; board set s starts at table s and moves down.
      int ew_index = ((table - round) % tables + tables) % tables + 1;
      int board_set = (table + round - 2) % tables + 1;
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
