// The WBF IMP scale: converts the difference between two bridge scores (in
// total points) into International Match Points, 0 to 24. Used for teams
// (the two tables of a match) and for Butler / IMP pairs (a score against a
// datum).
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_SCORING_IMPS_H_
#define TALLY_CORE_SCORING_IMPS_H_

namespace tally::core {

// The highest award on the WBF IMP scale (a difference of 4000 or more).
inline constexpr int kMaxImps = 24;

// IMPs for a score difference in points, on the WBF IMP scale, with the sign of
// `points_difference`: +620 -> +12, -620 -> -12, 0 -> 0. The magnitude is
// 0..24. Every input is valid.
//
// The printed scale lists bands of multiples of 10 (0-10: 0, 20-40: 1, ...,
// 4000 and up: 24). A band starts at its lowest printed value, so a
// difference that is not a multiple of 10 (never one between Law 77 scores,
// which are all multiples of 10) stays in the lower band: 15 -> 0, 45 -> 1.
int ImpsForDifference(int points_difference);

}  // namespace tally::core

#endif  // TALLY_CORE_SCORING_IMPS_H_
