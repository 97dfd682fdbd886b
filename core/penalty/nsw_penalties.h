// The penalty scale of the Bridge NSW tournament regulations (2024), clause
// 6: late arrival (6.2), slow play (6.4, with its six-month reset) and mobile
// phones (6.9.1, with its twelve-month reset, 6.9.4). Offences carry over
// from session to session and event to event (6.7), so every counter is
// kAnyEvent; slow play is counted per pair (6.4 "by the same pair"), mobile
// phones per player (6.9.4 "by the same player").
//
// Each deduction lists the VP (IMP) figure "in a match involving a total of
// 20 Victory Points" and the "% of a top" figure "in a matchpoint pairs
// event"; other VP scales use "a basis which the Events Committee deems to be
// equivalent", which the profile supplies. Lateness is in whole minutes;
// 0-4 minutes late is not penalised (NotFound from LateArrivalOffence), over
// 30 is the Director's discretion (6.2).
//
// Immutable data. Thread-safe.

#ifndef TALLY_CORE_PENALTY_NSW_PENALTIES_H_
#define TALLY_CORE_PENALTY_NSW_PENALTIES_H_

#include "core/penalty/penalty_scale.h"

namespace tally::core {

// NSW TR 6.2, 6.4, 6.7, 6.9.
const PenaltyScale& NswPenalties();

}  // namespace tally::core

#endif  // TALLY_CORE_PENALTY_NSW_PENALTIES_H_
