// Session percentages: the share of the available matchpoints a pair earned,
// published to two decimal places (SABF TR 11.3).
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_SCORING_PERCENTAGE_H_
#define TALLY_CORE_SCORING_PERCENTAGE_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"

namespace tally::core {

// 100 * earned / available, rounded once to the nearest two decimal places
// with halves away from zero: 42.495 -> 42.50 (SABF TR 11.3 says "to the
// nearest two decimal places" and names no rule for halves; away from zero is
// the usual reading of "nearest"). Requires available > 0; otherwise counts an
// arithmetic overflow (core/base/rational.h) and returns 0 (a session with
// nothing available has no percentage).
Decimal SessionPercentage(const Rational& earned, const Rational& available);

// A pair's session percentage as a matchpoint session publishes and ranks
// it (replay/pairs/session_scores.h; `tally calc percentage`).
struct PairPercentage {
  Rational exact;      // 100 * matchpoints / maximum
  Decimal published;   // rounded to `places` (2 for display when unset)
  Rational ranking;    // the published figure where rounded, else exact
};

// `matchpoints` (after penalties) out of `maximum` (the sum of the tops of
// the boards played, > 0). With `places` (a profile's
// session_percentage_places: SABF TR 11.3 "to the nearest two decimal
// places") the published figure is rounded there with `half`, and ranked
// on; without (NSW TR 11.1: "Differences of fractions of a ... percentage
// ... will be sufficient to determine placings") the exact figure ranks
// and two places are shown, halves away from zero. InvalidArgument for a
// maximum <= 0 or places outside 0-6.
absl::StatusOr<PairPercentage> PairSessionPercentage(
    const Rational& matchpoints, int64_t maximum, std::optional<int> places,
    HalfRounding half);

}  // namespace tally::core

#endif  // TALLY_CORE_SCORING_PERCENTAGE_H_
