// PBN 2.1 teams reader (see pbn_teams_reader.h). A PBN file is games
// separated by empty lines; each game is tags `[Name "value"]`, a tag
// possibly followed by rows of data (a table's: its columns are the tag's
// value, "Name\widthAlign;...", PBN 2.1 section 5.2; a row's values are
// separated by spaces, a quoted string being one value and "-" none). A
// value "#" repeats the tag's value in the game before (section 4.8).

#include "server/interchange/pbn_teams_reader.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/status_macros.h"
#include "replay/state/bridge_convert.h"
#include "server/interchange/contract_text.h"
#include "server/interchange/pbn_syntax.h"
#include "server/interchange/teams_file_checks.h"

namespace tally::interchange {
namespace {

struct TagValue {
  std::string value;
  int line = 0;
};

struct TableRows {
  std::string name;
  int line = 0;
  std::vector<std::string> columns;
  // Each row: its line and its values by column ("-" left out).
  std::vector<std::pair<int, std::map<std::string, std::string>>> rows;
};

struct Game {
  std::map<std::string, TagValue> tags;
};

// The tables tally reads, their columns, and the columns it ignores
// because they change no figure it keeps; any other column is refused.
const std::map<std::string, std::set<std::string>>& ReadColumns() {
  static const auto* k = new std::map<std::string, std::set<std::string>>{
      {"TotalScoreTable",
       {"Rank", "TeamId", "TeamName", "Names", "TotalScoreVP", "VP_Total"}},
      {"MatchTable",
       {"Round", "HomeTeamId", "VisitTeamId", "FirstBoard", "LastBoard",
        "VP_Home", "VP_Visit", "MatchName", "StanzaNumber", "StanzaCount",
        "CarryOver", "CarryOverTeamId", "WinnerTeamId", "IMP_Home",
        "IMP_Visit"}},
  };
  return *k;
}

// The [MatchTable] columns of a knock-out's stanzas (tally's), and of a
// match ranked on VPs: a file of the one kind giving the other's is
// refused.
const std::set<std::string>& KnockoutColumns() {
  static const auto* k = new std::set<std::string>{
      "MatchName",       "StanzaNumber", "StanzaCount", "CarryOver",
      "CarryOverTeamId", "WinnerTeamId", "IMP_Home",    "IMP_Visit"};
  return *k;
}
const std::set<std::string>& VpColumns() {
  static const auto* k = new std::set<std::string>{"VP_Home", "VP_Visit"};
  return *k;
}

// A knock-out stanza's [MatchTable] columns, as refusals name them.
const StanzaFieldNames& PbnStanzaNames() {
  static const auto* k = new StanzaFieldNames{
      "[MatchTable] row", "MatchName",       "StanzaNumber",     "StanzaCount",
      "CarryOver",        "CarryOverTeamId", "WinnerTeamId",     "IMP_Home",
      "IMP_Visit",        "the home team",   "the visiting team"};
  return *k;
}
const std::map<std::string, std::set<std::string>>& IgnoredColumns() {
  static const auto* k = new std::map<std::string, std::set<std::string>>{
      {"TotalScoreTable", {"NrBoards", "Club"}},
      {"MatchTable", {"Table"}},
  };
  return *k;
}

// Tags of another scoring than a teams match's: a file carrying one is
// refused rather than read in part.
const std::set<std::string>& PairsTags() {
  static const auto* k = new std::set<std::string>{
      "ScoreTable", "ScoreMP", "ScorePercentage", "Section", "Datum"};
  return *k;
}

class PbnTeamsReader {
 public:
  PbnTeamsReader(const std::string& bytes, const std::string& file_name)
      : bytes_(bytes), file_name_(file_name) {}

