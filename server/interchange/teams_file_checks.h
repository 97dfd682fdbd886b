// The checks a TeamsFile must pass whatever format it was read from: each
// match's boards (every board of its range listed once, with both rooms,
// and IMPs its rooms make), and the rounds (numbered 1, 2, ..., every
// team seated once a round by a match or the round's one bye, every match
// of a round on the same boards), and a knock-out's stanzas (each match's
// stanzas in order, in consecutive rounds, its winner on the last). Both
// teams readers call CheckTeamsRounds and, for a knock-out,
// CheckKnockoutStanzas after reading; the PBN teams reader also calls
// CheckMatchBoards, while the USEBIO one checks each board as it reads it,
// naming its elements (the IMPs by ImpsOfRooms). Pure. Thread-safe.

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

// What a format calls a knock-out stanza's facts, for the refusals of
// CheckKnockoutStanzas to name them as the file does: USEBIO its elements
// ("<MATCH_NAME>"), PBN its [MatchTable] columns ("MatchName").
struct StanzaFieldNames {
  std::string match;            // a stanza's entry: "<MATCH>"
  std::string match_name;       // "<MATCH_NAME>"
  std::string stanza;           // "<STANZA_NUMBER>"
  std::string stanzas;          // "<STANZA_COUNT>"
  std::string carry_over;       // "<CARRY_OVER>"
  std::string carry_over_team;  // "<CARRY_OVER_TEAM>"
  std::string winner;           // "<WINNING_TEAM>"
  std::string team_score;       // "<TEAM_SCORE>"
  std::string opponent_score;   // "<OPPOSING_TEAM_SCORE>"
  std::string team;             // the home team: "TEAM"
  std::string opponent;         // the other: "OPPOSING_TEAM"
};

// OK when every match of knock-out `file` (each FileMatch with its
// `knockout`, in round order) has a name, a stanza of its count, a
// carry-over of at least 0 held by one of its two teams (none where there
// is no carry-over), a winner only on its last stanza and one of the two;
// when the stanzas of one name are numbered 1, 2, ... in consecutive
// rounds between the same two teams, with the same count and carry-over
// (what tally's draw checks, replay/draws/knockout_draw.h); and when each
// stanza's two scores are the IMPs each team won on its boards, where
// every board shows its IMPs and no room is adjusted (an adjusted room's
// IMPs are the profile's, compared after the import). Else
// INVALID_ARGUMENT naming the line of the stanza at fault and the facts by
// `names`.
absl::Status CheckKnockoutStanzas(const TeamsFile& file,
                                  const StanzaFieldNames& names,
                                  const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_FILE_CHECKS_H_
