// Writes a TeamsFile as a USEBIO 1.2 XML file: one EVENT of the file's
// EVENT_TYPE ("SWISS_TEAMS", "TEAMS_OF_FOUR" with MATCH_SCORING_METHOD VPS;
// "KO" with IMPS), the teams (TEAM_ID, TEAM_NAME, players, PLACE,
// TOTAL_SCORE) and every MATCH with its VPs (a knock-out stanza: its name,
// stanza, carry-over, winner and IMPs), each board's IMPs and both rooms'
// TRAVELLER_LINEs, a bye as a MATCH with no OPPOSING_TEAM, a share
// match's team as a MATCH with its SHARE_MATCH letter (docs/interchange.md).
// Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_USEBIO_TEAMS_WRITER_H_
#define TALLY_SERVER_INTERCHANGE_USEBIO_TEAMS_WRITER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/teams_file.h"

namespace tally::interchange {

// The file's bytes (UTF-8, with the USEBIO 1.2 DOCTYPE). FailedPrecondition,
// naming the round, match, board and room, for a room's result USEBIO
// cannot carry (FileRoomResult.unwritable: a director's adjusted score),
// and for knock-out IMPs with no exact decimal form of two places.
absl::StatusOr<std::string> WriteUsebioTeams(const TeamsFile& file);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_USEBIO_TEAMS_WRITER_H_
