// PBN 2.1 writer (see pbn_writer.h).

#include "server/interchange/pbn_writer.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/scoring/board.h"
#include "server/interchange/contract_text.h"
#include "server/interchange/usebio_writer.h"

namespace tally::interchange {
namespace {

// Dealer and vulnerability by the 16-board cycle (board >= 1).
std::string Dealer(int board) {
  return std::string(core::SeatName(core::ConditionsForBoard(board)->dealer));
}
std::string Vulnerable(int board) {
  return std::string(
      core::VulnerabilityName(core::ConditionsForBoard(board)->vulnerability));
}

std::string Tag(const std::string& name, const std::string& value) {
  return absl::StrCat("[", name, " \"", value, "\"]\n");
}

std::string Quoted(const std::string& s) { return absl::StrCat("\"", s, "\""); }

}  // namespace

absl::StatusOr<std::string> WritePbn(const SessionFile& file) {
  const bool imps = file.scoring != FileScoring::kMatchpoints;
  const char* scoring = file.scoring == FileScoring::kButlerImps ? "Butler"
                        : imps                                   ? "Cross-IMPs"
                               : "MatchPoints";
  std::string out = "% PBN 2.1\n% EXPORT\n";
  // The pairs' directions (home directions where an arrow switch makes the
  // session one field).
  const bool directions =
      !file.pairs.empty() && !file.pairs[0].direction.empty();
  // A session in sections: each section's games in turn, each game
  // naming its [Section], the section's first game carrying its pairs'
  // TotalScoreTable.
  std::vector<std::string> sections;
  for (const FileSection& s : file.sections) sections.push_back(s.name);
  if (sections.empty()) sections.push_back("");
  bool first = true;
  for (const std::string& section : sections) {
    bool first_of_section = true;
    for (const FileBoard& b : file.boards) {
      if (b.section != section) continue;
      if (!first) out += "\n";
      out += Tag("Event", first ? file.event_name : "#");
      out += Tag("Site", first ? "" : "#");
      out += Tag("Date", first ? file.date : "#");
      if (!section.empty()) out += Tag("Section", section);
      out += Tag("Board", absl::StrCat(b.board));
      for (const char* seat : {"West", "North", "East", "South"}) {
        out += Tag(seat, "");
      }
      out += Tag("Dealer", Dealer(b.board));
      out += Tag("Vulnerable", Vulnerable(b.board));
      out += Tag("Deal", "");
      out += Tag("Scoring", scoring);
      if (b.datum.has_value()) out += Tag("Datum", absl::StrCat(*b.datum));
      out += Tag("Declarer", "");
      out += Tag("Contract", "");
      out += Tag("Result", "");
      out += Tag("ScoreTable",
                 imps ? "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;"
                        "Result\\2R;Score_NS\\6R;Score_EW\\6R;IMP_NS\\6R;"
                        "IMP_EW\\6R"
                      : "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;"
                        "Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;"
                        "MP_EW\\5R");
      for (const FileResult& r : b.results) {
        if (!r.unwritable.empty()) {
          return absl::FailedPreconditionError(
              absl::StrCat("board ", b.board, ", ", r.ns_pair, " v ", r.ew_pair,
                           ": ", r.unwritable));
        }
        // An adjusted score: "Annnn" in Score_NS (as the reader reads it),
        // no Score_EW; "-" in Contract, Declarer and Result where the board
        // was not played there.
        ResultText text;
        if (!r.result.has_not_played()) text = FormatResult(r.result);
        const bool ns_plus = r.ns_score >= 0;
        const std::string ns_score = r.adjusted.has_value()
                                         ? AdjustedScoreText(*r.adjusted)
                                     : ns_plus ? absl::StrCat(r.ns_score)
                                               : "-";
        const std::string ew_score =
            r.adjusted.has_value() || ns_plus ? "-" : absl::StrCat(-r.ns_score);
        out += absl::StrFormat(
            "%2d %2d %-5s %1s %2s %6s %6s %5s %5s\n", r.ns_pair, r.ew_pair,
            text.contract == "PASS" ? "Pass"
            : text.contract.empty() ? "-"  // a result known by its score alone
                                    : text.contract,
            text.declarer.empty() ? "-" : text.declarer,
            text.tricks.empty() ? "-" : text.tricks, ns_score, ew_score,
            imps ? (r.ns_imps ? FigureText(*r.ns_imps) : "-")
                 : (r.ns_matchpoints ? FigureText(*r.ns_matchpoints) : "-"),
            imps ? (r.ew_imps ? FigureText(*r.ew_imps) : "-")
                 : (r.ew_matchpoints ? FigureText(*r.ew_matchpoints) : "-"));
      }
      if (first_of_section) {
        out +=
            Tag("TotalScoreTable",
                absl::StrCat("Rank\\3R;PairId\\3R;",
                             directions ? "Direction\\2R;" : "",
                             imps ? "TotalScoreIMP\\6R;" : "TotalScoreMP\\6R;",
                             "TotalPercentage\\6R;Names\\40L"));
        for (const FilePair& p : file.pairs) {
          if (p.section != section) continue;
          std::vector<std::string> row = {
              absl::StrFormat("%3s", p.place.empty() ? "-" : p.place),
              absl::StrFormat("%3d", p.pair)};
          if (directions) row.push_back(p.direction);
          row.push_back(absl::StrFormat(
              "%6s", p.total ? FigureText(*p.total) : std::string("-")));
          row.push_back(absl::StrFormat(
              "%6s", p.percentage.empty() ? "-" : p.percentage));
          row.push_back(Quoted(absl::StrJoin(p.players, " - ")));
          out += absl::StrJoin(row, " ") + "\n";
        }
      }
      first = false;
      first_of_section = false;
    }
  }
  return out;
}

}  // namespace tally::interchange
