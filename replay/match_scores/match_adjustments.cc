#include "replay/match_scores/match_adjustments.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/adjust/table_award.h"
#include "core/base/status_macros.h"
#include "core/datum/datum.h"
#include "core/matchplay/half_match_group.h"
#include "core/profile/named_rules.h"
#include "core/vp/vp_scale.h"
#include "replay/butler/butler_datum_shortfall.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/fouled_matches.h"
#include "replay/match_scores/match_standings.h"
#include "replay/match_scores/matchpoint_rulings.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/rulings/several_boards.h"
#include "replay/state/fouled_ruling.h"
#include "replay/state/rulings.h"

namespace tally::replay {
namespace {

// What the rulings change in one match: home's and away's IMPs, and the
// boards it now has a score on.
struct MatchDelta {
  core::Rational home;
  core::Rational away;
  int boards_scored = 0;
};

const EnteredResult* Entered(const MatchRoundState& round, int board, int table,
                             v1::Room room) {
  auto it = round.results.find({board, table, static_cast<int>(room)});
  return it == round.results.end() ? nullptr : &it->second;
}

const core::BoardResultAt* InputResult(const core::RoundInput& input, int board,
                                       int table, int room) {
  for (const core::BoardResultAt& r : input.results) {
    if (r.board == board && r.table == table && r.room == room) return &r;
  }
  return nullptr;
}

bool HasMatchAt(const core::RoundInput& input, int table) {
  return std::any_of(
      input.matches.begin(), input.matches.end(),
      [table](const core::MatchAtTable& m) { return m.table == table; });
}

// The boards with an adjusted score in force that RoundInputOf does not
// carry (anything but an assigned score) at a two-way match's table.
std::set<int> AdjustedBoards(const MatchRoundState& round,
                             const core::RoundInput& input) {
  std::set<int> boards;
  for (const RulingRecord* r : RulingsInForce(round.rulings)) {
    const v1::RulingMade& m = r->ruling;
    // NSW TR 12.6(b)'s wrong-side form is average to both at its table.
    const bool adjusted = (m.has_adjusted() && !m.adjusted().has_assigned()) ||
                          IsWrongSideRuling(m);
    if (adjusted && HasMatchAt(input, m.table())) {
      boards.insert(m.board());
    }
  }
  return boards;
}

// (table, board) -> a side's share of its match's award for average plus
// on several boards (ANC SR 7.5-7.6 and appendix; NSW TR 12.10;
// replay/rulings/several_boards.h): `home` for the home team (pairs:
// North-South), `away` for the away team (East-West). Each board gets total /
// N, exact.
struct AveragePlusShares {
  std::map<std::pair<int, int>, core::Rational> home;
  std::map<std::pair<int, int>, core::Rational> away;
};

absl::StatusOr<AveragePlusShares> SharesOf(
    const core::RegulationProfile& profile, const MatchRoundState& round,
    const core::RoundInput& input, bool teams) {
  AveragePlusShares shares;
  const std::vector<v1::Room> rooms =
      teams ? std::vector<v1::Room>{v1::ROOM_OPEN, v1::ROOM_CLOSED}
            : std::vector<v1::Room>{v1::ROOM_UNSPECIFIED};
  for (const core::MatchAtTable& m : input.matches) {
    std::set<int> home, away;  // boards with average plus to each side
    for (int b : input.boards) {
      for (v1::Room room : rooms) {
        std::optional<AdjustmentInForce> a =
            AdjustmentAt(round.rulings, b, m.table, room);
        if (!a.has_value() || !a->score->has_artificial()) continue;
        const v1::ArtificialAdjustedScore& art = a->score->artificial();
        if (SeveralBoardsOnlyWithoutFault(profile) &&
            (art.ns() != v1::ARTIFICIAL_AWARD_AVERAGE_PLUS ||
             art.ew() != v1::ARTIFICIAL_AWARD_AVERAGE_PLUS)) {
          continue;  // NSW TR 12.10: "through no fault of the players"
        }
        // Home sits North-South in the open room, East-West in the closed.
        const bool home_ns = room != v1::ROOM_CLOSED;
        if (art.ns() == v1::ARTIFICIAL_AWARD_AVERAGE_PLUS) {
          (home_ns ? home : away).insert(b);
        }
        if (art.ew() == v1::ARTIFICIAL_AWARD_AVERAGE_PLUS) {
          (home_ns ? away : home).insert(b);
        }
      }
    }
    // ANC SR 7.5: "multiple fouled boards" given 2 IMPs (7.2(b), 7.3) at
    // this match's table are average plus on each, to both sides.
    for (int b : input.boards) {
      const RulingRecord* fouled = FouledTreatmentAt(round.rulings, b);
      if (fouled == nullptr ||
          !SeveralBoardsCountsFouledTwoImps(
              profile, fouled->ruling.fouled().treatment())) {
        continue;
      }
      const auto& tables = fouled->ruling.fouled().fouled_tables();
      if (std::find(tables.begin(), tables.end(), m.table) != tables.end()) {
        home.insert(b);
        away.insert(b);
      }
    }
    auto share = [&](const std::set<int>& boards,
                     std::map<std::pair<int, int>, core::Rational>& out)
        -> absl::Status {
      if (boards.empty()) return absl::OkStatus();
      const int n = static_cast<int>(boards.size());
      TALLY_ASSIGN_OR_RETURN(std::optional<core::Rational> total,
                             SeveralBoardsTotal(profile, teams, n));
      if (!total.has_value()) return absl::OkStatus();
      for (int b : boards) out[{m.table, b}] = *total / core::Rational(n);
      return absl::OkStatus();
    };
    TALLY_RETURN_IF_ERROR(share(home, shares.home));
    TALLY_RETURN_IF_ERROR(share(away, shares.away));
  }
  return shares;
}

// Replaces a side's average plus on `board` at `table` by its share.
void ApplyShares(const AveragePlusShares& shares, int table, int board,
                 core::Rational& home, core::Rational& away) {
  if (auto it = shares.home.find({table, board}); it != shares.home.end()) {
    home = it->second;
  }
  if (auto it = shares.away.find({table, board}); it != shares.away.end()) {
    away = it->second;
  }
}

// Teams: the match at `table` scores `home` IMPs for the home team and
// `away` for the away team on `board` (balanced when away == -home); its
// IMPs and boards scored move by the difference (an unscored board, with
// one room in or none, counts from now).
void SetTeamsBoard(int table, const core::Rational& home,
                   const core::Rational& away, core::BoardScore& board,
                   MatchDelta& d) {
  if (auto old = board.ns_points.find({table, 1});
      old != board.ns_points.end()) {
    auto old_away = board.away_points.find({table, 1});
    d.home -= old->second;
    d.away -=
        old_away != board.away_points.end() ? old_away->second : -old->second;
  } else {
    ++d.boards_scored;
  }
  d.home += home;
  d.away += away;
  board.ns_points[{table, 1}] = home;
  board.away_points.erase({table, 1});
  if (away != -home) board.away_points[{table, 1}] = away;
}

// Teams: the adjusted room of each match's board IMPed against the other
// room's result (replay/rulings/adjusted_boards.h's Butler arithmetic with the
// other room's score as the reference).
absl::Status ApplyTeams(const MatchRoundState& round,
                        const core::RoundInput& input,
                        const core::ArtificialImpsRule& rule,
                        const AveragePlusShares& shares,
                        const std::set<int>& boards, core::RoundScore& score,
                        std::map<int, MatchDelta>& deltas) {
  for (int b : boards) {
    core::BoardScore* board = BoardOf(score, b);
    if (board == nullptr) continue;
    for (const core::MatchAtTable& m : input.matches) {
      for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
        const EnteredResult* entered = Entered(round, b, m.table, room);
        if (entered == nullptr) continue;
        AdjustedTable table{entered,
                            AdjustmentAt(round.rulings, b, m.table, room)};
        if (!table.adjustment.has_value() ||
            table.adjustment->score->has_assigned()) {
          continue;
        }
        const int other_room = room == v1::ROOM_OPEN ? 2 : 1;
        const core::BoardResultAt* other =
            InputResult(input, b, m.table, other_room);
        std::optional<core::TableAward> award;
        if (IsArtificial(table)) {
          // Law 12C2: the artificial IMPs stand whatever the other room
          // scored (NZ LIRG Law 86A; NSW TR 7.2; ANC SR 7.1).
          TALLY_ASSIGN_OR_RETURN(award, AdjustedButlerImps(table, b, 0, rule));
        } else if (other != nullptr) {
          TALLY_ASSIGN_OR_RETURN(
              award, AdjustedButlerImps(table, b, other->ns_score, rule));
        }
        if (!award.has_value()) break;  // the other room is not in yet
        // Home sits North-South in the open room, East-West in the closed.
        core::Rational home =
            room == v1::ROOM_OPEN ? award->north_south : award->east_west;
        core::Rational away =
            room == v1::ROOM_OPEN ? award->east_west : award->north_south;
        if (IsArtificial(table)) ApplyShares(shares, m.table, b, home, away);
        SetTeamsBoard(m.table, home, away, *board, deltas[m.table]);
        // One such room per board of a match (decide), or both rooms
        // artificial with the same award to each team: the board's one
        // artificial score (Law 12C2(a)), counted once.
        break;
      }
    }
  }
  return absl::OkStatus();
}

// Pairs: table `t`'s North-South score on `board` becomes `award`'s (none:
// no score yet), and its match's IMPs and boards scored (counted once the
// board is `complete`) move by the difference. The half-match group's
// table has no match here (ScoreHalfMatches re-scores it).
void SetPairsAward(const core::RoundInput& input, int t,
                   const std::optional<core::TableAward>& award, bool complete,
                   core::BoardScore& board, std::map<int, MatchDelta>& deltas) {
  auto old = board.ns_points.find({t, 0});
  if (HasMatchAt(input, t)) {
    MatchDelta& d = deltas[t];
    if (old != board.ns_points.end()) {
      d.home -= old->second;
      d.away += old->second;
      if (complete) --d.boards_scored;
    }
    if (award.has_value()) {
      d.home += award->north_south;
      d.away += award->east_west;
      if (complete) ++d.boards_scored;
    }
  }
  if (award.has_value()) {
    board.ns_points[{t, 0}] = award->north_south;
  } else if (old != board.ns_points.end()) {
    board.ns_points.erase(old);
  }
}

// Pairs against a datum: the board's datum without artificial and weighted
// tables and with split tables' non-offenders' results, and every table
// IMPed against it as a Butler session does.
absl::Status ApplyDatum(const core::RegulationProfile& profile,
                        const MatchRoundState& round,
                        const core::RoundInput& input,
                        const core::ArtificialImpsRule& rule,
                        const AveragePlusShares& shares,
                        const std::set<int>& boards, core::RoundScore& score,
                        std::map<int, MatchDelta>& deltas) {
  const int tables_in_play = core::TablesInPlay(input);
  for (int b : boards) {
    core::BoardScore* board = BoardOf(score, b);
    if (board == nullptr) continue;
    const std::vector<const core::BoardResultAt*> results =
        ResultsInTableOrder(input, b);
    std::vector<AdjustedTable> tables;
    core::DatumInput datum_input;
    datum_input.match = input.round;
    datum_input.tables_in_play = tables_in_play;
    datum_input.director_substitutes_pending =
        input.director_substitutes_boards.contains(b);  // NSW TR 13.3
    for (const core::BoardResultAt* r : results) {
      const EnteredResult* entered =
          Entered(round, b, r->table, v1::ROOM_UNSPECIFIED);
      if (entered == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("round ", input.round, ", board ", b,
                         ": no result at table ", r->table));
      }
      AdjustedTable table{entered, AdjustmentAt(round.rulings, b, r->table)};
      TALLY_ASSIGN_OR_RETURN(std::optional<int> in_datum,
                             DatumScoreOf(table, b));
      if (in_datum.has_value()) {
        // NSW TR 13 (replay/rulings/pending_appeals.h): as ScoreRound reads
        // them.
        datum_input.scores.push_back({.ns_score = *in_datum,
                                      .table = r->table,
                                      .pending_appeal = r->pending_appeal,
                                      .appeal_decided = r->appeal_decided});
      }
      tables.push_back(table);
    }
    const bool complete = static_cast<int>(results.size()) == tables_in_play;
    absl::StatusOr<core::DatumResult> datum =
        datum_input.scores.empty()
            ? absl::StatusOr<core::DatumResult>(
                  absl::FailedPreconditionError("no score to average"))
            : core::ComputeDatum(*profile.datum, datum_input);
    if (!datum.ok() && complete &&
        datum_input.scores.size() == results.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", input.round, ", board ", b,
                       ": no datum: ", datum.status().message()));
    }
    board->datum.reset();
    if (datum.ok()) board->datum = *datum;
    for (size_t i = 0; i < results.size(); ++i) {
      const int t = results[i]->table;
      std::optional<core::TableAward> award;
      if (IsArtificial(tables[i])) {
        TALLY_ASSIGN_OR_RETURN(award,
                               AdjustedButlerImps(tables[i], b, 0, rule));
        ApplyShares(shares, t, b, award->north_south, award->east_west);
      } else if (datum.ok()) {
        // |datum| <= 2 * 7600, as core::ScoreRound says.
        TALLY_ASSIGN_OR_RETURN(
            award, AdjustedButlerImps(tables[i], b,
                                      static_cast<int>(datum->datum), rule));
      }
      SetPairsAward(input, t, award, complete, *board, deltas);
    }
  }
  return absl::OkStatus();
}

