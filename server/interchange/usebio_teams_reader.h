// Reads a USEBIO 1.2 XML file of a teams event of matches ranked on VPs
// (EVENT_TYPE "SWISS_TEAMS", or "TEAMS_OF_FOUR" for a round robin;
// MATCH_SCORING_METHOD VPS), or of a knock-out decided on IMPs ("KO",
// IMPS; each MATCH a stanza of a named match) into a TeamsFile:
// the teams (TEAM with TEAM_ID, TEAM_NAME, PLAYERs, PLACE, TOTAL_SCORE) and
// each round's MATCHes with both rooms' TRAVELLER_LINEs
// (docs/interchange.md, "USEBIO 1.2: Swiss teams"). Anything tally cannot
// represent is refused with the line and what is missing; nothing is
// approximated. Pure: no I/O. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_USEBIO_TEAMS_READER_H_
#define TALLY_SERVER_INTERCHANGE_USEBIO_TEAMS_READER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/teams_file.h"

namespace tally::interchange {

// True when `bytes` is well-formed XML whose USEBIO EVENT's EVENT_TYPE
// names a teams event (ends in "TEAMS", or "TEAMS_OF_FOUR", "KO"): such a
// file goes to ReadUsebioTeams, every other one to ReadUsebio.
bool IsUsebioTeamsFile(const std::string& bytes);

// The event in `bytes` (the whole file); `file_name` only names the file in
// refusals. A MATCH with no (or a blank) OPPOSING_TEAM is TEAM's bye in the
// round (FileMatch.opponent 0); in a knock-out, FileMatch.knockout holds
// the stanza. INVALID_ARGUMENT, "NAME line N: ...", when the XML is not
// well formed, is not USEBIO 1.2, is not one of those teams events, or
// carries something tally cannot represent (an adjusted score other than
// 60/50/40, a three-way match, a second bye in a round, a match whose
// boards differ from the other matches of its round, a room's result with
// no contract, a knock-out stanza out of its match's order or with
// another carry-over, a stanza's IMPs its boards do not make, an unknown
// element, ...).
absl::StatusOr<TeamsFile> ReadUsebioTeams(const std::string& bytes,
                                          const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_USEBIO_TEAMS_READER_H_
