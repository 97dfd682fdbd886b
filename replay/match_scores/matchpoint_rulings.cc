#include "replay/match_scores/matchpoint_rulings.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/adjust/artificial.h"
#include "core/adjust/multiple_average_plus.h"
#include "core/base/status_macros.h"
#include "core/profile/named_rules.h"
#include "core/vp/vp_scale.h"
#include "replay/match_scores/match_adjustments.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/state/rulings.h"

namespace tally::replay {
namespace {

// The boards of the round with an artificial, weighted or split score in
// force (RoundInputOf scores an assigned one as played).
std::set<int> BoardsRuledOn(const MatchRoundState& round) {
  std::set<int> boards;
  for (const RulingRecord* r : RulingsInForce(round.rulings)) {
    if (r->ruling.has_adjusted() && !r->ruling.adjusted().has_assigned()) {
      boards.insert(r->ruling.board());
    }
  }
  return boards;
}

// ANC SR appendix ("Calculation of Multiple average plus awards"): the
// boards of the round on which `side` at `table` has average plus.
int AveragePlusBoards(const MatchRoundState& round, int table,
                      core::PairSide side) {
  int n = 0;
  for (const RulingRecord* r : RulingsInForce(round.rulings)) {
    const v1::RulingMade& m = r->ruling;
    if (m.table() != table || !m.adjusted().has_artificial()) continue;
    const v1::ArtificialAward award = side == core::PairSide::kNorthSouth
                                          ? m.adjusted().artificial().ns()
                                          : m.adjusted().artificial().ew();
    if (award == v1::ARTIFICIAL_AWARD_AVERAGE_PLUS) ++n;
  }
  return n;
}

// The artificial matchpoints of `side` at an artificial table on a board
// whose top is `top` (Law 12C2; the profile's rule, ANC SR 7.4-7.6).
absl::StatusOr<core::Rational> ArtificialSide(
    const core::RegulationProfile& profile, const MatchRoundState& round,
    const AdjustedTable& table, core::PairSide side, int top) {
  core::ArtificialMatchpointRule rule;
  if (!profile.artificial.matchpoints.empty()) {
    TALLY_ASSIGN_OR_RETURN(rule, core::ArtificialMatchpointRuleById(
                                     profile.artificial.matchpoints));
  }
  rule.session_average_if_higher = false;  // no session average in a match
  const int n = AveragePlusBoards(round, table.result->slot.table, side);
  if (profile.artificial.several_boards == "anc_appendix" && n > 1) {
    TALLY_ASSIGN_OR_RETURN(rule.average_plus_percent,
                           core::MultipleAveragePlusPercentPerBoard(n));
  }
  return core::ArtificialMatchpoints(ArtificialOf(table, side), top, rule);
}

// Re-matchpoints board `b` (every result of the round's input on it, as
// core::ScoreRound reads them) with the adjustments in force at its tables.
absl::Status RescoreBoard(const core::RegulationProfile& profile,
                          const MatchRoundState& round,
                          const core::RoundInput& input, int b,
                          core::BoardScore& board) {
  std::vector<AdjustedTable> tables;
  for (const core::BoardResultAt& r : input.results) {
    if (r.board != b) continue;
    auto entered = round.results.find({b, r.table, r.room});
    if (entered == round.results.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", input.round, ", board ", b,
                       ": no result at table ", r.table));
    }
    tables.push_back(
        {&entered->second, AdjustmentAt(round.rulings, b, r.table)});
  }
  std::sort(tables.begin(), tables.end(),
            [](const AdjustedTable& x, const AdjustedTable& y) {
              return x.result->slot.table < y.result->slot.table;
            });
  const int n = static_cast<int>(tables.size());
  if (n == 0) return absl::OkStatus();
  const int top = 2 * (n - 1);  // as core::ScoreRound: the results in
  TALLY_ASSIGN_OR_RETURN(std::vector<std::optional<core::TableAward>> awards,
                         AdjustedMatchpoints(tables, b, n));
  for (int i = 0; i < n; ++i) {
    const std::pair<int, int> key{tables[i].result->slot.table, 0};
    core::TableAward award;
    if (awards[i].has_value()) {
      award = *awards[i];
    } else {
      TALLY_ASSIGN_OR_RETURN(award.north_south,
                             ArtificialSide(profile, round, tables[i],
                                            core::PairSide::kNorthSouth, top));
      TALLY_ASSIGN_OR_RETURN(award.east_west,
                             ArtificialSide(profile, round, tables[i],
                                            core::PairSide::kEastWest, top));
    }
    board.ns_points[key] = award.north_south;
    board.away_points.erase(key);
    if (award.east_west != core::Rational(top) - award.north_south) {
      board.away_points[key] = award.east_west;
    }
  }
  return absl::OkStatus();
}

