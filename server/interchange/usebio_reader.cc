// USEBIO 1.2 reader (see usebio_reader.h). Element names follow the USEBIO
// 1.2 DTD: USEBIO > EVENT (> SESSION > SECTION)? > PARTICIPANTS > PAIR and
// BOARD > TRAVELLER_LINE. IMP-scored pairs (BOARD_SCORING_METHOD BUTLER_IMPS
// or CROSS_IMPS) carry NS_/EW_BUTLER_POINTS or NS_/EW_CROSS_IMP_POINTS on
// each line and, for Butler, the board's DATUM (docs/interchange.md).

#include "server/interchange/usebio_reader.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "core/base/status_macros.h"
#include "pugixml.hpp"
#include "replay/state/bridge_convert.h"
#include "server/interchange/contract_text.h"
#include "server/interchange/usebio_document.h"

namespace tally::interchange {
namespace {

class Reader : private UsebioDocument {
 public:
  Reader(const std::string& bytes, const std::string& file_name)
      : UsebioDocument(bytes, file_name) {}

  absl::StatusOr<SessionFile> Read() {
    absl::StatusOr<pugi::xml_node> event = OneEvent("one session a file");
    if (!event.ok()) return event.status();
    return ReadEvent(*event);
  }

 private:
  // OK when the figure `n` belongs to the file's scoring; else the refusal
  // naming the line.
  absl::Status Fits(pugi::xml_node n, FileScoring scoring) const {
    if (scoring == scoring_) return absl::OkStatus();
    return Refuse(Line(n), absl::StrCat("<", n.name(), "> is a ",
                                        FileScoringName(scoring),
                                        " figure, but the file is scored ",
                                        FileScoringName(scoring_)));
  }

  absl::StatusOr<SessionFile> ReadEvent(pugi::xml_node event) {
    SessionFile file;
    file.line = Line(event);
    std::string type = event.attribute("EVENT_TYPE").value();
    // The pairs event types; the board scoring method says how boards are
    // scored (an IMP event type without one implies its method).
    if (type == "BUTLER_PAIRS") {
      scoring_ = FileScoring::kButlerImps;
    } else if (type == "CROSS_IMPS" || type == "CROSS_IMP") {
      scoring_ = FileScoring::kCrossImps;
    } else if (type != "PAIRS" && type != "MP_PAIRS") {
      return Refuse(Line(event),
                    absl::StrCat("EVENT_TYPE \"", type,
                                 "\": tally imports pairs sessions "
                                 "(EVENT_TYPE \"PAIRS\", \"MP_PAIRS\", "
                                 "\"BUTLER_PAIRS\" or \"CROSS_IMPS\") so far"));
    }
    const bool imp_type =
        type == "BUTLER_PAIRS" || type == "CROSS_IMPS" || type == "CROSS_IMP";
    pugi::xml_node session;                // the one SESSION, if any
    std::vector<pugi::xml_node> sections;  // its SECTIONs, or the EVENT's
    for (pugi::xml_node n : event.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "EVENT_DESCRIPTION") {
        file.event_name = Text(n);
      } else if (name == "DATE") {
        file.date = Text(n);
      } else if (name == "BOARD_SCORING_METHOD" || name == "SCORING_METHOD") {
        const FileScoring before = scoring_;
        if (Text(n) == "MATCH_POINTS") {
          scoring_ = FileScoring::kMatchpoints;
        } else if (Text(n) == "BUTLER_IMPS") {
          scoring_ = FileScoring::kButlerImps;
        } else if (Text(n) == "CROSS_IMPS") {
          scoring_ = FileScoring::kCrossImps;
        } else {
          return Refuse(Line(n), absl::StrCat("<", name, "> \"", Text(n),
                                              "\": tally scores MATCH_POINTS, "
                                              "BUTLER_IMPS or CROSS_IMPS"));
        }
        if (imp_type && scoring_ != before) {
          return Refuse(Line(n), absl::StrCat("<", name, "> \"", Text(n),
                                              "\" contradicts EVENT_TYPE \"",
                                              type, "\""));
        }
      } else if (name == "WINNER_TYPE") {
        if (Text(n) != "1" && Text(n) != "2") {
          return Refuse(Line(n), absl::StrCat("<WINNER_TYPE> \"", Text(n),
                                              "\": tally ranks one field or "
                                              "the NS and EW fields (1 or 2)"));
        }
      } else if (name == "SESSION") {
        if (session || !sections.empty()) {
          return Refuse(Line(n),
                        "a second <SESSION>: tally imports one session a "
                        "file");
        }
        session = n;
        for (pugi::xml_node s : n.children("SECTION")) sections.push_back(s);
      } else if (name == "SECTION") {
        if (session) {
          return Refuse(Line(n),
                        "a <SECTION> beside a <SESSION>: tally imports one "
                        "session a file");
        }
        sections.push_back(n);
      } else if (name != "PARTICIPANTS" && name != "BOARD") {
        if (absl::Status s = Known(n); !s.ok()) return s;
      }
    }
    // Where PARTICIPANTS and BOARDs sit: the EVENT, its SESSION, or each
    // SECTION (two or more make a session in sections, matchpointed or
    // IMP-scored alike).
    std::vector<pugi::xml_node> holders;
    if (sections.size() > 1) {
      holders = sections;
    } else {
      holders.push_back(sections.size() == 1 ? sections[0]
                        : session            ? session
                                             : event);
    }
    if (holders[0] != event) {
      for (pugi::xml_node n : event.children()) {
        if (n.type() == pugi::node_element &&
            (std::string(n.name()) == "PARTICIPANTS" ||
             std::string(n.name()) == "BOARD")) {
          return Refuse(Line(n), absl::StrCat("<", n.name(),
                                              "> outside the <SESSION> or "
                                              "<SECTION> the file has"));
        }
      }
    }
    for (size_t i = 0; i < holders.size(); ++i) {
      pugi::xml_node holder = holders[i];
      std::string section;
      if (holders.size() > 1) {
        section = SectionName(holder, i);
        for (const FileSection& other : file.sections) {
          if (other.name == section) {
            return Refuse(Line(holder),
                          absl::StrCat("a second section \"", section, "\""));
          }
        }
        file.sections.push_back({Line(holder), section});
      }
      if (absl::Status s = ReadHolder(holder, holder != event, section, file);
          !s.ok()) {
        return s;
      }
    }
    file.scoring = scoring_;
    return file;
  }