// Swiss pairs: the boards under a fouled-board treatment
// (replay/match_scores/fouled_matches.h), each table's IMPs replacing
// ScoreRound's. Returns the boards so scored.
absl::StatusOr<std::set<int>> ApplyFouled(
    const core::RegulationProfile& profile, const MatchRoundState& round,
    const core::RoundInput& input, const AveragePlusShares& shares,
    core::RoundScore& score, std::map<int, MatchDelta>& deltas) {
  std::set<int> scored;
  for (int b : input.boards) {
    TALLY_ASSIGN_OR_RETURN(std::optional<ButlerBoard> fouled,
                           FouledMatchBoard(profile, round, input, b));
    core::BoardScore* board = BoardOf(score, b);
    if (!fouled.has_value() || !fouled->fouled->scored || board == nullptr) {
      continue;
    }
    scored.insert(b);
    board->datum = fouled->datum;
    for (const ButlerLine& line : fouled->lines) {
      std::optional<core::TableAward> award;
      if (line.ns_imps.has_value()) {
        award = core::TableAward{
            core::Rational(*line.ns_imps),
            core::Rational(line.ew_imps.value_or(-*line.ns_imps))};
        // ANC SR 7.5: a fouled table's 2 IMPs, its share of the total.
        if (line.fouled) {
          ApplyShares(shares, line.result->slot.table, b, award->north_south,
                      award->east_west);
        }
      }
      SetPairsAward(input, line.result->slot.table, award, fouled->complete,
                    *board, deltas);
    }
  }
  return scored;
}

