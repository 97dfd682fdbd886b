#include "core/datum/cross_imps.h"

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/enum_ids.h"
#include "core/scoring/imps.h"

namespace tally::core {
namespace {

constexpr EnumIdTable<CrossImpsAveraging, 2> kAveragings = {{
    {CrossImpsAveraging::kPerComparison, "per_comparison"},
    {CrossImpsAveraging::kTotal, "total"},
}};

}  // namespace

absl::string_view CrossImpsAveragingId(CrossImpsAveraging averaging) {
  return EnumId(kAveragings, averaging);
}

absl::StatusOr<CrossImpsAveraging> ParseCrossImpsAveraging(
    absl::string_view id) {
  return ParseEnumId(kAveragings, "cross-IMPs averaging", id);
}

absl::StatusOr<std::vector<Rational>> CrossImps(
    const std::vector<int>& ns_scores, CrossImpsAveraging averaging) {
  const int n = static_cast<int>(ns_scores.size());
  if (n < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "cross-IMPs compare each score with the others: the board needs at "
        "least 2 scores, not ",
        n));
  }
  std::vector<Rational> imps;
  imps.reserve(n);
  for (int i = 0; i < n; ++i) {
    int64_t total = 0;
    for (int j = 0; j < n; ++j) {
      if (j != i) total += ImpsForDifference(ns_scores[i] - ns_scores[j]);
    }
    imps.push_back(averaging == CrossImpsAveraging::kTotal
                       ? Rational(total)
                       : Rational(total, n - 1));
  }
  return imps;
}

}  // namespace tally::core
