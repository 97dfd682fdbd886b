// USEBIO 1.2 teams reader (see usebio_teams_reader.h). Element names are
// those public USEBIO teams writers and readers use: USEBIO > EVENT
// EVENT_TYPE="SWISS_TEAMS", "TEAMS_OF_FOUR" or "KO" (> SESSION > SECTION)? >
// PARTICIPANTS > TEAM and MATCH > BOARD > TRAVELLER_LINE; a knock-out
// MATCH's MATCH_NAME, STANZA_NUMBER, STANZA_COUNT, CARRY_OVER,
// CARRY_OVER_TEAM and WINNING_TEAM, and a share match team's SHARE_MATCH,
// are tally's (docs/interchange.md).

#include "server/interchange/usebio_teams_reader.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "core/base/status_macros.h"
#include "pugixml.hpp"
#include "replay/state/bridge_convert.h"
#include "server/interchange/contract_text.h"
#include "server/interchange/teams_file_checks.h"
#include "server/interchange/teams_share_match.h"
#include "server/interchange/usebio_document.h"

namespace tally::interchange {
namespace {

pugi::xml_node EventOf(const pugi::xml_document& doc) {
  return doc.child("USEBIO").child("EVENT");
}

// A knock-out MATCH's elements, as refusals name them.
const StanzaFieldNames& UsebioStanzaNames() {
  static const auto* k = new StanzaFieldNames{
      "<MATCH>",        "<MATCH_NAME>", "<STANZA_NUMBER>",
      "<STANZA_COUNT>", "<CARRY_OVER>", "<CARRY_OVER_TEAM>",
      "<WINNING_TEAM>", "<TEAM_SCORE>", "<OPPOSING_TEAM_SCORE>",
      "TEAM",           "OPPOSING_TEAM"};
  return *k;
}

class TeamsReader : private UsebioDocument {
 public:
  TeamsReader(const std::string& bytes, const std::string& file_name)
      : UsebioDocument(bytes, file_name) {}

  absl::StatusOr<TeamsFile> Read() {
    absl::StatusOr<pugi::xml_node> event = OneEvent("one event a file");
    if (!event.ok()) return event.status();
    TALLY_RETURN_IF_ERROR(ReadEvent(*event));
    TALLY_RETURN_IF_ERROR(CheckTeamsRounds(file_, file_name()));
    TALLY_RETURN_IF_ERROR(CheckShareMatches(file_, file_name()));
    if (file_.IsKnockout()) {
      TALLY_RETURN_IF_ERROR(
          CheckKnockoutStanzas(file_, UsebioStanzaNames(), file_name()));
    }
    return std::move(file_);
  }

