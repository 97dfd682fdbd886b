// Forfeited matches: the interim score given when the match is forfeited
// (for the next draw) and the adjusted score at the end ("the highest of"
// a base score, the non-offenders' own mean and a measure of how the
// offenders' opponents fared), and the IMP equivalent of a VP award. The
// rule is data (ForfeitRule); the regulations' rules are in forfeit_rules.h.
//
// Scores are whatever the event totals: VPs in a VP event, IMPs in an IMP
// event (NSW TR 12.9.5). A MatchRecord holds a match's score before any
// penalty (penalties come off the total, not the match). VP conversion is
// the caller's: where a rule needs VPs for an IMP margin (SABF TR 13.9
// "+12 imps") or a VP scale (NSW TR 12.9.4) it takes them as inputs.
//
// Pure functions and plain data. Thread-safe.

#ifndef TALLY_CORE_FORFEIT_FORFEIT_H_
#define TALLY_CORE_FORFEIT_FORFEIT_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/base/rational.h"

namespace tally::core {

// How a match in a side's record came about.
enum class MatchKind {
  kPlayed,
  kBye,        // ANC SR 10.11
  kForfeit,    // given or received: never a "completed" match
  kAbandoned,  // SABF TR 13.18 / 13.9: not completed either
};

// One match of a side: its score and its opponents' score in that match.
struct MatchRecord {
  MatchKind kind = MatchKind::kPlayed;
  Rational own;
  Rational opponents;  // unused for a bye
};

// How the third limb measures the offenders' opponents.
enum class OffendersOpponentsMeasure {
  // The mean of the scores the offenders' opponents made against them in
  // completed matches: NSW TR 12.9.2(c); SABF TR 13.9 ("the mean score
  // gained by the opponents of the offending team ... (that is, 20 minus
  // the offending team's average)", equal on WBF scales, which always sum
  // to 20).
  kMeanOfOpponentsScores,
  // `complement_total` minus the offenders' mean score: ANC SR 10.12 "the
  // complement of the offender's average VP score".
  kComplementOfOffendersMean,
};

// What the offending side scores.
enum class OffenderScoring {
  kFixed,            // `offender_score` (0 VPs: ANC SR 10.12, NSW TR 12.9.1)
  kNegativeOfAward,  // minus the non-offenders' award (NSW TR 12.9.5)
};

struct ForfeitRule {
  std::string clause;
  // The interim score and the first limb of "the highest of" (ANC SR 10.12
  // 56.5 VPs; NSW TR 12.9.1 12 VPs; SABF TR 13.9 the VPs for +12 IMPs).
  Rational base;
  OffendersOpponentsMeasure measure =
      OffendersOpponentsMeasure::kMeanOfOpponentsScores;
  // For kComplementOfOffendersMean: what a score and its complement sum to.
  // ITC: 70 (a drawn ITC match is 35-35, ANC SR 10.10).
  Rational complement_total = 20;
  OffenderScoring offender = OffenderScoring::kFixed;
  Rational offender_score = 0;
  // Whether a bye counts as a completed round in the sides' means. Default:
  // no; a bye's score is artificial, not a result against an opponent. Byes
  // never enter the offenders' opponents' mean (a bye has no opponent).
  bool byes_count_as_completed = false;
  // Decimal places to round the adjusted award to, once; none keeps it
  // exact. Default: none, as none of the regulations says to round.
  std::optional<int> places;
  HalfRounding half = HalfRounding::kAwayFromZero;
};

// Which limb of "the highest of" gave the award (the first listed on ties).
enum class ForfeitLimb { kBase, kOwnMean, kOffendersOpponents };

struct ForfeitScore {
  Rational non_offender;
  Rational offender;
  ForfeitLimb limb = ForfeitLimb::kBase;
  // The exact limbs, for the director; unset when the side has no completed
  // match to take a mean over.
  std::optional<Rational> own_mean;
  std::optional<Rational> offenders_opponents;
};

// The score when a match is forfeited, before any adjustment: the base to
// the non-offenders, the offender score to the offenders (ANC SR 10.12,
// NSW TR 12.9.1, SABF TR 13.9). Every rule gives a score.
ForfeitScore InterimForfeitScore(const ForfeitRule& rule);

// The adjusted score: the non-offenders get the highest of the base, their
// own mean over completed matches, and the offenders' opponents' measure
// over the offenders' completed matches; rounded once if the rule says.
// `non_offender` and `offender` are the sides' match records so far (the
// forfeited match among them or not: forfeits are never counted).
// InvalidArgument if `places` is outside 0..9.
absl::StatusOr<ForfeitScore> AdjustedForfeitScore(
    const ForfeitRule& rule, absl::Span<const MatchRecord> non_offender,
    absl::Span<const MatchRecord> offender);

// The mean own score over completed matches (played, and byes if
// `count_byes`); nullopt when there is none.
std::optional<Rational> MeanOwnScore(absl::Span<const MatchRecord> matches,
                                     bool count_byes);

// The mean of the opponents' scores over played matches; nullopt when there
// is none.
std::optional<Rational> MeanOpponentsScore(
    absl::Span<const MatchRecord> matches);

// An IMP score for a forfeited match and its negative for the other side.
struct ImpEquivalent {
  Rational non_offender;
  Rational offender;
};

// NSW TR 12.9.4: "the non-offending side shall be credited with the maximum
// number of IMPs that earned the assigned Victory Points score. The
// offending side will be assigned the corresponding negative score."
// `vps_by_margin[m]` is the winner's VPs for a margin of m IMPs on the
// event's scale, from 0 up to the first margin that earns the maximum (the
// caller reads it from core/vp). The result is the largest margin whose VPs
// do not exceed `vps` (an award between two scale values, such as a mean,
// is credited with the margin below it); an award at or above the maximum
// is credited with the least margin that earns the maximum (the most IMPs
// can earn is unbounded; NSW TR 11.2.1(c) likewise caps at the minimum for
// a 20-0 win). InvalidArgument if the table is empty or decreasing, or
// `vps` is below the VPs for a margin of 0.
absl::StatusOr<ImpEquivalent> MaxImpsForVps(
    absl::Span<const Rational> vps_by_margin, const Rational& vps);

}  // namespace tally::core

#endif  // TALLY_CORE_FORFEIT_FORFEIT_H_
