// The Butler round-robin draws for 12 and 14 pairs printed in SABF TR
// 21.15 and 21.16: for each round, the NS and EW pair at each table
// (Pairing::home is NS, Pairing::away EW); and the seeding column printed
// beside each draw, which gives the pair number for each seed.
//
// The note under 21.16 reads "arrowswitch at half-way point in each match
// at Table" and stops there: the table is missing from the source, so
// tally does not say which table arrow-switches.
//
// Pure functions on built-in data. Thread-safe.

#ifndef TALLY_CORE_MOVEMENT_SABF_BUTLER_DRAW_H_
#define TALLY_CORE_MOVEMENT_SABF_BUTLER_DRAW_H_

#include <vector>

#include "absl/status/statusor.h"
#include "core/movement/round_robin_schedule.h"

namespace tally::core {

// The printed draw for `pairs` (12: SABF TR 21.15, 11 rounds of 6 tables;
// 14: SABF TR 21.16, 13 rounds of 7 tables). InvalidArgument for any other
// number of pairs.
absl::StatusOr<RoundRobinSchedule> SabfButlerRoundRobinDraw(int pairs);

// The printed "Seed / Pair #" column of the same clause: element s-1 is the
// pair number given to seed s. InvalidArgument for pairs other than 12, 14.
absl::StatusOr<std::vector<int>> SabfButlerPairNumbersBySeed(int pairs);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_SABF_BUTLER_DRAW_H_
