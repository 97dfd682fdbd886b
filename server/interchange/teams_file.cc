// TeamsFile comparison (see teams_file.h).

#include "server/interchange/teams_file.h"

#include <algorithm>
#include <set>
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/decimal.h"

namespace tally::interchange {
namespace {

std::string Maybe(const std::optional<core::Rational>& r) {
  return r.has_value() ? r->ToString() : "none";
}

// `f` with its teams, matches, boards and rooms in number order.
TeamsFile Ordered(TeamsFile f) {
  std::sort(
      f.teams.begin(), f.teams.end(),
      [](const FileTeam& x, const FileTeam& y) { return x.team < y.team; });
  std::sort(f.matches.begin(), f.matches.end(),
            [](const FileMatch& x, const FileMatch& y) {
              return std::tie(x.round, x.team) < std::tie(y.round, y.team);
            });
  for (FileMatch& m : f.matches) {
    std::sort(m.boards.begin(), m.boards.end(),
              [](const FileMatchBoard& x, const FileMatchBoard& y) {
                return x.board < y.board;
              });
    for (FileMatchBoard& b : m.boards) {
      std::sort(b.rooms.begin(), b.rooms.end(),
                [](const FileRoomResult& x, const FileRoomResult& y) {
                  return x.team_north_south > y.team_north_south;
                });
    }
  }
  return f;
}

std::string RoomDifference(const FileRoomResult& a, const FileRoomResult& b) {
  if (a.team_north_south != b.team_north_south) return "the room's DIRECTION";
  if (a.result.SerializeAsString() != b.result.SerializeAsString()) {
    return "the result";
  }
  if (a.adjusted != b.adjusted) {
    return absl::StrCat(
        "the adjusted score (",
        a.adjusted.has_value() ? AdjustedScoreText(*a.adjusted) : "none", " v ",
        b.adjusted.has_value() ? AdjustedScoreText(*b.adjusted) : "none", ")");
  }
  if (a.ns_score != b.ns_score) {
    return absl::StrCat("the score (", a.ns_score, " v ", b.ns_score, ")");
  }
  return "";
}

std::string BoardDifference(const FileMatchBoard& a, const FileMatchBoard& b) {
  if (a.board != b.board)
    return absl::StrCat("board ", a.board, " v ", b.board);
  const std::string where = absl::StrCat("board ", a.board, ": ");
  if (a.imps != b.imps) {
    return absl::StrCat(where, "IMPs ", Maybe(a.imps), " v ", Maybe(b.imps));
  }
  if (a.rooms.size() != b.rooms.size()) {
    return absl::StrCat(where, a.rooms.size(), " v ", b.rooms.size(), " rooms");
  }
  for (size_t i = 0; i < a.rooms.size(); ++i) {
    if (std::string d = RoomDifference(a.rooms[i], b.rooms[i]); !d.empty()) {
      return absl::StrCat(where, "TEAM ",
                          a.rooms[i].team_north_south ? "NS" : "EW",
                          " room: ", d);
    }
  }
  return "";
}

std::string MatchDifference(const FileMatch& a, const FileMatch& b) {
  const std::string where =
      absl::StrCat("round ", a.round, " match ", a.team, " v ", a.opponent);
  if (a.round != b.round || a.team != b.team || a.opponent != b.opponent) {
    return absl::StrCat(where, " v round ", b.round, " match ", b.team, " v ",
                        b.opponent);
  }
  if (a.share != b.share) {
    auto letter = [](char c) {
      return c == 0 ? std::string("none") : std::string(1, c);
    };
    return absl::StrCat(where, ": SHARE_MATCH ", letter(a.share), " v ",
                        letter(b.share));
  }
  if (a.first_board != b.first_board || a.last_board != b.last_board) {
    return absl::StrCat(where, ": boards ", a.first_board, "-", a.last_board,
                        " v ", b.first_board, "-", b.last_board);
  }
  if (a.team_score != b.team_score || a.opponent_score != b.opponent_score) {
    return absl::StrCat(where, ": scores ", Maybe(a.team_score), "-",
                        Maybe(a.opponent_score), " v ", Maybe(b.team_score),
                        "-", Maybe(b.opponent_score));
  }
  if (a.knockout != b.knockout) {
    auto text = [](const std::optional<FileStanza>& k) {
      if (!k.has_value()) return std::string("no knock-out stanza");
      return absl::StrCat("'", k->match_name, "' stanza ", k->stanza, " of ",
                          k->stanzas, ", carry-over ", k->carry_over.ToString(),
                          " to team ", k->carry_over_team, ", winner ",
                          k->winner);
    };
    return absl::StrCat(where, ": ", text(a.knockout), " v ", text(b.knockout));
  }
  if (a.boards.size() != b.boards.size()) {
    return absl::StrCat(where, ": ", a.boards.size(), " v ", b.boards.size(),
                        " boards");
  }
  for (size_t i = 0; i < a.boards.size(); ++i) {
    if (std::string d = BoardDifference(a.boards[i], b.boards[i]); !d.empty()) {
      return absl::StrCat(where, ", ", d);
    }
  }
  return "";
}

std::string TeamDifference(const FileTeam& a, const FileTeam& b) {
  const std::string where = absl::StrCat("team ", a.team, ": ");
  if (a.team != b.team) return absl::StrCat("team ", a.team, " v ", b.team);
  if (a.name != b.name) {
    return absl::StrCat(where, "name \"", a.name, "\" v \"", b.name, "\"");
  }
  if (a.players != b.players) {
    return absl::StrCat(where, "players ", absl::StrJoin(a.players, ", "),
                        " v ", absl::StrJoin(b.players, ", "));
  }
  if (a.place != b.place) {
    return absl::StrCat(where, "place \"", a.place, "\" v \"", b.place, "\"");
  }
  if (a.total != b.total) {
    return absl::StrCat(where, "total ", Maybe(a.total), " v ", Maybe(b.total));
  }
  return "";
}

}  // namespace

std::vector<int> TeamsFile::Rounds() const {
  std::set<int> rounds;
  for (const FileMatch& m : matches) rounds.insert(m.round);
  return {rounds.begin(), rounds.end()};
}

std::string FirstTeamsDifference(const TeamsFile& unordered_a,
                                 const TeamsFile& unordered_b) {
  const TeamsFile a = Ordered(unordered_a);
  const TeamsFile b = Ordered(unordered_b);
  if (a.event_type != b.event_type) {
    return absl::StrCat("EVENT_TYPE \"", a.event_type, "\" v \"", b.event_type,
                        "\"");
  }
  if (a.event_name != b.event_name) {
    return absl::StrCat("event name \"", a.event_name, "\" v \"", b.event_name,
                        "\"");
  }
  if (a.teams.size() != b.teams.size()) {
    return absl::StrCat(a.teams.size(), " v ", b.teams.size(), " teams");
  }
  for (size_t i = 0; i < a.teams.size(); ++i) {
    if (std::string d = TeamDifference(a.teams[i], b.teams[i]); !d.empty()) {
      return d;
    }
  }
  if (a.matches.size() != b.matches.size()) {
    return absl::StrCat(a.matches.size(), " v ", b.matches.size(), " matches");
  }
  for (size_t i = 0; i < a.matches.size(); ++i) {
    if (std::string d = MatchDifference(a.matches[i], b.matches[i]);
        !d.empty()) {
      return d;
    }
  }
  return "";
}

std::string VpText(const core::Rational& vps) {
  return core::Decimal::Round(vps, 2, core::HalfRounding::kAwayFromZero)
      .ToString();
}

std::string ExactImpText(const core::Rational& imps) {
  if (imps.is_integer()) return absl::StrCat(imps.numerator());
  for (int places = 1; places <= 2; ++places) {
    const core::Decimal d =
        core::Decimal::Round(imps, places, core::HalfRounding::kAwayFromZero);
    if (d.ToRational() == imps) return d.ToString();
  }
  return "";
}

std::string MatchScoreText(const TeamsFile& file, const core::Rational& score) {
  if (!file.IsKnockout()) return VpText(score);
  const std::string text = ExactImpText(score);
  return text.empty() ? score.ToString() : text;
}

}  // namespace tally::interchange
