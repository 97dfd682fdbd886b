// tally's answers as a TeamsFile, and the published-figure check (see
// teams_answers.h).

#include "server/interchange/teams_answers.h"

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "server/interchange/import_plan.h"

namespace tally::interchange {
namespace {

core::Rational Exact(const v1::Fraction& f) {
  return core::Rational(f.numerator(), f.denominator());
}

core::Rational Exact(const v1::DecimalValue& d) {
  return core::Decimal(d.units(), d.places()).ToRational();
}

std::string Shown(const std::optional<core::Rational>& r) {
  return r.has_value() ? VpText(*r) : "none";
}

// The room's result as USEBIO can carry it; `unwritable` says why not.
FileRoomResult RoomOf(const v1::TravellerLine& line) {
  FileRoomResult room;
  room.team_north_south = line.room() == v1::ROOM_OPEN;
  room.result = line.result();
  room.ns_score = line.ns_score();
  if (line.has_adjusted() && line.adjusted().has_artificial()) {
    // Average plus, average, average minus: "A6040" and the like.
    room.adjusted = FileAdjusted{
        PercentOfArtificialAward(line.adjusted().artificial().ns()),
        PercentOfArtificialAward(line.adjusted().artificial().ew())};
    if (line.result().has_not_played()) room.ns_score = 0;
  } else if (!line.ruling_law().empty() || line.has_adjusted()) {
    room.unwritable = absl::StrCat(
        "a director's adjusted score other than an artificial one (",
        line.ruling_law(), ", event ", line.ruling_sequence(),
        "); a USEBIO teams file carries average plus, average and average "
        "minus only (\"A6040\")");
  } else if (line.result().has_not_played() || line.result().has_score_only()) {
    room.unwritable =
        "a result with no contract; a USEBIO teams line "
        "carries the contract";
  }
  return room;
}

// The boards `drawn` played, both rooms of each, as the travellers show
// them.
std::vector<FileMatchBoard> BoardsOf(const RoundAnswers& r,
                                     const v1::DrawnMatch& drawn) {
  std::vector<FileMatchBoard> boards;
  for (const v1::Traveller& t : r.travellers) {
    FileMatchBoard board;
    board.board = t.board();
    for (const v1::TravellerLine& line : t.lines()) {
      if (line.table() != drawn.table()) continue;
      board.rooms.push_back(RoomOf(line));
      if (line.room() == v1::ROOM_OPEN && line.has_match_imps()) {
        board.imps = Exact(line.match_imps());
      }
    }
    boards.push_back(std::move(board));
  }
  return boards;
}

// The match `drawn` of round `r` as the file names it: its round, teams
// and boards.
FileMatch DrawnMatchOf(const RoundAnswers& r, const v1::DrawnMatch& drawn) {
  FileMatch m;
  m.round = r.draw.round();
  m.team = drawn.home();
  m.opponent = drawn.away();
  m.first_board = r.draw.boards(0);
  m.last_board = r.draw.boards(r.draw.boards_size() - 1);
  return m;
}

absl::StatusOr<FileMatch> MatchOf(const RoundAnswers& r,
                                  const v1::DrawnMatch& drawn) {
  FileMatch m = DrawnMatchOf(r, drawn);
  const std::string where =
      absl::StrCat("round ", m.round, ", table ", drawn.table(), " (", m.team,
                   " v ", m.opponent, ")");
  for (const v1::MatchResult& result : r.results.matches()) {
    if (result.table() != drawn.table()) continue;
    if (result.has_forfeit()) {
      return absl::FailedPreconditionError(
          absl::StrCat(where,
                       ": the match was forfeited; a USEBIO teams file has no "
                       "form for a forfeit"));
    }
    if (!result.complete() || !result.has_home_vps()) {
      return absl::FailedPreconditionError(
          absl::StrCat(where, ": the match is not complete (",
                       result.boards_scored(), " boards scored)"));
    }
    m.team_score = Exact(result.home_vps());
    m.opponent_score = Exact(result.away_vps());
  }
  if (!m.team_score.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat(where, ": tally has no result for the match"));
  }
  m.boards = BoardsOf(r, drawn);
  return m;
}

// SABF TR 14.1's share match of round `r` as three MATCHes (tally's form,
// docs/interchange.md): each team's from its side, OPPOSING_TEAM the team
// at its North-South table, its own VPs (GetMatchResults' three_way) and,
// on each board, its North-South table (TEAM NS) and its East-West table
// (TEAM EW) with its IMPs (the traveller's line of its NS table).
absl::StatusOr<std::vector<FileMatch>> ShareMatchesOf(const RoundAnswers& r) {
  const v1::DrawnShareMatch& s = r.draw.share();
  // Table 1: A v B; Table 2: C v A; Table 3: B v C: each team's letter,
  // the team it meets at its NS table, its NS and its EW table.
  struct Seat {
    char letter;
    int team, opponent;
    v1::Room ns, ew;
  };
  const Seat seats[3] = {
      {'A', s.a(), s.b(), v1::ROOM_SHARE_1, v1::ROOM_SHARE_2},
      {'B', s.b(), s.c(), v1::ROOM_SHARE_3, v1::ROOM_SHARE_1},
      {'C', s.c(), s.a(), v1::ROOM_SHARE_2, v1::ROOM_SHARE_3}};
  const v1::ThreeWayResult& result = r.results.three_way();
  std::vector<FileMatch> out;
  for (const Seat& seat : seats) {
    FileMatch m;
    m.round = r.draw.round();
    m.team = seat.team;
    m.opponent = seat.opponent;
    m.share = seat.letter;
    m.first_board = r.draw.boards(0);
    m.last_board = r.draw.boards(r.draw.boards_size() - 1);
    const std::string where = absl::StrCat(
        "round ", m.round, ", table ", s.table(), " (share match, team ",
        m.team, ", ", std::string(1, seat.letter), ")");
    for (const v1::ThreeWayEntrant& e : result.entrants()) {
      if (e.entrant() != m.team) continue;
      if (!e.complete() || !e.has_vps()) {
        return absl::FailedPreconditionError(
            absl::StrCat(where, ": the match is not complete (",
                         e.boards_scored(), " boards scored)"));
      }
      m.team_score = Exact(e.vps());
    }
    if (!m.team_score.has_value()) {
      return absl::FailedPreconditionError(
          absl::StrCat(where, ": tally has no result for the team"));
    }
    for (const v1::Traveller& t : r.travellers) {
      FileMatchBoard board;
      board.board = t.board();
      for (v1::Room room : {seat.ns, seat.ew}) {
        for (const v1::TravellerLine& line : t.lines()) {
          if (line.table() != s.table() || line.room() != room) continue;
          FileRoomResult written = RoomOf(line);
          written.team_north_south = room == seat.ns;
          board.rooms.push_back(std::move(written));
          if (room == seat.ns && line.has_match_imps()) {
            board.imps = Exact(line.match_imps());
          }
        }
      }
      m.boards.push_back(std::move(board));
    }
    out.push_back(std::move(m));
  }
  return out;
}

// The teams in the competition's order, with their players.
std::vector<FileTeam> TeamsOf(const v1::Competition& competition) {
  std::vector<FileTeam> teams;
  for (const v1::Pair& p : competition.pairs()) {
    FileTeam team;
    team.team = p.pair();
    team.name = p.name();
    team.players.assign(p.players().begin(), p.players().end());
    teams.push_back(std::move(team));
  }
  return teams;
}

// One stanza of a knock-out match as the file writes it: TEAM the
// stanza's home team, its IMPs won on the stanza's boards; the match's
// winner on its last stanza.
absl::StatusOr<FileMatch> StanzaOf(const RoundAnswers& r,
                                   const v1::DrawnMatch& drawn,
                                   const v1::KnockoutResults& results) {
  FileMatch m = DrawnMatchOf(r, drawn);
  const std::string where =
      absl::StrCat("round ", m.round, ", table ", drawn.table(), " (", m.team,
                   " v ", m.opponent, ", '", drawn.label(), "')");
  if (drawn.label().empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat(where, ": a match with no name is not a knock-out match"));
  }
  const v1::KnockoutMatch* match = nullptr;
  for (const v1::KnockoutMatch& k : results.matches()) {
    if (k.label() == drawn.label()) match = &k;
  }
  const v1::KnockoutStanza* stanza = nullptr;
  if (match != nullptr) {
    for (const v1::KnockoutStanza& s : match->stanza_results()) {
      if (s.round() == m.round) stanza = &s;
    }
  }
  if (stanza == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(where, ": tally has no result for the stanza"));
  }
  if (match->outcome() == "forfeit" || match->outcome() == "abandoned" ||
      match->outcome() == "walkover") {
    return absl::FailedPreconditionError(absl::StrCat(
        where, ": the match was decided without play (", match->outcome(), ", ",
        match->clause(), "); a USEBIO knock-out file has no form for it"));
  }
  if (!stanza->complete()) {
    return absl::FailedPreconditionError(
        absl::StrCat(where, ": the stanza is not complete (",
                     stanza->boards_scored(), " boards scored)"));
  }
  if (Exact(match->home_deducted()) != core::Rational(0) ||
      Exact(match->away_deducted()) != core::Rational(0)) {
    return absl::FailedPreconditionError(absl::StrCat(
        where,
        ": IMPs were taken off a team's total (the offence register or a "
        "ruling's penalty); a USEBIO knock-out file has no form for them, "
        "and its winner would not follow from its figures"));
  }
  // The stanza's IMPs are the match's home team's and away team's; TEAM is
  // this stanza's home team.
  const bool same_home = match->home() == m.team;
  m.team_score = Exact(same_home ? stanza->home_imps() : stanza->away_imps());
  m.opponent_score =
      Exact(same_home ? stanza->away_imps() : stanza->home_imps());
  FileStanza k;
  k.match_name = drawn.label();
  k.stanza = drawn.stanza();
  k.stanzas = drawn.stanzas();
  if (drawn.carry_over_holder() != 0) {
    k.carry_over = Exact(drawn.carry_over());
    k.carry_over_team = drawn.carry_over_holder();
  }
  if (k.stanza == k.stanzas) {
    if (!match->complete()) {
      return absl::FailedPreconditionError(absl::StrCat(
          where, ": the match is not complete (", match->outcome(), ")"));
    }
    // A match level after its tie-breaks (a shared title, ANC SR 12.3) is
    // written with no WINNING_TEAM.
    k.winner = match->outcome() == "won" ? match->winner() : 0;
  }
  m.knockout = std::move(k);
  m.boards = BoardsOf(r, drawn);
  return m;
}

}  // namespace

