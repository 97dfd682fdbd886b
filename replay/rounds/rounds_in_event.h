// How many rounds an event of matches has, and the plan of the finals
// methods' rounds: the ITC qualifying's round robins (ANC SR 10.6-10.7),
// the ITC final's five stanzas (11.3), the SABF Final Five's and Final
// Four's weeks (SABF TR 17.3, 13.11-13.12), a round robin's schedule, or a
// Swiss of the profile's `matches.count`. The scoring of matches (forfeits,
// qualification), the draws and the withdrawals all read it, so it sits
// below them (docs/architecture.md).
//
// Constant data and pure functions of their arguments. Thread-safe.

#ifndef TALLY_REPLAY_ROUNDS_ROUNDS_IN_EVENT_H_
#define TALLY_REPLAY_ROUNDS_ROUNDS_IN_EVENT_H_

#include <vector>

#include "absl/status/statusor.h"
#include "core/carryover/finals_carry_forward.h"
#include "core/movement/round_robin_schedule.h"
#include "replay/state/state.h"

namespace tally::replay {

inline constexpr int kItcFinalStanzas = 5;  // ANC SR 11.3

// One match (or stanza) of a week of a finals series.
struct ScheduledFinalsMatch {
  core::FinalsMatch match;
  int stanza = 1;
  int stanzas = 1;
};
using FinalsWeeks = std::vector<std::vector<ScheduledFinalsMatch>>;

// SABF TR 17.3.1-17.3.4: the Final Five week by week, the grand final in
// two stanzas (13.2 "double the duration of the other rounds", 17.3.4
// "Weeks Four & Five").
const FinalsWeeks& SabfFinalFiveWeeks();

// SABF TR 13.11's final four, the grand final in two stanzas as in the
// Final Five (13.2).
const FinalsWeeks& SabfFinalFourWeeks();

// How many rounds a finals draw method has (itc_final 5, sabf_final_five
// 5, sabf_final_four 4); 0 for any other method.
int KnockoutRoundsInEvent(const CompetitionState& competition);

// The rounds of the ITC qualifying for `teams`: 14 for 7 or 8 teams (two
// round robins of 7 rounds, ANC SR 10.6), 15 for 5 or 6 (three of 5,
// 10.7). InvalidArgument for any other field.
absl::StatusOr<int> ItcRoundsInEvent(int teams);

// The schedule of a round-robin draw method for the competition's field
// (SABF TR 21.15-21.16 for 12 or 14 Butler pairs, else Berger's);
// InvalidArgument when the field cannot be scheduled.
absl::StatusOr<core::RoundRobinSchedule> RoundRobinScheduleOf(
    const CompetitionState& competition);

// How many rounds the event has, when the profile or the draw method fixes
// it (a Swiss of `matches.count`, a round robin of its schedule); 0 when
// the organiser decides.
int RoundsInEvent(const CompetitionState& competition);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_ROUNDS_ROUNDS_IN_EVENT_H_
