// Weighted adjusted scores (Law 12C1(c)): the Director replaces a table's
// result by several possible results, each with a weight, and the board is
// scored as the weighted sum of what each would have scored. The NZ LIRG's
// worked example (Law 12C1(c)): 30% of +1430, 40% of +680, 20% of +650, 10%
// of -100.
//
// Pairs, two methods, both in the NZ LIRG, which always agree exactly:
//
//  * Frequency table (WeightedMatchpointsByFrequency). The weighted table
//    joins the traveller as fractions of a result: +1430 scored at two other
//    tables has frequency 2.3. Each score then earns 2 per (fractional)
//    score below it and 1 per other score equal to it, i.e. 2 * below +
//    (frequency - 1), on the full top 2 * (n - 1); the weighted table gets
//    the weighted sum of its outcomes' rows (12 tables: +12.6). The other
//    tables get their rows' matchpoints.
//  * Manual method (WeightedMatchpointsManual): each outcome matchpointed as
//    a single result against the rest of the field, weighted and summed
//    (20, 13, 6, 2 -> 12.6), then applied as a correction to the average
//    already given to both sides (+1.6 NS, -1.6 EW).
//
//  Why they agree: outcome o's row differs from its rest-of-field
//  matchpoints by 2 * (weight of outcomes below o) + w_o - 1. Weighted by w_o
//  and summed, that is (sum of w)^2 - (sum of w) = 1 - 1 = 0.
//
// Teams and Butler (WeightedImps): each outcome is IMPed against the other
// room's score (teams) or the datum (Butler), the IMPs weighted and summed,
// and "The IMP total would be rounded to the nearest whole number" (NZ LIRG
// example: +780 -> 13, +30 -> 1, 0, -750 -> -13; 3.9 + 0.4 + 0 - 1.3 = 3).
//
// Rounding. The NZ LIRG rounds the pairs score once "to one decimal place"
// and the IMP total once to the nearest whole number; neither says how to
// round an exact half, so the caller chooses with HalfRounding. A chief
// director would break it for the non-offending side (the NZ LIRG: "residual
// doubt ... should be resolved in favour of the non-offending side"):
// kUp when North-South are the non-offenders, kDown when East-West are;
// kAwayFromZero is the plain "nearest". Weights are exact fractions
// (Rational::Parse("0.3") or Rational(3, 10)) and must add up to exactly 1.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_WEIGHTED_SCORE_H_
#define TALLY_CORE_ADJUST_WEIGHTED_SCORE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"

namespace tally::core {

// One possible result of the weighted table and its weight (0 < w <= 1).
struct WeightedOutcome {
  int ns_score = 0;
  Rational weight;
};

// ------------------------------------------------------------ Pairs ----

// One row of the NZ LIRG frequency table.
struct WeightedFrequencyRow {
  int ns_score = 0;
  Rational frequency;    // other tables with this score + outcome weights
  Rational matchpoints;  // North-South, exact

  friend bool operator==(const WeightedFrequencyRow&,
                         const WeightedFrequencyRow&) = default;
};

struct WeightedPairsScore {
  int top = 0;  // 2 * (n - 1), n = other tables + 1
  // Every score on the traveller, highest first, as the NZ LIRG prints it.
  std::vector<WeightedFrequencyRow> frequency_table;
  Rational exact_ns_matchpoints;  // the weighted sum, unrounded
  Rational ns_matchpoints;        // rounded to one decimal place
  Rational ew_matchpoints;        // top - ns_matchpoints
};

// NZ LIRG Law 12C1(c), pairs, frequency-table method. `other_ns_scores` are
// the NS scores at every other table on the board (the rest of the field).
// InvalidArgument if there is no outcome, a weight is not in (0, 1], or the
// weights do not add up to 1 (the message gives their sum).
absl::StatusOr<WeightedPairsScore> WeightedMatchpointsByFrequency(
    const std::vector<int>& other_ns_scores,
    const std::vector<WeightedOutcome>& outcomes, HalfRounding half);

struct ManualWeightedRow {
  int ns_score = 0;
  Rational weight;
  int matchpoints = 0;  // as a single result against the other tables

  friend bool operator==(const ManualWeightedRow&,
                         const ManualWeightedRow&) = default;
};

struct ManualWeightedScore {
  int top = 0;                          // 2 * (n - 1), n = other tables + 1
  std::vector<ManualWeightedRow> rows;  // in the order the outcomes came
  Rational exact_ns_matchpoints;        // the weighted sum, unrounded
  Rational ns_matchpoints;              // rounded to one decimal place
  Rational ew_matchpoints;              // top - ns_matchpoints
  Rational average;                     // top / 2, given to both sides first
  // What the Director adds to NS's average (NS +1.6); EW get its negation.
  Rational ns_correction;
};

// NZ LIRG Law 12C1(c), "Alternative Manual Calculation Method for Pairs
// Tournaments Scored by Computer". Same inputs and failures as
// WeightedMatchpointsByFrequency, and the same ns_matchpoints.
absl::StatusOr<ManualWeightedScore> WeightedMatchpointsManual(
    const std::vector<int>& other_ns_scores,
    const std::vector<WeightedOutcome>& outcomes, HalfRounding half);

// ------------------------------------------------------ Teams, Butler ----

struct WeightedImpsRow {
  int ns_score = 0;
  int net = 0;   // ns_score - reference
  int imps = 0;  // WBF scale, NS
  Rational weight;
  Rational weighted_imps;  // weight * imps

  friend bool operator==(const WeightedImpsRow&,
                         const WeightedImpsRow&) = default;
};

struct WeightedImpsScore {
  std::vector<WeightedImpsRow> rows;  // in the order the outcomes came
  Rational exact_ns_imps;             // the weighted sum, unrounded
  int ns_imps = 0;                    // rounded to the nearest whole IMP
};

// NZ LIRG Law 12C1(c), teams: `reference_ns_score` is the NS score in the
// other room (or, at Butler, the board's datum). East-West receive -ns_imps.
// Fails as WeightedMatchpointsByFrequency.
absl::StatusOr<WeightedImpsScore> WeightedImps(
    int reference_ns_score, const std::vector<WeightedOutcome>& outcomes,
    HalfRounding half);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_WEIGHTED_SCORE_H_