absl::StatusOr<TeamsFile> TeamsFileFromAnswers(
    const v1::Competition& competition, const std::string& event_name,
    const std::vector<RoundAnswers>& rounds,
    const v1::MatchStandings& standings) {
  TeamsFile file;
  file.event_name = event_name;
  if (competition.kind() == v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS) {
    file.event_type = kTeamsOfFourEventType;
  }
  std::map<int, const v1::MatchStandingsRow*> rows;
  for (const v1::MatchStandingsRow& row : standings.rows()) {
    rows[row.entrant()] = &row;
  }
  file.teams = TeamsOf(competition);
  for (FileTeam& team : file.teams) {
    if (auto it = rows.find(team.team); it != rows.end()) {
      team.place =
          absl::StrCat(it->second->rank(), it->second->tied() ? "=" : "");
      team.total = Exact(it->second->total());
    }
  }
  for (const RoundAnswers& r : rounds) {
    const std::string round = absl::StrCat("round ", r.draw.round());
    if (r.draw.half_matches().table() != 0) {
      return absl::FailedPreconditionError(
          absl::StrCat(round,
                       ": half matches (NSW TR 12.7) of pairs; a USEBIO "
                       "teams file lists matches of teams only"));
    }
    if (r.draw.boards().empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat(round, " has no boards"));
    }
    for (const v1::DrawnMatch& drawn : r.draw.matches()) {
      absl::StatusOr<FileMatch> m = MatchOf(r, drawn);
      if (!m.ok()) return m.status();
      file.matches.push_back(*std::move(m));
    }
    if (r.draw.share().table() != 0) {
      absl::StatusOr<std::vector<FileMatch>> share = ShareMatchesOf(r);
      if (!share.ok()) return share.status();
      for (FileMatch& m : *share) file.matches.push_back(std::move(m));
    }
    if (r.draw.bye() != 0) {
      // A MATCH with no opponent (tally's form, docs/interchange.md), its
      // VPs the bye's under the profile's bye rule.
      FileMatch bye;
      bye.round = r.draw.round();
      bye.team = r.draw.bye();
      bye.first_board = r.draw.boards(0);
      bye.last_board = r.draw.boards(r.draw.boards_size() - 1);
      if (r.results.bye().entrant() != bye.team || !r.results.bye().has_vps()) {
        return absl::FailedPreconditionError(absl::StrCat(
            round, ": tally has no score for team ", bye.team, "'s bye"));
      }
      bye.team_score = Exact(r.results.bye().vps());
      file.matches.push_back(std::move(bye));
    }
  }
  return file;
}

