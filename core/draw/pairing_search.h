// The later-round pairing procedure of SABF TR 14.1, on entrants numbered
// 0..n-1 in ranking order (0 the highest ranked):
//
//   "The draw for subsequent rounds ... shall pair the team having the
//    highest rank with the next highest team that is has not played
//    previously and so on down the field. If a clash ensues, adjustments
//    are made to ensure that no team is drawn to play a team that it has
//    already played, beginning with match of the lowest ranked team and
//    then progressively up the field until a valid draw is determined."
//
// Step by step, as PairDownTheField carries it out:
//   1. Every entrant starts unpaired; the list of matches made is empty.
//   2. Take the highest-ranked unpaired entrant H. Its candidates are the
//      unpaired entrants ranked below it, highest first. Pair H with the
//      first candidate it may meet (one it has not played) and append the
//      match to the list. Repeat step 2 until every entrant is paired (a
//      valid draw: done) or H has no candidate it may meet (a clash).
//   3. On a clash, adjust from the lowest-ranked match upwards: take back the
//      last match made, (H', X'), and give H' its next candidate after X'
//      that it may meet; then continue with step 2 down the field below it.
//      If H' has no further candidate, take back the match above it as well
//      and adjust that one, and so on progressively up the field.
//   4. If the top match itself runs out of candidates there is no valid
//      draw: every pairing of the field repeats a meeting.
//
// This is a depth-first search that tries, for each match from the top, the
// opponents in ranking order; the draw it returns is the first valid draw in
// that order, i.e. the one that keeps every higher match as it would be
// drawn and changes the lowest possible matches. To keep large fields fast
// it skips, without changing the result, any branch that provably has no
// valid completion: one leaving the unpaired entrants split into groups
// that may only meet among themselves with a group of odd size (an entrant
// who may meet none of the others is such a group), or leaving a set of
// unpaired entrants already found to have no valid pairing. The search is
// still exponential in the worst case; max_steps bounds it.
//
// Pure. Thread-compatible.

#ifndef TALLY_CORE_DRAW_PAIRING_SEARCH_H_
#define TALLY_CORE_DRAW_PAIRING_SEARCH_H_

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace tally::core {

// may_meet[i][j] (symmetric, i != j): entrants i and j may be drawn to play.
using MayMeetMatrix = std::vector<std::vector<bool>>;

// The matches (higher-ranked, lower-ranked) in the order the procedure made
// them (top match first); std::nullopt when no valid draw exists. n =
// may_meet.size() must be even. ResourceExhausted when the search needs more
// than `max_steps` tentative matches (deterministic: the same inputs always
// exhaust at the same point).
absl::StatusOr<std::optional<std::vector<std::pair<int, int>>>>
PairDownTheField(const MayMeetMatrix& may_meet, int64_t max_steps);

// The positions, in `matches` (as returned above), of the matches that are
// not the first choice of step 2: the lower entrant is not the first
// candidate the upper entrant may meet among those left by the matches
// above. These are the matches the clash procedure adjusted.
std::vector<int> AdjustedMatches(
    const MayMeetMatrix& may_meet,
    const std::vector<std::pair<int, int>>& matches);

}  // namespace tally::core

#endif  // TALLY_CORE_DRAW_PAIRING_SEARCH_H_
