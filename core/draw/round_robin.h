// A full round robin for a small Swiss field (ANC SR appendix, "Modified
// Swiss Format": "If the numbers are appropriate, a full round robin
// movement will be implemented"), as a Draw. The schedule is the FIDE
// Berger table of core/movement (BergerRoundRobin), with the entrants
// numbered by seeding: entrant k of the table is seeded[k-1]. It is fixed
// by the seeding, not by scores, so round r is a pure function of the
// seeded list.
//
// Home is the entrant the Berger table lists first (ANC SR 10.8 reads the
// draw the same way: "the first numbered team in the draw" sits NS in the
// open room). Tables are renumbered as draw.h says, by the best-seeded
// entrant of each match. With an odd number the entrant drawn against the
// extra number has the bye.
//
// Pure. Thread-safe.

#ifndef TALLY_CORE_DRAW_ROUND_ROBIN_H_
#define TALLY_CORE_DRAW_ROUND_ROBIN_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/draw/draw.h"

namespace tally::core {

// Round `round` (1-based) of the round robin of `seeded` (best seed first).
// InvalidArgument for fewer than two or more than 64 entrants, a repeated or
// empty id, or a round outside 1..(entrants - 1, or entrants when odd).
absl::StatusOr<Draw> DrawRoundRobinRound(const std::vector<std::string>& seeded,
                                         int round);

}  // namespace tally::core

#endif  // TALLY_CORE_DRAW_ROUND_ROBIN_H_
