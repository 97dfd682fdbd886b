// The arrow switch: on some boards the pairs at a table swap directions
// (the NS pair takes the East-West cards), so that a movement that keeps
// pairs in two fields (a Mitchell) yields one field and one winner. Pure.
// Thread-compatible.

#ifndef TALLY_CORE_MOVEMENT_ARROW_SWITCH_H_
#define TALLY_CORE_MOVEMENT_ARROW_SWITCH_H_

#include <vector>

#include "absl/status/status.h"
#include "core/movement/movement.h"

namespace tally::core {

// Which boards to arrow-switch: every board of `rounds`, and the last
// `last_boards` boards of every round's set (a switch inside the round;
// 0: none). Both may be given.
struct ArrowSwitchSpec {
  std::vector<int> rounds;
  int last_boards = 0;

  bool empty() const { return rounds.empty() && last_boards == 0; }
};

// Marks the spec's boards as arrow-switched at every table of `movement`.
// InvalidArgument, changing nothing, for a round the movement does not
// have (or named twice), or `last_boards` outside 1..(boards in the
// smallest set - 1): switching a whole set every round would only rename
// the fields.
absl::Status ApplyArrowSwitch(const ArrowSwitchSpec& spec, Movement& movement);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_ARROW_SWITCH_H_
