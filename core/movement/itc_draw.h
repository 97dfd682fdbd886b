// The Interstate Teams Championship (ITC) qualifying draws and their
// seating rules, ANC 2025 SR 10.6-10.8:
// - 7 or 8 teams: two round robins (10.6) on the printed 8-team draw
//   (10.6.1), rounds 1-7 and 8-14; with 7 teams, a team drawn against
//   team 8 has a bye.
// - 5 or 6 teams: three round robins (10.7) on the printed 6-team draws,
//   10.7.1 for round robins 1 and 3 (rounds 1-5 and 11-15) and 10.7.2 for
//   round robin 2 (rounds 6-10); with 5 teams, a team drawn against team 6
//   has a bye.
// The draws here are in draw numbers. Before the final round robin a
// team's draw number is its team number; for the final one it is its
// placing after the penultimate round robin (SR 10.3, see itc_final_draw.h).
//
// Seating (who posts the line-up first; who sits NS in which room):
// - 10.8: the first numbered team in the draw (Pairing::home) sits NS in
//   the Open Room and EW in the Closed Room.
// - 10.6.2: in round robin 1 the second numbered team (Pairing::away) sits
//   first; in round robin 2 the team that sat first against its opponent
//   in round robin 1 sits last against that team.
// - 10.7.3: line-ups are blind in round robin 1; in round robin 2 the second
//   numbered team sits first; in round robin 3 the team that sat first
//   against its opponent in round robin 2 sits last against that team.
// "Sits first" is read as posting the line-up first (10.8: posting closes
// 10 and 5 minutes before play "for the teams sitting first and last").
//
// Pure functions on built-in data. Thread-safe.

#ifndef TALLY_CORE_MOVEMENT_ITC_DRAW_H_
#define TALLY_CORE_MOVEMENT_ITC_DRAW_H_

#include "absl/status/statusor.h"
#include "core/movement/round_robin_schedule.h"

namespace tally::core {

// The number of qualifying round robins for `teams`: 2 for 7 or 8 teams
// (ANC SR 10.6), 3 for 5 or 6 (10.7). InvalidArgument for any other count.
absl::StatusOr<int> ItcRoundRobins(int teams);

// The printed draw for round robin `round_robin` of `teams` (5..8), in
// draw numbers, with rounds numbered as printed (8 teams: 1-7 and 8-14;
// 6 teams: 1-5, 6-10, 11-15) and the bye explicit for 7 or 5 teams (ANC SR
// 10.6.1, 10.7.1, 10.7.2). InvalidArgument for another team count or a
// round robin that the event does not have.
absl::StatusOr<RoundRobinSchedule> ItcRoundRobinDraw(int teams,
                                                     int round_robin);

// How the two teams of one ITC match sit (ANC SR 10.6.2, 10.7.3, 10.8).
struct ItcMatchSeating {
  int open_room_ns = 0;    // 10.8: the first numbered team in the draw
  int closed_room_ns = 0;  // the other team
  bool blind = false;      // 10.7.3: round robin 1 of 5 or 6 teams
  int sits_first = 0;      // posts its line-up first; 0 when blind
  int sits_last = 0;       // posts after seeing it; 0 when blind
};

// The seating of `match` (home and away given as team numbers, as listed
// in the draw of that round after any re-numbering) in round robin
// `round_robin` of a `teams`-team ITC. In the final round robin of 7 or 8
// teams (the second) or of 5 or 6 teams (the third), the team that sat
// first when the two met in the round robin before sits last, whatever
// their draw numbers now. InvalidArgument if `match` is not a match of
// the printed draw of a round robin before the final one (team numbers
// are draw numbers there), names a team out of range or the bye number,
// or if the round robin or team count is not an ITC one.
absl::StatusOr<ItcMatchSeating> ItcSeating(int teams, int round_robin,
                                           const Pairing& match);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_ITC_DRAW_H_
