// Matches that cannot be played through no fault of a side: SABF TR 13.18
// (abandoned due to illness or other unforeseen circumstance) and the last
// paragraph of SABF TR 13.9 (a match cancelled with no fault attributable,
// one team present).
//
// Readings chosen:
// - 13.18 "the pair or team concerned shall receive their average VPS, or
//   the complement of their opponents' VPS, whichever is the lesser": the
//   opponents' VPS is their average, as the next sentence says for the
//   other side. So the side concerned gets min(a, T - b) and its opponents
//   max(b, T - a), a and b being the two sides' averages over completed
//   matches and T the match total (20); the two always sum to T.
// - 13.9 "their opponents shall receive their mean VP score, or the
//   complement of the VP score of their opponents, whichever is the
//   greater": by default the complement of what the present team scores in
//   this match (the words say "VP score", not "mean"); a setting reads it
//   as the present team's mean instead.
// - Averages are not rounded (the clauses do not say to).
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_FORFEIT_ABANDONED_MATCH_H_
#define TALLY_CORE_FORFEIT_ABANDONED_MATCH_H_

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "core/base/rational.h"
#include "core/forfeit/forfeit.h"

namespace tally::core {

struct AbandonedMatchScores {
  Rational concerned;  // the side the illness or circumstance concerns
  Rational opponents;
};

// SABF TR 13.18 from the two sides' match records (means over played
// matches) and the match total `total` (20 VPs). FailedPrecondition, naming
// the clause, if either side has no completed match to average (the TD must
// decide).
absl::StatusOr<AbandonedMatchScores> SabfAbandonedMatchScores(
    absl::Span<const MatchRecord> concerned,
    absl::Span<const MatchRecord> opponents, const Rational& total = 20);

// What "the complement of the VP score of their opponents" in SABF TR 13.9
// is taken of.
enum class CancelledMatchComplement {
  kOfPresentTeamsMatchScore,  // default: total - the present team's award
  kOfPresentTeamsMean,        // total - the present team's mean
};

struct CancelledMatchScores {
  ForfeitScore present;  // "the score for a forfeit"
  Rational absent;
};

// SABF TR 13.9, last paragraph: the team present gets the forfeit score of
// `rule` (with the absent team in the offenders' place for the third limb);
// the absent team the greater of its mean and the complement (to `total`)
// chosen by `complement`; if it has no completed match, the complement.
// Errors as AdjustedForfeitScore; FailedPrecondition for
// kOfPresentTeamsMean when the present team has no completed match.
absl::StatusOr<CancelledMatchScores> SabfCancelledMatchScores(
    const ForfeitRule& rule, absl::Span<const MatchRecord> present,
    absl::Span<const MatchRecord> absent,
    CancelledMatchComplement complement =
        CancelledMatchComplement::kOfPresentTeamsMatchScore,
    const Rational& total = 20);

}  // namespace tally::core

#endif  // TALLY_CORE_FORFEIT_ABANDONED_MATCH_H_
