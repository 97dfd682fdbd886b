// PBN 2.1 teams writer (see pbn_teams_writer.h).

#include "server/interchange/pbn_teams_writer.h"

#include <optional>
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

std::string Tag(const std::string& name, const std::string& value) {
  return absl::StrCat("[", name, " \"", value, "\"]\n");
}

std::string Quoted(const std::string& s) { return absl::StrCat("\"", s, "\""); }

const FileTeam* TeamOf(const TeamsFile& file, int team) {
  for (const FileTeam& t : file.teams) {
    if (t.team == team) return &t;
  }
  return nullptr;
}

// A name PBN can quote (and, for a player, tell from the next one).
absl::Status Quotable(const std::string& what, const std::string& name,
                      bool player) {
  if (name.find('"') == std::string::npos &&
      (!player || name.find(';') == std::string::npos)) {
    return absl::OkStatus();
  }
  return absl::FailedPreconditionError(absl::StrCat(
      what, " \"", name, "\" has a '\"'", player ? " or a ';'" : "",
      ", which a PBN file cannot carry in it"));
}

std::string TeamsTable(const TeamsFile& file) {
  if (file.IsKnockout()) {
    // A knock-out ranks no teams: no Rank, no total.
    std::string out = Tag("TotalScoreTable", "TeamId\\3R;TeamName;Names");
    for (const FileTeam& t : file.teams) {
      out += absl::StrFormat("%3d %s %s\n", t.team, Quoted(t.name),
                             Quoted(absl::StrJoin(t.players, ";")));
    }
    return out;
  }
  std::string out = Tag("TotalScoreTable",
                        "Rank\\3R;TeamId\\3R;TeamName;TotalScoreVP\\6R;Names");
  for (const FileTeam& t : file.teams) {
    out += absl::StrFormat("%3s %3d %s %6s %s\n",
                           t.place.empty() ? "-" : t.place, t.team,
                           Quoted(t.name), t.total ? VpText(*t.total) : "-",
                           Quoted(absl::StrJoin(t.players, ";")));
  }
  return out;
}

std::string Number(int n) { return n == 0 ? "-" : absl::StrCat(n); }

// IMPs written exactly (ExactImpText), or the refusal naming `where`: a
// figure with no decimal form of two places is not rounded.
absl::StatusOr<std::string> Imps(const std::optional<core::Rational>& imps,
                                 const std::string& where) {
  if (!imps.has_value()) return std::string("-");
  std::string text = ExactImpText(*imps);
  if (text.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat(where, ": ", imps->ToString(),
                     " IMPs have no exact decimal form; the file would "
                     "round them"));
  }
  return text;
}

// A knock-out's [MatchTable]: a row a stanza, with its match's name,
// stanza, carry-over and winner and the IMPs each team won (tally's
// columns, docs/interchange.md).
absl::StatusOr<std::string> StanzasTable(const TeamsFile& file) {
  std::string out =
      Tag("MatchTable",
          "Round\\3R;HomeTeamId\\3R;VisitTeamId\\3R;FirstBoard\\3R;"
          "LastBoard\\3R;MatchName;StanzaNumber\\2R;StanzaCount\\2R;"
          "CarryOver\\5R;CarryOverTeamId\\3R;WinnerTeamId\\3R;"
          "IMP_Home\\5R;IMP_Visit\\5R");
  for (const FileMatch& m : file.matches) {
    const std::string where =
        absl::StrCat("round ", m.round, ", match ", m.team, " v ", m.opponent);
    if (!m.knockout.has_value() || m.opponent == 0) {
      return absl::FailedPreconditionError(
          absl::StrCat(where, ": not a knock-out stanza between two teams"));
    }
    const FileStanza& k = *m.knockout;
    absl::StatusOr<std::string> carry = Imps(
        k.carry_over_team == 0 ? std::nullopt
                               : std::optional<core::Rational>(k.carry_over),
        absl::StrCat(where, ", CarryOver"));
    if (!carry.ok()) return carry.status();
    absl::StatusOr<std::string> home =
        Imps(m.team_score, absl::StrCat(where, ", IMP_Home"));
    if (!home.ok()) return home.status();
    absl::StatusOr<std::string> visit =
        Imps(m.opponent_score, absl::StrCat(where, ", IMP_Visit"));
    if (!visit.ok()) return visit.status();
    out += absl::StrFormat(
        "%3d %3d %3d %3s %3s %s %2d %2d %5s %3s %3s %5s %5s\n", m.round, m.team,
        m.opponent, Number(m.first_board), Number(m.last_board),
        Quoted(k.match_name), k.stanza, k.stanzas, *carry,
        Number(k.carry_over_team), Number(k.winner), *home, *visit);
  }
  return out;
}

std::string MatchesTable(const TeamsFile& file) {
  std::string out =
      Tag("MatchTable",
          "Round\\3R;HomeTeamId\\3R;VisitTeamId\\3R;FirstBoard\\3R;"
          "LastBoard\\3R;VP_Home\\6R;VP_Visit\\6R");
  for (const FileMatch& m : file.matches) {
    out += absl::StrFormat("%3d %3d %3s %3s %3s %6s %6s\n", m.round, m.team,
                           Number(m.opponent), Number(m.first_board),
                           Number(m.last_board),
                           m.team_score ? VpText(*m.team_score) : "-",
                           m.opponent_score ? VpText(*m.opponent_score) : "-");
  }
  return out;
}

}  // namespace

