#include "core/forfeit/forfeit.h"

#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"

namespace tally::core {
namespace {

Rational OffenderFor(const ForfeitRule& rule, const Rational& award) {
  return rule.offender == OffenderScoring::kNegativeOfAward
             ? -award
             : rule.offender_score;
}

}  // namespace

std::optional<Rational> MeanOwnScore(absl::Span<const MatchRecord> matches,
                                     bool count_byes) {
  Rational sum = 0;
  int n = 0;
  for (const MatchRecord& m : matches) {
    if (m.kind == MatchKind::kPlayed ||
        (count_byes && m.kind == MatchKind::kBye)) {
      sum += m.own;
      ++n;
    }
  }
  if (n == 0) return std::nullopt;
  return sum / Rational(n);
}

std::optional<Rational> MeanOpponentsScore(
    absl::Span<const MatchRecord> matches) {
  Rational sum = 0;
  int n = 0;
  for (const MatchRecord& m : matches) {
    if (m.kind == MatchKind::kPlayed) {
      sum += m.opponents;
      ++n;
    }
  }
  if (n == 0) return std::nullopt;
  return sum / Rational(n);
}

ForfeitScore InterimForfeitScore(const ForfeitRule& rule) {
  ForfeitScore s;
  s.non_offender = rule.base;
  s.offender = OffenderFor(rule, rule.base);
  s.limb = ForfeitLimb::kBase;
  return s;
}

absl::StatusOr<ForfeitScore> AdjustedForfeitScore(
    const ForfeitRule& rule, absl::Span<const MatchRecord> non_offender,
    absl::Span<const MatchRecord> offender) {
  if (rule.places.has_value() && (*rule.places < 0 || *rule.places > 9)) {
    return absl::InvalidArgumentError(
        absl::StrCat(rule.clause, ": cannot round a forfeit score to ",
                     *rule.places, " decimal places"));
  }
  ForfeitScore s;
  s.own_mean = MeanOwnScore(non_offender, rule.byes_count_as_completed);
  switch (rule.measure) {
    case OffendersOpponentsMeasure::kMeanOfOpponentsScores:
      s.offenders_opponents = MeanOpponentsScore(offender);
      break;
    case OffendersOpponentsMeasure::kComplementOfOffendersMean: {
      const std::optional<Rational> mean =
          MeanOwnScore(offender, rule.byes_count_as_completed);
      if (mean.has_value()) {
        s.offenders_opponents = rule.complement_total - *mean;
      }
      break;
    }
  }
  // "the highest of": the first limb listed wins a tie.
  Rational best = rule.base;
  s.limb = ForfeitLimb::kBase;
  if (s.own_mean.has_value() && *s.own_mean > best) {
    best = *s.own_mean;
    s.limb = ForfeitLimb::kOwnMean;
  }
  if (s.offenders_opponents.has_value() && *s.offenders_opponents > best) {
    best = *s.offenders_opponents;
    s.limb = ForfeitLimb::kOffendersOpponents;
  }
  if (rule.places.has_value()) {
    best = Decimal::Round(best, *rule.places, rule.half).ToRational();
  }
  s.non_offender = best;
  s.offender = OffenderFor(rule, best);
  return s;
}

absl::StatusOr<ImpEquivalent> MaxImpsForVps(
    absl::Span<const Rational> vps_by_margin, const Rational& vps) {
  if (vps_by_margin.empty()) {
    return absl::InvalidArgumentError(
        "NSW TR 12.9.4 needs the event's VP scale; none was given");
  }
  for (size_t m = 1; m < vps_by_margin.size(); ++m) {
    if (vps_by_margin[m] < vps_by_margin[m - 1]) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the VP scale falls from ", vps_by_margin[m - 1].ToString(), " at ",
          m - 1, " IMPs to ", vps_by_margin[m].ToString(), " at ", m, " IMPs"));
    }
  }
  if (vps < vps_by_margin.front()) {
    return absl::InvalidArgumentError(
        absl::StrCat(vps.ToString(),
                     " VPs is a loss; NSW TR 12.9.4 credits the "
                     "non-offenders, who score at least a draw"));
  }
  const Rational top = vps_by_margin.back();
  size_t margin = 0;
  if (vps >= top) {
    // The least margin that earns the maximum.
    while (vps_by_margin[margin] < top) ++margin;
  } else {
    while (margin + 1 < vps_by_margin.size() &&
           vps_by_margin[margin + 1] <= vps) {
      ++margin;
    }
  }
  const Rational imps(static_cast<int64_t>(margin));
  return ImpEquivalent{imps, -imps};
}

}  // namespace tally::core
