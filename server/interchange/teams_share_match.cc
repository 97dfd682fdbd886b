// The share match of a TeamsFile (see teams_share_match.h).

#include "server/interchange/teams_share_match.h"

#include <array>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"

namespace tally::interchange {
namespace {

absl::Status Refuse(const std::string& file_name, int line,
                    const std::string& what) {
  return absl::InvalidArgumentError(
      absl::StrCat(file_name, " line ", line, ": ", what));
}

std::string Letter(char c) { return std::string(1, c); }

// The room of `board` in `m` where TEAM sits North-South (or East-West);
// nullptr if the board or room is not there.
const FileRoomResult* RoomOf(const FileMatch& m, int board, bool north_south) {
  for (const FileMatchBoard& b : m.boards) {
    if (b.board != board) continue;
    for (const FileRoomResult& r : b.rooms) {
      if (r.team_north_south == north_south) return &r;
    }
  }
  return nullptr;
}

bool SameResult(const FileRoomResult& x, const FileRoomResult& y) {
  return x.result.SerializeAsString() == y.result.SerializeAsString() &&
         x.ns_score == y.ns_score && x.adjusted == y.adjusted;
}

}  // namespace

std::vector<const FileMatch*> ShareMatchesOfRound(const TeamsFile& file,
                                                  int round) {
  std::array<const FileMatch*, 3> by_letter = {nullptr, nullptr, nullptr};
  for (const FileMatch& m : file.matches) {
    if (m.round == round && m.share >= 'A' && m.share <= 'C') {
      by_letter[m.share - 'A'] = &m;
    }
  }
  std::vector<const FileMatch*> out;
  for (const FileMatch* m : by_letter) {
    if (m != nullptr) out.push_back(m);
  }
  return out;
}

absl::Status CheckShareMatches(const TeamsFile& file,
                               const std::string& file_name) {
  // round -> letter (0..2) -> its MATCH
  std::map<int, std::array<const FileMatch*, 3>> rounds;
  for (const FileMatch& m : file.matches) {
    if (m.share == 0) continue;
    auto [it, added] = rounds.try_emplace(m.round);
    if (added) it->second = {nullptr, nullptr, nullptr};
    const FileMatch*& slot = it->second[m.share - 'A'];
    if (slot != nullptr) {
      return Refuse(file_name, m.line,
                    absl::StrCat("round ", m.round, ": <SHARE_MATCH> ",
                                 Letter(m.share), " is team ", slot->team,
                                 " (line ", slot->line, ") and team ", m.team,
                                 "; a share match has one team A, one B and "
                                 "one C (SABF TR 14.1)"));
    }
    slot = &m;
  }
  for (const auto& [round, teams] : rounds) {
    const FileMatch* first = nullptr;
    for (const FileMatch* m : teams) {
      if (m != nullptr && (first == nullptr || m->line < first->line)) {
        first = m;
      }
    }
    for (int i = 0; i < 3; ++i) {
      if (teams[i] == nullptr) {
        return Refuse(
            file_name, first->line,
            absl::StrCat("round ", round,
                         ": a share match with no team <SHARE_MATCH> ",
                         Letter(static_cast<char>('A' + i)),
                         "; its three teams are A, B and C, each in "
                         "a MATCH of its own (SABF TR 14.1)"));
      }
    }
    // SABF TR 14.1: Table 1: A v B; Table 2: C v A; Table 3: B v C. Each
    // team sits NS at one table: A at Table 1 against B, B at 3 against C,
    // C at 2 against A; and EW at the next: A at 2, B at 1, C at 3.
    struct Table {
      int number;
      int ns, ew;  // the letters (0..2) sitting NS and EW
    };
    const Table tables[3] = {{1, 0, 1}, {2, 2, 0}, {3, 1, 2}};
    for (const Table& t : tables) {
      const FileMatch& ns = *teams[t.ns];
      const FileMatch& ew = *teams[t.ew];
      if (ns.opponent != ew.team) {
        return Refuse(
            file_name, ns.line,
            absl::StrCat("round ", round, ", team ", ns.team,
                         " (<SHARE_MATCH> ", Letter(ns.share),
                         "): <OPPOSING_TEAM> ", ns.opponent, ", but ",
                         Letter(ew.share), " is team ", ew.team, " (line ",
                         ew.line, "); SABF TR 14.1 seats Table ", t.number, " ",
                         Letter(ns.share), " v ", Letter(ew.share),
                         " and a share team's MATCH names the team at its "
                         "North-South table"));
      }
      for (const FileMatchBoard& b : ns.boards) {
        const FileRoomResult* here = RoomOf(ns, b.board, true);
        const FileRoomResult* there = RoomOf(ew, b.board, false);
        if (here == nullptr || there == nullptr) continue;  // the reader's
        if (!SameResult(*here, *there)) {
          return Refuse(
              file_name, there->line,
              absl::StrCat("round ", round, ", board ", b.board, ", Table ",
                           t.number, " of the share match (", ns.team, " v ",
                           ew.team, "): team ", ew.team,
                           "'s MATCH shows its result otherwise than team ",
                           ns.team, "'s (line ", here->line,
                           "); one table has one result"));
        }
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::interchange