// Fouled-board guide (Match Play) at a match's table: (a)'s adjusted score
// on the board (in place of both rooms'), and the fines (the corrected
// board, (b)) off the offending team's IMPs in the match: off the margin,
// so the opponents' IMPs gain them ("Such fine should not have a direct
// effect on their opponent's score - except in Teams Matches, of course").
// A redeal needs nothing here: the redealt board's results are the
// board's (replay/state/state.cc). InvalidArgument for a damaged log.
absl::Status ApplyGuideMatchPlay(const MatchRoundState& round,
                                 const core::RoundInput& input,
                                 core::RoundScore& score,
                                 std::map<int, MatchDelta>& deltas) {
  for (const RulingRecord* r : RulingsInForce(round.rulings)) {
    const v1::RulingMade& m = r->ruling;
    if (!IsGuideMatchRuling(m)) continue;
    const core::MatchAtTable* match = nullptr;
    for (const core::MatchAtTable& x : input.matches) {
      if (x.table == m.table()) match = &x;
    }
    if (match == nullptr) continue;  // forfeited
    absl::StatusOr<core::GuideMatchPlayOutcome> outcome =
        GuideMatchPlayOf(m.fouled());
    if (!outcome.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ruling ", r->sequence, ": ", outcome.status().message()));
    }
    const bool home_offends = m.fouled().offending_team() == match->home;
    MatchDelta& d = deltas[m.table()];
    if (outcome->non_offenders_imps.has_value()) {
      core::BoardScore* board = BoardOf(score, m.board());
      if (board == nullptr) continue;
      const core::Rational home(home_offends ? -*outcome->non_offenders_imps
                                             : *outcome->non_offenders_imps);
      SetTeamsBoard(m.table(), home, -home, *board, d);
    }
    const core::Rational fine(outcome->fine_imps);
    d.home += home_offends ? -fine : fine;
    d.away += home_offends ? fine : -fine;
  }
  return absl::OkStatus();
}

