#include "replay/match_scores/three_way_tables.h"

#include <array>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

bool HasShare(const v1::DrawMade& draw, int table) {
  return draw.share().table() != 0 && draw.share().table() == table;
}

bool HasHalfMatches(const v1::DrawMade& draw, int table) {
  return draw.half_matches().table() != 0 &&
         draw.half_matches().table() == table;
}

// SABF TR 14.1: Table 1: A v B; Table 2: C v A; Table 3: B v C.
std::array<TableSides, 3> ShareTables(const v1::DrawnShareMatch& s) {
  return {TableSides{s.a(), s.b()}, TableSides{s.c(), s.a()},
          TableSides{s.b(), s.c()}};
}

constexpr std::array<v1::Room, 3> kShareRooms = {
    v1::ROOM_SHARE_1, v1::ROOM_SHARE_2, v1::ROOM_SHARE_3};

// The board's position in the round, or -1.
int BoardIndex(const v1::DrawMade& draw, int board) {
  for (int i = 0; i < draw.boards_size(); ++i) {
    if (draw.boards(i) == board) return i;
  }
  return -1;
}

core::Rational Half(const core::Rational& r) { return r / 2; }

// Two records, one per opponent, of an entrant that met both in one match
// (three_way_tables.h).
void AddTwoRecords(int entrant, int round, int opponent1, int opponent2,
                   const core::VpResult& vps, const core::Rational& imps1,
                   const core::Rational& imps2,
                   std::optional<core::Rational> blitz,
                   std::vector<ThreeWayRecord>& out) {
  const core::Rational score = Half(vps.vps.ToRational());
  if (blitz.has_value()) blitz = Half(*blitz);
  ThreeWayRecord first{entrant, {}, true};
  first.match = {round, absl::StrCat(opponent1),
                 score, Half(vps.opponent_vps.ToRational()),
                 imps1, blitz};
  ThreeWayRecord second{entrant, {}, false};
  second.match = {round, absl::StrCat(opponent2), score, std::nullopt, imps2,
                  blitz};
  out.push_back(std::move(first));
  out.push_back(std::move(second));
}

void FillEntrant(int entrant, std::string seat, const std::vector<int>& boards,
                 int boards_scored, bool complete, const core::Rational& imps,
                 const std::optional<core::VpResult>& vps, std::string clause,
                 v1::ThreeWayEntrant& e) {
  e.set_entrant(entrant);
  e.set_seat(std::move(seat));
  for (int b : boards) e.add_boards(b);
  e.set_boards_scored(boards_scored);
  e.set_complete(complete);
  *e.mutable_imps() = ToProtoFraction(imps);
  if (vps.has_value()) *e.mutable_vps() = ToProtoDecimal(vps->vps);
  e.set_clause(std::move(clause));
}

}  // namespace

bool IsThreeWayTable(const v1::DrawMade& draw, int table) {
  return HasShare(draw, table) || HasHalfMatches(draw, table);
}

int ThreeWayTable(const v1::DrawMade& draw) {
  return draw.share().table() != 0 ? draw.share().table()
                                   : draw.half_matches().table();
}

absl::StatusOr<TableSides> ThreeWaySides(const v1::DrawMade& draw, int table,
                                         int board, v1::Room room) {
  const int index = BoardIndex(draw, board);
  if (index < 0) {
    return absl::NotFoundError(absl::StrCat(
        "board ", board, " is not played in round ", draw.round()));
  }
  if (HasShare(draw, table)) {
    const std::array<TableSides, 3> tables = ShareTables(draw.share());
    for (int leg = 0; leg < 3; ++leg) {
      if (room == kShareRooms[leg]) return tables[leg];
    }
    return absl::InvalidArgumentError(absl::StrCat(
        "table ", table,
        " is a share match (SABF TR 14.1) played at three "
        "tables: give the room share1 (Table 1: ",
        tables[0].ns, " v ", tables[0].ew, "), share2 (Table 2: ", tables[1].ns,
        " v ", tables[1].ew, ") or share3 (Table 3: ", tables[2].ns, " v ",
        tables[2].ew, ")"));
  }
  if (HasHalfMatches(draw, table)) {
    if (room != v1::ROOM_UNSPECIFIED) {
      return absl::InvalidArgumentError(
          absl::StrCat("table ", table,
                       " plays half matches (NSW TR 12.7) "
                       "at one table: give no room"));
    }
    const v1::DrawnHalfMatches& g = draw.half_matches();
    // The first half of the boards, in the draw's order, is `first`'s.
    const bool first_half = index < draw.boards_size() / 2;
    return TableSides{g.pivot(), first_half ? g.first() : g.second()};
  }
  return absl::NotFoundError(absl::StrCat(
      "table ", table, " is not a share match or half-match table"));
}

