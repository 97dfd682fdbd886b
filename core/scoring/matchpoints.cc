#include "core/scoring/matchpoints.h"

#include <algorithm>
#include <cstdlib>

namespace tally::core {

std::vector<int> MatchpointNorthSouth(const std::vector<int>& ns_scores) {
  std::vector<int> sorted = ns_scores;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> mps;
  mps.reserve(ns_scores.size());
  for (int score : ns_scores) {
    const auto lower = std::lower_bound(sorted.begin(), sorted.end(), score);
    const auto upper = std::upper_bound(lower, sorted.end(), score);
    const int beaten = static_cast<int>(lower - sorted.begin());
    const int tied = static_cast<int>(upper - lower) - 1;  // not itself
    mps.push_back(2 * beaten + tied);
  }
  return mps;
}

int MatchpointTop(int times_played) {
  return times_played < 1 ? 0 : 2 * (times_played - 1);
}

Rational NeubergFactor(Rational mp, int times_played, int expected_times) {
  if (times_played < 1 || expected_times < 1) {
    CountArithmeticOverflow();  // reported by the caller's scope
    return mp;
  }
  // Fouled-board guide, ranking play: F = (M x E + E - A) / A.
  return (mp + 1) * Rational(expected_times) / Rational(times_played) - 1;
}

Rational FactorToField(const Rational& mp, int in_field, int expected,
                       FewerResults how) {
  if (how == FewerResults::kNeuberg || in_field < 1 || expected < in_field) {
    return NeubergFactor(mp, in_field, expected);
  }
  return mp + Rational(expected - in_field);
}

Decimal ShownMatchpoints(const Rational& two_one, MatchpointScale scale,
                         int places, HalfRounding half) {
  const Rational shown =
      scale == MatchpointScale::kOnePerPair ? two_one / Rational(2) : two_one;
  return Decimal::Round(shown, places, half);
}

absl::StatusOr<Decimal> ScaledSessionTotal(const Rational& total,
                                           int64_t full_top,
                                           int64_t played_top, int places,
                                           HalfRounding half) {
  if (played_top <= 0 || full_top < 0) {
    return absl::InvalidArgumentError(
        "a scaled total needs boards played (a positive top played) and a "
        "session top of 0 or more");
  }
  absl::StatusOr<Rational> factor = Rational::Checked(full_top, played_top);
  if (!factor.ok()) return factor.status();
  absl::StatusOr<Rational> scaled = Rational::CheckedMul(total, *factor);
  if (!scaled.ok()) return scaled.status();
  return Decimal::Round(*scaled, places, half);
}

}  // namespace tally::core