  // A section's name: its <SECTION_ID> (or SECTION_ID attribute), else
  // "A", "B", ... by its place in the file.
  std::string SectionName(pugi::xml_node section, size_t index) const {
    if (pugi::xml_node id = section.child("SECTION_ID"); id) {
      if (!Text(id).empty()) return Text(id);
    }
    const std::string attribute = section.attribute("SECTION_ID").value();
    if (!attribute.empty()) return attribute;
    return std::string(1, static_cast<char>('A' + index));
  }

  // The PARTICIPANTS and BOARDs of `holder` (the EVENT, its SESSION or one
  // SECTION), each pair and board marked with `section`.
  absl::Status ReadHolder(pugi::xml_node holder, bool check_others,
                          const std::string& section, SessionFile& file) {
    size_t pairs_before = file.pairs.size();
    size_t boards_before = file.boards.size();
    for (pugi::xml_node n : holder.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "PARTICIPANTS") {
        for (pugi::xml_node p : n.children()) {
          if (p.type() != pugi::node_element) continue;
          if (std::string(p.name()) != "PAIR") {
            return Refuse(Line(p),
                          absl::StrCat("<", p.name(),
                                       "> in <PARTICIPANTS>: tally imports "
                                       "pairs (<PAIR>) so far"));
          }
          absl::StatusOr<FilePair> pair = ReadPair(p);
          if (!pair.ok()) return pair.status();
          pair->section = section;
          file.pairs.push_back(*std::move(pair));
        }
      } else if (name == "BOARD") {
        absl::StatusOr<FileBoard> board = ReadBoard(n);
        if (!board.ok()) return board.status();
        board->section = section;
        file.boards.push_back(*std::move(board));
      } else if (check_others && name != "SECTION") {
        if (absl::Status s = Known(n); !s.ok()) return s;
      }
    }
    const std::string where =
        section.empty() ? "" : absl::StrCat(" in section ", section);
    if (file.pairs.size() == pairs_before) {
      return Refuse(Line(holder),
                    absl::StrCat("no <PARTICIPANTS> pairs", where,
                                 ": tally needs the pairs and their players"));
    }
    if (file.boards.size() == boards_before) {
      return Refuse(Line(holder), absl::StrCat("no <BOARD> travellers", where,
                                               ": nothing to score"));
    }
    return absl::OkStatus();
  }

