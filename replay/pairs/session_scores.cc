#include "replay/pairs/session_scores.h"

#include <algorithm>
#include <map>
#include <string>

#include "core/profile/named_rules.h"
#include "core/scoring/matchpoints.h"
#include "core/scoring/percentage.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/pairs/session_adjustments.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/state/rulings.h"
#include "replay/state/session_sections.h"

namespace tally::replay {
namespace {

// A table whose artificial score waits for its pairs' session averages.
struct PendingArtificial {
  int board = 0;
  size_t index = 0;  // in the board's results
  int64_t top = 0;   // of the comparison it is in
  // The comparison's own top when it was factored (club.traveller_unfactored
  // shows the same share of it); 0 otherwise.
  int64_t unfactored_top = 0;
  AdjustedTable table;
  // The fouled-board treatment's amounts, where it made the score.
  std::optional<core::ArtificialMatchpointRule> rule;
};

// A procedural or disciplinary penalty, or an offence's deduction, comes
// off the pair's total, not off a board.
void Deduct(PairTotal& t, const core::Rational& mp) {
  t.penalties += mp;
  t.matchpoints -= mp;
}

void AddBoard(PairTotal& t, const core::Rational& mp, int64_t top) {
  t.matchpoints += mp;
  t.maximum += top;
  ++t.boards_played;
}

// A comparison (the tables not out of it by an artificial or per-side
// score) with fewer results than `times`: each of its tables matchpointed on
// its own top, unfactored, and `own_top` set; empty when nothing was
// factored.
std::vector<std::optional<core::TableAward>> Unfactored(
    const std::vector<AdjustedTable>& tables, int board, int times,
    int64_t& own_top) {
  int in_field = 0;
  for (const AdjustedTable& t : tables) in_field += LeavesField(t) ? 0 : 1;
  if (in_field < 1 || in_field >= times) return {};
  absl::StatusOr<std::vector<std::optional<core::TableAward>>> own =
      AdjustedMatchpoints(tables, board, in_field);
  if (!own.ok()) return {};  // a damaged log, as above: shown factored
  own_top = core::MatchpointTop(in_field);
  for (size_t i = 0; i < tables.size(); ++i) {
    if (LeavesField(tables[i])) (*own)[i].reset();  // per-side: no own top
  }
  return *std::move(own);
}

// The tables whose results on one board are matchpointed together: the
// whole session's, or one section's.
struct Comparison {
  std::string section;
  int times = 0;  // tables the movement has play the board in it
  std::vector<AdjustedTable> tables;
};

// The board's comparisons with a result: one, unless the session is in
// sections scored within each section (then one per section), each with
// the times `times` says it plays the board.
std::vector<Comparison> ComparisonsOf(const SessionState& session,
                                      const ComparisonTimes& times, int board) {
  std::map<std::string, Comparison> by_section;
  for (auto it = session.results.lower_bound({board, 0});
       it != session.results.end() && it->first.first == board; ++it) {
    const std::string section = times.ComparisonOfTable(it->second.slot.table);
    Comparison& c = by_section[section];
    c.section = section;
    c.times = times.In(section, board);
    c.tables.push_back({&it->second, AdjustmentAt(session.rulings, board,
                                                  it->second.slot.table)});
  }
  // Comparisons with a result, in table order (B's tables follow A's), so
  // the board's results stay in table order.
  std::vector<Comparison> out;
  for (auto& [section, c] : by_section) {
    if (!c.tables.empty()) out.push_back(std::move(c));
  }
  std::sort(out.begin(), out.end(),
            [](const Comparison& a, const Comparison& b) {
              return a.tables.front().result->slot.table <
                     b.tables.front().result->slot.table;
            });
  return out;
}

// Matchpoints the results of `comparison` on `board` against each other,
// into `scored` and the pairs' totals; artificial scores wait in `pending`.
void ScoreComparison(const SessionState& session, int board,
                     Comparison& comparison, ScoredBoard& scored,
                     SessionScores& scores, core::FewerResults fewer,
                     std::vector<PendingArtificial>& pending) {
  std::vector<AdjustedTable>& tables = comparison.tables;
  const int times = comparison.times;
  const int64_t top = core::MatchpointTop(times);
  // A fouled-board treatment in force (replay/butler/fouled_scoring.h).
  std::optional<FouledMatchpoints> fouled =
      FouledBoardMatchpoints(session.rulings, board, times, tables);
  if (fouled.has_value()) scored.fouled = fouled->note;
  absl::StatusOr<std::vector<std::optional<core::TableAward>>> awards =
      fouled.has_value() && fouled->note.scored
          ? absl::StatusOr<std::vector<std::optional<core::TableAward>>>(
                fouled->awards)
          : AdjustedMatchpoints(tables, board, times, fewer);
  if (!awards.ok()) {
    // Decide scores every adjusted result before accepting it, so this is
    // a damaged log: the board is scored as entered.
    for (AdjustedTable& t : tables) t.adjustment.reset();
    awards = AdjustedMatchpoints(tables, board, times, fewer);
  }
  int64_t unfactored_top = 0;
  const std::vector<std::optional<core::TableAward>> unfactored =
      fouled.has_value()
          ? std::vector<std::optional<core::TableAward>>()
          : Unfactored(tables, board, times, unfactored_top);
  if (unfactored_top > 0) scored.unfactored_top = unfactored_top;
  for (size_t i = 0; i < tables.size(); ++i) {
    ScoredResult r;
    r.result = tables[i].result;
    if (tables[i].adjustment.has_value()) {
      r.ruling = tables[i].adjustment->sequence;
    }
    if (tables[i].adjustment.has_value()) {
      r.adjusted = tables[i].adjustment->score;
    }
    r.fouled = scored.fouled.has_value() &&
               scored.fouled->Fouled(r.result->slot.table);
    r.section = comparison.section;
    r.top = top;
    r.unfactored_top = unfactored_top;
    if (!(*awards)[i].has_value()) {
      pending.push_back({board, scored.results.size(), top, unfactored_top,
                         tables[i],
                         r.fouled && fouled.has_value() && fouled->note.scored
                             ? std::optional(fouled->artificial)
                             : std::nullopt});
      scored.results.push_back(r);
      continue;
    }
    r.ns_matchpoints = (*awards)[i]->north_south;
    r.ew_matchpoints = (*awards)[i]->east_west;
    if (i < unfactored.size() && unfactored[i].has_value()) {
      r.ns_unfactored = unfactored[i]->north_south;
      r.ew_unfactored = unfactored[i]->east_west;
    }
    scored.results.push_back(r);
    AddBoard(scores.pairs[r.result->slot.ns_pair], r.ns_matchpoints, top);
    AddBoard(scores.pairs[r.result->slot.ew_pair], r.ew_matchpoints, top);
  }
}

}  // namespace

SessionScores ScoreSessionForProfile(const SessionState& session,
                                     const core::RegulationProfile& profile) {
  core::ArtificialMatchpointRule artificial;
  if (!profile.artificial.matchpoints.empty()) {
    // The profile was validated when loaded, so its id is known.
    if (absl::StatusOr<core::ArtificialMatchpointRule> rule =
            core::ArtificialMatchpointRuleById(profile.artificial.matchpoints);
        rule.ok()) {
      artificial = *rule;
    }
  }
  return ScoreSession(session, profile.rounding, artificial,
                      profile.club.has_value() ? profile.club->fewer_results
                                               : core::FewerResults::kNeuberg,
                      SectionsScoredAcrossTheField(profile),
      profile.club.has_value() && profile.club->factor_short_boards);
}

SessionScores ScoreSession(const SessionState& session,
                           const core::RoundingChoices& rounding,
                           const core::ArtificialMatchpointRule& artificial,
                           core::FewerResults fewer, bool across_field,
                           bool factor_short_boards) {
  SessionScores scores;
  const ComparisonTimes comparison_times(session, across_field,
                                         factor_short_boards);
  // A short board is scored as if the session's most times were expected.
  const int most = factor_short_boards ? comparison_times.MostTimes() : 0;
  for (const auto& [table_board, slot] : session.slots) {
    for (int pair : {slot.ns_pair, slot.ew_pair}) {
      scores.pairs[pair].pair = pair;
    }
  }
  std::vector<PendingArtificial> pending;
  for (const auto& [board, times] : session.times_scheduled) {
    ScoredBoard& scored = scores.boards[board];
    scored.board = board;
    scored.times_expected = times;
    scored.top = core::MatchpointTop(std::max(times, most));
    for (Comparison& comparison :
         ComparisonsOf(session, comparison_times, board)) {
      ScoreComparison(session, board, comparison, scored, scores, fewer,
                      pending);
    }
  }
  // Artificial scores (Law 12C2): the profile's percentage of the board's
  // top; where average plus may be the side's session average instead
  // (Fouled-board guide; SABF TR 11.9), that average is over the boards the
  // pair actually played, taken before any artificial score is added.
  std::map<int, std::optional<core::Rational>> session_percent;
  for (const auto& [pair, total] : scores.pairs) {
    if (total.maximum > 0) {
      session_percent[pair] = core::Rational(100) * total.matchpoints /
                              core::Rational(total.maximum);
    }
  }
  for (const PendingArtificial& p : pending) {
    ScoredBoard& scored = scores.boards[p.board];
    ScoredResult& r = scored.results[p.index];
    const core::PairSide sides[] = {core::PairSide::kNorthSouth,
                                    core::PairSide::kEastWest};
    for (core::PairSide side : sides) {
      const int pair = side == core::PairSide::kNorthSouth
                           ? r.result->slot.ns_pair
                           : r.result->slot.ew_pair;
      std::optional<core::Rational> own = session_percent[pair];
      core::ArtificialMatchpointRule rule = p.rule.value_or(artificial);
      if (!own.has_value()) rule.session_average_if_higher = false;
      absl::StatusOr<core::Rational> mp = core::ArtificialMatchpoints(
          ArtificialOf(p.table, side), static_cast<int>(p.top), rule, own);
      const core::Rational award =
          mp.ok() ? *mp : core::Rational(p.top, 2);  // average
      (side == core::PairSide::kNorthSouth ? r.ns_matchpoints
                                           : r.ew_matchpoints) = award;
      if (p.unfactored_top > 0) {
        // The same share of the comparison's own top.
        (side == core::PairSide::kNorthSouth ? r.ns_unfactored
                                             : r.ew_unfactored) =
            award * core::Rational(p.unfactored_top) / core::Rational(p.top);
      }
      AddBoard(scores.pairs[pair], award, p.top);
    }
  }
  // The sit-out award, at the pair's own average on the boards it played
  // (before penalties and adjustments: replay/pairs/session_adjustments.h).
  AddSitOutAwards(session, comparison_times, scores);
  // Procedural and disciplinary penalties (Laws 90, 91) come off the
  // pair's total, not off a board.
  for (const RulingRecord* p : PenaltiesInForce(session.rulings)) {
    const v1::RulingPenalty& penalty = p->ruling.penalty();
    if (penalty.unit() != v1::SCORE_UNIT_MATCHPOINTS) continue;
    Deduct(scores.pairs[penalty.entrant()],
           core::Rational(penalty.amount().numerator(),
                          penalty.amount().denominator()));
  }
  // The offence register's deductions, a percentage of a top converted to
  // matchpoints when recorded (replay/rulings/offence_deduction.h; NSW
  // TR 6.2, 6.4, 6.9.1; SABF TR 11.2): off the same total, the same way.
  for (const OffenceDeduction& d : session.offence_deductions) {
    const v1::Fraction& mp = d.offence.matchpoints();
    if (mp.denominator() == 0) continue;
    Deduct(scores.pairs[d.offence.entrant()],
           core::Rational(mp.numerator(), mp.denominator()));
  }
  AddSessionAdjustments(session, scores);
  for (auto& [pair, total] : scores.pairs) {
    if (total.maximum == 0) continue;
    absl::StatusOr<core::PairPercentage> p = core::PairSessionPercentage(
        total.matchpoints, total.maximum, rounding.session_percentage_places,
        rounding.session_percentage_half);
    if (!p.ok()) continue;  // a validated profile's places: not reached
    total.exact_percentage = p->exact;
    total.percentage = p->published;
    total.ranking_percentage = p->ranking;
  }
  return scores;
}

}  // namespace tally::replay
