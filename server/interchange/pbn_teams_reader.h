// Reads a PBN 2.1 file of a teams event of matches (a Swiss teams event or
// a round robin ranked on VPs, or a knock-out decided on IMPs) into the
// same TeamsFile the USEBIO teams
// reader makes, so that the teams import plan, the import and the check of
// published figures are the same whatever the format. The form
// (docs/interchange.md, "PBN 2.1: teams"): [Competition "Teams"], one game
// a room of each board of each match with [Round], [HomeTeam],
// [VisitTeam], [Room "Open"] (the home team North-South) or
// [Room "Closed"] (the home team East-West), the room's [Contract],
// [Declarer], [Result], [Score] and the home team's IMPs on the board in
// [ScoreIMP]; and, in any one game, the teams in a [TotalScoreTable]
// (TeamId, TeamName, Names, TotalScoreVP, Rank), the matches and byes with
// their VPs in a [MatchTable] and the event's kind in [EventType] (the last
// two tally's own, PBN 2.1 having no such table or tag); a knock-out's
// [MatchTable] row is one stanza, with its MatchName, StanzaNumber,
// StanzaCount, CarryOver, CarryOverTeamId, WinnerTeamId and the IMPs each
// team won in IMP_Home and IMP_Visit (tally's columns). Anything tally
// cannot represent is refused with the line and what is missing; nothing
// is approximated. Pure: no I/O. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_PBN_TEAMS_READER_H_
#define TALLY_SERVER_INTERCHANGE_PBN_TEAMS_READER_H_

#include <string>

#include "absl/status/statusor.h"
#include "server/interchange/teams_file.h"

namespace tally::interchange {

// True when `bytes` has a tag [Competition "Teams"] (PBN 2.1 section 4.4's
// value for a teams event, any case): such a file goes to ReadPbnTeams,
// every other one to ReadPbn.
bool IsPbnTeamsFile(const std::string& bytes);

// The event in `bytes` (the whole file); `file_name` only names the file in
// refusals. INVALID_ARGUMENT, "NAME line N: ...", when a tag or table row
// cannot be read, or the file carries something tally cannot represent (a
// room's result with no contract, a third room, a board's IMPs
// its rooms do not make, a match whose boards differ from the other matches
// of its round, a team playing twice in a round, a column tally does not
// know, a team name given twice, a knock-out's stanza out of its match's
// order or its winner before the last stanza, ...).
absl::StatusOr<TeamsFile> ReadPbnTeams(const std::string& bytes,
                                       const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_PBN_TEAMS_READER_H_