absl::StatusOr<std::string> WritePbnTeams(const TeamsFile& file) {
  for (const FileMatch& m : file.matches) {
    if (m.share == 0) continue;
    // SABF TR 14.1's share match: written in tally's USEBIO form only.
    return absl::FailedPreconditionError(absl::StrCat(
        "round ", m.round, " has a share match (SABF TR 14.1); it is written "
        "as USEBIO (--format=usebio) so far: PBN 2.1 has no form for one"));
  }
  if (absl::Status s = Quotable("the event's name", file.event_name, false);
      !s.ok()) {
    return s;
  }
  for (const FileTeam& t : file.teams) {
    if (absl::Status s =
            Quotable(absl::StrCat("team ", t.team, "'s name"), t.name, false);
        !s.ok()) {
      return s;
    }
    for (const std::string& p : t.players) {
      if (absl::Status s =
              Quotable(absl::StrCat("a player of team ", t.team), p, true);
          !s.ok()) {
        return s;
      }
    }
  }
  std::string matches;
  if (file.IsKnockout()) {
    for (const FileMatch& m : file.matches) {
      if (!m.knockout.has_value()) continue;  // StanzasTable refuses it
      if (absl::Status s =
              Quotable(absl::StrCat("round ", m.round, "'s match name"),
                       m.knockout->match_name, false);
          !s.ok()) {
        return s;
      }
    }
    absl::StatusOr<std::string> stanzas = StanzasTable(file);
    if (!stanzas.ok()) return stanzas.status();
    matches = *std::move(stanzas);
  } else {
    matches = MatchesTable(file);
  }
  std::string out = "% PBN 2.1\n% EXPORT\n";
  bool first = true;
  for (const FileMatch& m : file.matches) {
    if (m.opponent == 0) continue;  // a bye: in the MatchTable only
    const FileTeam* home = TeamOf(file, m.team);
    const FileTeam* visit = TeamOf(file, m.opponent);
    if (home == nullptr || visit == nullptr) {
      return absl::FailedPreconditionError(
          absl::StrCat("round ", m.round, ": team ", m.team, " v ", m.opponent,
                       " names a team the event does not list"));
    }
    for (const FileMatchBoard& b : m.boards) {
      // The open room (the home team North-South) first.
      for (const bool open : {true, false}) {
        const FileRoomResult* room = nullptr;
        for (const FileRoomResult& r : b.rooms) {
          if (r.team_north_south == open) room = &r;
        }
        if (room == nullptr) continue;
        const std::string where = absl::StrCat(
            "round ", m.round, ", team ", m.team, " v ", m.opponent, ", board ",
            b.board, ", ", open ? "open" : "closed", " room");
        if (!room->unwritable.empty()) {
          return absl::FailedPreconditionError(
              absl::StrCat(where, ": ", room->unwritable));
        }
        ResultText text;
        if (!room->result.has_not_played()) text = FormatResult(room->result);
        if (!first) out += "\n";
        out += Tag("Event", first ? file.event_name : "#");
        out += Tag("Site", first ? "" : "#");
        out += Tag("Date", first ? file.date : "#");
        out += Tag("Board", absl::StrCat(b.board));
        for (const char* seat : {"West", "North", "East", "South"}) {
          out += Tag(seat, "");
        }
        const core::BoardConditions cycle = *core::ConditionsForBoard(b.board);
        out += Tag("Dealer", std::string(core::SeatName(cycle.dealer)));
        out += Tag("Vulnerable",
                   std::string(core::VulnerabilityName(cycle.vulnerability)));
        out += Tag("Deal", "");
        out += Tag("Scoring", "IMP");
        out += Tag("Declarer", text.declarer);
        out +=
            Tag("Contract", text.contract == "PASS" ? "Pass" : text.contract);
        out += Tag("Result", text.tricks);
        if (first) {
          out += Tag("Competition", "Teams");
          out += Tag("EventType", file.event_type);
        }
        out += Tag("Round", absl::StrCat(m.round));
        out += Tag("HomeTeam", home->name);
        out += Tag("VisitTeam", visit->name);
        out += Tag("Room", open ? "Open" : "Closed");
        out += Tag("Score", room->adjusted.has_value()
                                ? AdjustedScoreText(*room->adjusted)
                                : absl::StrCat("NS ", room->ns_score));
        // The home team's IMPs, from its seat: North-South in the open
        // room, East-West in the closed one.
        if (b.imps.has_value()) {
          out += Tag("ScoreIMP",
                     absl::StrCat(open ? "NS " : "EW ", FigureText(*b.imps)));
        }
        if (first) {
          out += TeamsTable(file);
          out += matches;
        }
        first = false;
      }
    }
  }
  if (first) {
    return absl::FailedPreconditionError(
        "no match with a board's result: a PBN file is its boards' games");
  }
  return out;
}

}  // namespace tally::interchange
