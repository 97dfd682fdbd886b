#include "core/movement/arrow_switch.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"

namespace tally::core {

absl::Status ApplyArrowSwitch(const ArrowSwitchSpec& spec, Movement& movement) {
  std::set<int> rounds_held;
  size_t smallest_set = 0;
  for (const MovementRound& r : movement.rounds) {
    rounds_held.insert(r.round);
    for (const TableSeating& t : r.tables) {
      if (smallest_set == 0 || t.boards.size() < smallest_set) {
        smallest_set = t.boards.size();
      }
    }
  }
  std::set<int> switched_rounds;
  for (int round : spec.rounds) {
    if (!rounds_held.contains(round)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "arrow switch: the movement has no round ", round, " (rounds 1-",
          movement.rounds.size(), ")"));
    }
    if (!switched_rounds.insert(round).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("arrow switch: round ", round, " is named twice"));
    }
  }
  if (spec.last_boards < 0 ||
      (spec.last_boards > 0 &&
       static_cast<size_t>(spec.last_boards) >= smallest_set)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "arrow switch: ", spec.last_boards,
        " boards of each round cannot be switched; give 1 to ",
        smallest_set > 0 ? smallest_set - 1 : 0,
        " (fewer than the boards in a round)"));
  }
  for (MovementRound& r : movement.rounds) {
    for (TableSeating& t : r.tables) {
      t.arrow_switched_boards.clear();
      const size_t first_switched =
          switched_rounds.contains(r.round)
              ? 0
              : t.boards.size() - static_cast<size_t>(spec.last_boards);
      for (size_t i = first_switched; i < t.boards.size(); ++i) {
        t.arrow_switched_boards.push_back(t.boards[i]);
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::core