  absl::StatusOr<TeamsFile> Read() {
    TALLY_RETURN_IF_ERROR(Lex());
    TALLY_RETURN_IF_ERROR(ReadEvent());
    TALLY_RETURN_IF_ERROR(ReadTeams());
    TALLY_RETURN_IF_ERROR(ReadMatches());
    for (const Game& g : games_) {
      if (g.tags.contains("Board")) TALLY_RETURN_IF_ERROR(ReadRoom(g));
    }
    for (FileMatch& m : file_.matches) {
      if (m.opponent == 0) continue;
      std::sort(m.boards.begin(), m.boards.end(),
                [](const FileMatchBoard& a, const FileMatchBoard& b) {
                  return a.board < b.board;
                });
      TALLY_RETURN_IF_ERROR(CheckMatchBoards(m, file_name_));
    }
    std::stable_sort(file_.matches.begin(), file_.matches.end(),
                     [](const FileMatch& a, const FileMatch& b) {
                       return a.round < b.round;
                     });
    TALLY_RETURN_IF_ERROR(CheckTeamsRounds(file_, file_name_));
    if (file_.IsKnockout()) {
      TALLY_RETURN_IF_ERROR(
          CheckKnockoutStanzas(file_, PbnStanzaNames(), file_name_));
    }
    return std::move(file_);
  }

 private:
  absl::Status Refuse(int line, const std::string& what) const {
    return absl::InvalidArgumentError(
        absl::StrCat(file_name_, " line ", line, ": ", what));
  }

  // Splits the file into games (their tags) and the tables tally reads.
  absl::Status Lex() {
    std::vector<std::string> lines = absl::StrSplit(bytes_, '\n');
    bool in_commentary = false;
    Game game;
    TableRows* table = nullptr;  // the table the rows below belong to
    std::map<std::string, std::string> previous;
    auto end_game = [&] {
      if (!game.tags.empty()) games_.push_back(std::move(game));
      game = Game();
      table = nullptr;
    };
    for (size_t i = 0; i < lines.size(); ++i) {
      const int line = static_cast<int>(i) + 1;
      const std::string t(absl::StripAsciiWhitespace(lines[i]));
      if (in_commentary) {
        if (t.find('}') != std::string::npos) in_commentary = false;
        continue;
      }
      if (t.empty()) {
        end_game();
        continue;
      }
      if (t[0] == '%' || t[0] == ';') continue;
      if (t[0] == '{') {
        in_commentary = t.find('}') == std::string::npos;
        continue;
      }
      if (t[0] != '[') {
        if (table == nullptr) continue;  // another tag's section (Auction...)
        TALLY_RETURN_IF_ERROR(Row(t, line, *table));
        continue;
      }
      std::optional<PbnTag> tag = ParsePbnTag(t);
      if (!tag.has_value()) {
        return Refuse(
            line,
            absl::StrCat("\"", t, "\" is not a PBN tag [Name \"value\"]"));
      }
      const std::string name = tag->name;
      std::string value = tag->value;
      if (value == "#") value = previous[name];
      previous[name] = value;
      table = nullptr;
      if (PairsTags().contains(name)) {
        return Refuse(line, absl::StrCat("[", name,
                                         "] in a teams file: a pairs "
                                         "session's tag; tally reads a teams "
                                         "board from its two rooms' games "
                                         "([Room \"Open\"], [Room "
                                         "\"Closed\"])"));
      }
      if (ReadColumns().contains(name)) {
        if (tables_.contains(name)) {
          return Refuse(line,
                        absl::StrCat("a second [", name,
                                     "] (the first "
                                     "at line ",
                                     tables_[name].line, "): one a file"));
        }
        TableRows& rows = tables_[name];
        rows = TableRows{name, line, {}, {}};
        TALLY_RETURN_IF_ERROR(Columns(value, rows));
        table = &rows;
        continue;
      }
      if (game.tags.contains(name)) {
        return Refuse(line, absl::StrCat("a second [", name,
                                         "] in one game (the first at line ",
                                         game.tags[name].line, ")"));
      }
      game.tags[name] = TagValue{value, line};
    }
    end_game();
    return absl::OkStatus();
  }

