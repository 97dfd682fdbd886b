// The draw for the final qualifying round robin of the ITC, re-numbered by
// placing (ANC 2025 SR 10.3-10.5):
// - 10.3: teams keep their team numbers, but the final round robin uses the
//   draw of round robin 1 with the leading team after the penultimate round
//   robin holding draw number 1, the second number 2, and so on. Once set,
//   the numbers are never altered by later appeals, corrections or
//   adjustments: the caller stores the result as a decision and never
//   recomputes it from later standings.
// - 10.4: with 7 teams, if a team numbered 5, 6 or 7 leads after round
//   robin 1, the round in which the highest-placed of teams 1-4 has its
//   bye is played as round 8 and all other rounds keep their order. (Those
//   teams had their round robin 1 byes in rounds 5-7, and the leader's bye
//   would otherwise fall in round 8, the same day.)
// - 10.5: with 5 teams, if the round robin 3 draw would give a team two
//   byes in one day, the CTD adjusts the order of rounds "in a similar
//   manner". The order is the CTD's decision, so it is an input here.
//
// Readings chosen (see also the report in issue 4):
// - "teams numbered 1 to 4" in 10.4 are team numbers (10.3: teams retain
//   them), not the new draw numbers (under which the rule would be empty).
// - "the order of all other rounds will remain unchanged" (10.4 ii): the
//   other rounds keep their relative order and move up one round each,
//   not a swap of two rounds.
// - The placing is strict: ties after a round robin are broken by wins in
//   VPs, then net IMPs, then lot (ANC SR 12.2) before this is called.
// - A day holds `rounds_per_day` consecutive rounds from round 1 (ANC 2025
//   SR 1.3: four qualifying sessions a day, one 16-board match each).
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_MOVEMENT_ITC_FINAL_DRAW_H_
#define TALLY_CORE_MOVEMENT_ITC_FINAL_DRAW_H_

#include <map>
#include <vector>

#include "absl/status/statusor.h"
#include "core/movement/round_robin_schedule.h"

namespace tally::core {

struct ItcFinalDrawOptions {
  // Rounds (matches) played on one day of the qualifying, for the 10.5
  // test of two byes in one day.
  // Default: 4 (ANC 2025 SR 1.3, Monday to Wednesday).
  int rounds_per_day = 4;
  // The CTD's order for the final round robin under ANC SR 10.5 (5 teams
  // only): the draw's rounds, numbered 1..5 as in round robin 1, in the
  // order they are to be played. Empty when the CTD has made no such
  // adjustment.
  // Default: empty.
  std::vector<int> ctd_round_order;
};

struct ItcFinalRoundRobin {
  // 2 (7-8 teams) or 3 (5-6 teams).
  int round_robin = 0;
  // Team number -> draw number (10.3).
  std::map<int, int> draw_number;
  // The draw's rounds, numbered 1.. as in round robin 1, in the order they
  // are played.
  std::vector<int> round_order;
  // The final round robin in team numbers, rounds numbered as played (8-14
  // or 11-15); each pairing's home holds the first listed draw number.
  RoundRobinSchedule schedule;
};

// One team with more than one bye on one day.
struct ByeClash {
  int team = 0;
  int day = 0;  // 1-based
  friend bool operator==(const ByeClash&, const ByeClash&) = default;
};

// The teams that have two or more byes on one day across the round robins
// of `qualifying` (team numbers, rounds numbered through the qualifying),
// a day being `rounds_per_day` consecutive rounds from round 1. Ordered by
// day, then team. Empty if none, or if rounds_per_day < 1.
std::vector<ByeClash> ByeClashes(
    const std::vector<RoundRobinSchedule>& qualifying, int rounds_per_day);

// The final round robin's draw from `placing`: the team numbers in order
// of placing after the penultimate round robin, leader first, ties already
// broken (ANC SR 12.2). Applies 10.4 for 7 teams. For 5 teams, if the
// draw in its printed order would give a team two byes in one day,
// FailedPrecondition naming 10.5 and the clash unless
// options.ctd_round_order gives an order without one. InvalidArgument if
// `placing` is not a permutation of the team numbers 1..n for n = 5..8, if
// rounds_per_day < 1, or if a CTD order is given when 10.5 does not call
// for one, is not a permutation of the draw's rounds, or leaves a team two
// byes in one day.
absl::StatusOr<ItcFinalRoundRobin> ItcFinalRoundRobinDraw(
    const std::vector<int>& placing, const ItcFinalDrawOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_ITC_FINAL_DRAW_H_
