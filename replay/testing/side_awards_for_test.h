// Per-side artificial adjusted scores (AdjustedScore.per_side, Law 12C2 on
// each side's own terms) as the tests write them. Test only. Thread-safe.

#ifndef TALLY_REPLAY_TESTING_SIDE_AWARDS_FOR_TEST_H_
#define TALLY_REPLAY_TESTING_SIDE_AWARDS_FOR_TEST_H_

#include <cstdint>

#include "tally/v1/common.pb.h"

namespace tally::replay {

// numerator/denominator percent of the board's top.
v1::SideAward SidePercent(int64_t numerator, int64_t denominator = 1);

// Scored as if North-South had scored `ns_score` at the table.
v1::SideAward SideScore(int ns_score);

v1::AdjustedScore PerSide(const v1::SideAward& ns, const v1::SideAward& ew);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_TESTING_SIDE_AWARDS_FOR_TEST_H_
