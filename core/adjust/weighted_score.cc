#include "core/adjust/weighted_score.h"

#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/scoring/imps.h"

namespace tally::core {
namespace {

absl::Status CheckOutcomes(const std::vector<WeightedOutcome>& outcomes) {
  if (outcomes.empty()) {
    return absl::InvalidArgumentError(
        "a weighted score (Law 12C1(c)) needs at least one outcome");
  }
  Rational sum = 0;
  for (const WeightedOutcome& o : outcomes) {
    if (o.weight <= 0 || o.weight > 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "each weight of a weighted score (Law 12C1(c)) must be more than 0% "
          "and at most 100%; the weight of ",
          o.ns_score, " is ", (o.weight * 100).ToString(), "%"));
    }
    sum += o.weight;
  }
  if (sum != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the weights of a weighted score (Law 12C1(c)) must add up to 100%; "
        "these add up to ",
        (sum * 100).ToString(), "%"));
  }
  return absl::OkStatus();
}

// Rounded once to one decimal place (NZ LIRG: "rounded to one decimal
// place").
Rational ToOneDecimal(const Rational& value, HalfRounding half) {
  return Decimal::Round(value, 1, half).ToRational();
}

// NS matchpoints of `score` as a single result against `others`.
int MatchpointsAgainst(int score, const std::vector<int>& others) {
  int mp = 0;
  for (int other : others) {
    if (score > other) mp += 2;
    if (score == other) mp += 1;
  }
  return mp;
}

}  // namespace

absl::StatusOr<WeightedPairsScore> WeightedMatchpointsByFrequency(
    const std::vector<int>& other_ns_scores,
    const std::vector<WeightedOutcome>& outcomes, HalfRounding half) {
  TALLY_RETURN_IF_ERROR(CheckOutcomes(outcomes));
  // Frequencies by score, lowest first.
  std::map<int, Rational> frequency;
  for (int s : other_ns_scores) frequency[s] += 1;
  for (const WeightedOutcome& o : outcomes) frequency[o.ns_score] += o.weight;

  WeightedPairsScore result;
  result.top = 2 * static_cast<int>(other_ns_scores.size());
  std::map<int, Rational> matchpoints;
  Rational below = 0;
  for (const auto& [score, f] : frequency) {
    // 2 per score beaten, 1 per other score tied (frequency less itself).
    matchpoints[score] = 2 * below + f - 1;
    below += f;
  }
  for (auto it = frequency.rbegin(); it != frequency.rend(); ++it) {
    result.frequency_table.push_back(
        {it->first, it->second, matchpoints[it->first]});
  }
  for (const WeightedOutcome& o : outcomes) {
    result.exact_ns_matchpoints += o.weight * matchpoints[o.ns_score];
  }
  result.ns_matchpoints = ToOneDecimal(result.exact_ns_matchpoints, half);
  result.ew_matchpoints = Rational(result.top) - result.ns_matchpoints;
  return result;
}

absl::StatusOr<ManualWeightedScore> WeightedMatchpointsManual(
    const std::vector<int>& other_ns_scores,
    const std::vector<WeightedOutcome>& outcomes, HalfRounding half) {
  TALLY_RETURN_IF_ERROR(CheckOutcomes(outcomes));
  ManualWeightedScore result;
  result.top = 2 * static_cast<int>(other_ns_scores.size());
  for (const WeightedOutcome& o : outcomes) {
    const int mp = MatchpointsAgainst(o.ns_score, other_ns_scores);
    result.rows.push_back({o.ns_score, o.weight, mp});
    result.exact_ns_matchpoints += o.weight * Rational(mp);
  }
  result.ns_matchpoints = ToOneDecimal(result.exact_ns_matchpoints, half);
  result.ew_matchpoints = Rational(result.top) - result.ns_matchpoints;
  // NZ LIRG: "As the average on the board is 11 and has already been
  // assigned, the Director will add 1.6 match-points to N/S and will deduct
  // 1.6 match-points from E/W."
  result.average = Rational(result.top, 2);
  result.ns_correction = result.ns_matchpoints - result.average;
  return result;
}

absl::StatusOr<WeightedImpsScore> WeightedImps(
    int reference_ns_score, const std::vector<WeightedOutcome>& outcomes,
    HalfRounding half) {
  TALLY_RETURN_IF_ERROR(CheckOutcomes(outcomes));
  WeightedImpsScore result;
  for (const WeightedOutcome& o : outcomes) {
    WeightedImpsRow row;
    row.ns_score = o.ns_score;
    row.net = o.ns_score - reference_ns_score;
    row.imps = ImpsForDifference(row.net);
    row.weight = o.weight;
    row.weighted_imps = o.weight * Rational(row.imps);
    result.exact_ns_imps += row.weighted_imps;
    result.rows.push_back(row);
  }
  // NZ LIRG: "The IMP total would be rounded to the nearest whole number".
  result.ns_imps = static_cast<int>(result.exact_ns_imps.RoundToInteger(half));
  return result;
}

}  // namespace tally::core
