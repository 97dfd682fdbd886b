// The import plan of a teams event: a TeamsFile turned into the ordinary
// commands tally already has (CreateTournament, CreateCompetition of kind
// Swiss teams, RegisterTeam, and for each round MakeDraw recording the
// file's matches as drawn, EnterResult for both rooms of every board,
// PostScores), each carrying the provenance of the fact it enters and a
// deterministic idempotency key. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_TEAMS_IMPORT_PLAN_H_
#define TALLY_SERVER_INTERCHANGE_TEAMS_IMPORT_PLAN_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "server/interchange/import_plan.h"
#include "server/interchange/teams_file.h"
#include "tally/v1/query.pb.h"

namespace tally::interchange {

// The commands, in order. A round's draw is the file's: MakeDraw with its
// matches (table 1, 2, ... in the file's order, TEAM at home: North-South
// in the open room) and its first board, recorded as another program drew
// it because the command carries the file's provenance; tally never draws
// it again. A team's bye is the draw's bye: tally scores it by the
// profile's bye rule, and the published check compares the file's figure. A
// room where TEAM sits North-South is the open room, the other the closed room.
// A round's share match (SABF TR 14.1, tally's form) is the draw's share,
// at the table after its two-team matches (A, B, C by SHARE_MATCH), and
// each of its three tables' results is entered once, in room
// ROOM_SHARE_1-3, from the MATCH of the team North-South there (Table 1:
// A's, Table 2: C's, Table 3: B's).
// A room's artificial adjusted score is the director's ruling (RecordRuling,
// Law 12C2, or 12C2(a) where the board was not played there, with no result
// entered). The competition is created under target.regulation_profile: a
// Swiss teams one (EVENT_TYPE SWISS_TEAMS) with as many rounds as the file
// has, or a round-robin teams one (TEAMS_OF_FOUR), whose schedule fixes
// its rounds.
std::vector<ImportStep> PlanTeamsImport(const TeamsFile& file,
                                        const ImportTarget& target);

// OK when `profile` can score the file as it was scored: a Swiss teams
// profile of IMPs between two rooms converted to VPs, whose match length
// is the file's (and whose number of matches, where it fixes one, the
// file's rounds); a knock-out profile whose stanza is the file's (the
// profile's match, or the ITC final's 12 boards of 60) and whose draw
// method leaves room for the file's rounds. Under the ITC final
// (itc_final) the file must be that final as tally draws it: two teams, one
// match "Final" of five stanzas, stanza k in round k, any carry-over held
// by the first stanza's TEAM (ANC SR 11.2-11.3, 10.8). Else INVALID_ARGUMENT,
// "NAME line N: ...", naming what the profile lacks: checked before anything is
// sent. A share match (SABF TR 14.1) needs a profile whose odd field is the
// share match (INVALID_ARGUMENT naming its first MATCH otherwise).
absl::Status CheckTeamsProfile(const TeamsFile& file,
                               const v1::RegulationProfile& profile,
                               const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_IMPORT_PLAN_H_
