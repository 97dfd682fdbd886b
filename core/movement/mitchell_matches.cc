#include "core/movement/mitchell_matches.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {

absl::StatusOr<Movement> MitchellMovementOfMatches(int tables,
                                                   int boards_per_match) {
  if (boards_per_match < 1 || boards_per_match > 36) {
    return absl::InvalidArgumentError(absl::StrCat(
        "boards per match must be 1 to 36, not ", boards_per_match));
  }
  // One board a set: board s of the one-board Mitchell is set s.
  TALLY_ASSIGN_OR_RETURN(Movement movement, MitchellMovement(tables, 1));
  if (tables * boards_per_match > 999) {
    return absl::InvalidArgumentError(absl::StrCat(
        tables, " tables of ", boards_per_match, "-board matches need ",
        tables * boards_per_match, " boards; board numbers run 1 to 999"));
  }
  for (MovementRound& round : movement.rounds) {
    for (TableSeating& t : round.tables) {
      const int set = t.boards.front();
      std::vector<int> boards;
      for (int b = 1; b <= boards_per_match; ++b) {
        boards.push_back((set - 1) * boards_per_match + b);
      }
      t.boards = std::move(boards);
    }
  }
  return movement;
}

}  // namespace tally::core