std::string ShareRoomName(v1::Room room) {
  for (int leg = 0; leg < 3; ++leg) {
    if (room == kShareRooms[leg]) {
      return absl::StrCat(" (Table ", leg + 1, " of the share match)");
    }
  }
  return "";
}

std::string RoomName(v1::Room room) {
  switch (room) {
    case v1::ROOM_OPEN:
      return " (open room)";
    case v1::ROOM_CLOSED:
      return " (closed room)";
    default:
      return ShareRoomName(room);
  }
}

std::vector<std::string> MissingThreeWayResults(const MatchRoundState& round) {
  std::vector<std::string> missing;
  const v1::DrawMade& draw = round.draw;
  std::vector<v1::Room> rooms;
  int table = 0;
  if (draw.share().table() != 0) {
    table = draw.share().table();
    rooms.assign(kShareRooms.begin(), kShareRooms.end());
  } else if (draw.half_matches().table() != 0) {
    table = draw.half_matches().table();
    rooms = {v1::ROOM_UNSPECIFIED};
  }
  for (int board : draw.boards()) {
    for (v1::Room room : rooms) {
      if (!round.results.contains({board, table, room})) {
        missing.push_back(absl::StrCat("table ", table, " board ", board,
                                       ShareRoomName(room)));
      }
    }
  }
  return missing;
}

void AddThreeWayTable(const v1::DrawMade& draw, core::RoundInput& input) {
  if (const v1::DrawnShareMatch& s = draw.share(); s.table() != 0) {
    input.share = core::ShareMatchAt{s.table(), s.a(), s.b(), s.c()};
  }
  if (const v1::DrawnHalfMatches& g = draw.half_matches(); g.table() != 0) {
    input.half_matches =
        core::HalfMatchesAt{g.table(), g.pivot(), g.first(), g.second()};
  }
}

std::vector<ThreeWayRecord> ThreeWayRecords(
    const core::RoundScore& score, int round,
    std::optional<int64_t> match_blitz) {
  std::vector<ThreeWayRecord> out;
  if (score.share.has_value()) {
    const auto& teams = score.share->teams;
    std::optional<core::Rational> blitz;
    if (match_blitz.has_value()) blitz = core::Rational(*match_blitz);
    for (int i = 0; i < 3; ++i) {
      const core::ShareTeamScore& t = teams[i];
      if (!t.complete || !t.vps.has_value()) continue;
      // Its opponents in ranking order: A meets B and C, B A and C, C A
      // and B. Every board is compared across both: half the IMPs each.
      const int o1 = teams[i == 0 ? 1 : 0].team;
      const int o2 = teams[i == 2 ? 1 : 2].team;
      AddTwoRecords(t.team, round, o1, o2, *t.vps, Half(t.imps), Half(t.imps),
                    blitz, out);
    }
  }
  if (score.half_matches.has_value()) {
    const core::HalfMatchesScore& g = *score.half_matches;
    auto blitz_of = [](const core::HalfMatchPairScore& p) {
      return p.blitz_margin.has_value()
                 ? std::optional<core::Rational>(*p.blitz_margin)
                 : std::nullopt;
    };
    if (g.pivot.complete && g.pivot.vps.has_value()) {
      // The pivot's IMPs on each half are the negative of that half's EW
      // pair's.
      AddTwoRecords(g.pivot.pair, round, g.first.pair, g.second.pair,
                    *g.pivot.vps, -g.first.imps, -g.second.imps,
                    blitz_of(g.pivot), out);
    }
    for (const core::HalfMatchPairScore* p : {&g.first, &g.second}) {
      if (!p->complete || !p->vps.has_value()) continue;
      ThreeWayRecord r{p->pair, {}, true};
      r.match = {round,
                 absl::StrCat(g.pivot.pair),
                 p->vps->vps.ToRational(),
                 p->vps->opponent_vps.ToRational(),
                 p->imps,
                 blitz_of(*p)};
      out.push_back(std::move(r));
    }
  }
  return out;
}