 private:
  absl::Status ReadEvent(pugi::xml_node event) {
    file_.line = Line(event);
    const std::string type = event.attribute("EVENT_TYPE").value();
    if (type != kSwissTeamsEventType && type != kTeamsOfFourEventType &&
        type != kKnockoutEventType) {
      return Refuse(Line(event),
                    absl::StrCat("EVENT_TYPE \"", type,
                                 "\": tally imports teams events of "
                                 "EVENT_TYPE \"SWISS_TEAMS\" (Swiss teams "
                                 "ranked on VPs), \"TEAMS_OF_FOUR\" (a "
                                 "round robin of matches ranked on VPs) and "
                                 "\"KO\" (a knock-out decided on IMPs) so "
                                 "far"));
    }
    file_.event_type = type;
    // VPS for a Swiss or a round robin, IMPS for a knock-out.
    const std::string method = file_.IsKnockout() ? "IMPS" : "VPS";
    bool method_given = false;
    pugi::xml_node holder = event;
    std::vector<pugi::xml_node> outside;  // PARTICIPANTS, MATCH in EVENT
    for (pugi::xml_node n : event.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "EVENT_DESCRIPTION") {
        file_.event_name = Text(n);
      } else if (name == "DATE") {
        file_.date = Text(n);
      } else if (name == "MATCH_SCORING_METHOD") {
        if (Text(n) != method) {
          return Refuse(
              Line(n),
              file_.IsKnockout()
                  ? absl::StrCat("<MATCH_SCORING_METHOD> \"", Text(n),
                                 "\": a knock-out match is decided on its "
                                 "IMPs (IMPS)")
                  : absl::StrCat("<MATCH_SCORING_METHOD> \"", Text(n),
                                 "\": tally ranks Swiss teams and round "
                                 "robins on VPs (VPS); a teams event ranked "
                                 "on total IMPs is not something it "
                                 "represents"));
        }
        method_given = true;
      } else if (name == "BOARD_SCORING_METHOD") {
        if (Text(n) != "IMPS") {
          return Refuse(Line(n),
                        absl::StrCat("<BOARD_SCORING_METHOD> \"", Text(n),
                                     "\": a teams match compares its "
                                     "two rooms in IMPs (IMPS)"));
        }
      } else if (name == "WINNER_TYPE") {
        if (Text(n) != "1") {
          return Refuse(Line(n), absl::StrCat("<WINNER_TYPE> \"", Text(n),
                                              "\": a teams event has "
                                              "one winner (1)"));
        }
      } else if (name == "SESSION") {
        if (holder != event) {
          return Refuse(Line(n),
                        "a second <SESSION>: tally imports one "
                        "session of a teams event a file");
        }
        holder = n;
        std::vector<pugi::xml_node> sections;
        for (pugi::xml_node s : n.children("SECTION")) sections.push_back(s);
        if (sections.size() > 1) {
          return Refuse(Line(sections[1]),
                        "a second <SECTION>: a Swiss teams event is one "
                        "field in tally");
        }
        if (sections.size() == 1) holder = sections[0];
      } else if (name == "PARTICIPANTS" || name == "MATCH") {
        outside.push_back(n);
      } else {
        TALLY_RETURN_IF_ERROR(Known(n));
      }
    }
    if (holder != event && !outside.empty()) {
      return Refuse(Line(outside.front()),
                    absl::StrCat("<", outside.front().name(),
                                 "> outside the <SESSION>: a file keeps its "
                                 "teams and matches in one place"));
    }
    if (!method_given) {
      return Refuse(Line(event),
                    file_.IsKnockout()
                        ? "no <MATCH_SCORING_METHOD> IMPS: tally imports "
                          "knock-out matches decided on IMPs"
                        : "no <MATCH_SCORING_METHOD> VPS: tally imports Swiss "
                          "teams and round robins ranked on VPs");
    }
    for (pugi::xml_node n : holder.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "PARTICIPANTS") {
        for (pugi::xml_node t : n.children()) {
          if (t.type() != pugi::node_element) continue;
          if (std::string(t.name()) != "TEAM") {
            return Refuse(Line(t), absl::StrCat("<", t.name(),
                                                "> in the <PARTICIPANTS> of "
                                                "a teams event: tally "
                                                "registers teams (<TEAM>)"));
          }
          TALLY_RETURN_IF_ERROR(ReadTeam(t));
        }
      } else if (name == "MATCH") {
        TALLY_RETURN_IF_ERROR(ReadMatch(n));
      } else if (holder != event && name != "SECTION") {
        TALLY_RETURN_IF_ERROR(Known(n));
      }
    }
    if (file_.teams.empty()) {
      return Refuse(Line(holder),
                    "no <PARTICIPANTS> teams: tally needs the "
                    "teams and their players");
    }
    if (file_.matches.empty()) {
      return Refuse(Line(holder), "no <MATCH>: nothing to score");
    }
    std::stable_sort(file_.matches.begin(), file_.matches.end(),
                     [](const FileMatch& a, const FileMatch& b) {
                       return a.round < b.round;
                     });
    return absl::OkStatus();
  }

