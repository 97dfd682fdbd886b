// Writes a TeamsFile of a Swiss teams event, a round robin or a knock-out
// as a PBN 2.1 file, the form pbn_teams_reader.h reads (docs/interchange.md,
// "PBN 2.1: teams"): one game a room of each board of each match, in the
// matches' order, the open room first, with its [Round], [HomeTeam],
// [VisitTeam], [Room], result, [Score] and the home team's IMPs in [ScoreIMP];
// the first game also carrying [Competition "Teams"], [EventType], the teams'
// [TotalScoreTable] and the [MatchTable] of matches and byes with their
// VPs (a knock-out's: its stanzas, each with its match's name, stanza,
// carry-over and winner and the IMPs each team won). tally keeps no hands, so
// Deal and the seats' names are written empty. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_PBN_TEAMS_WRITER_H_
#define TALLY_SERVER_INTERCHANGE_PBN_TEAMS_WRITER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/teams_file.h"

namespace tally::interchange {

// The file's text (UTF-8, "\n" line ends). FailedPrecondition for a
// room's result the form cannot carry (FileRoomResult.unwritable: a
// director's adjusted score), naming the round, match, board and room, for
// a knock-out's IMPs with no exact decimal of two places (a third), naming
// the round and match, and for a name PBN cannot quote (a '"', or a ';' in
// a player's name, which separates the players).
absl::StatusOr<std::string> WritePbnTeams(const TeamsFile& file);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_PBN_TEAMS_WRITER_H_