  absl::StatusOr<FilePair> ReadPair(pugi::xml_node p) {
    FilePair pair;
    pair.line = Line(p);
    bool numbered = false;
    for (pugi::xml_node n : p.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "PAIR_NUMBER") {
        absl::StatusOr<int> number = Number(n, 1, 9999);
        if (!number.ok()) return number.status();
        pair.pair = *number;
        numbered = true;
      } else if (name == "DIRECTION") {
        pair.direction = absl::AsciiStrToUpper(Text(n));
        if (pair.direction != "NS" && pair.direction != "EW") {
          return Refuse(Line(n), absl::StrCat("<DIRECTION> \"", Text(n),
                                              "\" is neither NS nor EW"));
        }
      } else if (name == "PLAYER") {
        pugi::xml_node player_name = n.child("PLAYER_NAME");
        if (!player_name || Text(player_name).empty()) {
          return Refuse(Line(n),
                        "a <PLAYER> with no <PLAYER_NAME>: tally "
                        "registers pairs by their players' names");
        }
        pair.players.push_back(Text(player_name));
        for (pugi::xml_node c : n.children()) {
          if (c.type() != pugi::node_element ||
              std::string(c.name()) == "PLAYER_NAME") {
            continue;
          }
          if (absl::Status s = Known(c); !s.ok()) return s;
        }
      } else if (name == "PLACE") {
        pair.place = Text(n);
      } else if (name == "TOTAL_SCORE") {
        absl::StatusOr<core::Rational> total = Figure(n);
        if (!total.ok()) return total.status();
        pair.total = *total;
        const std::string text = Text(n);
        pair.total_places =
            text.find('.') == std::string::npos
                ? 0
                : static_cast<int>(text.size() - text.find('.') - 1);
      } else if (name == "PERCENTAGE") {
        pair.percentage = Text(n);
        if (absl::StatusOr<core::Rational> r = Figure(n); !r.ok()) {
          return r.status();
        }
      } else if (absl::Status s = Known(n); !s.ok()) {
        return s;
      }
    }
    if (!numbered) return Refuse(pair.line, "a <PAIR> with no <PAIR_NUMBER>");
    if (pair.players.size() != 2) {
      return Refuse(
          pair.line,
          absl::StrCat("pair ", pair.pair, " has ", pair.players.size(),
                       " <PLAYER>s: a pair is two players"));
    }
    return pair;
  }

  absl::StatusOr<FileBoard> ReadBoard(pugi::xml_node b) {
    FileBoard board;
    board.line = Line(b);
    pugi::xml_node number = b.child("BOARD_NUMBER");
    if (!number) return Refuse(board.line, "a <BOARD> with no <BOARD_NUMBER>");
    absl::StatusOr<int> n = Number(number, 1, 999);
    if (!n.ok()) return n.status();
    board.board = *n;
    for (pugi::xml_node c : b.children()) {
      if (c.type() != pugi::node_element) continue;
      const std::string name = c.name();
      if (name == "BOARD_NUMBER") continue;
      if (name == "DATUM") {
        if (scoring_ != FileScoring::kButlerImps) {
          return Refuse(Line(c),
                        absl::StrCat("a <DATUM> on board ", board.board,
                                     " of a ", FileScoringName(scoring_),
                                     " file: only Butler IMPs have "
                                     "a datum"));
        }
        absl::StatusOr<int> datum = Number(c, -7600, 7600);
        if (!datum.ok()) return datum.status();
        board.datum = *datum;
      } else if (name == "TRAVELLER_LINE") {
        absl::StatusOr<FileResult> r = ReadLine(c, board.board);
        if (!r.ok()) return r.status();
        board.results.push_back(*std::move(r));
      } else if (absl::Status s = Known(c); !s.ok()) {
        return s;
      }
    }
    return board;
  }

  absl::StatusOr<FileResult> ReadLine(pugi::xml_node t, int board) {
    FileResult r;
    r.line = Line(t);
    std::string contract, played_by, tricks, score;
    bool has_contract = false, has_tricks = false, has_score = false;
    int ns = -1, ew = -1;
    for (pugi::xml_node n : t.children()) {
      if (n.type() != pugi::node_element) continue;
      const std::string name = n.name();
      if (name == "NS_PAIR_NUMBER" || name == "EW_PAIR_NUMBER") {
        absl::StatusOr<int> pair = Number(n, 1, 9999);
        if (!pair.ok()) return pair.status();
        (name == "NS_PAIR_NUMBER" ? ns : ew) = *pair;
      } else if (name == "CONTRACT") {
        contract = Text(n);
        has_contract = !contract.empty();
      } else if (name == "PLAYED_BY") {
        played_by = Text(n);
      } else if (name == "TRICKS") {
        tricks = Text(n);
        has_tricks = !tricks.empty();
      } else if (name == "SCORE") {
        score = Text(n);
        has_score = !score.empty();
      } else if (name == "NS_MATCH_POINTS" || name == "EW_MATCH_POINTS") {
        if (absl::Status fits = Fits(n, FileScoring::kMatchpoints);
            !fits.ok()) {
          return fits;
        }
        absl::StatusOr<core::Rational> mp = Figure(n);
        if (!mp.ok()) return mp.status();
        (name == "NS_MATCH_POINTS" ? r.ns_matchpoints : r.ew_matchpoints) = *mp;
      } else if (name == "NS_BUTLER_POINTS" || name == "EW_BUTLER_POINTS" ||
                 name == "NS_CROSS_IMP_POINTS" ||
                 name == "EW_CROSS_IMP_POINTS") {
        if (absl::Status fits = Fits(n, name.find("BUTLER") != std::string::npos
                                            ? FileScoring::kButlerImps
                                            : FileScoring::kCrossImps);
            !fits.ok()) {
          return fits;
        }
        absl::StatusOr<core::Rational> imps = Figure(n);
        if (!imps.ok()) return imps.status();
        (name[0] == 'N' ? r.ns_imps : r.ew_imps) = *imps;
        const std::string text = Text(n);
        const size_t dot = text.find('.');
        r.imps_places = std::max(r.imps_places,
                                 dot == std::string::npos
                                     ? 0
                                     : static_cast<int>(text.size() - dot - 1));
      } else if (absl::Status s = Known(n); !s.ok()) {
        return s;
      }
    }
    if (ns < 0 || ew < 0) {
      return Refuse(r.line,
                    "a <TRAVELLER_LINE> without both "
                    "<NS_PAIR_NUMBER> and <EW_PAIR_NUMBER>");
    }
    r.ns_pair = ns;
    r.ew_pair = ew;
    if (!score.empty() && (score[0] == 'A' || score[0] == 'a')) {
      absl::StatusOr<FileAdjusted> adjusted =
          ParseAdjustedScore(score, scoring_);
      if (!adjusted.ok()) {
        return Refuse(r.line, absl::StrCat("board ", board, ", ", ns, " v ", ew,
                                           ": ", adjusted.status().message()));
      }
      r.adjusted = *adjusted;
      has_score = false;  // the adjusted score stands in for the result's
      if (!has_contract) {
        // Law 12C2(a): no result was obtained at the table.
        r.result.mutable_not_played();
        return r;
      }
    }
    const std::string where =
        absl::StrCat("board ", board, ", ", ns, " v ", ew);
    if (!has_contract) {
      int ns_score = 0;
      if (!has_score || !absl::SimpleAtoi(score, &ns_score)) {
        return Refuse(r.line,
                      absl::StrCat(where, ": a result with no <CONTRACT> and ",
                                   has_score ? "the <SCORE> \"" + score +
                                                   "\", not a number"
                                             : "no <SCORE>",
                                   "; tally needs the contract or the score "
                                   "of every result"));
      }
      // A result known by its score alone (TableResult.score_only).
      r.result.mutable_score_only()->set_ns_score(ns_score);
    } else {
      absl::StatusOr<v1::TableResult> result =
          ParseResult(contract, played_by, has_tricks ? tricks : "");
      if (!result.ok()) {
        return Refuse(r.line,
                      absl::StrCat(where, ": ", result.status().message()));
      }
      r.result = *std::move(result);
    }
    TALLY_ASSIGN_OR_RETURN(r.ns_score,
                           CheckedScore(r.line, where, r.result, board,
                                        has_score ? &score : nullptr));
    return r;
  }

  FileScoring scoring_ = FileScoring::kMatchpoints;
};

}  // namespace

absl::StatusOr<SessionFile> ReadUsebio(const std::string& bytes,
                                       const std::string& file_name) {
  return Reader(bytes, file_name).Read();
}

}  // namespace tally::interchange
