// A generated complete Howell: a one-field pairs movement in which every
// pair meets every other pair once.
//
// Construction (a cyclic Room square): with 2n pairs there are 2n-1 rounds
// and 2n-1 board sets. Pair 2n stays NS at table 1; pairs 1..2n-1 stand for
// the integers modulo 2n-1 (pair x+1 for x). In round r+1 pair r+1 plays
// pair 2n at table 1 on set r+1, and at table i+1 (i = 1..n-1) pair
// (r+u_i)+1 (NS) plays pair (r+v_i)+1 (EW) on set (r+w_i)+1, where the
// starter {u_i, v_i} splits the non-zero integers modulo 2n-1 into pairs
// whose differences are all different (up to sign), and the set offsets
// w_i (with w_0 = 0 for table 1) are all different and make
// {0} and {w_i - u_i, w_i - v_i} cover the integers modulo 2n-1. The
// offsets are found by a deterministic search, first for the classic
// starter u_i = i, v_i = -i (round 1 then reads 2n v 1, 2 v 2n-1,
// 3 v 2n-2, ... at tables 1, 2, 3, ...), else for any starter. The search
// succeeds for every supported size (7 to 32 pairs); no complete Howell
// of this kind exists for 4 or 6 pairs (there is no Room square of side 3
// or 5), nor for 5 pairs.
//
// Guarantees, with 2n pairs: every pair meets every other pair exactly
// once; in each round every pair plays, and the n tables play n different
// sets; every pair plays every set exactly once; so every board is played
// n times, by n different NS pairs and n different EW pairs.
// With 2n-1 pairs: the same movement with pair 2n absent and table 1
// dropped (the other tables renumbered 1..n-1), so the pair that would
// have met pair 2n sits out that round: every pair meets every other once,
// sits out once, and plays 2n-2 of the 2n-1 sets, each once; every board
// is played n-1 times.
//
// It is a correct Howell, not a reproduction of any published table
// cards: a director who wants a particular published Howell gives it as
// an explicit movement.
//
// Pure function. Thread-safe.

#ifndef TALLY_CORE_MOVEMENT_HOWELL_H_
#define TALLY_CORE_MOVEMENT_HOWELL_H_

#include "absl/status/statusor.h"
#include "core/movement/movement.h"

namespace tally::core {

// The complete Howell above for `pairs` (7..32) with `boards_per_round`
// (1..8) boards in a set; board set s holds boards
// (s-1)*boards_per_round+1 .. s*boards_per_round. InvalidArgument for a
// count out of range, naming why 4 to 6 pairs have no such movement.
absl::StatusOr<Movement> HowellMovement(int pairs, int boards_per_round);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_HOWELL_H_
