// TeamsFile: one teams event of matches (a Swiss teams event or a round
// robin ranked on VPs, or a knock-out decided on IMPs) as a USEBIO 1.2
// file carries it: the teams with their players and published places and
// totals, and each round's matches with their VPs (a knock-out stanza: its
// IMPs, the match's name, stanza, carry-over and winner), each board's IMPs
// and both rooms' results, with the line of every fact.
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

// A knock-out match's stanza (tally's form, docs/interchange.md): every
// MATCH of one MATCH_NAME is one match, played one stanza a round in
// consecutive rounds, between the same two teams.
struct FileStanza {
  std::string match_name;  // MATCH_NAME ("Semi Final 1", "Grand Final")
  int stanza = 1;          // STANZA_NUMBER
  int stanzas = 1;         // STANZA_COUNT
  // CARRY_OVER: the IMPs carry_over_team starts the match with (SABF TR
  // 13.11-13.12, ANC SR 11.2), repeated in every stanza; team 0: none.
  core::Rational carry_over;
  int carry_over_team = 0;
  // WINNING_TEAM, on the match's last stanza only; 0: not given (or, from
  // tally's answers, a match level after its tie-breaks: a shared title).
  int winner = 0;

  bool operator==(const FileStanza&) const = default;
};

// One match: TEAM (the home team, North-South in the open room) against
// OPPOSING_TEAM over the round's boards; or, with no opponent, TEAM's bye
// in the round (no boards, team_score the bye's VPs).
struct FileMatch {
  int line = 0;
  int round = 0;
  int team = 0;
  int opponent = 0;  // 0: TEAM has the round's bye
  int first_board = 0;
  int last_board = 0;
  // TEAM_SCORE, OPPOSING_TEAM_SCORE as published: VPs (Swiss, round
  // robin); in a knock-out stanza the IMPs each team won on its boards.
  std::optional<core::Rational> team_score;
  std::optional<core::Rational> opponent_score;
  std::optional<FileStanza> knockout;  // in a knock-out (EVENT_TYPE KO) only
  // SABF TR 14.1's share match of an odd Swiss field, tally's form
  // (docs/interchange.md): 'A', 'B' or 'C' (SHARE_MATCH), TEAM's letter;
  // 0: a two-team match or a bye. A share team's MATCH is read from its
  // side: OPPOSING_TEAM the team it meets at its North-South table (A: B,
  // B: C, C: A), team_score its own VPs, no opponent_score, each board's
  // rooms its North-South table (team_north_south) and its East-West
  // table, imps its own (its NS table's score against its EW table's).
  char share = 0;
  std::vector<FileMatchBoard> boards;
};

// USEBIO's EVENT_TYPE of a Swiss teams event, and of a teams-of-four
// event whose matches follow a fixed schedule (a round robin), the form
// tally reads and writes for one (docs/interchange.md).
inline constexpr char kSwissTeamsEventType[] = "SWISS_TEAMS";
inline constexpr char kTeamsOfFourEventType[] = "TEAMS_OF_FOUR";
// A knock-out: matches decided on IMPs (MATCH_SCORING_METHOD IMPS), each
// in one or more stanzas, with a carry-over (tally's form).
inline constexpr char kKnockoutEventType[] = "KO";

struct TeamsFile {
  int line = 0;  // the EVENT element
  // kSwissTeamsEventType (a Swiss teams competition),
  // kTeamsOfFourEventType (a round-robin teams competition) or
  // kKnockoutEventType (a knock-out teams competition).
  std::string event_type = kSwissTeamsEventType;
  std::string event_name;
  std::string date;  // as given (not compared: tally keeps no date)
  std::vector<FileTeam> teams;
  std::vector<FileMatch> matches;  // in round order, then as listed

  // The rounds the matches are in, ascending.
  std::vector<int> Rounds() const;
  bool IsKnockout() const { return event_type == kKnockoutEventType; }
};

// The first difference on any field tally represents (teams, their
// players, places and totals; every match, its VPs, each board's IMPs and
// both rooms' results), in words; "" when the two are equal. Lines and the
// order of elements are not compared.
std::string FirstTeamsDifference(const TeamsFile& a, const TeamsFile& b);

// VPs as USEBIO teams files print them: two decimal places ("13.43",
// "10.00").
std::string VpText(const core::Rational& vps);

// A match's TEAM_SCORE as `file` prints it: VPs to two places, or a
// knock-out's IMPs as a whole number or a decimal ("12", "2.5").
std::string MatchScoreText(const TeamsFile& file, const core::Rational& score);

// IMPs as a knock-out file prints them, exactly: a whole number or a
// decimal of at most two places ("12", "0.1", "2.5"); "" when the figure
// has no such form (a third), which a writer refuses rather than round.
std::string ExactImpText(const core::Rational& imps);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_TEAMS_FILE_H_