// Laws 90, 91: an IMP penalty off the penalised side's IMPs in its match
// at the ruling's table (before VP conversion: see the header).
void ApplyImpPenalties(const MatchRoundState& round,
                       const core::RoundInput& input,
                       std::map<int, MatchDelta>& deltas) {
  for (const RulingRecord* r : PenaltiesInForce(round.rulings)) {
    const v1::RulingPenalty& p = r->ruling.penalty();
    if (p.unit() != v1::SCORE_UNIT_IMPS || p.amount().denominator() <= 0) {
      continue;
    }
    const core::Rational amount(p.amount().numerator(),
                                p.amount().denominator());
    for (const core::MatchAtTable& m : input.matches) {
      if (m.table != r->ruling.table()) continue;
      if (p.entrant() == m.home) deltas[m.table].home -= amount;
      if (p.entrant() == m.away) deltas[m.table].away -= amount;
    }
  }
}

bool TakesDatumInMatches(const CompetitionState& c) {
  return c.PlaysMatches() && c.profile.datum.has_value() &&
         c.profile.scoring == core::ScoringMethod::kImpsVsDatum;
}

// Pairs matches against a datum: board `board` of `round`, whose field is
// the round's tables (matches played and any half-match table), with
// `excluded_table` left out.
absl::Status RoundDatumPossible(const CompetitionState& c,
                                const MatchRoundState& round, int board,
                                int excluded_table) {
  const core::RoundInput played = PlayedRoundInputOf(c, round);
  std::vector<int> tables;
  for (const core::MatchAtTable& m : played.matches) tables.push_back(m.table);
  if (played.half_matches.has_value()) {
    tables.push_back(played.half_matches->table);
  }
  std::sort(tables.begin(), tables.end());
  core::DatumInput input;
  input.match = round.number;
  input.tables_in_play = core::TablesInPlay(played);
  int left_out = 0;
  for (int table : tables) {
    if (table == excluded_table) {
      ++left_out;
      continue;
    }
    auto it = round.results.find({board, table, 0});
    TALLY_ASSIGN_OR_RETURN(
        std::optional<int> score,
        DatumScoreAt(it == round.results.end() ? nullptr : &it->second,
                     round.rulings, board, table));
    if (!score.has_value()) {
      ++left_out;
      continue;
    }
    input.scores.push_back({.ns_score = *score, .table = table});
  }
  return DatumPossibleOver(*c.profile.datum,
                           absl::StrCat("round ", round.number), board, input,
                           left_out);
}

}  // namespace