  absl::Status Columns(const std::string& value, TableRows& table) const {
    for (absl::string_view c : absl::StrSplit(value, ';', absl::SkipEmpty())) {
      std::string column(c.substr(0, c.find('\\')));
      if (!column.empty() && (column[0] == '+' || column[0] == '-')) {
        column.erase(0, 1);  // the order the rows are in (section 5.2)
      }
      if (!ReadColumns().at(table.name).contains(column) &&
          !IgnoredColumns().at(table.name).contains(column)) {
        return Refuse(table.line,
                      absl::StrCat("[", table.name, "] column \"", column,
                                   "\" is not one tally knows, so it cannot "
                                   "tell whether it changes a figure"));
      }
      table.columns.push_back(column);
    }
    return absl::OkStatus();
  }

  // A table row: a quoted string is one value (without its quotes).
  absl::Status Row(const std::string& t, int line, TableRows& table) const {
    std::optional<std::vector<std::string>> values = PbnRowValues(t);
    if (!values.has_value()) {
      return Refuse(line, "a quoted value with no closing quote");
    }
    const std::vector<std::string>& tokens = *values;
    if (tokens.size() != table.columns.size()) {
      return Refuse(
          line, absl::StrCat("a [", table.name, "] row of ", tokens.size(),
                             " values for ", table.columns.size(), " columns"));
    }
    std::map<std::string, std::string> row;
    for (size_t c = 0; c < tokens.size(); ++c) {
      if (tokens[c] != "-") row[table.columns[c]] = tokens[c];
    }
    table.rows.emplace_back(line, std::move(row));
    return absl::OkStatus();
  }

  // The value of tag `name` in whichever game gives it first; every other
  // game giving it must give the same, unless `first_only` ("" and the
  // line 0 when none does).
  absl::StatusOr<TagValue> EventTag(const std::string& name,
                                    bool first_only = false) const {
    std::optional<TagValue> found;
    for (const Game& g : games_) {
      auto it = g.tags.find(name);
      if (it == g.tags.end()) continue;
      if (!found.has_value()) {
        found = it->second;
      } else if (!first_only && it->second.value != found->value) {
        return Refuse(it->second.line,
                      absl::StrCat("[", name, " \"", it->second.value,
                                   "\"], but line ", found->line, " says \"",
                                   found->value, "\": one event a file"));
      }
    }
    return found.value_or(TagValue{});
  }

  absl::Status ReadEvent() {
    TALLY_ASSIGN_OR_RETURN(const TagValue competition, EventTag("Competition"));
    if (absl::AsciiStrToUpper(competition.value) != "TEAMS") {
      return Refuse(std::max(competition.line, 1),
                    absl::StrCat("[Competition \"", competition.value,
                                 "\"]: not a teams file (a teams event says "
                                 "[Competition \"Teams\"])"));
    }
    TALLY_ASSIGN_OR_RETURN(const TagValue event, EventTag("Event"));
    file_.line = std::max(event.line, competition.line);
    file_.event_name = event.value;
    // The first game's date (an event over two days may date its games
    // apart; tally keeps no date and compares none).
    TALLY_ASSIGN_OR_RETURN(const TagValue date,
                           EventTag("Date", /*first_only=*/true));
    file_.date = date.value;
    TALLY_ASSIGN_OR_RETURN(const TagValue type, EventTag("EventType"));
    if (type.value != kSwissTeamsEventType &&
        type.value != kTeamsOfFourEventType &&
        type.value != kKnockoutEventType) {
      return Refuse(std::max(type.line, competition.line),
                    absl::StrCat("[EventType \"", type.value,
                                 "\"]: tally reads a PBN teams file of "
                                 "[EventType \"SWISS_TEAMS\"] (Swiss teams "
                                 "ranked on VPs), \"TEAMS_OF_FOUR\" (a "
                                 "round robin of matches ranked on VPs) or "
                                 "\"KO\" (a knock-out decided on IMPs)"));
    }
    file_.event_type = type.value;
    for (const Game& g : games_) {
      auto it = g.tags.find("Scoring");
      if (it == g.tags.end() || it->second.value.empty()) continue;
      if (absl::AsciiStrToUpper(it->second.value) != "IMP") {
        return Refuse(it->second.line,
                      absl::StrCat("[Scoring \"", it->second.value,
                                   "\"] in a teams file: a teams match "
                                   "compares its two rooms in IMPs "
                                   "([Scoring \"IMP\"])"));
      }
    }
    return absl::OkStatus();
  }

