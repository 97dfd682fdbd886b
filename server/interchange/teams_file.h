// TeamsFile: one teams event of matches (a Swiss teams event ranked on
// VPs) as a USEBIO 1.2 file carries it: the teams with their players and
// published places and totals, and each round's matches with their VPs,
// each board's IMPs and both rooms' results, with the line of every fact.
// The teams reader fills it, the teams writer prints it, the teams import
// plan turns it into tally's commands and the published check compares its
// figures with tally's. Plain data; thread-compatible.

#ifndef TALLY_SERVER_INTERCHANGE_TEAMS_FILE_H_
#define TALLY_SERVER_INTERCHANGE_TEAMS_FILE_H_

#include <optional>
#include <string>
#include <vector>

#include "core/base/rational.h"
#include "server/interchange/session_file.h"
#include "tally/v1/common.pb.h"

namespace tally::interchange {

// One team of the event and its published figures.
struct FileTeam {
  int line = 0;
  int team = 0;  // TEAM_ID
  std::string name;
  std::vector<std::string> players;     // four to six
  std::string place;                    // as published: "1", "2=" ("" if not)
  std::optional<core::Rational> total;  // VPs, as published
};

// One room's result of a board in a match. The match's TEAM sits
// North-South in one room and East-West in the other.
struct FileRoomResult {
  int line = 0;
  bool team_north_south = true;  // the line's DIRECTION: where TEAM sat
  // Played or passed out; not_played for an adjusted score in a room
  // where the board was not played (no CONTRACT, Law 12C2(a)).
  v1::TableResult result;
  int ns_score = 0;  // the Law 77 score, North-South's view (0 not played)
  // An artificial adjusted score (SCORE "A6040": average plus to
  // North-South, average minus to East-West; Law 12C2), scored at the
  // profile's artificial IMPs in place of the room's result.
  std::optional<FileAdjusted> adjusted;
  // From tally's answers only: why USEBIO cannot carry the room's result
  // (an adjusted score other than an artificial one), "" when it can. The
  // writer refuses it.
  std::string unwritable;
};

struct FileMatchBoard {
  int line = 0;
  int board = 0;
  std::optional<core::Rational> imps;  // TEAM's IMPs on the board, if shown
  std::vector<FileRoomResult> rooms;   // two: TEAM NS, TEAM EW
};

// One match: TEAM (the home team, North-South in the open room) against
// OPPOSING_TEAM over the round's boards; or, with no opponent, TEAM's bye
// in the round (no boards, team_vps the bye's VPs).
struct FileMatch {
  int line = 0;
  int round = 0;
  int team = 0;
  int opponent = 0;  // 0: TEAM has the round's bye
  int first_board = 0;
  int last_board = 0;
  std::optional<core::Rational> team_vps;  // as published
  std::optional<core::Rational> opponent_vps;
  std::vector<FileMatchBoard> boards;
};

// USEBIO's EVENT_TYPE of a Swiss teams event, and of a teams-of-four
// event whose matches follow a fixed schedule (a round robin), the form
// tally reads and writes for one (docs/interchange.md).
inline constexpr char kSwissTeamsEventType[] = "SWISS_TEAMS";
inline constexpr char kTeamsOfFourEventType[] = "TEAMS_OF_FOUR";

struct TeamsFile {
  int line = 0;  // the EVENT element
  // kSwissTeamsEventType (a Swiss teams competition) or
  // kTeamsOfFourEventType (a round-robin teams competition).
  std::string event_type = kSwissTeamsEventType;
  std::string event_name;
  std::string date;  // as given (not compared: tally keeps no date)
  std::vector<FileTeam> teams;
  std::vector<FileMatch> matches;  // in round order, then as listed

  // The rounds the matches are in, ascending.
  std::vector<int> Rounds() const;
};

// The first difference on any field tally represents (teams, their
// players, places and totals; every match, its VPs, each board's IMPs and
// both rooms' results), in words; "" when the two are equal. Lines and the
// order of elements are not compared.
std::string FirstTeamsDifference(const TeamsFile& a, const TeamsFile& b);

// VPs as USEBIO teams files print them: two decimal places ("13.43",
// "10.00").
std::string VpText(const core::Rational& vps);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_FILE_H_