core::BoardScore* BoardOf(core::RoundScore& score, int board) {
  for (core::BoardScore& b : score.boards) {
    if (b.board == board) return &b;
  }
  return nullptr;
}

core::ArtificialImpsRule MatchArtificialImpsRule(
    const core::RegulationProfile& profile, int boards_in_match) {
  if (!profile.artificial.imps.empty()) {
    // The profile was validated when loaded, so its id is known.
    if (absl::StatusOr<core::ArtificialImpsRule> r =
            core::ArtificialImpsRuleById(profile.artificial.imps,
                                         std::max(1, boards_in_match));
        r.ok()) {
      return *r;
    }
  }
  if (profile.scoring == core::ScoringMethod::kImpsTwoTables) {
    absl::StatusOr<core::ArtificialImpsRule> teams =
        core::TeamsArtificialImpsRule(std::max(1, boards_in_match));
    if (teams.ok()) return *teams;
  }
  return core::ButlerArtificialImpsRule();
}

absl::Status ApplyRoundRulings(const core::RegulationProfile& profile,
                               const MatchRoundState& round,
                               const core::RoundInput& input,
                               core::RoundScore& score) {
  if (profile.scoring == core::ScoringMethod::kMatchpoints) {
    return ApplyMatchpointRulings(profile, round, input, score);
  }
  const bool teams = profile.scoring == core::ScoringMethod::kImpsTwoTables;
  const bool datum = profile.scoring == core::ScoringMethod::kImpsVsDatum &&
                     profile.datum.has_value();
  if ((!teams && !datum) || round.rulings.empty()) return absl::OkStatus();
  const int length = static_cast<int>(input.boards.size());
  const core::ArtificialImpsRule rule =
      MatchArtificialImpsRule(profile, length);
  std::set<int> boards = AdjustedBoards(round, input);
  std::map<int, MatchDelta> deltas;  // by table
  TALLY_ASSIGN_OR_RETURN(const AveragePlusShares shares,
                         SharesOf(profile, round, input, teams));
  if (teams) {
    TALLY_RETURN_IF_ERROR(
        ApplyTeams(round, input, rule, shares, boards, score, deltas));
    TALLY_RETURN_IF_ERROR(ApplyGuideMatchPlay(round, input, score, deltas));
  } else {
    TALLY_ASSIGN_OR_RETURN(
        const std::set<int> fouled,
        ApplyFouled(profile, round, input, shares, score, deltas));
    for (int b : fouled) boards.erase(b);  // scored under the treatment
    TALLY_RETURN_IF_ERROR(
        ApplyDatum(profile, round, input, rule, shares, boards, score, deltas));
    if ((!boards.empty() || !fouled.empty()) &&
        input.half_matches.has_value()) {
      // The group's tables are IMPed against the changed datums.
      TALLY_ASSIGN_OR_RETURN(
          score.half_matches,
          core::ScoreHalfMatches(profile, input, score.boards));
    }
  }
  ApplyImpPenalties(round, input, deltas);
  for (core::MatchScore& m : score.matches) {
    auto d = deltas.find(m.table);
    if (d == deltas.end()) continue;
    core::Rational away = m.away_imps.value_or(-m.home_imps) + d->second.away;
    m.home_imps += d->second.home;
    m.boards_scored += d->second.boards_scored;
    m.complete = m.boards_scored == length;
    m.away_imps.reset();
    if (away != -m.home_imps) m.away_imps = away;
    m.vps.reset();
    if (!m.complete || !profile.vp.has_value()) continue;
    // The margin converted on the event's scale; an unbalanced match's
    // away side from its own IMPs (as replay/butler/butler_session.h's
    // matches).
    TALLY_ASSIGN_OR_RETURN(core::VpScaleForBoards scale,
                           core::VpScaleForMatch(profile, length));
    TALLY_ASSIGN_OR_RETURN(
        core::VpResult vps,
        core::VpForMargin(scale.scale, m.home_imps, scale.boards));
    if (m.away_imps.has_value()) {
      TALLY_ASSIGN_OR_RETURN(
          core::VpResult own,
          core::VpForMargin(scale.scale, *m.away_imps, scale.boards));
      vps.opponent_vps = own.vps;
    }
    m.vps = vps;
  }
  return absl::OkStatus();
}

