#include "replay/rulings/adjusted_boards.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/adjust/differential.h"
#include "core/adjust/weighted_score.h"
#include "core/base/status_macros.h"
#include "core/scoring/imps.h"
#include "core/scoring/matchpoints.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

// A result a side is credited with, and its weight (1 unless weighted).
struct Credit {
  int ns_score = 0;
  core::Rational weight = 1;
};
using Distribution = std::vector<Credit>;

absl::StatusOr<int> ScoreOf(const v1::TableResult& result, int board) {
  absl::StatusOr<int> score = NorthSouthScoreOf(result, board);
  if (!score.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("board ", board, ": an adjusted result Law 77 cannot ",
                     "score: ", score.status().message()));
  }
  return score;
}

// The side whose result the field compares with under a split: the
// non-offenders' (Fouled-board guide), North-South's when none is named.
core::PairSide FieldSide(const AdjustmentInForce& a) {
  return a.non_offending == v1::SIDE_EAST_WEST ? core::PairSide::kEastWest
                                               : core::PairSide::kNorthSouth;
}

core::HalfRounding WeightedHalf(const AdjustmentInForce& a) {
  // NZ LIRG Law 12C1(c): doubt resolved for the non-offending side.
  switch (a.non_offending) {
    case v1::SIDE_NORTH_SOUTH:
      return core::HalfRounding::kUp;
    case v1::SIDE_EAST_WEST:
      return core::HalfRounding::kDown;
    default:
      return core::HalfRounding::kAwayFromZero;
  }
}

absl::StatusOr<std::vector<core::WeightedOutcome>> OutcomesOf(
    const v1::WeightedAdjustedScore& weighted, int board) {
  std::vector<core::WeightedOutcome> out;
  for (const v1::WeightedResult& o : weighted.outcomes()) {
    TALLY_ASSIGN_OR_RETURN(int score, ScoreOf(o.result(), board));
    if (o.weight().denominator() <= 0) {
      return absl::InvalidArgumentError("a weight with no denominator");
    }
    out.push_back({score, core::Rational(o.weight().numerator(),
                                         o.weight().denominator())});
  }
  return out;
}

// What `side` of the table is credited with; the field side's is what the
// other tables compare with.
absl::StatusOr<Distribution> CreditOf(const AdjustedTable& t, int board,
                                      core::PairSide side) {
  if (!t.adjustment.has_value()) return Distribution{{t.result->ns_score, 1}};
  const v1::AdjustedScore& a = *t.adjustment->score;
  switch (a.kind_case()) {
    case v1::AdjustedScore::kAssigned: {
      TALLY_ASSIGN_OR_RETURN(int score, ScoreOf(a.assigned(), board));
      return Distribution{{score, 1}};
    }
    case v1::AdjustedScore::kWeighted: {
      TALLY_ASSIGN_OR_RETURN(std::vector<core::WeightedOutcome> outcomes,
                             OutcomesOf(a.weighted(), board));
      Distribution d;
      for (const core::WeightedOutcome& o : outcomes) {
        d.push_back({o.ns_score, o.weight});
      }
      return d;
    }
    case v1::AdjustedScore::kSplit: {
      TALLY_ASSIGN_OR_RETURN(
          int score, ScoreOf(side == core::PairSide::kNorthSouth
                                 ? a.split().ns_result()
                                 : a.split().ew_result(),
                             board));
      return Distribution{{score, 1}};
    }
    default:
      return Distribution{};
  }
}

// North-South matchpoints of `own` against `other`: 2 per score beaten, 1
// per tie, each weighted.
core::Rational Compare(const Distribution& own, const Distribution& other) {
  core::Rational mp;
  for (const Credit& a : own) {
    for (const Credit& b : other) {
      if (a.ns_score > b.ns_score) mp += core::Rational(2) * a.weight * b.weight;
      if (a.ns_score == b.ns_score) mp += a.weight * b.weight;
    }
  }
  return mp;
}

// Every credit of a board's field, sorted by score, with the weight of the
// credits below each score and at it: what a score beats and ties, found
// by binary search instead of comparing with each table (issue #19).
class FieldWeights {
 public:
  explicit FieldWeights(const std::vector<Distribution>& field) {
    std::vector<Credit> all;
    for (const Distribution& d : field)
      all.insert(all.end(), d.begin(), d.end());
    std::sort(all.begin(), all.end(), [](const Credit& a, const Credit& b) {
      return a.ns_score < b.ns_score;
    });
    core::Rational below;
    for (const Credit& c : all) {
      if (scores_.empty() || scores_.back() != c.ns_score) {
        scores_.push_back(c.ns_score);
        below_.push_back(below);
        at_.push_back(core::Rational());
      }
      at_.back() += c.weight;
      below += c.weight;
    }
  }