  absl::StatusOr<core::Rational> Figure(const std::string& column,
                                        const std::string& text,
                                        int line) const {
    absl::StatusOr<core::Rational> r = core::Rational::Parse(text);
    if (!r.ok()) {
      return Refuse(line,
                    absl::StrCat(column, " \"", text, "\" is not a number"));
    }
    return *r;
  }

  absl::StatusOr<int> Number(const std::string& column, const std::string& text,
                             int line, int max) const {
    int n = 0;
    if (!absl::SimpleAtoi(text, &n) || n < 1 || n > max) {
      return Refuse(line, absl::StrCat(column, " \"", text,
                                       "\" is not a number from 1 to ", max));
    }
    return n;
  }

  absl::Status ReadTeams() {
    auto it = tables_.find("TotalScoreTable");
    if (it == tables_.end() || it->second.rows.empty()) {
      return Refuse(std::max(file_.line, 1),
                    "no [TotalScoreTable] of teams: tally needs the teams "
                    "and their players");
    }
    for (auto& [line, row] : it->second.rows) {
      FileTeam team;
      team.line = line;
      TALLY_ASSIGN_OR_RETURN(team.team,
                             Number("TeamId", row["TeamId"], line, 999));
      team.name = std::string(absl::StripAsciiWhitespace(row["TeamName"]));
      if (team.name.empty()) {
        return Refuse(line, absl::StrCat("team ", team.team,
                                         " has no TeamName: tally registers a "
                                         "team by its name"));
      }
      // A team's players: tally's reading of PBN's <names> (two players
      // separated by ';') for four to six.
      for (absl::string_view n : absl::StrSplit(row["Names"], ';')) {
        const std::string player(absl::StripAsciiWhitespace(n));
        if (!player.empty()) team.players.push_back(player);
      }
      if (team.players.size() < 4 || team.players.size() > 6) {
        return Refuse(
            line, absl::StrCat("team ", team.team, ": Names \"", row["Names"],
                               "\" is not four to six players "
                               "separated by ';'"));
      }
      for (const char* column : {"Rank", "TotalScoreVP", "VP_Total"}) {
        if (file_.IsKnockout() && !row[column].empty()) {
          return Refuse(line, absl::StrCat(column, " \"", row[column],
                                           "\" of team ", team.team,
                                           " in a knock-out: tally ranks no "
                                           "teams in one; each match has its "
                                           "winner (WinnerTeamId)"));
        }
      }
      team.place = row["Rank"];
      for (const char* column : {"TotalScoreVP", "VP_Total"}) {
        if (row[column].empty()) continue;
        TALLY_ASSIGN_OR_RETURN(team.total, Figure(column, row[column], line));
      }
      for (const FileTeam& other : file_.teams) {
        if (other.team == team.team) {
          return Refuse(
              line, absl::StrCat("team ", team.team, " is listed twice (line ",
                                 other.line, ")"));
        }
        if (other.name == team.name) {
          return Refuse(line, absl::StrCat("team ", team.team, "'s name \"",
                                           team.name, "\" is team ", other.team,
                                           "'s (line ", other.line,
                                           "); a game's [HomeTeam] and "
                                           "[VisitTeam] name a team by it"));
        }
      }
      file_.teams.push_back(std::move(team));
    }
    return absl::OkStatus();
  }

  bool IsTeam(int number) const {
    return std::any_of(file_.teams.begin(), file_.teams.end(),
                       [&](const FileTeam& t) { return t.team == number; });
  }

