// SABF TR 14.1's share match in a TeamsFile (tally's form,
// docs/interchange.md): three MATCHes of one round, one per team, each
// with its SHARE_MATCH letter and read from that team's side. The check
// that the three are one match: letters A, B and C once each, each team
// meeting at its North-South table the team 14.1 seats there ("Table 1:
// A v B; Table 2: C v A; Table 3: B v C"), and each table's result the
// same in the two MATCHes that show it. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_TEAMS_SHARE_MATCH_H_
#define TALLY_SERVER_INTERCHANGE_TEAMS_SHARE_MATCH_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "server/interchange/teams_file.h"

namespace tally::interchange {

// The share MATCHes of round `round`, in letter order (A, B, C); empty
// when the round has none. Only meaningful after CheckShareMatches.
std::vector<const FileMatch*> ShareMatchesOfRound(const TeamsFile& file,
                                                  int round);

// OK when every round's share MATCHes (FileMatch.share) make one share
// match: exactly A, B and C, OPPOSING_TEAM the team at TEAM's North-South
// table (A: B, B: C, C: A), and on every board each table's result (its
// contract, declarer, tricks, score or adjusted score) the same where its
// North-South team shows it (DIRECTION NS) and where its East-West team
// does (DIRECTION EW). Else INVALID_ARGUMENT, "`file_name` line N: ...",
// naming the MATCH or TRAVELLER_LINE at fault.
absl::Status CheckShareMatches(const TeamsFile& file,
                               const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_SHARE_MATCH_H_