absl::Status CheckMatchRulingLeavesADatum(const CompetitionState& competition,
                                          const MatchRoundState& round,
                                          const v1::RecordRulingRequest& r) {
  if (!TakesDatumInMatches(competition) || !r.has_adjusted() ||
      !(r.adjusted().has_artificial() || r.adjusted().has_weighted()) ||
      std::find(round.draw.boards().begin(), round.draw.boards().end(),
                r.board()) == round.draw.boards().end()) {
    return absl::OkStatus();
  }
  return RoundDatumPossible(competition, round, r.board(), r.table());
}

absl::Status CheckEveryRoundBoardHasADatum(const CompetitionState& competition,
                                           const MatchRoundState& round) {
  if (!TakesDatumInMatches(competition)) return absl::OkStatus();
  TALLY_ASSIGN_OR_RETURN(std::vector<ScoredRound> scored,
                         ScoreRounds(competition, round.number));
  const core::RoundInput played = PlayedRoundInputOf(competition, round);
  for (const ScoredRound& s : scored) {
    if (s.round != &round) continue;
    for (const core::BoardScore& board : s.score.boards) {
      for (const core::MatchAtTable& m : played.matches) {
        if (board.ns_points.contains({m.table, 0})) continue;
        TALLY_RETURN_IF_ERROR(
            RoundDatumPossible(competition, round, board.board, 0));
        return absl::FailedPreconditionError(
            absl::StrCat("board ", board.board, " of round ", round.number,
                         " has no score at table ", m.table,
                         ": it cannot be posted unscored"));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