  absl::Status ReadMatches() {
    auto it = tables_.find("MatchTable");
    if (it == tables_.end() || it->second.rows.empty()) {
      return Refuse(std::max(file_.line, 1),
                    "no [MatchTable]: tally needs each round's matches and "
                    "their VPs (tally's table, docs/interchange.md)");
    }
    TALLY_RETURN_IF_ERROR(CheckMatchColumns(it->second));
    // A knock-out stanza's IMPs won, or a match's VPs.
    const std::string home_score = file_.IsKnockout() ? "IMP_Home" : "VP_Home";
    const std::string visit_score =
        file_.IsKnockout() ? "IMP_Visit" : "VP_Visit";
    for (auto& [line, row] : it->second.rows) {
      FileMatch match;
      match.line = line;
      TALLY_ASSIGN_OR_RETURN(match.round,
                             Number("Round", row["Round"], line, 999));
      TALLY_ASSIGN_OR_RETURN(
          match.team, Number("HomeTeamId", row["HomeTeamId"], line, 999));
      // No VisitTeamId: HomeTeamId's bye in the round (tally's form).
      if (!row["VisitTeamId"].empty()) {
        TALLY_ASSIGN_OR_RETURN(
            match.opponent,
            Number("VisitTeamId", row["VisitTeamId"], line, 999));
      }
      if (!row["FirstBoard"].empty() || !row["LastBoard"].empty() ||
          match.opponent != 0) {
        TALLY_ASSIGN_OR_RETURN(
            match.first_board,
            Number("FirstBoard", row["FirstBoard"], line, 9999));
        TALLY_ASSIGN_OR_RETURN(
            match.last_board,
            Number("LastBoard", row["LastBoard"], line, 9999));
      }
      if (!row[home_score].empty()) {
        TALLY_ASSIGN_OR_RETURN(match.team_score,
                               Figure(home_score, row[home_score], line));
      }
      if (!row[visit_score].empty()) {
        TALLY_ASSIGN_OR_RETURN(match.opponent_score,
                               Figure(visit_score, row[visit_score], line));
      }
      if (file_.IsKnockout()) {
        if (match.opponent == 0) {
          return Refuse(line,
                        "a knock-out [MatchTable] row with no VisitTeamId: a "
                        "team that does not play a round is simply not "
                        "drawn in it; a walkover (SABF TR 16.1) is tally's "
                        "own decision, not read from a file");
        }
        TALLY_ASSIGN_OR_RETURN(match.knockout, ReadStanza(row, line));
      }
      const std::string where =
          match.opponent == 0 ? absl::StrCat("round ", match.round, ", team ",
                                             match.team, "'s bye")
                              : absl::StrCat("round ", match.round, ", team ",
                                             match.team, " v ", match.opponent);
      for (int team : {match.team, match.opponent}) {
        if (team != 0 && !IsTeam(team)) {
          return Refuse(line, absl::StrCat(where, ": team ", team,
                                           " is not in the "
                                           "[TotalScoreTable]"));
        }
      }
      if (match.team == match.opponent) {
        return Refuse(line, absl::StrCat(where, ": a team cannot play itself"));
      }
      if (match.opponent == 0 && match.opponent_score.has_value()) {
        return Refuse(line, absl::StrCat(where, ": a ", visit_score,
                                         " with no VisitTeamId"));
      }
      if (match.last_board < match.first_board) {
        return Refuse(
            line, absl::StrCat(where, ": LastBoard ", match.last_board,
                               " is before FirstBoard ", match.first_board));
      }
      file_.matches.push_back(std::move(match));
    }
    return absl::OkStatus();
  }

