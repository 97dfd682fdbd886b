// USEBIO 1.2 teams writer (see usebio_teams_writer.h), built with
// pugixml.

#include "server/interchange/usebio_teams_writer.h"

#include <sstream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "pugixml.hpp"
#include "server/interchange/contract_text.h"
#include "server/interchange/usebio_document.h"
#include "server/interchange/usebio_writer.h"

namespace tally::interchange {
namespace {

void Add(pugi::xml_node parent, const char* name, const std::string& text) {
  parent.append_child(name).text().set(text.c_str());
}

// IMPs written exactly (ExactImpText), or the refusal naming `where`: a
// figure with no decimal form of two places is not rounded.
absl::StatusOr<std::string> Imps(const core::Rational& imps,
                                 const std::string& where) {
  std::string text = ExactImpText(imps);
  if (text.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat(where, ": ", imps.ToString(),
                     " IMPs have no exact decimal form; the file would "
                     "round them"));
  }
  return text;
}

// A knock-out stanza's own elements (tally's form, docs/interchange.md).
absl::Status AddStanza(pugi::xml_node match, const FileMatch& m) {
  const FileStanza& k = *m.knockout;
  const std::string where =
      absl::StrCat("round ", m.round, ", match ", m.team, " v ", m.opponent);
  Add(match, "MATCH_NAME", k.match_name);
  Add(match, "STANZA_NUMBER", absl::StrCat(k.stanza));
  Add(match, "STANZA_COUNT", absl::StrCat(k.stanzas));
  if (k.carry_over_team != 0) {
    absl::StatusOr<std::string> carry = Imps(k.carry_over, where);
    if (!carry.ok()) return carry.status();
    Add(match, "CARRY_OVER", *carry);
    Add(match, "CARRY_OVER_TEAM", absl::StrCat(k.carry_over_team));
  }
  if (k.winner != 0) Add(match, "WINNING_TEAM", absl::StrCat(k.winner));
  return absl::OkStatus();
}

// TEAM_SCORE or OPPOSING_TEAM_SCORE: VPs, or a knock-out's IMPs exactly.
absl::Status AddScore(pugi::xml_node match, const char* name,
                      const TeamsFile& file, const FileMatch& m,
                      const core::Rational& score) {
  if (!file.IsKnockout()) {
    Add(match, name, VpText(score));
    return absl::OkStatus();
  }
  absl::StatusOr<std::string> text =
      Imps(score, absl::StrCat("round ", m.round, ", match ", m.team, " v ",
                               m.opponent, ", ", name));
  if (!text.ok()) return text.status();
  Add(match, name, *text);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> WriteUsebioTeams(const TeamsFile& file) {
  pugi::xml_document doc;
  pugi::xml_node event = AppendUsebioEvent(doc, file.event_type.c_str());
  if (!file.event_name.empty()) {
    Add(event, "EVENT_DESCRIPTION", file.event_name);
  }
  if (!file.date.empty()) Add(event, "DATE", file.date);
  Add(event, "MATCH_SCORING_METHOD", file.IsKnockout() ? "IMPS" : "VPS");
  Add(event, "BOARD_SCORING_METHOD", "IMPS");
  Add(event, "WINNER_TYPE", "1");
  pugi::xml_node participants = event.append_child("PARTICIPANTS");
  for (const FileTeam& t : file.teams) {
    pugi::xml_node team = participants.append_child("TEAM");
    team.append_attribute("TEAM_ID") = absl::StrCat(t.team).c_str();
    team.append_attribute("TEAM_NAME") = t.name.c_str();
    for (const std::string& name : t.players) {
      Add(team.append_child("PLAYER"), "PLAYER_NAME", name);
    }
    if (!t.place.empty()) Add(team, "PLACE", t.place);
    if (t.total.has_value()) Add(team, "TOTAL_SCORE", VpText(*t.total));
  }
  for (const FileMatch& m : file.matches) {
    pugi::xml_node match = event.append_child("MATCH");
    Add(match, "ROUND_NUMBER", absl::StrCat(m.round));
    if (m.knockout.has_value()) TALLY_RETURN_IF_ERROR(AddStanza(match, m));
    Add(match, "TEAM", absl::StrCat(m.team));
    // A share match's team (tally's form): its letter, SABF TR 14.1.
    if (m.share != 0) Add(match, "SHARE_MATCH", std::string(1, m.share));
    // A bye: no OPPOSING_TEAM and no boards (tally's form).
    if (m.opponent != 0) Add(match, "OPPOSING_TEAM", absl::StrCat(m.opponent));
    Add(match, "START_BOARD_NUMBER", absl::StrCat(m.first_board));
    Add(match, "END_BOARD_NUMBER", absl::StrCat(m.last_board));
    if (m.team_score.has_value()) {
      TALLY_RETURN_IF_ERROR(
          AddScore(match, "TEAM_SCORE", file, m, *m.team_score));
    }
    if (m.opponent_score.has_value()) {
      TALLY_RETURN_IF_ERROR(
          AddScore(match, "OPPOSING_TEAM_SCORE", file, m, *m.opponent_score));
    }
    for (const FileMatchBoard& b : m.boards) {
      pugi::xml_node board = match.append_child("BOARD");
      Add(board, "BOARD_NUMBER", absl::StrCat(b.board));
      if (b.imps.has_value()) Add(board, "IMPS", FigureText(*b.imps));
      for (const FileRoomResult& r : b.rooms) {
        if (!r.unwritable.empty()) {
          // A share team's East-West table seats a third team NS.
          const std::string room =
              m.share != 0
                  ? absl::StrCat(
                        "team ", m.team, "'s ",
                        r.team_north_south ? "North-South" : "East-West",
                        " table of the share match")
                  : absl::StrCat("the room where team ",
                                 r.team_north_south ? m.team : m.opponent,
                                 " sits North-South");
          return absl::FailedPreconditionError(absl::StrCat(
              "round ", m.round, ", match ", m.team, " v ", m.opponent,
              ", board ", b.board, ", ", room, ": ", r.unwritable));
        }
        pugi::xml_node line = board.append_child("TRAVELLER_LINE");
        Add(line, "DIRECTION", r.team_north_south ? "NS" : "EW");
        // An artificial adjusted score: "A6040" as SCORE, after the
        // result it replaces (none where the board was not played).
        if (!r.result.has_not_played()) {
          const ResultText text = FormatResult(r.result);
          Add(line, "CONTRACT", text.contract);
          if (!text.declarer.empty()) Add(line, "PLAYED_BY", text.declarer);
          if (!text.tricks.empty()) Add(line, "TRICKS", text.tricks);
        }
        Add(line, "SCORE",
            r.adjusted.has_value() ? AdjustedScoreText(*r.adjusted)
                                   : absl::StrCat(r.ns_score));
      }
    }
  }
  std::ostringstream out;
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
  return out.str();
}

}  // namespace tally::interchange
