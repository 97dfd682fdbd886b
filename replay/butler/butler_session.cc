#include "replay/butler/butler_session.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/adjust/artificial.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/profile/named_rules.h"
#include "core/scoring/imps.h"
#include "core/vp/vp_scale.h"
#include "replay/butler/cross_imps_board.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/rulings/pending_appeals.h"
#include "replay/rulings/several_boards.h"
#include "replay/state/rulings.h"
#include "replay/state/session_sections.h"

namespace tally::replay {
namespace {

// (table, board) -> a side's share of its match's award for average plus
// on several boards (replay/rulings/several_boards.h).
struct AveragePlusShares {
  std::map<std::pair<int, int>, core::Rational> ns;
  std::map<std::pair<int, int>, core::Rational> ew;
};

// ANC SR 7.5-7.6 and appendix, NSW TR 12.10: a side with average plus on N
// boards of one match (a round at one table) gets the regulation's total
// for N boards, not N times one board's (replay/rulings/several_boards.h).
absl::StatusOr<AveragePlusShares> SharesOf(
    const SessionState& session, const core::RegulationProfile& profile) {
  // (round, table) -> the boards with average plus to NS, to EW, in order.
  std::map<std::pair<int, int>, std::vector<int>> ns_boards, ew_boards;
  for (const auto& [table_board, slot] : session.slots) {
    const auto [table, board] = table_board;
    std::optional<AdjustmentInForce> a =
        AdjustmentAt(session.rulings, board, table);
    if (!a.has_value() || !a->score->has_artificial()) continue;
    const v1::ArtificialAdjustedScore& art = a->score->artificial();
    if (SeveralBoardsOnlyWithoutFault(profile) &&
        (art.ns() != v1::ARTIFICIAL_AWARD_AVERAGE_PLUS ||
         art.ew() != v1::ARTIFICIAL_AWARD_AVERAGE_PLUS)) {
      continue;  // NSW TR 12.10: "through no fault of the players"
    }
    if (art.ns() == v1::ARTIFICIAL_AWARD_AVERAGE_PLUS) {
      ns_boards[{slot.round, table}].push_back(board);
    }
    if (art.ew() == v1::ARTIFICIAL_AWARD_AVERAGE_PLUS) {
      ew_boards[{slot.round, table}].push_back(board);
    }
  }
  // ANC SR 7.5: "multiple fouled boards" given 2 IMPs (7.2(b), 7.3) are
  // average plus on each, to both sides at each fouled table.
  for (const auto& [board, times] : session.times_scheduled) {
    const RulingRecord* fouled = FouledTreatmentAt(session.rulings, board);
    if (fouled == nullptr || !SeveralBoardsCountsFouledTwoImps(
                                 profile, fouled->ruling.fouled().treatment())) {
      continue;
    }
    for (int table : fouled->ruling.fouled().fouled_tables()) {
      auto slot = session.slots.find({table, board});
      if (slot == session.slots.end()) continue;
      for (auto* by : {&ns_boards, &ew_boards}) {
        std::vector<int>& boards = (*by)[{slot->second.round, table}];
        if (std::find(boards.begin(), boards.end(), board) == boards.end()) {
          boards.push_back(board);
          std::sort(boards.begin(), boards.end());
        }
      }
    }
  }
  AveragePlusShares shares;
  auto share =
      [&](const std::map<std::pair<int, int>, std::vector<int>>& by,
          std::map<std::pair<int, int>, core::Rational>& out) -> absl::Status {
    for (const auto& [round_table, boards] : by) {
      const int n = static_cast<int>(boards.size());
      TALLY_ASSIGN_OR_RETURN(std::optional<core::Rational> total,
                             SeveralBoardsTotal(profile, /*teams=*/false, n));
      if (!total.has_value()) continue;
      for (int k = 0; k < n; ++k) {
        out[{round_table.second, boards[k]}] = WholeImpShare(*total, k, n);
      }
    }
    return absl::OkStatus();
  };
  TALLY_RETURN_IF_ERROR(share(ns_boards, shares.ns));
  TALLY_RETURN_IF_ERROR(share(ew_boards, shares.ew));
  return shares;
}

// A fouled table's 2 IMPs (ANC SR 7.3) replaced by its side's share of the
// several-board total (ANC SR 7.5), where SharesOf counted it.
void ApplyFouledShares(const AveragePlusShares& shares, ButlerBoard& board) {
  if (!board.fouled.has_value() || !board.fouled->scored) return;
  for (ButlerLine& line : board.lines) {
    const std::pair<int, int> key{line.result->slot.table, board.board};
    auto ns = shares.ns.find(key);
    auto ew = shares.ew.find(key);
    if (!line.fouled || !line.ns_imps.has_value() || ns == shares.ns.end() ||
        ew == shares.ew.end()) {
      continue;
    }
    line.ns_imps = static_cast<int>(ns->second.Floor());
    const int ew_imps = static_cast<int>(ew->second.Floor());
    line.ew_imps.reset();
    if (ew_imps != -*line.ns_imps) line.ew_imps = ew_imps;
  }
}

// The board's datum from the results in, and each table's IMPs against it,
// under the rulings in force (replay/rulings/adjusted_boards.h).
absl::Status ScoreBoard(const SessionState& session,
                        const CompetitionState* competition,
                        const core::DatumRule& rule,
                        const core::ArtificialImpsRule& artificial,
                        const AveragePlusShares& shares,
                        const InComparison& in_comparison, ButlerBoard& board) {
  core::DatumInput input;
  // "n being the number of tables" (ANC SR 16.11): the tables the movement
  // plays the board at, which is the whole field in a Mitchell.
  input.tables_in_play = board.times_expected;
  input.director_substitutes_pending =  // NSW TR 13.3
      competition != nullptr &&
      DirectorSubstitutes(*competition, session.number, board.board);
  std::vector<AdjustedTable> tables;
  std::vector<int> in_datum;  // each line's index in input.scores, or -1
  for (auto it = session.results.lower_bound({board.board, 0});
       it != session.results.end() && it->first.first == board.board; ++it) {
    if (in_comparison && !in_comparison(it->second.slot.table)) continue;
    AdjustedTable table{&it->second, AdjustmentAt(session.rulings, board.board,
                                                  it->second.slot.table)};
    ButlerLine line;
    line.result = &it->second;
    if (table.adjustment.has_value()) {
      line.ruling = table.adjustment->sequence;
      line.adjusted = table.adjustment->score;
    }
    AppealMark appeal;  // NSW TR 13 (replay/rulings/pending_appeals.h)
    if (competition != nullptr) {
      appeal = AppealMarkAt(*competition, session.number, board.board,
                            it->second.slot.table);
    }
    line.pending_appeal = appeal.pending;
    board.lines.push_back(line);
    TALLY_ASSIGN_OR_RETURN(std::optional<int> score,
                           DatumScoreOf(table, board.board));
    in_datum.push_back(score.has_value()
                           ? static_cast<int>(input.scores.size())
                           : -1);
    if (score.has_value()) {
      input.scores.push_back({.ns_score = *score,
                              .table = it->second.slot.table,
                              .pending_appeal = appeal.pending,
                              .appeal_decided = appeal.decided});
    }
    tables.push_back(table);
  }
  board.complete =
      static_cast<int>(board.lines.size()) == board.times_expected;
  if (board.lines.empty()) return absl::OkStatus();
  auto set_imps = [&](size_t i, int datum) -> absl::Status {
    TALLY_ASSIGN_OR_RETURN(
        core::TableAward award,
        AdjustedButlerImps(tables[i], board.board, datum, artificial));
    if (IsArtificial(tables[i])) {  // average plus on several boards
      const std::pair<int, int> key{tables[i].result->slot.table, board.board};
      if (auto it = shares.ns.find(key); it != shares.ns.end()) {
        award.north_south = it->second;
      }
      if (auto it = shares.ew.find(key); it != shares.ew.end()) {
        award.east_west = it->second;
      }
    }
    ButlerLine& line = board.lines[i];
    line.ns_imps = static_cast<int>(
        award.north_south.RoundToInteger(core::HalfRounding::kAwayFromZero));
    const int ew = static_cast<int>(
        award.east_west.RoundToInteger(core::HalfRounding::kAwayFromZero));
    if (ew != -*line.ns_imps) line.ew_imps = ew;
    return absl::OkStatus();
  };
  // An artificial score needs no datum (Law 12C2).
  for (size_t i = 0; i < tables.size(); ++i) {
    if (IsArtificial(tables[i])) TALLY_RETURN_IF_ERROR(set_imps(i, 0));
  }
  absl::StatusOr<core::DatumResult> datum =
      input.scores.empty()
          ? absl::StatusOr<core::DatumResult>(
                absl::FailedPreconditionError("no score to average"))
          : core::ComputeDatum(rule, input);
  if (!datum.ok()) {
    // Provisional: not enough scores in yet to leave any to average; or
    // the rulings left too few in the datum (the tables keep no IMPs).
    if (!board.complete || input.scores.size() < board.lines.size()) {
      return absl::OkStatus();
    }
    return absl::InvalidArgumentError(
        absl::StrCat("session ", session.number, ", board ", board.board,
                     ": no datum: ", datum.status().message()));
  }
  // |datum| <= 2 * 7600 (Law 77's range, rounded to a step), so it fits.
  const int datum_points = static_cast<int>(datum->datum);
  for (size_t i = 0; i < board.lines.size(); ++i) {
    if (IsArtificial(tables[i])) continue;
    TALLY_RETURN_IF_ERROR(set_imps(i, datum_points));
    if (in_datum[i] >= 0) board.lines[i].role = datum->roles[in_datum[i]];
  }
  board.datum = *std::move(datum);
  return absl::OkStatus();
}

// The match's IMPs over its boards scored, and its VPs once complete.
absl::Status ScoreMatch(const std::map<int, ButlerBoard>& boards,
                        const core::RegulationProfile& profile,
                        ButlerMatch& match) {
  for (int number : match.boards) {
    const ButlerBoard& board = boards.at(number);
    for (const ButlerLine& line : board.lines) {
      if (line.result->slot.table != match.table) continue;
      ++match.boards_entered;
      // The board's slot, not the table's seating: on a board the arrow
      // switch turns (one field only; decide refuses it otherwise) the
      // match's East-West pair sat North-South, so each pair takes the
      // IMPs of the direction it sat.
      const bool switched = line.result->slot.ns_pair != match.ns_pair;
      core::Rational ns, ew;
      if (line.ns_cross_imps.has_value()) {
        ns = *line.ns_cross_imps;
        ew = line.ew_cross_imps.value_or(-*line.ns_cross_imps);
      } else if (!line.ns_imps.has_value()) {
        break;
      } else {
        ns = *line.ns_imps;
        ew = line.ew_imps.value_or(-*line.ns_imps);
      }
      ++match.boards_scored;
      match.ns_imps += switched ? ew : ns;
      match.ew_imps += switched ? ns : ew;
      // NSW TR 13: this table's own score, or the datum, may still change.
      const std::optional<core::DatumResult>& datum = board.DatumOf(line);
      if (line.pending_appeal || (datum.has_value() && datum->provisional)) {
        match.provisional = true;
      }
      if (board.CompleteFor(line)) {
        ++match.boards_final;
      } else {
        match.provisional = true;
      }
      break;
    }
  }
  const int length = static_cast<int>(match.boards.size());
  match.complete = match.boards_final == length;
  if (match.boards_scored < length || !profile.vp.has_value()) {
    return absl::OkStatus();
  }
  // ANC SR 16.10: the match's net IMPs on the ABF Swiss Pairs scale
  // (provisional while a datum is).
  TALLY_ASSIGN_OR_RETURN(core::VpScaleForBoards scale,
                         core::VpScaleForMatch(profile, length));
  TALLY_ASSIGN_OR_RETURN(
      core::VpResult vps,
      core::VpForMargin(scale.scale, match.ns_imps, scale.boards));
  if (match.ew_imps != -match.ns_imps) {
    // A ruling unbalanced a board: East-West's VPs from their own IMPs.
    TALLY_ASSIGN_OR_RETURN(
        core::VpResult ew,
        core::VpForMargin(scale.scale, match.ew_imps, scale.boards));
    vps.opponent_vps = ew.vps;
  }
  match.vps = vps;
  return absl::OkStatus();
}

void AddToPair(ButlerPairTotal& total, const ButlerMatch& match,
               bool north_south) {
  const core::Rational imps = north_south ? match.ns_imps : match.ew_imps;
  total.north_south = north_south;
  total.net_imps += imps;
  total.provisional = total.provisional || match.provisional;
  total.boards_played += match.boards_entered;
  ++total.matches;
  if (match.vps.has_value()) {
    total.vps += north_south ? match.vps->vps.ToRational()
                             : match.vps->opponent_vps.ToRational();
  }
  if (!match.complete) return;
  ++total.matches_complete;
  total.complete_imps += imps;
}

// What scoring one comparison on a board needs.
struct ScoringContext {
  const SessionState& session;
  const CompetitionState* competition;
  const core::RegulationProfile& profile;
  bool cross_imps;
  const core::ArtificialImpsRule& artificial;
  const AveragePlusShares& shares;
};

// Scores `board` (its number and times_expected set) over the tables
// `in_comparison` takes (every table when empty): cross-IMPs, or the datum
// and IMPs against it; sets `provisional` where a complete board is left
// unscored.
absl::Status ScoreComparison(const ScoringContext& c,
                             const InComparison& in_comparison,
                             ButlerBoard& board, bool& provisional) {
  if (c.cross_imps) {
    TALLY_RETURN_IF_ERROR(ScoreCrossImpsBoard(
        c.session, *c.profile.cross_imps, c.artificial, board, in_comparison));
    for (const ButlerLine& line : board.lines) {
      if (board.complete && !line.ns_cross_imps.has_value()) {
        provisional = true;
      }
    }
    return absl::OkStatus();
  }
  // A fouled-board treatment in force (replay/butler/fouled_scoring.h).
  TALLY_ASSIGN_OR_RETURN(
      const bool fouled,
      ScoreFouledButlerBoard(c.session, c.competition, *c.profile.datum, board,
                             in_comparison));
  if (!fouled) {
    TALLY_RETURN_IF_ERROR(ScoreBoard(c.session, c.competition, *c.profile.datum,
                                     c.artificial, c.shares, in_comparison,
                                     board));
  } else {
    ApplyFouledShares(c.shares, board);
  }
  MarkFouledLines(board);
  // A complete board the rulings left without a datum (too few scores:
  // ANC SR 16.4) is not scored at its tables: nothing built on it is
  // final (decide refuses such a ruling and its posting).
  if (board.complete && !board.datum.has_value() && !board.fouled.has_value()) {
    for (const ButlerLine& line : board.lines) {
      if (!line.ns_imps.has_value()) provisional = true;
    }
  }
  return absl::OkStatus();
}

}  // namespace

const std::optional<core::DatumResult>& ButlerBoard::DatumOf(
    const ButlerLine& line) const {
  for (const ButlerSectionBoard& s : sections) {
    if (s.section == line.section) return s.datum;
  }
  return datum;
}

bool ButlerBoard::CompleteFor(const ButlerLine& line) const {
  for (const ButlerSectionBoard& s : sections) {
    if (s.section == line.section) return s.complete;
  }
  return complete;
}

bool OneField(const core::RegulationProfile& profile) {
  return profile.butler_movement.has_value() &&
         profile.butler_movement->one_field;
}

void ApplyPenalties(const SessionState& session,
                    std::map<int, ButlerPairTotal>& pairs) {
  auto deduct = [&](int entrant, v1::ScoreUnit unit,
                    const core::Rational& amount) {
    ButlerPairTotal& total = pairs[entrant];
    total.pair = entrant;
    if (unit == v1::SCORE_UNIT_IMPS) {
      total.penalty_imps += amount;
      total.net_imps -= amount;
    } else if (unit == v1::SCORE_UNIT_VPS) {
      total.penalty_vps += amount;
      total.vps -= amount;
    }
  };
  // Procedural and disciplinary penalties (Laws 90, 91): off the pair's
  // total, not off a board.
  for (const RulingRecord* p : PenaltiesInForce(session.rulings)) {
    const v1::RulingPenalty& penalty = p->ruling.penalty();
    deduct(penalty.entrant(), penalty.unit(),
           core::Rational(penalty.amount().numerator(),
                          penalty.amount().denominator()));
  }
  // The offence register's deductions (replay/rulings/offence_deduction.h; ANC
  // SR 5.2-5.3 and appendix): off the same totals, the same way.
  for (const OffenceDeduction& d : session.offence_deductions) {
    const v1::OffenceRecorded& o = d.offence;
    if (o.has_imps()) {
      deduct(o.entrant(), v1::SCORE_UNIT_IMPS,
             core::Rational(o.imps().numerator(), o.imps().denominator()));
    }
    if (o.has_vps()) {
      deduct(o.entrant(), v1::SCORE_UNIT_VPS,
             core::Decimal(o.vps().units(), o.vps().places()).ToRational());
    }
  }
}

absl::StatusOr<ButlerSessionScores> ScoreButlerSession(
    const SessionState& session, const core::RegulationProfile& profile) {
  return ScoreButlerSession(session, profile, nullptr);
}

absl::StatusOr<ButlerSessionScores> ScoreButlerSession(
    const CompetitionState& competition, const SessionState& session) {
  return ScoreButlerSession(session, competition.profile, &competition);
}

absl::StatusOr<ButlerSessionScores> ScoreButlerSession(
    const SessionState& session, const core::RegulationProfile& profile,
    const CompetitionState* competition) {
  const bool cross_imps = profile.scoring == core::ScoringMethod::kCrossImps;
  if (cross_imps ? !profile.cross_imps.has_value()
                 : !profile.datum.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        cross_imps ? "cross_imps" : "datum", ": profile ", profile.name,
        cross_imps ? " scores cross-IMPs but does not say how they average"
                   : " scores Butler pairs but names no datum rule"));
  }
  core::ArtificialImpsRule artificial = core::ButlerArtificialImpsRule();
  if (!profile.artificial.imps.empty()) {
    // Butler pairs: the match length does not change the amount (NSW TR
    // 7.2; ANC SR 7.3), so any length reads the rule.
    if (absl::StatusOr<core::ArtificialImpsRule> r =
            core::ArtificialImpsRuleById(profile.artificial.imps, 1);
        r.ok()) {
      artificial = *r;
    }
  }
  TALLY_ASSIGN_OR_RETURN(const AveragePlusShares shares,
                         SharesOf(session, profile));
  ButlerSessionScores scores;
  scores.ranks_on_vps = profile.vp.has_value();
  scores.cross_imps = cross_imps;
  scores.one_field = OneField(profile);
  // Within sections each section's tables are one comparison (the datum
  // and its rule over the section's tables; cross-IMPs within the
  // section); across the field, or without sections, every table is.
  const ComparisonTimes comparisons(session,
                                    SectionsScoredAcrossTheField(profile));
  const ScoringContext context{session,    competition, profile,
                               cross_imps, artificial,  shares};
  for (const auto& [board, times] : session.times_scheduled) {
    ButlerBoard& scored = scores.boards[board];
    scored.board = board;
    scored.times_expected = times;
    const std::vector<std::string> groups =
        comparisons.ComparisonsOfBoard(board);
    if (groups.size() == 1 && groups.front().empty()) {
      TALLY_RETURN_IF_ERROR(
          ScoreComparison(context, {}, scored, scores.provisional));
      continue;
    }
    scored.complete = true;
    for (const std::string& section : groups) {
      ButlerBoard part;
      part.board = board;
      part.times_expected = comparisons.In(section, board);
      const InComparison in_section = [&](int table) {
        return comparisons.ComparisonOfTable(table) == section;
      };
      TALLY_RETURN_IF_ERROR(
          ScoreComparison(context, in_section, part, scores.provisional));
      for (ButlerLine& line : part.lines) {
        line.section = section;
        scored.lines.push_back(std::move(line));
      }
      scored.sections.push_back(
          {section, part.times_expected, std::move(part.datum), part.complete});
      scored.complete = scored.complete && part.complete;
      if (part.fouled.has_value()) scored.fouled = std::move(part.fouled);
    }
  }
  for (const v1::MovementRound& round : session.movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      ButlerMatch match;
      match.round = round.round();
      match.table = t.table();
      match.ns_pair = t.ns_pair();
      match.ew_pair = t.ew_pair();
      match.boards.assign(t.boards().begin(), t.boards().end());
      TALLY_RETURN_IF_ERROR(ScoreMatch(scores.boards, profile, match));
      scores.provisional = scores.provisional || match.provisional;
      ButlerPairTotal& ns = scores.pairs[match.ns_pair];
      ns.pair = match.ns_pair;
      AddToPair(ns, match, /*north_south=*/true);
      ButlerPairTotal& ew = scores.pairs[match.ew_pair];
      ew.pair = match.ew_pair;
      AddToPair(ew, match, /*north_south=*/false);
      scores.matches.push_back(std::move(match));
    }
  }
  ApplyPenalties(session, scores.pairs);
  return scores;
}

}  // namespace tally::replay