  // A knock-out file's [MatchTable] has the stanzas' columns and no VPs;
  // any other file's has VPs and none of the stanzas' columns.
  absl::Status CheckMatchColumns(const TableRows& table) const {
    for (const std::string& column : table.columns) {
      if (file_.IsKnockout() && VpColumns().contains(column)) {
        return Refuse(table.line,
                      absl::StrCat("[MatchTable] column ", column,
                                   " in a knock-out: a knock-out match is "
                                   "decided on its IMPs (IMP_Home, "
                                   "IMP_Visit)"));
      }
      if (!file_.IsKnockout() && KnockoutColumns().contains(column)) {
        return Refuse(table.line,
                      absl::StrCat("[MatchTable] column ", column, " in a ",
                                   file_.event_type,
                                   " file: a knock-out's (tally's form, "
                                   "[EventType \"KO\"])"));
      }
    }
    return absl::OkStatus();
  }

  // A knock-out row's stanza (tally's columns): StanzaNumber and
  // StanzaCount 1 when not given, CarryOver 0 and CarryOverTeamId none
  // when not given, WinnerTeamId on the match's last stanza. The shared
  // checks (CheckKnockoutStanzas) judge them together.
  absl::StatusOr<FileStanza> ReadStanza(std::map<std::string, std::string>& row,
                                        int line) const {
    FileStanza k;
    k.match_name = std::string(absl::StripAsciiWhitespace(row["MatchName"]));
    if (!row["StanzaNumber"].empty()) {
      TALLY_ASSIGN_OR_RETURN(
          k.stanza, Number("StanzaNumber", row["StanzaNumber"], line, 99));
    }
    if (!row["StanzaCount"].empty()) {
      TALLY_ASSIGN_OR_RETURN(
          k.stanzas, Number("StanzaCount", row["StanzaCount"], line, 99));
    }
    if (!row["CarryOver"].empty()) {
      TALLY_ASSIGN_OR_RETURN(k.carry_over,
                             Figure("CarryOver", row["CarryOver"], line));
    }
    if (!row["CarryOverTeamId"].empty()) {
      TALLY_ASSIGN_OR_RETURN(
          k.carry_over_team,
          Number("CarryOverTeamId", row["CarryOverTeamId"], line, 999));
    }
    if (!row["WinnerTeamId"].empty()) {
      TALLY_ASSIGN_OR_RETURN(
          k.winner, Number("WinnerTeamId", row["WinnerTeamId"], line, 999));
    }
    return k;
  }

  std::string Tag(const Game& g, const std::string& name) const {
    auto it = g.tags.find(name);
    return it == g.tags.end() ? "" : it->second.value;
  }

  int LineOf(const Game& g, const std::string& name) const {
    auto it = g.tags.find(name);
    return it == g.tags.end() ? g.tags.at("Board").line : it->second.line;
  }

  absl::StatusOr<int> TeamNamed(const Game& g, const std::string& tag) const {
    const std::string name(absl::StripAsciiWhitespace(Tag(g, tag)));
    for (const FileTeam& t : file_.teams) {
      if (t.name == name) return t.team;
    }
    return Refuse(LineOf(g, tag),
                  absl::StrCat("[", tag, " \"", name,
                               "\"] is no team's TeamName in the "
                               "[TotalScoreTable]"));
  }

  // "NS 420" / "EW -420": a figure and the side it is to, North-South's
  // view returned (tally's reading: the standard's bare form is not read).
  absl::StatusOr<core::Rational> SidedFigure(const Game& g,
                                             const std::string& tag) const {
    const std::string v(absl::StripAsciiWhitespace(Tag(g, tag)));
    const std::string side = absl::AsciiStrToUpper(v.substr(0, 2));
    const std::string rest(
        absl::StripAsciiWhitespace(v.size() > 2 ? v.substr(2) : ""));
    absl::StatusOr<core::Rational> figure = core::Rational::Parse(rest);
    if ((side != "NS" && side != "EW") || !figure.ok()) {
      return Refuse(LineOf(g, tag),
                    absl::StrCat("[", tag, " \"", v,
                                 "\"]: tally reads a figure with its side, "
                                 "\"NS 420\" or \"EW -420\""));
    }
    return side == "NS" ? *figure : -*figure;
  }

