// A teams event as tally answers for it (the competition's teams, each
// round's draw, match results and traveller, the standings) turned into a
// TeamsFile for the writer, and the check of a file's published figures
// (each board's IMPs, each match's VPs, each team's total and place)
// against tally's. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_TEAMS_ANSWERS_H_
#define TALLY_SERVER_INTERCHANGE_TEAMS_ANSWERS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "server/interchange/teams_file.h"
#include "tally/v1/query.pb.h"

namespace tally::interchange {

// One round as tally answers for it.
struct RoundAnswers {
  v1::DrawMade draw;
  v1::MatchResults results;               // not fetched for a knock-out
  std::vector<v1::Traveller> travellers;  // one per board of the round
};

// The event as a TeamsFile; a round's bye is a FileMatch with no opponent
// and the bye's VPs; a round's share match (SABF TR 14.1) three FileMatches,
// one per team (FileMatch.share), after its two-team matches.
// FailedPrecondition, naming the round and what, for what a USEBIO Swiss
// teams file cannot carry: half matches, a forfeited or unfinished match. A
// room whose result a director adjusted is returned with
// FileRoomResult.unwritable set (the writer refuses it, naming the board).
absl::StatusOr<TeamsFile> TeamsFileFromAnswers(
    const v1::Competition& competition, const std::string& event_name,
    const std::vector<RoundAnswers>& rounds,
    const v1::MatchStandings& standings);

// A knock-out event as a TeamsFile (EVENT_TYPE KO): the teams (no places
// or totals: a knock-out ranks none), and every stanza drawn with its name,
// stanza, carry-over, each team's IMPs on its boards (`results`, from
// GetKnockoutResults) and, on a match's last stanza, its winner (none for a
// match level after its tie-breaks). FailedPrecondition, naming the round
// and match, for what the file cannot carry: a walkover, forfeited or
// abandoned match, a stanza or match not complete, IMPs taken off a team's
// total. A room whose result a director adjusted otherwise than
// artificially is returned with FileRoomResult.unwritable set.
absl::StatusOr<TeamsFile> KnockoutFileFromAnswers(
    const v1::Competition& competition, const std::string& event_name,
    const std::vector<RoundAnswers>& rounds,
    const v1::KnockoutResults& results);

// Every published figure of `file` that differs from tally's in
// `answers`, as "NAME line N: what" (an empty list when all agree): each
// board's IMPs, each match's VPs (exact: 13.43 is 13.43), each team's
// TOTAL_SCORE and PLACE ("2=" for a shared place).
std::vector<std::string> CheckPublishedTeams(const TeamsFile& file,
                                             const TeamsFile& answers,
                                             const std::string& file_name);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_ANSWERS_H_