  absl::Status ReadTeam(pugi::xml_node t) {
    FileTeam team;
    team.line = Line(t);
    if (!absl::SimpleAtoi(t.attribute("TEAM_ID").value(), &team.team) ||
        team.team < 1 || team.team > 999) {
      return Refuse(team.line, absl::StrCat("a <TEAM> whose TEAM_ID \"",
                                            t.attribute("TEAM_ID").value(),
                                            "\" is not a team number (1-999)"));
    }
    team.name = std::string(
        absl::StripAsciiWhitespace(t.attribute("TEAM_NAME").value()));
    if (team.name.empty()) {
      return Refuse(team.line, absl::StrCat("team ", team.team,
                                            " has no TEAM_NAME: tally "
                                            "registers a team by its name"));
    }
    for (pugi::xml_node n : t.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "PLAYER") {
        pugi::xml_node player = n.child("PLAYER_NAME");
        if (!player || Text(player).empty()) {
          return Refuse(Line(n),
                        "a <PLAYER> with no <PLAYER_NAME>: tally "
                        "registers teams by their players' names");
        }
        team.players.push_back(Text(player));
        for (pugi::xml_node c : n.children()) {
          if (c.type() == pugi::node_element &&
              std::string(c.name()) != "PLAYER_NAME") {
            TALLY_RETURN_IF_ERROR(Known(c));
          }
        }
      } else if ((name == "PLACE" || name == "TOTAL_SCORE") &&
                 file_.IsKnockout()) {
        return Refuse(Line(n),
                      absl::StrCat("<", name, "> of team ", team.team,
                                   " in a knock-out: tally ranks no teams "
                                   "in one; each match has its winner "
                                   "(<WINNING_TEAM>)"));
      } else if (name == "PLACE") {
        team.place = Text(n);
      } else if (name == "TOTAL_SCORE") {
        TALLY_ASSIGN_OR_RETURN(team.total, Figure(n));
      } else {
        TALLY_RETURN_IF_ERROR(Known(n));
      }
    }
    if (team.players.size() < 4 || team.players.size() > 6) {
      return Refuse(
          team.line,
          absl::StrCat("team ", team.team, " has ", team.players.size(),
                       " <PLAYER>s: a team is four to six players"));
    }
    for (const FileTeam& other : file_.teams) {
      if (other.team == team.team) {
        return Refuse(team.line,
                      absl::StrCat("team ", team.team, " is listed twice"));
      }
    }
    file_.teams.push_back(std::move(team));
    return absl::OkStatus();
  }

  bool IsTeam(int number) const {
    return std::any_of(file_.teams.begin(), file_.teams.end(),
                       [&](const FileTeam& t) { return t.team == number; });
  }

  // A knock-out MATCH's own elements (tally's form): true when `n` is one
  // and was read into `stanza`.
  absl::StatusOr<bool> ReadStanzaElement(pugi::xml_node n, FileStanza& stanza) {
    const std::string name = n.name();
    if (name == "MATCH_NAME") {
      stanza.match_name = Text(n);
    } else if (name == "STANZA_NUMBER") {
      TALLY_ASSIGN_OR_RETURN(stanza.stanza, Number(n, 1, 99));
    } else if (name == "STANZA_COUNT") {
      TALLY_ASSIGN_OR_RETURN(stanza.stanzas, Number(n, 1, 99));
    } else if (name == "CARRY_OVER") {
      TALLY_ASSIGN_OR_RETURN(stanza.carry_over, Figure(n));
    } else if (name == "CARRY_OVER_TEAM") {
      TALLY_ASSIGN_OR_RETURN(stanza.carry_over_team, Number(n, 1, 999));
    } else if (name == "WINNING_TEAM") {
      TALLY_ASSIGN_OR_RETURN(stanza.winner, Number(n, 1, 999));
    } else {
      return false;
    }
    return true;
  }

  absl::Status ReadMatch(pugi::xml_node m) {
    FileMatch match;
    match.line = Line(m);
    std::vector<pugi::xml_node> boards;
    FileStanza stanza;
    for (pugi::xml_node n : m.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (file_.IsKnockout()) {
        absl::StatusOr<bool> read = ReadStanzaElement(n, stanza);
        if (!read.ok()) return read.status();
        if (*read) continue;
      }
      if (name == "ROUND_NUMBER") {
        TALLY_ASSIGN_OR_RETURN(match.round, Number(n, 1, 999));
      } else if (name == "TEAM") {
        TALLY_ASSIGN_OR_RETURN(match.team, Number(n, 1, 999));
      } else if (name == "OPPOSING_TEAM") {
        // Blank: a bye (tally's form, docs/interchange.md).
        if (!Text(n).empty()) {
          TALLY_ASSIGN_OR_RETURN(match.opponent, Number(n, 1, 999));
        }
      } else if (name == "START_BOARD_NUMBER") {
        TALLY_ASSIGN_OR_RETURN(match.first_board, Number(n, 1, 9999));
      } else if (name == "END_BOARD_NUMBER") {
        TALLY_ASSIGN_OR_RETURN(match.last_board, Number(n, 1, 9999));
      } else if (name == "TEAM_SCORE") {
        TALLY_ASSIGN_OR_RETURN(match.team_score, Figure(n));
      } else if (name == "OPPOSING_TEAM_SCORE") {
        TALLY_ASSIGN_OR_RETURN(match.opponent_score, Figure(n));
      } else if (name == "SHARE_MATCH") {
        TALLY_ASSIGN_OR_RETURN(match.share, ShareLetter(n));
      } else if (name == "BOARD") {
        boards.push_back(n);
      } else {
        TALLY_RETURN_IF_ERROR(Known(n));
      }
    }
    if (match.opponent == 0 && file_.IsKnockout()) {
      return Refuse(match.line,
                    "a knock-out <MATCH> with no <OPPOSING_TEAM>: a team "
                    "that does not play a round is simply not drawn in it; "
                    "a walkover (SABF TR 16.1) is tally's own decision, not "
                    "read from a file");
    }
    if (match.share != 0) TALLY_RETURN_IF_ERROR(CheckShareTeam(match));
    if (match.opponent == 0) return ReadBye(std::move(match), boards);
    if (file_.IsKnockout()) match.knockout = stanza;
    if (match.round == 0 || match.team == 0 || match.first_board == 0 ||
        match.last_board == 0) {
      return Refuse(match.line,
                    "a <MATCH> without its <ROUND_NUMBER>, <TEAM>, "
                    "<OPPOSING_TEAM>, <START_BOARD_NUMBER> and "
                    "<END_BOARD_NUMBER>");
    }
    const std::string where = absl::StrCat("round ", match.round, ", team ",
                                           match.team, " v ", match.opponent);
    for (int team : {match.team, match.opponent}) {
      if (!IsTeam(team)) {
        return Refuse(match.line, absl::StrCat(where, ": team ", team,
                                               " is not among the "
                                               "participants"));
      }
    }
    if (match.team == match.opponent) {
      return Refuse(match.line,
                    absl::StrCat(where, ": a team cannot play itself"));
    }
    if (match.last_board < match.first_board) {
      return Refuse(match.line, absl::StrCat(where, ": <END_BOARD_NUMBER> ",
                                             match.last_board,
                                             " is before "
                                             "<START_BOARD_NUMBER> ",
                                             match.first_board));
    }
    for (pugi::xml_node b : boards) {
      TALLY_RETURN_IF_ERROR(ReadBoard(b, where, match));
    }
    std::sort(match.boards.begin(), match.boards.end(),
              [](const FileMatchBoard& a, const FileMatchBoard& b) {
                return a.board < b.board;
              });
    for (int board = match.first_board; board <= match.last_board; ++board) {
      const bool listed = std::any_of(
          match.boards.begin(), match.boards.end(),
          [&](const FileMatchBoard& b) { return b.board == board; });
      if (!listed) {
        return Refuse(match.line,
                      absl::StrCat(where, ": board ", board,
                                   " of the match has no <BOARD>: tally "
                                   "scores a match on every board it plays"));
      }
    }
    file_.matches.push_back(std::move(match));
    return absl::OkStatus();
  }

  // SHARE_MATCH (tally's form): TEAM's letter in SABF TR 14.1's share
  // match, A, B or C.
  absl::StatusOr<char> ShareLetter(pugi::xml_node n) {
    const std::string letter = absl::AsciiStrToUpper(Text(n));
    if (letter != "A" && letter != "B" && letter != "C") {
      return Refuse(Line(n), absl::StrCat("<SHARE_MATCH> \"", Text(n),
                                          "\": a share match's team is A, B "
                                          "or C (SABF TR 14.1)"));
    }
    return letter[0];
  }

  // A share team's MATCH: in a Swiss teams event, against the team at its
  // North-South table, with its own VPs only (the three teams' VPs need
  // not add up to a match's).
  absl::Status CheckShareTeam(const FileMatch& match) {
    const std::string where =
        absl::StrCat("round ", match.round, ", team ", match.team,
                     " (<SHARE_MATCH> ", std::string(1, match.share), ")");
    if (file_.event_type != kSwissTeamsEventType) {
      return Refuse(match.line,
                    absl::StrCat(where,
                                 ": a share match (SABF TR 14.1) is a Swiss "
                                 "teams round's, not in EVENT_TYPE \"",
                                 file_.event_type, "\""));
    }
    if (match.opponent == 0) {
      return Refuse(match.line,
                    absl::StrCat(where,
                                 ": no <OPPOSING_TEAM>; a share team's "
                                 "MATCH names the team at its North-South "
                                 "table (A: B, B: C, C: A)"));
    }
    if (match.opponent_score.has_value()) {
      return Refuse(match.line,
                    absl::StrCat(where,
                                 ": an <OPPOSING_TEAM_SCORE>; each team of a "
                                 "share match has its own VPs, in its own "
                                 "MATCH (<TEAM_SCORE>)"));
    }
    return absl::OkStatus();
  }

  // A MATCH with no OPPOSING_TEAM (or a blank one): TEAM has a bye in the
  // round. It plays no boards; TEAM_SCORE is the bye's VPs as published.
  // Its boards, where not given, are the round's (CheckRounds).
  absl::Status ReadBye(FileMatch match,
                       const std::vector<pugi::xml_node>& boards) {
    if (match.round == 0 || match.team == 0) {
      return Refuse(match.line,
                    "a <MATCH> without its <ROUND_NUMBER> and <TEAM>");
    }
    const std::string where =
        absl::StrCat("round ", match.round, ", team ", match.team, "'s bye");
    if (!IsTeam(match.team)) {
      return Refuse(match.line, absl::StrCat(where, ": team ", match.team,
                                             " is not among the "
                                             "participants"));
    }
    if (!boards.empty()) {
      return Refuse(Line(boards.front()),
                    absl::StrCat(where,
                                 " (no <OPPOSING_TEAM>): a <BOARD> in a "
                                 "bye; a team with a bye plays no boards"));
    }
    if (match.opponent_score.has_value()) {
      return Refuse(match.line,
                    absl::StrCat(where,
                                 ": an <OPPOSING_TEAM_SCORE> with no "
                                 "<OPPOSING_TEAM>"));
    }
    if ((match.first_board == 0) != (match.last_board == 0) ||
        match.last_board < match.first_board) {
      return Refuse(match.line,
                    absl::StrCat(where,
                                 ": give both <START_BOARD_NUMBER> and "
                                 "<END_BOARD_NUMBER> (the round's boards), "
                                 "or neither"));
    }
    file_.matches.push_back(std::move(match));
    return absl::OkStatus();
  }

  absl::Status ReadBoard(pugi::xml_node b, const std::string& where,
                         FileMatch& match) {
    FileMatchBoard board;
    board.line = Line(b);
    pugi::xml_node number = b.child("BOARD_NUMBER");
    if (!number) return Refuse(board.line, "a <BOARD> with no <BOARD_NUMBER>");
    TALLY_ASSIGN_OR_RETURN(board.board, Number(number, 1, 9999));
    if (board.board < match.first_board || board.board > match.last_board) {
      return Refuse(board.line,
                    absl::StrCat(where, ": board ", board.board,
                                 " is not among the match's boards ",
                                 match.first_board, "-", match.last_board));
    }
    for (const FileMatchBoard& other : match.boards) {
      if (other.board == board.board) {
        return Refuse(board.line, absl::StrCat(where, ": board ", board.board,
                                               " is listed twice"));
      }
    }
    for (pugi::xml_node c : b.children()) {
      if (c.type() != pugi::node_element) continue;
      const std::string name = c.name();
      if (name == "BOARD_NUMBER") continue;
      if (name == "IMPS") {
        TALLY_ASSIGN_OR_RETURN(board.imps, Figure(c));
      } else if (name == "TRAVELLER_LINE") {
        absl::StatusOr<FileRoomResult> room = ReadRoom(
            c, absl::StrCat(where, ", board ", board.board), board.board);
        if (!room.ok()) return room.status();
        board.rooms.push_back(*std::move(room));
      } else {
        TALLY_RETURN_IF_ERROR(Known(c));
      }
    }
    const bool ns =
        std::any_of(board.rooms.begin(), board.rooms.end(),
                    [](const FileRoomResult& r) { return r.team_north_south; });
    const bool ew = std::any_of(
        board.rooms.begin(), board.rooms.end(),
        [](const FileRoomResult& r) { return !r.team_north_south; });
    if (board.rooms.size() != 2 || !ns || !ew) {
      return Refuse(
          board.line,
          absl::StrCat(where, ", board ", board.board, ": ", board.rooms.size(),
                       " <TRAVELLER_LINE>s; a teams match has two "
                       "rooms, TEAM sitting NS in one "
                       "(<DIRECTION> NS) and EW in the other"));
    }
    const bool adjusted = std::any_of(
        board.rooms.begin(), board.rooms.end(),
        [](const FileRoomResult& r) { return r.adjusted.has_value(); });
    if (board.imps.has_value() && !adjusted) {
      // TEAM's IMPs on the board: its two rooms' scores (North-South's
      // where it sat NS, East-West's where it sat EW) on the WBF IMP scale
      // (Law 78B). Figures the file prints against its own results; not
      // where a room is adjusted (its IMPs are the profile's artificial
      // IMPs, compared with tally's after the import).
      const auto [points, imps] = ImpsOfRooms(board);
      if (*board.imps != core::Rational(imps)) {
        return Refuse(board.line,
                      absl::StrCat(where, ", board ", board.board, ": <IMPS> ",
                                   board.imps->ToString(),
                                   ", but TEAM's two rooms "
                                   "make ",
                                   points, " points, ", imps,
                                   " IMPs on the WBF IMP scale (Law 78B)"));
      }
    }
    match.boards.push_back(std::move(board));
    return absl::OkStatus();
  }

  absl::StatusOr<FileRoomResult> ReadRoom(pugi::xml_node t,
                                          const std::string& where, int board) {
    FileRoomResult room;
    room.line = Line(t);
    std::string direction, contract, played_by, tricks, score;
    bool has_score = false;
    for (pugi::xml_node n : t.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "DIRECTION") {
        direction = absl::AsciiStrToUpper(Text(n));
      } else if (name == "CONTRACT") {
        contract = Text(n);
      } else if (name == "PLAYED_BY") {
        played_by = Text(n);
      } else if (name == "TRICKS") {
        tricks = Text(n);
      } else if (name == "SCORE") {
        score = Text(n);
        has_score = !score.empty();
      } else {
        TALLY_RETURN_IF_ERROR(Known(n));
      }
    }
    if (direction != "NS" && direction != "EW") {
      return Refuse(room.line,
                    absl::StrCat(where, ": <DIRECTION> \"", direction,
                                 "\" is neither NS nor EW (where TEAM sat "
                                 "in this room)"));
    }
    room.team_north_south = direction == "NS";
    if (!score.empty() && (score[0] == 'A' || score[0] == 'a')) {
      // An artificial adjusted score (Law 12C2): 60, 50, 40 are average
      // plus, average and average minus, as in an IMP pairs file, scored
      // at the profile's artificial IMPs; no CONTRACT: the board was not
      // played in the room (Law 12C2(a)).
      absl::StatusOr<FileAdjusted> adjusted =
          ParseAdjustedScore(score, FileScoring::kButlerImps);
      if (!adjusted.ok()) {
        return Refuse(room.line,
                      absl::StrCat(where, ": ", adjusted.status().message()));
      }
      room.adjusted = *adjusted;
      if (contract.empty()) {
        room.result.mutable_not_played();
        return room;
      }
      has_score = false;  // the adjusted score stands in for the result's
    }
    if (contract.empty()) {
      return Refuse(room.line,
                    absl::StrCat(where,
                                 ": a result with no <CONTRACT>; "
                                 "tally enters a room's result by its "
                                 "contract"));
    }
    absl::StatusOr<v1::TableResult> result =
        ParseResult(contract, played_by, tricks);
    if (!result.ok()) {
      return Refuse(room.line,
                    absl::StrCat(where, ": ", result.status().message()));
    }
    room.result = *std::move(result);
    TALLY_ASSIGN_OR_RETURN(room.ns_score,
                           CheckedScore(room.line, where, room.result, board,
                                        has_score ? &score : nullptr));
    return room;
  }

  TeamsFile file_;
};

}  // namespace

bool IsUsebioTeamsFile(const std::string& bytes) {
  pugi::xml_document doc;
  if (!doc.load_buffer(bytes.data(), bytes.size(), pugi::parse_default)) {
    return false;
  }
  const std::string type = EventOf(doc).attribute("EVENT_TYPE").value();
  return absl::EndsWith(type, "TEAMS") || type == kTeamsOfFourEventType ||
         type == kKnockoutEventType;
}

absl::StatusOr<TeamsFile> ReadUsebioTeams(const std::string& bytes,
                                          const std::string& file_name) {
  return TeamsReader(bytes, file_name).Read();
}

}  // namespace tally::interchange