  // tally deals every board by the 16-board cycle (core/scoring/board.h).
  absl::Status CheckBoardCycle(const Game& g, int board) const {
    for (const char* name : {"Dealer", "Vulnerable"}) {
      const std::string value = Tag(g, name);
      const std::string expected = BoardCycleMismatch(name, value, board);
      if (!expected.empty()) {
        return Refuse(
            LineOf(g, name),
            absl::StrCat("[", name, " \"", value, "\"] on board ", board,
                         ": tally deals every board by the "
                         "16-board cycle (",
                         expected, ")"));
      }
    }
    return absl::OkStatus();
  }

  // One room's game: its match, board, room and result.
  absl::Status ReadRoom(const Game& g) {
    const int line = g.tags.at("Board").line;
    TALLY_ASSIGN_OR_RETURN(const int board,
                           Number("[Board]", Tag(g, "Board"), line, 999));
    TALLY_RETURN_IF_ERROR(CheckBoardCycle(g, board));
    for (const char* tag : {"Round", "HomeTeam", "VisitTeam", "Room"}) {
      if (Tag(g, tag).empty()) {
        return Refuse(line,
                      absl::StrCat("board ", board, ": a game with no [", tag,
                                   "]; tally reads a teams board "
                                   "from each room's game with its "
                                   "round, teams and room"));
      }
    }
    TALLY_ASSIGN_OR_RETURN(const int round, Number("[Round]", Tag(g, "Round"),
                                                   LineOf(g, "Round"), 999));
    TALLY_ASSIGN_OR_RETURN(const int home, TeamNamed(g, "HomeTeam"));
    TALLY_ASSIGN_OR_RETURN(const int visit, TeamNamed(g, "VisitTeam"));
    const std::string room_name = absl::AsciiStrToUpper(Tag(g, "Room"));
    if (room_name != "OPEN" && room_name != "CLOSED") {
      return Refuse(LineOf(g, "Room"),
                    absl::StrCat("[Room \"", Tag(g, "Room"),
                                 "\"]: a teams match has an \"Open\" room "
                                 "(the home team North-South) and a "
                                 "\"Closed\" one"));
    }
    const std::string where = absl::StrCat("round ", round, ", team ", home,
                                           " v ", visit, ", board ", board);
    auto match = std::find_if(
        file_.matches.begin(), file_.matches.end(), [&](const FileMatch& m) {
          return m.round == round && m.team == home && m.opponent == visit;
        });
    if (match == file_.matches.end()) {
      return Refuse(line, absl::StrCat(where,
                                       ": no such match in the [MatchTable] "
                                       "(its HomeTeamId, VisitTeamId and "
                                       "Round)"));
    }
    if (board < match->first_board || board > match->last_board) {
      return Refuse(line,
                    absl::StrCat(where, ": not among the match's boards ",
                                 match->first_board, "-", match->last_board,
                                 " (line ", match->line, ")"));
    }
    FileRoomResult room;
    room.line = line;
    room.team_north_south = room_name == "OPEN";
    TALLY_RETURN_IF_ERROR(ReadResult(g, board, where, room));

    auto b = std::find_if(
        match->boards.begin(), match->boards.end(),
        [&](const FileMatchBoard& mb) { return mb.board == board; });
    if (b == match->boards.end()) {
      match->boards.push_back(FileMatchBoard{line, board, std::nullopt, {}});
      b = match->boards.end() - 1;
    }
    for (const FileRoomResult& r : b->rooms) {
      if (r.team_north_south == room.team_north_south) {
        return Refuse(line,
                      absl::StrCat(where, ": a second ", Tag(g, "Room"),
                                   " room (the first at line ", r.line, ")"));
      }
    }
    if (!Tag(g, "ScoreIMP").empty()) {
      // The home team's IMPs (tally's reading): "NS x" to North-South in
      // this room, where the home team sits in the open room.
      TALLY_ASSIGN_OR_RETURN(core::Rational imps, SidedFigure(g, "ScoreIMP"));
      if (!room.team_north_south) imps = -imps;
      if (b->imps.has_value() && *b->imps != imps) {
        return Refuse(
            LineOf(g, "ScoreIMP"),
            absl::StrCat(where, ": [ScoreIMP] gives the home team ",
                         imps.ToString(),
                         " IMPs, the other room's "
                         "game (line ",
                         b->rooms.front().line, ") ", b->imps->ToString()));
      }
      b->imps = imps;
    }
    b->rooms.push_back(std::move(room));
    return absl::OkStatus();
  }

