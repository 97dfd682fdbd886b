// Fouled boards under the Bridge NSW tournament regulations (NSW TR 7), for
// a board played in two forms: the true deal and one fouled form.
//
// Butler and other datum-scored events (NSW TR 7.1.1, when computer scoring
// is not used), the Director's choice of:
//  (a) "treat it as a separate deal determining a separate datum for the
//      changed board" (only if "played by sufficient pairs in the identical
//      faulty form"), then in events using median (datum) scoring, "add to
//      the scores of those who played the fouled board such integer number
//      which most nearly makes these averages equal";
//  (b) "Award an adjusted score of 2 IMPs to those pairs who played the
//      fouled board".
// Matchpoint events (NSW TR 7.3.2): with sufficient pairs, each group is a
// separate deal and each pair gets its matchpoints in its group "plus one
// (1) matchpoint for each score in the other group"; otherwise "a matchpoint
// score of 60% of the available matchpoints on the board to both sides".
// NSW TR 7.3.1's "computer scoring" is the Fouled-board guide's factoring,
// FactorFouledGroups in core/adjust/fouled_board.h.
//
// "Sufficient pairs" (NSW TR 7.1.1(a), 7.3.2): "whichever is less of four
// tables or one third of the field, with fractions being rounded up" -
// min(4, ceil(E / 3)) tables in the fouled form, E the tables in play on the
// board (both groups).
//
// Readings, documented here and settable where they matter:
//  * The datums are inputs: the caller computes each group's datum from that
//    group's scores with core/datum, under the event's rule.
//  * 7.1.1(a)'s averages are of the North-South IMPs of each group. (Taken
//    over both sides of every table they are always 0, since East-West's IMPs
//    are North-South's negated, so that cannot be what is meant.) The
//    integer k nearest (mean NS IMPs, true group) - (mean NS IMPs, fouled
//    group) is added to North-South in the fouled group and taken from
//    East-West there, which equalises East-West's averages too. When the
//    difference is exactly half-way between two integers, the options'
//    HalfRounding decides.
//  * 7.1.1(a) equalises "in events using median scoring". Read as every
//    event scored against a datum (the trimmed mean of Butler scoring is
//    that "median"); a profile that reads it more narrowly turns it off
//    (NswButlerFouledOptions::equalise_averages).
//  * 7.3.2's 60% goes to both sides at each fouled table; the clause does not
//    say how the true group is then scored. NswTrueGroupScoring chooses:
//    by default the true group is scored as the separate deal is (its own
//    matchpoints plus 1 per fouled score), the clause's own method.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_FOULED_BOARD_NSW_H_
#define TALLY_CORE_ADJUST_FOULED_BOARD_NSW_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "core/adjust/fouled_board.h"
#include "core/base/rational.h"

namespace tally::core {

// NSW TR 7.1.1(a), 7.3.2: the least number of tables that must have played
// the fouled form, min(4, ceil(field_tables / 3)). InvalidArgument if
// field_tables < 1.
absl::StatusOr<int> NswSufficientTables(int field_tables);

// The Director's choice under NSW TR 7.1.1.
enum class NswButlerFouledTreatment {
  kSeparateDatum,    // 7.1.1(a)
  kTwoImpsToFouled,  // 7.1.1(b)
};

struct NswButlerFouledResult {
  FouledBoardAwards awards;  // IMPs
  // 7.1.1(a): the integer added to North-South's IMPs (and taken from
  // East-West's) at every fouled table; 0 under 7.1.1(b).
  int fouled_group_adjustment = 0;
};

struct NswButlerFouledOptions {
  // 7.1.1(a): add the equalising integer to the fouled group. Default: true.
  bool equalise_averages = true;
  // The equalising integer when the gap is exactly half-way.
  // Default: kAwayFromZero (the larger correction).
  HalfRounding equalising_half = HalfRounding::kAwayFromZero;
};

// NSW TR 7.1.1. The true group is IMPed against `true_datum`. Under (a) the
// fouled group is IMPed against `fouled_datum` and then equalised; under (b)
// both sides at each fouled table get +2 IMPs and `fouled_datum` is unused.
// InvalidArgument if either group is empty or (a) is chosen without a
// fouled datum; FailedPrecondition, naming 7.1.1(b), if (a) is chosen and
// the fouled form was not played by sufficient pairs.
absl::StatusOr<NswButlerFouledResult> NswFouledButlerBoard(
    const std::vector<int>& true_ns_scores, int true_datum,
    const std::vector<int>& fouled_ns_scores, std::optional<int> fouled_datum,
    NswButlerFouledTreatment treatment,
    const NswButlerFouledOptions& options = {});

// How the true group is scored under NSW TR 7.3.2 when the fouled tables
// receive 60% (the clause is silent).
enum class NswTrueGroupScoring {
  // Its own matchpoints plus 1 per fouled table, as for a separate deal.
  kPlusOnePerFouledScore,
  // Its own matchpoints factored to the full field (NeubergFactor), rounded
  // to one decimal place.
  kFactored,
};

struct NswMatchpointFouledOptions {
  // Default: kPlusOnePerFouledScore.
  NswTrueGroupScoring true_group_when_insufficient =
      NswTrueGroupScoring::kPlusOnePerFouledScore;
  // Halves when factoring. Default: kAwayFromZero.
  HalfRounding factoring_half = HalfRounding::kAwayFromZero;
};

struct NswMatchpointFouledResult {
  FouledBoardAwards awards;  // matchpoints
  // True if the fouled form had sufficient pairs and was scored as a
  // separate deal; false if its tables received 60%.
  bool separate_deal = false;
};

// NSW TR 7.3.2, matchpoints on the international scale (2 per score
// beaten). With sufficient pairs, each table gets its matchpoints within
// its group plus 1 per table of the other group, both sides; otherwise each
// side at each fouled table gets 60% of the board's top 2 (E - 1) and the
// true group is scored as `options` says. InvalidArgument if either group
// is empty.
absl::StatusOr<NswMatchpointFouledResult> NswFouledMatchpointBoard(
    const std::vector<int>& true_ns_scores,
    const std::vector<int>& fouled_ns_scores,
    const NswMatchpointFouledOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_FOULED_BOARD_NSW_H_