  // North-South matchpoints of `own` against every credit of the field:
  // 2 per score beaten, 1 per tie, each weighted (as Compare).
  core::Rational Against(const Distribution& own) const {
    core::Rational mp;
    for (const Credit& a : own) {
      const auto it =
          std::lower_bound(scores_.begin(), scores_.end(), a.ns_score);
      const size_t i = static_cast<size_t>(it - scores_.begin());
      core::Rational beaten = i < below_.size() ? below_[i] : Total();
      core::Rational tied = (it != scores_.end() && *it == a.ns_score)
                                ? at_[i]
                                : core::Rational();
      mp += a.weight * (core::Rational(2) * beaten + tied);
    }
    return mp;
  }

 private:
  core::Rational Total() const {
    return below_.empty() ? core::Rational() : below_.back() + at_.back();
  }

  std::vector<int> scores_;            // distinct, ascending
  std::vector<core::Rational> below_;  // weight of credits below scores_[i]
  std::vector<core::Rational> at_;     // weight of credits at scores_[i]
};

// x rounded once to one decimal place (NZ LIRG Law 12C1(c)).
core::Rational OneDecimal(const core::Rational& x, core::HalfRounding half) {
  return core::Rational((x * core::Rational(10)).RoundToInteger(half), 10);
}

// One side's matchpoints under a SideAwardsAdjustedScore: its percentage of
// the board's top, or its score compared with every table of the field
// (`compared`, the table itself not among them) and factored by Neuberg
// from those tables and itself to `expected` (North-South's figure;
// East-West's is the top minus it).
absl::StatusOr<core::Rational> SideAwardMatchpoints(
    const v1::SideAward& award, core::PairSide side,
    const std::vector<Distribution>& compared, int expected,
    core::FewerResults fewer) {
  const core::Rational top(core::MatchpointTop(expected));
  if (award.has_percent()) {
    const v1::Fraction& p = award.percent();
    if (p.denominator() <= 0) {
      return absl::InvalidArgumentError("a percentage with no denominator");
    }
    return core::Rational(p.numerator(), p.denominator()) * top /
           core::Rational(100);
  }
  if (!award.has_ns_score()) {
    return absl::InvalidArgumentError("a side's award is not given");
  }
  const Distribution own{{award.ns_score(), 1}};
  core::Rational raw;
  for (const Distribution& other : compared) raw += Compare(own, other);
  const int with_self = static_cast<int>(compared.size()) + 1;
  const core::Rational ns =
      core::FactorToField(raw, with_self, expected, fewer);
  return side == core::PairSide::kNorthSouth ? ns : top - ns;
}

}  // namespace

bool IsArtificial(const AdjustedTable& table) {
  return table.adjustment.has_value() && table.adjustment->score->has_artificial();
}

bool LeavesField(const AdjustedTable& table) {
  return table.adjustment.has_value() &&
         (table.adjustment->score->has_artificial() ||
          table.adjustment->score->has_per_side());
}

core::Artificial ArtificialOf(const AdjustedTable& table, core::PairSide side) {
  const v1::ArtificialAdjustedScore& a = table.adjustment->score->artificial();
  switch (side == core::PairSide::kNorthSouth ? a.ns() : a.ew()) {
    case v1::ARTIFICIAL_AWARD_AVERAGE_MINUS:
      return core::Artificial::kAverageMinus;
    case v1::ARTIFICIAL_AWARD_AVERAGE_PLUS:
      return core::Artificial::kAveragePlus;
    default:
      return core::Artificial::kAverage;
  }
}

