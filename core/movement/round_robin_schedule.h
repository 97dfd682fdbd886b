// Round-robin schedules: who plays whom in each round, at which table and
// which way round, as plain data; the general Berger schedule for any
// number of entrants; and a check that a schedule is a round robin.
//
// Entrants are numbered 1..entrants. In each round every entrant either
// plays in exactly one pairing or has the round's bye (only with an odd
// number of entrants). A pairing's `home` is the entrant listed first:
// - in a pairs draw (SABF TR 21.15-21.16) it is the NS pair;
// - in a teams draw it sits NS in the Open Room and EW in the Closed Room
//   (ANC 2025 SR 10.8: "the first numbered team in the draw").
// Tables are numbered 1.. in the order the draw lists its pairings; a
// pairing against the bye number is dropped, not kept as a table.
//
// Pure functions on plain data. Thread-compatible.

#ifndef TALLY_CORE_MOVEMENT_ROUND_ROBIN_SCHEDULE_H_
#define TALLY_CORE_MOVEMENT_ROUND_ROBIN_SCHEDULE_H_

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tally::core {

struct Pairing {
  int table = 0;
  int home = 0;  // listed first: NS (pairs), NS in the Open Room (teams)
  int away = 0;  // listed second

  friend bool operator==(const Pairing&, const Pairing&) = default;
};

struct RoundRobinRound {
  int round = 0;
  std::vector<Pairing> pairings;
  std::optional<int> bye;  // the entrant without an opponent this round

  friend bool operator==(const RoundRobinRound&,
                         const RoundRobinRound&) = default;
};

struct RoundRobinSchedule {
  int entrants = 0;
  std::vector<RoundRobinRound> rounds;

  friend bool operator==(const RoundRobinSchedule&,
                         const RoundRobinSchedule&) = default;
};

// The Berger table for `entrants` (2..64), as in FIDE Handbook C.05
// Annex 1 ("Berger tables for round-robin tournaments"): with an even
// number n, round 1 is 1-n, 2-(n-1), ..., n/2-(n/2+1); entrant n stays on
// table 1, playing home in the even rounds, while the others move round
// it. With an odd number, the table for entrants+1 is used and the entrant
// drawn against entrants+1 has the bye. entrants-1 rounds (entrants rounds
// if odd); each entrant meets each other once. InvalidArgument for a count
// out of range.
absl::StatusOr<RoundRobinSchedule> BergerRoundRobin(int entrants);

// OK if `schedule` is one complete round robin of schedule.entrants
// entrants: rounds numbered in increasing order, tables 1..k in each round,
// every entrant in each round exactly once (playing, or as the bye, and a
// bye only when the number of entrants is odd), and every two entrants
// meeting exactly once. InvalidArgument naming the first fault otherwise.
absl::Status CheckRoundRobin(const RoundRobinSchedule& schedule);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_ROUND_ROBIN_SCHEDULE_H_
