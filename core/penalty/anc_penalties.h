// The penalty scales of the 2025 ANC supplementary regulations: the
// appendix "Penalties for Late Arrival, Slow Play, Failure to enter or check
// scores", the disciplinary penalties of 5.3 (for 1.5-1.9) and the line-up
// posting penalties of 10.8.
//
// Readings chosen (each is data a profile may change):
// - Lateness is counted in whole minutes. The appendix's bands share their
//   ends ("0-5", "5-10"); an exact 5, 10, 15 or 20 is given the lower band
//   (the benefit of the doubt to the player), so 6-10, 11-15, ... ; "in
//   excess of 30 minutes" is 31 and more.
// - Late arrival, slow play and cancelled boards share one counter, so the
//   "warning for first offence" in the 0-5 band is spent by any earlier
//   punctuality offence in the event.
// - "One board 3 VPs, Subsequent boards 6 VPs": per board, so cancelling two
//   boards costs 3 + 6 = 9 VPs in the ITC (1 + 2 = 3 in the ABPC).
// - 5.3 and the failure-to-check-scores penalty are printed in VPs only (the
//   ITC final's 9 IMPs excepted); asking for IMPs is NotFound so the director
//   sets an equivalent rather than the code inventing one.
// - The ABPC rows also serve the Welcome Swiss Pairs and the ANC Swiss Pairs
//   ("ABPC and Swiss Pairs"), including 5.3 c) and the 1 VP for failing to
//   check scores, which name only the IPC and ABPC.
//
// Immutable data. Thread-safe.

#ifndef TALLY_CORE_PENALTY_ANC_PENALTIES_H_
#define TALLY_CORE_PENALTY_ANC_PENALTIES_H_

#include "core/penalty/penalty_scale.h"

namespace tally::core {

// ITC qualifying (VPs) and final (IMPs): appendix "ITC", 5.3 a) and b),
// 10.8, and "3 VPs (ITC)" for failing to check scores.
const PenaltyScale& AncItcPenalties();

// ABPC (all stages), ANC Swiss Pairs A and B, Welcome Swiss Pairs: appendix
// "ABPC and Swiss Pairs", 5.3 c), "1 VP (IPC, ABPC)" for failing to check
// scores.
const PenaltyScale& AncButlerAndSwissPairsPenalties();

// IPC (matchpoint Swiss pairs scored in VPs): late arrival and slow play at
// the CTD's discretion ("In Matchpoint Pairs events"), 5.3 c), "1 VP (IPC,
// ABPC)" for failing to check scores.
const PenaltyScale& AncIpcPenalties();

}  // namespace tally::core

#endif  // TALLY_CORE_PENALTY_ANC_PENALTIES_H_