  // The room's result: [Contract], [Declarer], [Result], checked against
  // [Score]; or an artificial adjusted score "A6040" in [Score] (tally's
  // form, as in USEBIO's SCORE), with no contract where the board was not
  // played in the room (Law 12C2(a)).
  absl::Status ReadResult(const Game& g, int board, const std::string& where,
                          FileRoomResult& room) const {
    const std::string contract = Tag(g, "Contract");
    const std::string score(absl::StripAsciiWhitespace(Tag(g, "Score")));
    bool check_score = !score.empty();
    if (!score.empty() && (score[0] == 'A' || score[0] == 'a')) {
      absl::StatusOr<FileAdjusted> adjusted =
          ParseAdjustedScore(score, FileScoring::kButlerImps);
      if (!adjusted.ok()) {
        return Refuse(LineOf(g, "Score"),
                      absl::StrCat(where, ": ", adjusted.status().message()));
      }
      room.adjusted = *adjusted;
      if (contract.empty()) {
        room.result.mutable_not_played();
        return absl::OkStatus();
      }
      check_score = false;  // the adjusted score stands in for the result's
    }
    if (contract.empty()) {
      return Refuse(LineOf(g, "Contract"),
                    absl::StrCat(where,
                                 ": a room with no [Contract]; tally enters "
                                 "a room's result by its contract"));
    }
    absl::StatusOr<v1::TableResult> result =
        ParseResult(contract, Tag(g, "Declarer"), Tag(g, "Result"));
    if (!result.ok()) {
      return Refuse(LineOf(g, "Contract"),
                    absl::StrCat(where, ": ", result.status().message()));
    }
    room.result = *std::move(result);
    absl::StatusOr<int> computed =
        replay::NorthSouthScoreOf(room.result, board);
    if (!computed.ok()) {
      return Refuse(LineOf(g, "Contract"),
                    absl::StrCat(where, ": ", computed.status().message()));
    }
    room.ns_score = *computed;
    if (check_score) {
      TALLY_ASSIGN_OR_RETURN(const core::Rational ns, SidedFigure(g, "Score"));
      if (ns != core::Rational(*computed)) {
        return Refuse(LineOf(g, "Score"),
                      absl::StrCat(where, ": [Score \"", score,
                                   "\"] is not the score of ",
                                   replay::DescribeResult(room.result), " (",
                                   *computed, " to North-South, Law 77)"));
      }
    }
    return absl::OkStatus();
  }

  const std::string& bytes_;
  const std::string& file_name_;
  std::vector<Game> games_;
  std::map<std::string, TableRows> tables_;
  TeamsFile file_;
};

}  // namespace

bool IsPbnTeamsFile(const std::string& bytes) {
  for (absl::string_view line : absl::StrSplit(bytes, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (!absl::StartsWith(line, "[Competition")) continue;
    const size_t open = line.find('"');
    const size_t close = line.rfind('"');
    if (open != absl::string_view::npos && close > open &&
        absl::EqualsIgnoreCase(line.substr(open + 1, close - open - 1),
                               "Teams")) {
      return true;
    }
  }
  return false;
}

absl::StatusOr<TeamsFile> ReadPbnTeams(const std::string& bytes,
                                       const std::string& file_name) {
  return PbnTeamsReader(bytes, file_name).Read();
}

}  // namespace tally::interchange