absl::StatusOr<TeamsFile> KnockoutFileFromAnswers(
    const v1::Competition& competition, const std::string& event_name,
    const std::vector<RoundAnswers>& rounds,
    const v1::KnockoutResults& results) {
  TeamsFile file;
  file.event_type = kKnockoutEventType;
  file.event_name = event_name;
  file.teams = TeamsOf(competition);
  for (const RoundAnswers& r : rounds) {
    const std::string round = absl::StrCat("round ", r.draw.round());
    if (r.draw.boards().empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat(round, " has no boards"));
    }
    if (!r.draw.walkovers().empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          round, ": '", r.draw.walkovers(0).label(),
          "' is a walkover (SABF TR 16.1); a USEBIO knock-out file lists "
          "matches played"));
    }
    for (const v1::DrawnMatch& drawn : r.draw.matches()) {
      absl::StatusOr<FileMatch> m = StanzaOf(r, drawn, results);
      if (!m.ok()) return m.status();
      file.matches.push_back(*std::move(m));
    }
  }
  return file;
}

std::vector<std::string> CheckPublishedTeams(const TeamsFile& file,
                                             const TeamsFile& answers,
                                             const std::string& file_name) {
  std::vector<std::string> out;
  auto differ = [&](int line, const std::string& what) {
    out.push_back(absl::StrCat(file_name, " line ", line, ": ", what));
  };
  std::map<int, const FileTeam*> teams;
  for (const FileTeam& t : answers.teams) teams[t.team] = &t;
  for (const FileTeam& f : file.teams) {
    auto it = teams.find(f.team);
    if (it == teams.end()) {
      differ(f.line, absl::StrCat("team ", f.team,
                                  " is not in tally's "
                                  "standings"));
      continue;
    }
    const FileTeam& t = *it->second;
    if (!f.place.empty() && f.place != t.place) {
      differ(f.line, absl::StrCat("team ", f.team, ": PLACE ", f.place,
                                  ", tally ", t.place));
    }
    if (f.total.has_value() && f.total != t.total) {
      differ(f.line,
             absl::StrCat("team ", f.team, ": TOTAL_SCORE ", VpText(*f.total),
                          " VPs, tally ", Shown(t.total)));
    }
  }
  std::map<std::tuple<int, int, int>, const FileMatch*> matches;
  for (const FileMatch& m : answers.matches) {
    matches[{m.round, m.team, m.opponent}] = &m;
  }
  for (const FileMatch& f : file.matches) {
    const std::string where =
        f.opponent == 0
            ? absl::StrCat("round ", f.round, ", team ", f.team, "'s bye")
            : absl::StrCat("round ", f.round, ", ", f.team, " v ", f.opponent);
    auto it = matches.find({f.round, f.team, f.opponent});
    if (it == matches.end()) {
      differ(f.line, absl::StrCat(where, ": tally has no such match"));
      continue;
    }
    const FileMatch& t = *it->second;
    const char* unit = file.IsKnockout() ? " IMPs" : " VPs";
    auto shown = [&](const std::optional<core::Rational>& r) {
      return r.has_value() ? MatchScoreText(file, *r) : std::string("none");
    };
    if (f.team_score.has_value() && f.team_score != t.team_score) {
      differ(f.line, absl::StrCat(where, ": TEAM_SCORE ", shown(f.team_score),
                                  unit, ", tally ", shown(t.team_score)));
    }
    if (f.opponent_score.has_value() && f.opponent_score != t.opponent_score) {
      differ(f.line, absl::StrCat(where, ": OPPOSING_TEAM_SCORE ",
                                  shown(f.opponent_score), unit, ", tally ",
                                  shown(t.opponent_score)));
    }
    if (f.knockout.has_value() && f.knockout->winner != 0 &&
        (!t.knockout.has_value() || t.knockout->winner != f.knockout->winner)) {
      const int winner = t.knockout.has_value() ? t.knockout->winner : 0;
      differ(
          f.line,
          absl::StrCat(where, ": WINNING_TEAM ", f.knockout->winner, ", tally ",
                       winner != 0 ? absl::StrCat("team ", winner)
                                   : std::string("none (tied, or not "
                                                 "complete)")));
    }
    std::map<int, const FileMatchBoard*> boards;
    for (const FileMatchBoard& b : t.boards) boards[b.board] = &b;
    for (const FileMatchBoard& b : f.boards) {
      auto found = boards.find(b.board);
      if (!b.imps.has_value() || found == boards.end()) continue;
      if (found->second->imps != b.imps) {
        differ(b.line, absl::StrCat(where, ", board ", b.board, ": IMPS ",
                                    b.imps->ToString(), ", tally ",
                                    found->second->imps.has_value()
                                        ? found->second->imps->ToString()
                                        : "none"));
      }
    }
  }
  return out;
}

}  // namespace tally::interchange
