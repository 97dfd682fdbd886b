// USEBIO 1.2 writer (see usebio_writer.h), built with pugixml.

#include "server/interchange/usebio_writer.h"

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "pugixml.hpp"
#include "server/interchange/contract_text.h"
#include "server/interchange/usebio_document.h"

namespace tally::interchange {
namespace {

void Add(pugi::xml_node parent, const char* name, const std::string& text) {
  parent.append_child(name).text().set(text.c_str());
}

}  // namespace

std::string FigureText(const core::Rational& r) {
  if (r.is_integer()) return absl::StrCat(r.numerator());
  return core::Decimal::Round(r, 2, core::HalfRounding::kAwayFromZero)
      .ToString();
}

namespace {

// `section`'s pairs and travellers ("" without sections) into `event`.
absl::Status WriteHolder(const SessionFile& file, const std::string& section,
                         pugi::xml_node event) {
  pugi::xml_node participants = event.append_child("PARTICIPANTS");
  for (const FilePair& p : file.pairs) {
    if (p.section != section) continue;
    pugi::xml_node pair = participants.append_child("PAIR");
    Add(pair, "PAIR_NUMBER", absl::StrCat(p.pair));
    if (!p.direction.empty()) Add(pair, "DIRECTION", p.direction);
    for (const std::string& name : p.players) {
      Add(pair.append_child("PLAYER"), "PLAYER_NAME", name);
    }
    if (!p.place.empty()) Add(pair, "PLACE", p.place);
    if (p.total.has_value()) Add(pair, "TOTAL_SCORE", FigureText(*p.total));
    if (!p.percentage.empty()) Add(pair, "PERCENTAGE", p.percentage);
  }
  for (const FileBoard& b : file.boards) {
    if (b.section != section) continue;
    pugi::xml_node board = event.append_child("BOARD");
    Add(board, "BOARD_NUMBER", absl::StrCat(b.board));
    if (b.datum.has_value()) Add(board, "DATUM", absl::StrCat(*b.datum));
    const bool butler = file.scoring == FileScoring::kButlerImps;
    for (const FileResult& r : b.results) {
      pugi::xml_node line = board.append_child("TRAVELLER_LINE");
      Add(line, "NS_PAIR_NUMBER", absl::StrCat(r.ns_pair));
      Add(line, "EW_PAIR_NUMBER", absl::StrCat(r.ew_pair));
      if (!r.unwritable.empty()) {
        return absl::FailedPreconditionError(
            absl::StrCat("board ", b.board, ", ", r.ns_pair, " v ", r.ew_pair,
                         ": ", r.unwritable));
      }
      if (!r.result.has_not_played() && !r.result.has_score_only()) {
        ResultText text = FormatResult(r.result);
        Add(line, "CONTRACT", text.contract);
        if (!text.declarer.empty()) Add(line, "PLAYED_BY", text.declarer);
        if (!text.tricks.empty()) Add(line, "TRICKS", text.tricks);
      }
      Add(line, "SCORE",
          r.adjusted.has_value() ? AdjustedScoreText(*r.adjusted)
                                 : absl::StrCat(r.ns_score));
      if (r.ns_matchpoints.has_value()) {
        Add(line, "NS_MATCH_POINTS", FigureText(*r.ns_matchpoints));
      }
      if (r.ew_matchpoints.has_value()) {
        Add(line, "EW_MATCH_POINTS", FigureText(*r.ew_matchpoints));
      }
      if (r.ns_imps.has_value()) {
        Add(line, butler ? "NS_BUTLER_POINTS" : "NS_CROSS_IMP_POINTS",
            FigureText(*r.ns_imps));
      }
      if (r.ew_imps.has_value()) {
        Add(line, butler ? "EW_BUTLER_POINTS" : "EW_CROSS_IMP_POINTS",
            FigureText(*r.ew_imps));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> WriteUsebio(const SessionFile& file) {
  pugi::xml_document doc;
  pugi::xml_node event = AppendUsebioEvent(doc, "PAIRS");
  if (!file.event_name.empty())
    Add(event, "EVENT_DESCRIPTION", file.event_name);
  if (!file.date.empty()) Add(event, "DATE", file.date);
  Add(event, "BOARD_SCORING_METHOD", FileScoringName(file.scoring));
  Add(event, "WINNER_TYPE", TwoWinners(file) ? "2" : "1");
  // A session in sections: one SESSION holding a SECTION (its SECTION_ID
  // the name) for each, with that section's pairs and travellers.
  std::vector<std::pair<std::string, pugi::xml_node>> holders;
  if (file.sections.empty()) {
    holders.push_back({"", event});
  } else {
    pugi::xml_node session = event.append_child("SESSION");
    for (const FileSection& s : file.sections) {
      pugi::xml_node section = session.append_child("SECTION");
      Add(section, "SECTION_ID", s.name);
      holders.push_back({s.name, section});
    }
  }
  for (const auto& [section, holder] : holders) {
    if (absl::Status s = WriteHolder(file, section, holder); !s.ok()) {
      return s;
    }
  }
  std::ostringstream out;
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
  return out.str();
}

}  // namespace tally::interchange
