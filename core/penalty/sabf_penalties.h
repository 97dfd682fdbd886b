// The penalty scales of the SABF tournament regulations: matchpoint pairs
// late arrival (11.2) and fines (11.10); teams and Butler pairs late arrival
// (13.14), slow play (13.15) and the time allowed (13.16); teams finals late
// arrival and slow play (16.3).
//
// Readings chosen (each is data a profile may change):
// - Lateness is counted in whole minutes: "Less than 5" is 0-4, "5 to 10"
//   is 5-10 (10 min 40 s counts as 10), "Beyond 30 minutes" is 31 and more.
//   13.14 prints nothing beyond 30 minutes, so that lookup is NotFound.
// - The "first occurrence" of lateness under 5 minutes is the first late
//   arrival of any length in the event: every band shares one counter.
// - 11.10 "Mis-scoring: 1% deducted from the final score" is one percentage
//   point off the pair's final percentage; 11.10's figures are maxima.
// - 13.16 "liable for a slow play penalty" when the last board ends after
//   time: it counts as a slow-play offence (spending 13.15's free first
//   offence), and as no board was missed the amount is the TD's.
// - 16.3 slow play "at the same rate as late arrival penalties": the same
//   bands, by minutes over time.
//
// Immutable data and pure functions. Thread-safe.

#ifndef TALLY_CORE_PENALTY_SABF_PENALTIES_H_
#define TALLY_CORE_PENALTY_SABF_PENALTIES_H_

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "core/penalty/penalty_scale.h"

namespace tally::core {

// SABF TR 11.2 and 11.10: matchpoint pairs, in % of a top.
const PenaltyScale& SabfMatchpointPairsPenalties();

// SABF TR 13.14-13.16: teams events and (by 12) Butler pairs, in VPs.
const PenaltyScale& SabfTeamsPenalties();

// SABF TR 16.3: teams finals, in IMPs; over 30 minutes forfeits the final.
const PenaltyScale& SabfTeamsFinalsPenalties();

// SABF TR 13.16 (with 13.15): the time a teams session of `boards` boards
// is allowed, 7.5 minutes per board, and the last moment (from the start)
// at which a board may still be started: 5 minutes before the end.
struct SessionTimeAllowance {
  absl::Duration playing_time;
  absl::Duration last_board_start;
};

// The allowance for `boards` boards (>= 1); InvalidArgument otherwise.
absl::StatusOr<SessionTimeAllowance> SabfTeamsTimeAllowance(int boards);

// Whether a board may be started `elapsed` after the session's start. 13.15
// cancels boards "not commenced more than 5 minutes before the scheduled end
// of play", so a board starting exactly 5 minutes before the end is
// cancelled: true only while elapsed < last_board_start.
bool BoardMayStart(const SessionTimeAllowance& allowance,
                   absl::Duration elapsed);

}  // namespace tally::core

#endif  // TALLY_CORE_PENALTY_SABF_PENALTIES_H_
