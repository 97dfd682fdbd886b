// The checks a TeamsFile must pass whatever format it was read from: each
// match's boards (every board of its range listed once, with both rooms,
// and IMPs its rooms make), and the rounds (numbered 1, 2, ..., every
// team seated once a round by a match or the round's one bye, every match
// of a round on the same boards). Both teams readers call CheckTeamsRounds
// after reading; the PBN teams reader also calls CheckMatchBoards, while the
// USEBIO one checks each board as it reads it, naming its elements (the
// IMPs by ImpsOfRooms). Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_TEAMS_FILE_CHECKS_H_
#define TALLY_SERVER_INTERCHANGE_TEAMS_FILE_CHECKS_H_

#include <string>

#include "absl/status/status.h"
#include "server/interchange/teams_file.h"

namespace tally::interchange {

// The points TEAM (the home team) wins on `board` from its two rooms'
// scores (North-South's where it sat NS, East-West's where it sat EW), and
// the IMPs they make on the WBF IMP scale (Law 78B).
struct RoomsImps {
  int points = 0;
  int imps = 0;
};
RoomsImps ImpsOfRooms(const FileMatchBoard& board);

// OK when `match` (not a bye) lists every board from first_board to
// last_board once, in order, each with two rooms (TEAM North-South in one,
// East-West in the other), and each board's IMPs, where shown and no room
// is adjusted, are the IMPs its two rooms make on the WBF scale (Law 78B).
// Else INVALID_ARGUMENT, "`file_name` line N: ..." naming the match's or
// the board's line.
absl::Status CheckMatchBoards(const FileMatch& match,
                              const std::string& file_name);

// OK when `file`'s matches (in round order) number their rounds 1, 2, ...
// with none missing, give a round at most one bye and at least one match,
// play a round's matches on the same boards, and (but in a knock-out) seat
// every team once a round. A bye that names no boards is given its
// round's. Else INVALID_ARGUMENT naming the line of the match at fault.
absl::Status CheckTeamsRounds(TeamsFile& file, const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_FILE_CHECKS_H_
