// PBN 2.1 reader (see pbn_reader.h). A PBN file is games separated by
// empty lines; each game is tags `[Name "value"]`, and a tag may be
// followed by rows of data (its section): a table tag's columns are its
// value, "Name\widthAlign;..." (PBN 2.1 section 5.3), and its rows are
// tokens separated by spaces, a quoted string being one token and "-" no
// value.

#include "server/interchange/pbn_reader.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "replay/state/bridge_convert.h"
#include "server/interchange/contract_text.h"
#include "server/interchange/pbn_syntax.h"

namespace tally::interchange {
namespace {

// ScoreTable and TotalScoreTable columns tally reads, and the ones it
// ignores because they change no figure it keeps; any other column is
// refused.
const std::set<std::string>& ScoreColumns() {
  static const auto* k = new std::set<std::string>{
      "PairId_NS", "PairId_EW", "Contract", "Declarer",
      "Result",    "Score_NS",  "Score_EW", "MP_NS",
      "MP_EW",     "IMP_NS",    "IMP_EW",   "ButlerDatum"};
  return *k;
}
const std::set<std::string>& IgnoredScoreColumns() {
  static const auto* k = new std::set<std::string>{
      "Table",    "Round",         "Lead",          "Names_NS",
      "Names_EW", "Percentage_NS", "Percentage_EW", "Section"};
  return *k;
}
const std::set<std::string>& TotalColumns() {
  static const auto* k = new std::set<std::string>{
      "Rank",         "RankTie",       "PairId",          "Direction",
      "TotalScoreMP", "TotalScoreIMP", "TotalPercentage", "Names"};
  return *k;
}
const std::set<std::string>& IgnoredTotalColumns() {
  static const auto* k = new std::set<std::string>{
      "Table",     "NrBoards", "MaxScoreMP", "Section", "MemberID1",
      "MemberID2", "Club",     "Sex1",       "Sex2"};
  return *k;
}

// The decimal places printed in `text` ("12.50": 2).
int PlacesOf(const std::string& text) {
  const size_t dot = text.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

struct Table {
  std::string name;  // "ScoreTable", "TotalScoreTable" or another section
  std::vector<std::string> columns;
  int line = 0;
};

class Reader {
 public:
  Reader(const std::string& bytes, const std::string& file_name)
      : bytes_(bytes), file_name_(file_name) {}

  absl::StatusOr<SessionFile> Read() {
    std::vector<std::string> lines = absl::StrSplit(bytes_, '\n');
    bool in_commentary = false;
    for (size_t i = 0; i < lines.size(); ++i) {
      const int line = static_cast<int>(i) + 1;
      std::string t(absl::StripAsciiWhitespace(lines[i]));
      if (in_commentary) {
        if (t.find('}') != std::string::npos) in_commentary = false;
        continue;
      }
      if (t.empty()) {
        if (absl::Status s = EndGame(); !s.ok()) return s;
        continue;
      }
      if (t[0] == '%' || t[0] == ';') continue;
      if (t[0] == '{') {
        in_commentary = t.find('}') == std::string::npos;
        continue;
      }
      if (t[0] == '[') {
        if (absl::Status s = Tag(t, line); !s.ok()) return s;
        continue;
      }
      if (absl::Status s = Row(t, line); !s.ok()) return s;
    }
    if (absl::Status s = EndGame(); !s.ok()) return s;
    if (file_.pairs.empty()) {
      return Refuse(1,
                    "no [TotalScoreTable]: tally needs the pairs and "
                    "their players");
    }
    if (file_.boards.empty()) {
      return Refuse(1, "no game with a [ScoreTable]: nothing to score");
    }
    if (absl::Status s = Sections(); !s.ok()) return s;
    if (file_.sections.empty()) {
      if (absl::Status s = StartingSeats(); !s.ok()) return s;
    }
    file_.scoring = scoring_;
    return file_;
  }

 private:
  absl::Status Refuse(int line, const std::string& what) const {
    return absl::InvalidArgumentError(
        absl::StrCat(file_name_, " line ", line, ": ", what));
  }

  absl::Status EndGame() {
    if (board_.board != 0 && !board_.results.empty()) {
      board_.section = section_;
      for (const FileBoard& b : file_.boards) {
        if (b.board == board_.board && b.section == board_.section) {
          return Refuse(
              board_.line,
              absl::StrCat("board ", board_.board,
                           section_.empty()
                               ? ""
                               : absl::StrCat(" of section ", section_),
                           " has a second traveller"));
        }
      }
      file_.boards.push_back(std::move(board_));
    }
    board_ = FileBoard();
    section_.clear();
    table_ = Table();
    return absl::OkStatus();
  }

  // One [Section] value in the whole file (or none) is a session of one
  // section; two or more make a session in sections, in which every game
  // and TotalScoreTable row names its section (matchpoints or IMPs).
  absl::Status Sections() {
    if (file_.sections.size() < 2) {
      file_.sections.clear();
      for (FileBoard& b : file_.boards) b.section.clear();
      for (FilePair& p : file_.pairs) p.section.clear();
      return absl::OkStatus();
    }
    for (const FileBoard& b : file_.boards) {
      if (b.section.empty()) {
        return Refuse(b.line, absl::StrCat("board ", b.board,
                                           ": a game with no [Section] in a "
                                           "file in sections"));
      }
    }
    for (const FilePair& p : file_.pairs) {
      if (p.section.empty()) {
        return Refuse(p.line, absl::StrCat("pair ", p.pair,
                                           ": a [TotalScoreTable] row with no "
                                           "[Section] in a file in sections"));
      }
    }
    return absl::OkStatus();
  }

  absl::Status Tag(const std::string& t, int line) {
    std::optional<PbnTag> tag = ParsePbnTag(t);
    if (!tag.has_value()) {
      return Refuse(line, absl::StrCat("\"", t,
                                       "\" is not a PBN tag "
                                       "[Name \"value\"]"));
    }
    const std::string name = tag->name;
    std::string value = tag->value;
    table_ = Table{name, {}, line};
    if (value == "#") value = previous_[name];  // PBN 2.1 3.6: as before
    previous_[name] = value;
    if (name == "Event") {
      if (file_.line == 0) file_.line = line;
      file_.event_name = value;
    } else if (name == "Date") {
      file_.date = value;
    } else if (name == "Board") {
      if (board_.board != 0) {
        // Otherwise the rows read so far, scored on the first board's
        // vulnerability, would be filed under the second.
        return Refuse(line, absl::StrCat("a second [Board] in the game of "
                                         "board ",
                                         board_.board, " (line ", board_.line,
                                         "): games are separated by an "
                                         "empty line"));
      }
      int board = 0;
      if (!absl::SimpleAtoi(value, &board) || board < 1 || board > 999) {
        return Refuse(line, absl::StrCat("[Board \"", value,
                                         "\"] is not a board number"));
      }
      board_.board = board;
      board_.line = line;
    } else if (name == "Scoring") {
      return ScoringTag(value, line);
    } else if (name == "Datum") {
      // tally's tag for a Butler board's datum (docs/interchange.md).
      int datum = 0;
      if (scoring_ != FileScoring::kButlerImps) {
        return Refuse(line, absl::StrCat("[Datum \"", value, "\"] in a ",
                                         FileScoringName(scoring_),
                                         " file: only Butler IMPs have a "
                                         "datum"));
      }
      if (!absl::SimpleAtoi(value, &datum) || datum < -7600 || datum > 7600) {
        return Refuse(line,
                      absl::StrCat("[Datum \"", value, "\"] is not a score"));
      }
      board_.datum = datum;
    } else if (name == "Competition") {
      if (!value.empty() && absl::AsciiStrToUpper(value) != "PAIRS") {
        // PBN 2.1's Competition: Individuals, Pairs, Teams. A teams file
        // is read by ReadPbnTeams (pbn_teams_reader.h), to which
        // `tally import` sends it.
        return Refuse(
            line,
            absl::StrCat("[Competition \"", value, "\"]: ",
                         absl::AsciiStrToUpper(value) == "TEAMS"
                             ? "a teams event, read as one (tally import "
                               "reads it as a teams competition), not as a "
                               "pairs session"
                             : "tally imports pairs and teams events from "
                               "PBN"));
      }
    } else if (name == "Section") {
      // The game's section; two or more in a file make a session in
      // sections (each game one section's traveller of a board).
      section_ = value;
      if (!value.empty() &&
          std::none_of(file_.sections.begin(), file_.sections.end(),
                       [&](const FileSection& s) { return s.name == value; })) {
        file_.sections.push_back({line, value});
      }
    } else if (name == "Vulnerable" || name == "Dealer") {
      return CheckBoardCycle(name, value, line);
    } else if (name == "ScoreTable" || name == "TotalScoreTable") {
      return Columns(value, line);
    }
    return absl::OkStatus();
  }

  // [Scoring]: MatchPoints (or MP...), Butler (IMPs against a datum) or
  // Cross-IMPs; one scoring a file.
  absl::Status ScoringTag(const std::string& value, int line) {
    const std::string u = absl::AsciiStrToUpper(value);
    FileScoring scoring;
    if (u.empty() || absl::StartsWith(u, "MATCHPOINTS") ||
        absl::StartsWith(u, "MP")) {
      scoring = FileScoring::kMatchpoints;
    } else if (u == "BUTLER" || u == "IMP;BUTLER") {
      scoring = FileScoring::kButlerImps;
    } else if (std::optional<std::string> why = RuterButler(u); why) {
      if (!why->empty()) {
        return Refuse(line, absl::StrCat("[Scoring \"", value, "\"]: ", *why));
      }
      scoring = FileScoring::kButlerImps;
    } else if (u == "CROSS-IMPS" || u == "CROSSIMPS" || u == "IMP;CROSS") {
      scoring = FileScoring::kCrossImps;
    } else {
      return Refuse(line, absl::StrCat("[Scoring \"", value,
                                       "\"]: tally imports MatchPoints, "
                                       "Butler or Cross-IMPs pairs scoring"));
    }
    if (scoring_set_ && scoring != scoring_) {
      return Refuse(
          line,
          absl::StrCat("[Scoring \"", value, "\"] after a game scored ",
                       FileScoringName(scoring_), ": one scoring a file"));
    }
    scoring_ = scoring;
    scoring_set_ = true;
    return absl::OkStatus();
  }

  // Ruter's Butler scoring ("IMP;Butler-2;Mean", a published Norwegian club
  // file): IMPs against a datum that is the mean of the North-South scores
  // less the N extreme ones. nullopt when `u` (upper case) is not of that
  // form; "" when tally reads it; otherwise why tally cannot. How many
  // scores are dropped is checked board by board, as the file's
  // ButlerDatum column is compared with tally's datum.
  static std::optional<std::string> RuterButler(const std::string& u) {
    std::vector<std::string> parts = absl::StrSplit(u, ';');
    if (parts.size() != 3 || parts[0] != "IMP" ||
        !absl::StartsWith(parts[1], "BUTLER-")) {
      return std::nullopt;
    }
    int dropped = 0;
    if (!absl::SimpleAtoi(parts[1].substr(7), &dropped) || dropped < 0) {
      return std::nullopt;
    }
    if (parts[2] != "MEAN") {
      return std::string(
          "tally's Butler datums are means of the scores kept (\"Mean\")");
    }
    return std::string();
  }

  // OK when the column's figure belongs to the file's scoring.
  absl::Status Fits(const std::string& column, FileScoring scoring,
                    int line) const {
    if (scoring == scoring_) return absl::OkStatus();
    return Refuse(line, absl::StrCat(column, " is a ", FileScoringName(scoring),
                                     " figure, but the file is scored ",
                                     FileScoringName(scoring_)));
  }

  absl::Status ImpsInMatchpoints(const std::string& column, int line) const {
    return Refuse(line, absl::StrCat(column,
                                     " is an IMP figure, but the file is "
                                     "scored MATCH_POINTS (an IMP pairs file "
                                     "says [Scoring \"Butler\"] or "
                                     "[Scoring \"Cross-IMPs\"])"));
  }

  // tally deals every board by the 16-board cycle (pbn_syntax.h).
  absl::Status CheckBoardCycle(const std::string& name,
                               const std::string& value, int line) {
    if (board_.board == 0) return absl::OkStatus();
    const std::string expected = BoardCycleMismatch(name, value, board_.board);
    if (expected.empty()) return absl::OkStatus();
    return Refuse(line, absl::StrCat("[", name, " \"", value, "\"] on board ",
                                     board_.board,
                                     ": tally deals every board by the "
                                     "16-board cycle (",
                                     expected, ")"));
  }

  absl::Status Columns(const std::string& value, int line) {
    const bool score = table_.name == "ScoreTable";
    for (absl::string_view c : absl::StrSplit(value, ';', absl::SkipEmpty())) {
      std::string column(c.substr(0, c.find('\\')));
      const bool read = score ? ScoreColumns().contains(column)
                              : TotalColumns().contains(column);
      const bool ignored = score ? IgnoredScoreColumns().contains(column)
                                 : IgnoredTotalColumns().contains(column);
      if (!read && !ignored) {
        return Refuse(line,
                      absl::StrCat("[", table_.name, "] column \"", column,
                                   "\" is not one tally knows, so it "
                                   "cannot tell whether it changes a "
                                   "figure"));
      }
      table_.columns.push_back(column);
    }
    return absl::OkStatus();
  }

  absl::Status Row(const std::string& t, int line) {
    if (table_.name != "ScoreTable" && table_.name != "TotalScoreTable") {
      return absl::OkStatus();  // another tag's section (Auction, Play, ...)
    }
    std::optional<std::vector<std::string>> tokens = PbnRowValues(t);
    if (!tokens.has_value()) {
      return Refuse(line, "a quoted value with no closing quote");
    }
    if (tokens->size() != table_.columns.size()) {
      return Refuse(line, absl::StrCat("a [", table_.name, "] row of ",
                                       tokens->size(), " values for ",
                                       table_.columns.size(), " columns"));
    }
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < tokens->size(); ++i) {
      if ((*tokens)[i] != "-") row[table_.columns[i]] = (*tokens)[i];
    }
    return table_.name == "ScoreTable" ? ScoreRow(row, line)
                                       : TotalRow(row, line);
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

  absl::Status ScoreRow(std::map<std::string, std::string>& row, int line) {
    if (board_.board == 0) {
      return Refuse(line, "a [ScoreTable] row in a game with no [Board]");
    }
    FileResult r;
    r.line = line;
    for (const char* side : {"PairId_NS", "PairId_EW"}) {
      int pair = 0;
      if (!absl::SimpleAtoi(row[side], &pair) || pair < 1) {
        return Refuse(line,
                      absl::StrCat("board ", board_.board, ": ", side, " \"",
                                   row[side], "\" is not a pair number"));
      }
      (std::string(side) == "PairId_NS" ? r.ns_pair : r.ew_pair) = pair;
    }
    const std::string where =
        absl::StrCat("board ", board_.board, ", ", r.ns_pair, " v ", r.ew_pair);
    // An adjusted score: "Annnn" in Score_NS, North-South's and East-West's
    // percentages of the top (tally's choice, as USEBIO writes it:
    // docs/interchange.md), the Contract the one played or "-" where the
    // board was not played there (Law 12C2(a)).
    const std::string& ns_text = row["Score_NS"];
    if (!ns_text.empty() && (ns_text[0] == 'A' || ns_text[0] == 'a')) {
      absl::StatusOr<FileAdjusted> adjusted =
          ParseAdjustedScore(ns_text, scoring_);
      if (!adjusted.ok()) {
        return Refuse(line,
                      absl::StrCat(where, ": ", adjusted.status().message()));
      }
      if (!row["Score_EW"].empty()) {
        return Refuse(line,
                      absl::StrCat(where, ": Score_EW \"", row["Score_EW"],
                                   "\" beside the adjusted score \"", ns_text,
                                   "\"; a row carries one or the "
                                   "other"));
      }
      r.adjusted = *adjusted;
      row.erase("Score_NS");
    }
    for (const char* side : {"Score_EW", "Contract"}) {
      const std::string& v = row[side];
      if (!v.empty() && (v[0] == 'A' || v[0] == 'a') &&
          !absl::EqualsIgnoreCase(v, "AP")) {
        return Refuse(line, absl::StrCat(where, ": the adjusted score \"", v,
                                         "\" in ", side,
                                         "; tally reads an adjusted score in "
                                         "Score_NS, \"A\" and North-South's "
                                         "and East-West's percentages (e.g. "
                                         "A6040)"));
      }
    }
    std::optional<int> file_score;
    for (const char* side : {"Score_NS", "Score_EW"}) {
      if (row[side].empty()) continue;
      int v = 0;
      if (!absl::SimpleAtoi(row[side], &v)) {
        return Refuse(line, absl::StrCat(where, ": ", side, " \"", row[side],
                                         "\" is not a number"));
      }
      file_score = std::string(side) == "Score_NS" ? v : -v;
      break;
    }
    if (row["Contract"].empty() && r.adjusted.has_value()) {
      r.result.mutable_not_played();  // Law 12C2(a)
    } else if (row["Contract"].empty()) {
      if (!file_score.has_value()) {
        return Refuse(line, absl::StrCat(where,
                                         ": a row with neither a Contract "
                                         "nor a score; tally needs one of "
                                         "them for every result"));
      }
      // A result known by its score alone (TableResult.score_only).
      r.result.mutable_score_only()->set_ns_score(*file_score);
    } else {
      absl::StatusOr<v1::TableResult> result =
          ParseResult(row["Contract"], row["Declarer"], row["Result"]);
      if (!result.ok()) {
        return Refuse(line,
                      absl::StrCat(where, ": ", result.status().message()));
      }
      r.result = *std::move(result);
    }
    if (!r.result.has_not_played()) {
      absl::StatusOr<int> computed =
          replay::NorthSouthScoreOf(r.result, board_.board);
      if (!computed.ok()) {
        return Refuse(line,
                      absl::StrCat(where, ": ", computed.status().message()));
      }
      r.ns_score = *computed;
      if (file_score.has_value() && *file_score != *computed) {
        return Refuse(line,
                      absl::StrCat(where, ": the score ", *file_score,
                                   " is not the score of ",
                                   replay::DescribeResult(r.result), " (",
                                   *computed, " to North-South, Law 77)"));
      }
    }
    for (const char* side : {"MP_NS", "MP_EW"}) {
      if (row[side].empty()) continue;
      if (absl::Status s = Fits(side, FileScoring::kMatchpoints, line);
          !s.ok()) {
        return s;
      }
      absl::StatusOr<core::Rational> mp = Figure(side, row[side], line);
      if (!mp.ok()) return mp.status();
      (std::string(side) == "MP_NS" ? r.ns_matchpoints : r.ew_matchpoints) =
          *mp;
    }
    for (const char* side : {"IMP_NS", "IMP_EW"}) {
      if (row[side].empty()) continue;
      if (scoring_ == FileScoring::kMatchpoints)
        return ImpsInMatchpoints(side, line);
      absl::StatusOr<core::Rational> imps = Figure(side, row[side], line);
      if (!imps.ok()) return imps.status();
      (std::string(side) == "IMP_NS" ? r.ns_imps : r.ew_imps) = *imps;
      r.imps_places = std::max(r.imps_places, PlacesOf(row[side]));
    }
    if (absl::Status s = ButlerDatum(row["ButlerDatum"], where, line);
        !s.ok()) {
      return s;
    }
    int round = 0;
    if (absl::SimpleAtoi(row["Round"], &round)) {
      for (auto [pair, seat] :
           {std::pair{r.ns_pair, "NS"}, {r.ew_pair, "EW"}}) {
        auto [it, added] = first_seats_.try_emplace(pair, round, seat, line);
        if (!added && round < std::get<0>(it->second)) {
          it->second = {round, seat, line};
        }
      }
    }
    board_.results.push_back(std::move(r));
    return absl::OkStatus();
  }

  // Ruter's ButlerDatum column: the board's datum on every row of its
  // ScoreTable, compared with tally's as [Datum] is.
  absl::Status ButlerDatum(const std::string& text, const std::string& where,
                           int line) {
    if (text.empty()) return absl::OkStatus();
    if (scoring_ != FileScoring::kButlerImps) {
      return Refuse(line, absl::StrCat(where, ": ButlerDatum \"", text,
                                       "\" in a ", FileScoringName(scoring_),
                                       " file: only Butler IMPs have a datum"));
    }
    int datum = 0;
    if (!absl::SimpleAtoi(text, &datum) || datum < -7600 || datum > 7600) {
      return Refuse(line, absl::StrCat(where, ": ButlerDatum \"", text,
                                       "\" is not a score"));
    }
    if (board_.datum.has_value() && *board_.datum != datum) {
      return Refuse(line, absl::StrCat(where, ": ButlerDatum ", datum,
                                       ", but the board's datum is ",
                                       *board_.datum, " above it"));
    }
    board_.datum = datum;
    return absl::OkStatus();
  }

  // Ruter writes each pair's Direction beside its Table: the seat it
  // started at, not a field. A line seating two pairs of the same Direction
  // shows it (in a Mitchell, arrow switches too, North-South pairs meet
  // East-West pairs only): the session is a Howell, one field, whose pairs
  // change direction. Each Direction is then checked against the pair's
  // seat in its first round (where the ScoreTable numbers rounds) and
  // dropped, as a Howell's pairs have none.
  absl::Status StartingSeats() {
    std::map<int, FilePair*> by_number;
    for (FilePair& p : file_.pairs) by_number[p.pair] = &p;
    auto direction = [&](int pair) {
      auto it = by_number.find(pair);
      return it == by_number.end() ? std::string() : it->second->direction;
    };
    bool howell = false;
    for (const FileBoard& b : file_.boards) {
      for (const FileResult& r : b.results) {
        const std::string ns = direction(r.ns_pair);
        howell = howell || (!ns.empty() && ns == direction(r.ew_pair));
      }
    }
    if (!howell) return absl::OkStatus();
    for (FilePair& p : file_.pairs) {
      auto seat = first_seats_.find(p.pair);
      if (!p.direction.empty() && seat != first_seats_.end() &&
          std::get<1>(seat->second) != p.direction) {
        return Refuse(
            p.line,
            absl::StrCat("pair ", p.pair, ": Direction ", p.direction,
                         ", but its first round (round ",
                         std::get<0>(seat->second), ", ScoreTable line ",
                         std::get<2>(seat->second), ") seats it ",
                         std::get<1>(seat->second),
                         "; in a Howell, tally reads Direction as the seat a "
                         "pair started at"));
      }
      p.direction.clear();
    }
    return absl::OkStatus();
  }

  absl::Status TotalRow(std::map<std::string, std::string>& row, int line) {
    FilePair p;
    p.line = line;
    p.section = section_;
    if (!absl::SimpleAtoi(row["PairId"], &p.pair) || p.pair < 1) {
      return Refuse(line, absl::StrCat("PairId \"", row["PairId"],
                                       "\" is not a pair number"));
    }
    // "NS" or "EW"; Ruter writes "N-S" and "E-W".
    p.direction = absl::StrReplaceAll(absl::AsciiStrToUpper(row["Direction"]),
                                      {{"-", ""}});
    if (!p.direction.empty() && p.direction != "NS" && p.direction != "EW") {
      return Refuse(line,
                    absl::StrCat("pair ", p.pair, ": Direction \"",
                                 row["Direction"], "\" is neither NS nor EW"));
    }
    const std::string& names = row["Names"];
    for (const char* separator : {" - ", " & "}) {
      std::vector<std::string> two = absl::StrSplit(names, separator);
      if (two.size() == 2) {
        for (std::string& n : two) absl::StripAsciiWhitespace(&n);
        if (!two[0].empty() && !two[1].empty()) p.players = two;
        break;
      }
    }
    if (p.players.size() != 2) {
      return Refuse(line, absl::StrCat("pair ", p.pair, ": Names \"", names,
                                       "\" is not two players written "
                                       "\"A - B\" or \"A & B\""));
    }
    p.place = row["Rank"];
    if (!row["RankTie"].empty()) {
      // Ruter's tie: Rank 4 and RankTie 5 share places 4 and 5 ("4=").
      int first = 0, last = 0;
      if (!absl::SimpleAtoi(p.place, &first) ||
          !absl::SimpleAtoi(row["RankTie"], &last) || last <= first) {
        return Refuse(
            line, absl::StrCat("pair ", p.pair, ": RankTie \"", row["RankTie"],
                               "\" is not the last place of a tie "
                               "starting at Rank \"",
                               p.place, "\""));
      }
      p.place = absl::StrCat(first, "=");
    }
    for (const char* column : {"TotalScoreMP", "TotalScoreIMP"}) {
      const std::string& text = row[column];
      if (text.empty()) continue;
      if (std::string(column) == "TotalScoreMP") {
        if (absl::Status s = Fits(column, FileScoring::kMatchpoints, line);
            !s.ok()) {
          return s;
        }
      } else if (scoring_ == FileScoring::kMatchpoints) {
        return ImpsInMatchpoints(column, line);
      }
      absl::StatusOr<core::Rational> total = Figure(column, text, line);
      if (!total.ok()) return total.status();
      p.total = *total;
      p.total_places = PlacesOf(text);
    }
    if (!row["TotalPercentage"].empty()) {
      absl::StatusOr<core::Rational> pct =
          Figure("TotalPercentage", row["TotalPercentage"], line);
      if (!pct.ok()) return pct.status();
      p.percentage = row["TotalPercentage"];
    }
    file_.pairs.push_back(std::move(p));
    return absl::OkStatus();
  }

  const std::string& bytes_;
  const std::string& file_name_;
  SessionFile file_;
  FileBoard board_;
  Table table_;
  std::string section_;
  std::map<std::string, std::string> previous_;
  // Each pair's seat in its first round, where the ScoreTable numbers
  // rounds: pair -> (round, "NS" or "EW", line).
  std::map<int, std::tuple<int, std::string, int>> first_seats_;
  FileScoring scoring_ = FileScoring::kMatchpoints;
  bool scoring_set_ = false;
};

}  // namespace

absl::StatusOr<SessionFile> ReadPbn(const std::string& bytes,
                                    const std::string& file_name) {
  return Reader(bytes, file_name).Read();
}

}  // namespace tally::interchange
