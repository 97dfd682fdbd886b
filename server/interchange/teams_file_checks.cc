// Format-independent checks of a TeamsFile (see teams_file_checks.h).

#include "server/interchange/teams_file_checks.h"

#include <algorithm>
#include <map>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/scoring/imps.h"

namespace tally::interchange {
namespace {

absl::Status Refuse(const std::string& file_name, int line,
                    const std::string& what) {
  return absl::InvalidArgumentError(
      absl::StrCat(file_name, " line ", line, ": ", what));
}

std::string Where(const FileMatch& m) {
  return absl::StrCat("round ", m.round, ", team ", m.team, " v ", m.opponent);
}

// Seats `team` in `m`'s round (`seats`): refused, naming both lines, when
// a match or the bye before already seats it.
absl::Status Seat(std::map<int, const FileMatch*>& seats, const FileMatch& m,
                  int team, const std::string& file_name) {
  auto [it, added] = seats.emplace(team, &m);
  if (added) return absl::OkStatus();
  const FileMatch& before = *it->second;
  const std::string which = absl::StrCat("round ", m.round, ": team ", team);
  if (m.opponent == 0 || before.opponent == 0) {
    const FileMatch& bye = m.opponent == 0 ? m : before;
    const FileMatch& match = m.opponent == 0 ? before : m;
    return Refuse(file_name, m.line,
                  absl::StrCat(which, " has a bye (line ", bye.line,
                               ") and a match (line ", match.line,
                               "); a team has one or the other"));
  }
  return Refuse(file_name, m.line,
                absl::StrCat(which, " plays two matches (lines ", before.line,
                             " and ", m.line, ")"));
}

// IMPs as a knock-out file prints them ("2.5"), else as a fraction.
std::string ImpText(const core::Rational& imps) {
  const std::string text = ExactImpText(imps);
  return text.empty() ? imps.ToString() : text;
}

// A knock-out stanza's own facts: a name, a stanza of the count, a
// carry-over of at least 0 held by one of the two teams, a winner on the
// last stanza and one of the two.
absl::Status CheckStanza(const FileMatch& m, const StanzaFieldNames& names,
                         const std::string& file_name) {
  const FileStanza& k = *m.knockout;
  const std::string where = Where(m);
  if (k.match_name.empty()) {
    return Refuse(file_name, m.line,
                  absl::StrCat(where, ": a knock-out ", names.match,
                               " with no ", names.match_name,
                               "; tally keeps a knock-out match under its "
                               "name (\"Final\"), every stanza of it under "
                               "the same one"));
  }
  if (k.stanza < 1 || k.stanzas < 1 || k.stanza > k.stanzas) {
    return Refuse(file_name, m.line,
                  absl::StrCat(where, ": ", names.stanza, " ", k.stanza, " of ",
                               names.stanzas, " ", k.stanzas));
  }
  if (k.carry_over < core::Rational(0)) {
    return Refuse(
        file_name, m.line,
        absl::StrCat(where, ": ", names.carry_over, " ", ImpText(k.carry_over),
                     ": a carry-over is a number of IMPs of at "
                     "least 0"));
  }
  if (k.carry_over_team != 0 && k.carry_over_team != m.team &&
      k.carry_over_team != m.opponent) {
    return Refuse(file_name, m.line,
                  absl::StrCat(where, ": ", names.carry_over_team, " ",
                               k.carry_over_team, " does not play the match"));
  }
  if (k.carry_over != core::Rational(0) && k.carry_over_team == 0) {
    return Refuse(file_name, m.line,
                  absl::StrCat(where, ": a ", names.carry_over, " with no ",
                               names.carry_over_team, " holding it"));
  }
  if (k.winner != 0 && k.stanza != k.stanzas) {
    return Refuse(file_name, m.line,
                  absl::StrCat(where, ": ", names.winner, " on stanza ",
                               k.stanza, " of ", k.stanzas,
                               "; a match's winner is given on its last "
                               "stanza"));
  }
  if (k.winner != 0 && k.winner != m.team && k.winner != m.opponent) {
    return Refuse(file_name, m.line,
                  absl::StrCat(where, ": ", names.winner, " ", k.winner,
                               " does not play the match"));
  }
  return absl::OkStatus();
}

// A stanza's two scores, the IMPs each team won on its boards (tally's
// knock-out scoreboard), where every board shows its IMPs and no room is
// adjusted.
absl::Status CheckStanzaScores(const FileMatch& m,
                               const StanzaFieldNames& names,
                               const std::string& file_name) {
  core::Rational won, lost;
  for (const FileMatchBoard& b : m.boards) {
    if (!b.imps.has_value()) return absl::OkStatus();
    for (const FileRoomResult& r : b.rooms) {
      if (r.adjusted.has_value()) return absl::OkStatus();
    }
    if (*b.imps > core::Rational(0)) won = won + *b.imps;
    if (*b.imps < core::Rational(0)) lost = lost - *b.imps;
  }
  if (m.team_score.has_value() && *m.team_score != won) {
    return Refuse(
        file_name, m.line,
        absl::StrCat(Where(m), ": ", names.team_score, " ",
                     ImpText(*m.team_score), ", but ", names.team, " won ",
                     ImpText(won), " IMPs on the match's boards"));
  }
  if (m.opponent_score.has_value() && *m.opponent_score != lost) {
    return Refuse(
        file_name, m.line,
        absl::StrCat(Where(m), ": ", names.opponent_score, " ",
                     ImpText(*m.opponent_score), ", but ", names.opponent,
                     " won ", ImpText(lost), " IMPs on the match's boards"));
  }
  return absl::OkStatus();
}

}  // namespace

RoomsImps ImpsOfRooms(const FileMatchBoard& board) {
  RoomsImps out;
  for (const FileRoomResult& r : board.rooms) {
    out.points += r.team_north_south ? r.ns_score : -r.ns_score;
  }
  out.imps = core::ImpsForDifference(out.points);
  return out;
}

absl::Status CheckMatchBoards(const FileMatch& match,
                              const std::string& file_name) {
  const std::string where = Where(match);
  int expected = match.first_board;
  for (const FileMatchBoard& board : match.boards) {
    if (board.board != expected) {
      return Refuse(
          file_name, board.board < expected ? board.line : match.line,
          board.board < expected
              ? absl::StrCat(where, ": board ", board.board,
                             " is listed twice, or is not among the match's "
                             "boards ",
                             match.first_board, "-", match.last_board)
              : absl::StrCat(where, ": board ", expected,
                             " of the match is missing: tally scores a match "
                             "on every board it plays"));
    }
    ++expected;
    const std::string at = absl::StrCat(where, ", board ", board.board);
    const bool ns =
        std::any_of(board.rooms.begin(), board.rooms.end(),
                    [](const FileRoomResult& r) { return r.team_north_south; });
    const bool ew = std::any_of(
        board.rooms.begin(), board.rooms.end(),
        [](const FileRoomResult& r) { return !r.team_north_south; });
    if (board.rooms.size() != 2 || !ns || !ew) {
      return Refuse(file_name, board.line,
                    absl::StrCat(at, ": ", board.rooms.size(),
                                 " rooms' results; a teams match has two "
                                 "rooms, the home team North-South in one "
                                 "and East-West in the other"));
    }
    const bool adjusted = std::any_of(
        board.rooms.begin(), board.rooms.end(),
        [](const FileRoomResult& r) { return r.adjusted.has_value(); });
    if (!board.imps.has_value() || adjusted) continue;
    // The home team's IMPs: its two rooms' scores (North-South's where it
    // sat NS, East-West's where it sat EW) on the WBF IMP scale (Law 78B).
    // Not where a room is adjusted: its IMPs are the profile's artificial
    // IMPs, compared with tally's after the import.
    const auto [points, imps] = ImpsOfRooms(board);
    if (*board.imps != core::Rational(imps)) {
      return Refuse(file_name, board.line,
                    absl::StrCat(at, ": IMPs ", board.imps->ToString(),
                                 ", but the home team's two rooms make ",
                                 points, " points, ", imps,
                                 " IMPs on the WBF IMP scale (Law 78B)"));
    }
  }
  if (expected != match.last_board + 1) {
    return Refuse(file_name, match.line,
                  absl::StrCat(where, ": board ", expected,
                               " of the match is missing: tally scores a "
                               "match on every board it plays"));
  }
  return absl::OkStatus();
}

absl::Status CheckTeamsRounds(TeamsFile& file, const std::string& file_name) {
  std::map<int, const FileMatch*> first_of_round;  // its first match
  std::map<int, const FileMatch*> bye_of_round;
  // round -> team -> the match (or bye) that seats it
  std::map<int, std::map<int, const FileMatch*>> seated;
  int expected = 1;
  for (const FileMatch& m : file.matches) {
    if (!first_of_round.contains(m.round) && !bye_of_round.contains(m.round)) {
      if (m.round != expected) {
        return Refuse(
            file_name, m.line,
            absl::StrCat("round ", m.round, " follows round ", expected - 1,
                         ": tally's rounds are numbered 1, 2, ... "
                         "with none missing"));
      }
      ++expected;
    }
    if (m.opponent == 0) {
      if (auto [it, added] = bye_of_round.emplace(m.round, &m); !added) {
        return Refuse(
            file_name, m.line,
            absl::StrCat("round ", m.round, ": team ", m.team,
                         " has a bye, and so has team ", it->second->team,
                         " (line ", it->second->line,
                         "); tally gives a round one bye"));
      }
      if (absl::Status s = Seat(seated[m.round], m, m.team, file_name);
          !s.ok()) {
        return s;
      }
      continue;
    }
    auto [it, added] = first_of_round.emplace(m.round, &m);
    if (!added && (it->second->first_board != m.first_board ||
                   it->second->last_board != m.last_board)) {
      return Refuse(
          file_name, m.line,
          absl::StrCat(Where(m), ": boards ", m.first_board, "-", m.last_board,
                       ", but the round's first match (line ", it->second->line,
                       ") plays ", it->second->first_board, "-",
                       it->second->last_board,
                       "; every match of a round plays the same boards in "
                       "tally"));
    }
    for (int team : {m.team, m.opponent}) {
      // A share team's MATCH seats TEAM only: OPPOSING_TEAM has its own
      // (teams_share_match.h).
      if (m.share != 0 && team == m.opponent) continue;
      if (absl::Status s = Seat(seated[m.round], m, team, file_name); !s.ok()) {
        return s;
      }
    }
  }
  for (FileMatch& bye : file.matches) {
    if (bye.opponent != 0) continue;
    auto first = first_of_round.find(bye.round);
    if (first == first_of_round.end()) {
      return Refuse(file_name, bye.line,
                    absl::StrCat("round ", bye.round, ": team ", bye.team,
                                 "'s bye is the round's only entry; a round "
                                 "plays at least one match"));
    }
    if (bye.first_board == 0) {
      bye.first_board = first->second->first_board;
      bye.last_board = first->second->last_board;
    } else if (bye.first_board != first->second->first_board ||
               bye.last_board != first->second->last_board) {
      return Refuse(
          file_name, bye.line,
          absl::StrCat("round ", bye.round, ", team ", bye.team,
                       "'s bye: boards ", bye.first_board, "-", bye.last_board,
                       ", but the round's first match (line ",
                       first->second->line, ") plays ",
                       first->second->first_board, "-",
                       first->second->last_board));
    }
  }
  // A knock-out draws only the teams still in it.
  if (file.IsKnockout()) return absl::OkStatus();
  for (const auto& [round, teams] : seated) {
    for (const FileTeam& t : file.teams) {
      if (teams.contains(t.team)) continue;
      const FileMatch* at = first_of_round.contains(round)
                                ? first_of_round.at(round)
                                : bye_of_round.at(round);
      return Refuse(file_name, at->line,
                    absl::StrCat("round ", round, ": team ", t.team,
                                 " plays no match and has no bye (an odd "
                                 "field's three-way match, or a team "
                                 "missing): not imported; tally imports "
                                 "rounds in which every team plays one "
                                 "match or has the bye"));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckKnockoutStanzas(const TeamsFile& file,
                                  const StanzaFieldNames& names,
                                  const std::string& file_name) {
  std::map<std::string, const FileMatch*> last;  // name -> stanza before
  for (const FileMatch& m : file.matches) {
    if (!m.knockout.has_value()) {
      return Refuse(file_name, m.line,
                    absl::StrCat(Where(m), ": a ", names.match,
                                 " with no stanza in a knock-out"));
    }
    if (absl::Status s = CheckStanza(m, names, file_name); !s.ok()) return s;
    const FileStanza& k = *m.knockout;
    const std::string name = absl::StrCat("'", k.match_name, "'");
    auto it = last.find(k.match_name);
    if (it == last.end()) {
      if (k.stanza != 1) {
        return Refuse(file_name, m.line,
                      absl::StrCat(name, " starts with stanza ", k.stanza,
                                   "; a match's first stanza is 1"));
      }
    } else {
      const FileMatch& before = *it->second;
      const FileStanza& b = *before.knockout;
      if (k.stanza != b.stanza + 1 || m.round != before.round + 1) {
        return Refuse(
            file_name, m.line,
            absl::StrCat(name, ": stanza ", k.stanza, " in round ", m.round,
                         " after stanza ", b.stanza, " in round ", before.round,
                         " (line ", before.line,
                         "); a match plays its stanzas 1, 2, ... "
                         "in consecutive rounds"));
      }
      if (std::minmax(m.team, m.opponent) !=
              std::minmax(before.team, before.opponent) ||
          k.stanzas != b.stanzas || k.carry_over != b.carry_over ||
          k.carry_over_team != b.carry_over_team) {
        return Refuse(file_name, m.line,
                      absl::StrCat(name, ": stanza ", k.stanza,
                                   " changes the teams, the stanza count or "
                                   "the carry-over of stanza ",
                                   b.stanza, " (line ", before.line,
                                   "); a match keeps them throughout"));
      }
    }
    last[k.match_name] = &m;
    if (absl::Status s = CheckStanzaScores(m, names, file_name); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::interchange