absl::StatusOr<std::vector<std::optional<core::TableAward>>>
AdjustedMatchpoints(const std::vector<AdjustedTable>& tables, int board,
                    int times_expected, core::FewerResults fewer) {
  std::vector<std::optional<core::TableAward>> out(tables.size());
  std::vector<size_t> field;
  std::vector<Distribution> compared;  // the field side's credit, per table
  bool adjusted = false;               // some table of the field is
  for (size_t i = 0; i < tables.size(); ++i) {
    if (LeavesField(tables[i])) continue;
    core::PairSide side = tables[i].adjustment.has_value()
                              ? FieldSide(*tables[i].adjustment)
                              : core::PairSide::kNorthSouth;
    TALLY_ASSIGN_OR_RETURN(Distribution d, CreditOf(tables[i], board, side));
    adjusted = adjusted || tables[i].adjustment.has_value();
    field.push_back(i);
    compared.push_back(std::move(d));
  }
  // Law 12C2 on each side's own terms: out of the field, each side scored
  // by its award (percentages of the top, or a score against the field).
  for (size_t i = 0; i < tables.size(); ++i) {
    if (!tables[i].adjustment.has_value() ||
        !tables[i].adjustment->score->has_per_side()) {
      continue;
    }
    const v1::SideAwardsAdjustedScore& a =
        tables[i].adjustment->score->per_side();
    const int expected =
        std::max(times_expected, static_cast<int>(field.size()) + 1);
    core::TableAward award;
    TALLY_ASSIGN_OR_RETURN(
        award.north_south,
        SideAwardMatchpoints(a.ns(), core::PairSide::kNorthSouth, compared,
                             expected, fewer));
    TALLY_ASSIGN_OR_RETURN(
        award.east_west, SideAwardMatchpoints(a.ew(), core::PairSide::kEastWest,
                                              compared, expected, fewer));
    out[i] = award;
  }
  if (field.empty()) return out;
  const int played = static_cast<int>(field.size());
  const int expected = std::max(times_expected, played);
  const core::Rational top(core::MatchpointTop(expected));

  if (!adjusted) {
    // Every table of the field as played (or assigned and unadjusted):
    // core's sort-based traveller, O(n log n) in integers.
    std::vector<int> scores;
    scores.reserve(field.size());
    for (const Distribution& d : compared) scores.push_back(d.front().ns_score);
    const std::vector<int> raw = core::MatchpointNorthSouth(scores);
    for (size_t k = 0; k < field.size(); ++k) {
      const core::Rational ns_mp =
          core::FactorToField(core::Rational(raw[k]), played, expected, fewer);
      out[field[k]] = core::TableAward{ns_mp, top - ns_mp};
    }
    return out;
  }

  // Some table adjusted: each side's credit against the whole field at
  // once (sorted, with running weights), less its own table's.
  const FieldWeights weights(compared);
  for (size_t k = 0; k < field.size(); ++k) {
    const AdjustedTable& t = tables[field[k]];
    TALLY_ASSIGN_OR_RETURN(Distribution ns,
                           CreditOf(t, board, core::PairSide::kNorthSouth));
    TALLY_ASSIGN_OR_RETURN(Distribution ew,
                           CreditOf(t, board, core::PairSide::kEastWest));
    // Both as North-South would score them.
    const core::Rational ns_raw =
        weights.Against(ns) - Compare(ns, compared[k]);
    const core::Rational ew_raw =
        weights.Against(ew) - Compare(ew, compared[k]);
    // Factored from the tables in the field to the full field (Neuberg,
    // or the missing results counted as ties).
    core::Rational ns_mp = core::FactorToField(ns_raw, played, expected, fewer);
    core::Rational ew_mp =
        top - core::FactorToField(ew_raw, played, expected, fewer);
    if (t.adjustment.has_value() && t.adjustment->score->has_weighted()) {
      // NZ LIRG Law 12C1(c): the weighted sum, rounded once to one decimal.
      ns_mp = OneDecimal(ns_mp, WeightedHalf(*t.adjustment));
      ew_mp = top - ns_mp;
    }
    out[field[k]] = core::TableAward{ns_mp, ew_mp};
  }
  return out;
}

absl::StatusOr<std::optional<int>> DatumScoreOf(const AdjustedTable& table,
                                                int board) {
  if (!table.adjustment.has_value()) return table.result->ns_score;
  const v1::AdjustedScore& a = *table.adjustment->score;
  if (a.has_weighted() || a.has_artificial() || a.has_per_side()) {
    return std::optional<int>();
  }
  TALLY_ASSIGN_OR_RETURN(
      Distribution d, CreditOf(table, board, FieldSide(*table.adjustment)));
  return d.front().ns_score;
}

absl::StatusOr<core::TableAward> AdjustedButlerImps(
    const AdjustedTable& table, int board, int datum,
    const core::ArtificialImpsRule& artificial) {
  if (!table.adjustment.has_value()) {
    const int imps = core::ImpsForDifference(table.result->ns_score - datum);
    return core::TableAward{imps, -imps};
  }
  const AdjustmentInForce& adjustment = *table.adjustment;
  const v1::AdjustedScore& a = *adjustment.score;
  if (a.has_per_side()) {  // decide refuses it outside matchpoints
    return absl::InvalidArgumentError(absl::StrCat(
        "board ", board,
        ": a percentage or score for each side is scored in matchpoints"));
  }
  if (a.has_artificial()) {
    // Law 12C2 with the profile's amounts (NSW TR 7.2; ANC SR 7.3: 2 IMPs).
    core::ArtificialImpsRule rule = artificial;
    rule.session_average_if_higher = false;
    TALLY_ASSIGN_OR_RETURN(
        core::Rational ns,
        core::ArtificialImps(ArtificialOf(table, core::PairSide::kNorthSouth),
                             rule));
    TALLY_ASSIGN_OR_RETURN(
        core::Rational ew,
        core::ArtificialImps(ArtificialOf(table, core::PairSide::kEastWest),
                             rule));
    return core::TableAward{ns, ew};
  }
  if (a.has_weighted()) {
    TALLY_ASSIGN_OR_RETURN(std::vector<core::WeightedOutcome> outcomes,
                           OutcomesOf(a.weighted(), board));
    TALLY_ASSIGN_OR_RETURN(
        core::WeightedImpsScore w,
        core::WeightedImps(datum, outcomes, WeightedHalf(adjustment)));
    return core::TableAward{w.ns_imps, -w.ns_imps};
  }
  TALLY_ASSIGN_OR_RETURN(Distribution ns,
                         CreditOf(table, board, core::PairSide::kNorthSouth));
  TALLY_ASSIGN_OR_RETURN(Distribution ew,
                         CreditOf(table, board, core::PairSide::kEastWest));
  return core::DifferentialButlerImps(datum, ns.front().ns_score,
                                      ew.front().ns_score);
}

}  // namespace tally::replay
