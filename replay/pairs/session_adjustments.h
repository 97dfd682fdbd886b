// The director's session adjustments to matchpoint pairs' totals that may
// add as well as take off (SessionAdjustmentMade, issue #18): matchpoints,
// a percentage of the pair's session top, and the sit-out award, applied to
// a scored session (replay/pairs/session_scores.h). Pure functions of the
// session; thread-compatible.

#ifndef TALLY_REPLAY_PAIRS_SESSION_ADJUSTMENTS_H_
#define TALLY_REPLAY_PAIRS_SESSION_ADJUSTMENTS_H_

#include <cstdint>
#include <set>

#include "core/profile/profile.h"
#include "replay/pairs/session_scores.h"
#include "replay/state/session_sections.h"
#include "replay/state/state.h"

namespace tally::replay {

// The boards `pair` plays in the session's movement.
std::set<int> BoardsOfPair(const SessionState& session, int pair);

// The pair's session top: the sum of the tops (2 x (times - 1)) of the
// boards it plays in the movement, each in the comparison the pair is
// scored in under `profile` (ComparisonTimes). 0 for a pair not in it.
int64_t PairSessionTop(const SessionState& session, int pair,
                       const core::RegulationProfile& profile);

// Adds each sit-out award in force to its pair's total: on each board it
// did not play, its own average (matchpoints / maximum of the boards scored
// so far, exact) of that board's top, which joins its maximum, so its
// percentage stands. Called once the boards are scored, before penalties;
// the tops are those of the pair's comparison (`times`).
void AddSitOutAwards(const SessionState& session, const ComparisonTimes& times,
                     SessionScores& scores);

// Adds (or, negative, takes off) each matchpoint or percentage-of-top
// adjustment in force to its pair's total.
void AddSessionAdjustments(const SessionState& session,
                           SessionScores& scores);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_PAIRS_SESSION_ADJUSTMENTS_H_