// Laws 90, 91: the matchpoint penalties in force against `pair`.
core::Rational MatchpointPenalties(const MatchRoundState& round, int pair) {
  core::Rational total;
  for (const RulingRecord* r : PenaltiesInForce(round.rulings)) {
    const v1::RulingPenalty& p = r->ruling.penalty();
    if (p.unit() == v1::SCORE_UNIT_MATCHPOINTS && p.entrant() == pair &&
        p.amount().denominator() > 0) {
      total += core::Rational(p.amount().numerator(), p.amount().denominator());
    }
  }
  return total;
}

// The match's percentages from its boards' matchpoints, less penalties,
// and its VPs when complete (each pair's from its own percentage).
absl::Status RescoreMatch(const core::RegulationProfile& profile,
                          const MatchRoundState& round,
                          const core::RoundScore& score, int length,
                          core::MatchScore& m) {
  core::Rational home, away, tops;
  for (const core::BoardScore& b : score.boards) {
    auto ns = b.ns_points.find({m.table, 0});
    if (ns == b.ns_points.end()) continue;
    auto ew = b.away_points.find({m.table, 0});
    home += ns->second;
    away += ew == b.away_points.end() ? b.top - ns->second : ew->second;
    tops += b.top;
  }
  home -= MatchpointPenalties(round, m.home);
  away -= MatchpointPenalties(round, m.away);
  m.home_percentage.reset();
  m.away_percentage.reset();
  m.vps.reset();
  if (tops <= core::Rational(0)) return absl::OkStatus();
  const core::Rational home_percent = home * 100 / tops;
  const core::Rational away_percent = away * 100 / tops;
  m.home_percentage = home_percent;
  if (away_percent != core::Rational(100) - home_percent) {
    m.away_percentage = away_percent;
  }
  if (!m.complete || !profile.vp.has_value()) return absl::OkStatus();
  TALLY_ASSIGN_OR_RETURN(core::VpScaleForBoards scale,
                         core::VpScaleForMatch(profile, length));
  TALLY_ASSIGN_OR_RETURN(
      core::VpResult vps,
      core::VpForMargin(scale.scale, home_percent, scale.boards));
  if (m.away_percentage.has_value()) {
    TALLY_ASSIGN_OR_RETURN(
        core::VpResult own,
        core::VpForMargin(scale.scale, away_percent, scale.boards));
    vps.opponent_vps = own.vps;
  }
  m.vps = vps;
  return absl::OkStatus();
}

}  // namespace

absl::Status ApplyMatchpointRulings(const core::RegulationProfile& profile,
                                    const MatchRoundState& round,
                                    const core::RoundInput& input,
                                    core::RoundScore& score) {
  const std::set<int> boards = BoardsRuledOn(round);
  bool penalties = false;
  for (const RulingRecord* r : PenaltiesInForce(round.rulings)) {
    penalties |= r->ruling.penalty().unit() == v1::SCORE_UNIT_MATCHPOINTS;
  }
  if (boards.empty() && !penalties) return absl::OkStatus();
  for (int b : boards) {
    core::BoardScore* board = BoardOf(score, b);
    if (board == nullptr) continue;
    TALLY_RETURN_IF_ERROR(RescoreBoard(profile, round, input, b, *board));
  }
  const int length = static_cast<int>(input.boards.size());
  for (core::MatchScore& m : score.matches) {
    TALLY_RETURN_IF_ERROR(RescoreMatch(profile, round, score, length, m));
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
