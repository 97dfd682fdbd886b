// A full round robin for a small Swiss field (ANC SR appendix, "Modified
// Swiss Format": "If the numbers are appropriate, a full round robin
// movement will be implemented"). The schedule is fixed by the entrants'
// seeding, not by scores, so round r of it is a pure function of the seeded
// list.
//
// The schedule is the circle method (Berger): with N entrants (an odd field
// adds a phantom, and the entrant drawn against it has the bye) numbered
// 0..N-1 by seeding, in round r (0-based, r < N-1) entrant N-1 meets entrant
// r, and for i = 1..N/2-1 entrant (r+i) mod (N-1) meets entrant
// (r-i) mod (N-1). Entrants x, y < N-1 meet in the one round with
// x + y = 2r (mod N-1), so every two entrants meet exactly once in N-1
// rounds. Tables and home follow draw.h: tables by the best-seeded entrant
// of each match, home by the HomeRule (one lot per match in table order from
// DrawRng(seed) under kByLot).
//
// Pure. Thread-safe.

#ifndef TALLY_CORE_DRAW_ROUND_ROBIN_H_
#define TALLY_CORE_DRAW_ROUND_ROBIN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/draw/draw.h"

namespace tally::core {

// Round `round` (1-based) of the round robin of `seeded` (best seed first).
// InvalidArgument for fewer than two entrants, a repeated or empty id, or a
// round outside 1..(number of rounds: entrants - 1, or entrants when odd).
absl::StatusOr<Draw> DrawRoundRobinRound(const std::vector<std::string>& seeded,
                                         int round, HomeRule home,
                                         uint64_t seed);

}  // namespace tally::core

#endif  // TALLY_CORE_DRAW_ROUND_ROBIN_H_
