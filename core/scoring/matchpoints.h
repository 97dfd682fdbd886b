// Matchpoints for one board's traveller on the international scale (2 per
// score beaten, 1 per tie), and Neuberg factoring of matchpoints earned on a
// board played fewer or more times than the field expects.
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_SCORING_MATCHPOINTS_H_
#define TALLY_CORE_SCORING_MATCHPOINTS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"

namespace tally::core {

// Matchpoints for each North-South score of one traveller, in the same order:
// 2 for each other NS score it beats, 1 for each other NS score it ties. The
// top is 2 * (n - 1); East-West's matchpoints are top minus NS's. An empty
// traveller gives an empty result.
std::vector<int> MatchpointNorthSouth(const std::vector<int>& ns_scores);

// The matchpoint top of a board scored `times_played` times: 2 * (n - 1),
// or 0 for a board not played.
int MatchpointTop(int times_played);

// Neuberg factoring on the 2-per-beat scale: matchpoints `mp` earned on a
// board played `times_played` (A) times, scaled to a field of
// `expected_times` (E) scores: F = (mp + 1) * E / A - 1, exact. Also used for
// each group of a fouled board, where A is the size of the group.
//
// The Fouled-board guide (ranking play) prints F = (M x E) + (E - A); that is
// this same formula with its division by A lost in print:
// F = (M x E + E - A) / A. The guide rounds F to 1 decimal place; this
// function does not round (callers round once, with Decimal::Round).
//
// Requires times_played >= 1 and expected_times >= 1; otherwise counts an
// arithmetic overflow (core/base/rational.h) and returns mp unchanged (a
// caller's bug: a board not played has no matchpoints to factor).
Rational NeubergFactor(Rational mp, int times_played, int expected_times);

// How matchpoints earned on a board with fewer results in its field than
// expected (an artificial adjusted score, a result missing) are brought to
// the full field (RegulationProfileSpec.club.fewer_results).
enum class FewerResults {
  kNeuberg,      // NeubergFactor: WBF's method, every profile's default
  kCountAsTies,  // each missing or artificial result counts as a tie
};

// `mp` earned against the `in_field` - 1 other results of the field,
// brought to `expected` results as `how` says: kNeuberg is NeubergFactor;
// kCountAsTies adds 1 (a tie on the 2/1 scale) for each result not in the
// field, mp + (expected - in_field): the manual method, generally used
// before scoring by computer (pjms.nl, "The manual method"; hermandw.be,
// "Calculating Bridge Tournaments", problem 5, "Mitchell 1"). The top is
// 2 * (expected - 1) either way. Requires 1 <= in_field <= expected, else
// as NeubergFactor.
Rational FactorToField(const Rational& mp, int in_field, int expected,
                       FewerResults how);

// The scale a club shows matchpoints on. Scoring is always on the 2/1
// scale above; the other scale is the same figure halved.
enum class MatchpointScale {
  kTwoPerPair,  // 2 per pair beaten, 1 per tie: top 2(n-1)
  kOnePerPair,  // ACBL: 1 per pair beaten, 1/2 per tie: top n-1
};

// Matchpoints `two_one` (exact, on the 2/1 scale) as shown on `scale`,
// rounded to `places` (0-6) with halves by `half`: 29/2 on kOnePerPair to
// 1 place, halves to even, is 7.2 (7.25). Rounds once, for display only.
Decimal ShownMatchpoints(const Rational& two_one, MatchpointScale scale,
                         int places, HalfRounding half);

// Compscore's scaled total: a pair's `total` factored to the full session,
// total x full_top / played_top (the tops of every board of the session
// over the tops of the boards it played), rounded to `places` with halves
// by `half`: 484 x 27/26 = 502.615... -> 502.62. InvalidArgument when
// played_top is not positive or full_top is negative; OutOfRange when the
// exact product does not fit.
absl::StatusOr<Decimal> ScaledSessionTotal(const Rational& total,
                                           int64_t full_top,
                                           int64_t played_top, int places,
                                           HalfRounding half);

}  // namespace tally::core

#endif  // TALLY_CORE_SCORING_MATCHPOINTS_H_