void FillThreeWayResult(const core::RoundScore& score, v1::MatchResults& out) {
  if (score.share.has_value()) {
    v1::ThreeWayResult* r = out.mutable_three_way();
    r->set_table(score.share->table);
    r->set_kind("share_match");
    std::vector<int> boards(out.boards().begin(), out.boards().end());
    const char* labels[3] = {"A: NS at Table 1, EW at Table 2",
                             "B: NS at Table 3, EW at Table 1",
                             "C: NS at Table 2, EW at Table 3"};
    for (int i = 0; i < 3; ++i) {
      const core::ShareTeamScore& t = score.share->teams[i];
      FillEntrant(t.team, labels[i], boards, t.boards_scored, t.complete,
                  t.imps, t.vps, "its two tables compared (SABF TR 14.1)",
                  *r->add_entrants());
    }
  }
  if (score.half_matches.has_value()) {
    const core::HalfMatchesScore& g = *score.half_matches;
    v1::ThreeWayResult* r = out.mutable_three_way();
    r->set_table(g.table);
    r->set_kind("half_matches");
    FillEntrant(g.pivot.pair, "pivot: NS on every board", g.pivot.boards,
                g.pivot.boards_scored, g.pivot.complete, g.pivot.imps,
                g.pivot.vps, "a full match (NSW TR 12.7 reading)",
                *r->add_entrants());
    FillEntrant(g.first.pair, "EW on the first half", g.first.boards,
                g.first.boards_scored, g.first.complete, g.first.imps,
                g.first.vps, g.first.clause, *r->add_entrants());
    FillEntrant(g.second.pair, "EW on the second half", g.second.boards,
                g.second.boards_scored, g.second.complete, g.second.imps,
                g.second.vps, g.second.clause, *r->add_entrants());
  }
}

void AddThreeWayRound(const core::RoundScore& score, int round, int entrant,
                      v1::EntrantRecord& out, core::Rational& total) {
  auto add = [&](int table, bool home, int opponent, int second_opponent,
                 bool complete, const core::Rational& imps,
                 const std::optional<core::VpResult>& vps,
                 std::string three_way) {
    v1::EntrantRound* row = out.add_rounds();
    row->set_round(round);
    row->set_table(table);
    row->set_home(home);
    row->set_opponent(opponent);
    row->set_second_opponent(second_opponent);
    row->set_complete(complete);
    *row->mutable_imps() = ToProtoFraction(imps);
    if (vps.has_value()) {
      *row->mutable_vps() = ToProtoDecimal(vps->vps);
      total += vps->vps.ToRational();
    }
    row->set_three_way(std::move(three_way));
  };
  if (score.share.has_value()) {
    const auto& teams = score.share->teams;
    for (int i = 0; i < 3; ++i) {
      const core::ShareTeamScore& t = teams[i];
      if (t.team != entrant) continue;
      add(score.share->table, false, teams[i == 0 ? 1 : 0].team,
          teams[i == 2 ? 1 : 2].team, t.complete, t.imps, t.vps,
          "share match (SABF TR 14.1)");
    }
  }
  if (score.half_matches.has_value()) {
    const core::HalfMatchesScore& g = *score.half_matches;
    if (g.pivot.pair == entrant) {
      add(g.table, true, g.first.pair, g.second.pair, g.pivot.complete,
          g.pivot.imps, g.pivot.vps, "half matches: pivot, a full match");
    }
    for (const core::HalfMatchPairScore* p : {&g.first, &g.second}) {
      if (p->pair != entrant) continue;
      add(g.table, false, g.pivot.pair, 0, p->complete, p->imps, p->vps,
          absl::StrCat("half match, ", p->clause));
    }
  }
}

}  // namespace tally::replay
