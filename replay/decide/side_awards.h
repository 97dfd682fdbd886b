// The decide-time checks of an artificial adjusted score given to each side
// on its own terms (AdjustedScore.per_side, Law 12C2; issue #18): a
// percentage of the board's top from 0 to 100, or for one side a score it
// is matchpointed on. Shared by rulings and appeal decisions
// (decide_ruling.cc, decide_appeal.cc).
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_DECIDE_SIDE_AWARDS_H_
#define TALLY_REPLAY_DECIDE_SIDE_AWARDS_H_

#include <cstdint>

#include "absl/status/status.h"
#include "replay/state/state.h"
#include "tally/v1/common.pb.h"

namespace tally::replay {

// The ranges of a side's award (docs/input-limits.md): a percentage is a
// fraction of denominator at most kMaxSidePercentDenominator (62.5% is
// 125/2); a score is a multiple of 10 no larger than Law 77's largest
// (7600: 7NT redoubled, vulnerable, down 13).
inline constexpr int64_t kMaxSidePercentDenominator = 100;
inline constexpr int kMaxSideScore = 7600;

// Both sides' awards are given, each a percentage in 0..100 or a score, and
// at most one side is given a score (a score to each side is a split
// score, Law 12C1(b)). InvalidArgument saying what is wrong.
absl::Status CheckSideAwards(const v1::SideAwardsAdjustedScore& awards);

// A per-side score is matchpointed: refused (InvalidArgument, naming the
// competition's scoring) in an event scored in IMPs or played as matches,
// where a side's percentage of a top has no meaning. OK for any other form.
absl::Status CheckSideAwardsScoredIn(const CompetitionState& c,
                                     const v1::AdjustedScore& score);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_SIDE_AWARDS_H_
