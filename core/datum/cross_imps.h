// Cross-IMPs: the alternative to a Butler datum for IMP pairs. Each NS score
// on a board is IMPed (WBF scale, core/scoring/imps.h) against every other
// score on the board and the comparisons are summed; the EW score is the
// negation. None of the regulations in shared/regulations describes
// cross-IMPs, so this follows the conventional method as scoring programs
// document it (ACBLscore manual, IMP scoring methods: "Total IMPs", each
// result IMPed with every other result and the comparisons summed; "Average
// IMPs", that sum divided by the number of comparisons, n - 1).
//
// The average is returned exact (e.g. 7/3): no rounding is done here, so a
// caller rounds once, where its event publishes a figure, with
// Decimal::Round.
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_DATUM_CROSS_IMPS_H_
#define TALLY_CORE_DATUM_CROSS_IMPS_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"

namespace tally::core {

enum class CrossImpsAveraging {
  // The sum of the comparisons divided by their number, n - 1.
  // Id "per_comparison".
  kPerComparison,
  // The sum of the comparisons. Id "total".
  kTotal,
};

// The id of `averaging`, and back; InvalidArgument listing the ids for an
// unknown one.
absl::string_view CrossImpsAveragingId(CrossImpsAveraging averaging);
absl::StatusOr<CrossImpsAveraging> ParseCrossImpsAveraging(
    absl::string_view id);

// The NS cross-IMPs of each of `ns_scores` (in total points), in the same
// order. Over the board they sum to zero. InvalidArgument if there are fewer
// than two scores (nothing to compare).
absl::StatusOr<std::vector<Rational>> CrossImps(
    const std::vector<int>& ns_scores,
    CrossImpsAveraging averaging = CrossImpsAveraging::kPerComparison);

}  // namespace tally::core

#endif  // TALLY_CORE_DATUM_CROSS_IMPS_H_
