#include "core/forfeit/abandoned_match.h"

#include <algorithm>
#include <optional>

#include "core/base/status_macros.h"

namespace tally::core {

absl::StatusOr<AbandonedMatchScores> SabfAbandonedMatchScores(
    absl::Span<const MatchRecord> concerned,
    absl::Span<const MatchRecord> opponents, const Rational& total) {
  const std::optional<Rational> a = MeanOwnScore(concerned, false);
  const std::optional<Rational> b = MeanOwnScore(opponents, false);
  if (!a.has_value() || !b.has_value()) {
    return absl::FailedPreconditionError(
        "SABF TR 13.18: a side has no completed match to average; the TD "
        "must decide the score of the abandoned match");
  }
  // SABF TR 13.18: the side concerned gets the lesser of its average and
  // the complement of its opponents'; the opponents the greater of theirs
  // and the complement of the side concerned's.
  return AbandonedMatchScores{std::min(*a, total - *b),
                              std::max(*b, total - *a)};
}

absl::StatusOr<CancelledMatchScores> SabfCancelledMatchScores(
    const ForfeitRule& rule, absl::Span<const MatchRecord> present,
    absl::Span<const MatchRecord> absent, CancelledMatchComplement complement,
    const Rational& total) {
  TALLY_ASSIGN_OR_RETURN(ForfeitScore forfeit,
                         AdjustedForfeitScore(rule, present, absent));
  Rational of = forfeit.non_offender;
  if (complement == CancelledMatchComplement::kOfPresentTeamsMean) {
    const std::optional<Rational> mean =
        MeanOwnScore(present, rule.byes_count_as_completed);
    if (!mean.has_value()) {
      return absl::FailedPreconditionError(
          "SABF TR 13.9: the team present has no completed match to take "
          "the complement of");
    }
    of = *mean;
  }
  Rational absent_score = total - of;
  if (const std::optional<Rational> own =
          MeanOwnScore(absent, rule.byes_count_as_completed);
      own.has_value()) {
    absent_score = std::max(absent_score, *own);
  }
  return CancelledMatchScores{forfeit, absent_score};
}

}  // namespace tally::core
