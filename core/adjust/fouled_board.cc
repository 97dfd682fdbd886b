#include "core/adjust/fouled_board.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/scoring/matchpoints.h"

namespace tally::core {
namespace {

absl::Status CheckPercent(const Rational& p, absl::string_view what) {
  if (p >= 0 && p <= 100) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      what, " must be between 0% and 100%, not ", p.ToString(), "%"));
}

}  // namespace

bool GuideGroupCanBeRanked(int group_size, int field_size) {
  // Fouled-board guide: "played more than 3 times OR by more than 1/3 of the
  // field".
  return group_size > 3 || 3 * group_size > field_size;
}

absl::StatusOr<std::vector<std::vector<TableAward>>> FactorFouledGroups(
    const std::vector<std::vector<int>>& groups, int field_size,
    HalfRounding half) {
  int scores = 0;
  for (const std::vector<int>& g : groups) {
    if (g.empty()) {
      return absl::InvalidArgumentError(
          "a group of a fouled board must hold at least one score");
    }
    scores += static_cast<int>(g.size());
  }
  if (field_size < scores || field_size < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the field (E) must count every score on the board: ", scores,
        " scores were given for a field of ", field_size));
  }
  for (const std::vector<int>& g : groups) {
    const int a = static_cast<int>(g.size());
    if (!GuideGroupCanBeRanked(a, field_size)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "a group played ", a, " times in a field of ", field_size,
          " cannot be ranked on its own: the Fouled-board guide needs more "
          "than 3 scores or more than 1/3 of the field; use its table for "
          "1, 2 or 3 fouled tables"));
    }
  }
  std::vector<std::vector<TableAward>> result;
  result.reserve(groups.size());
  for (const std::vector<int>& g : groups) {
    const int a = static_cast<int>(g.size());
    const std::vector<int> m = MatchpointNorthSouth(g);  // M, in the group
    const int group_top = MatchpointTop(a);
    std::vector<TableAward> awards;
    awards.reserve(g.size());
    for (int ns_m : m) {
      // Fouled-board guide: F = (M x E + E - A) / A, rounded to 1 decimal.
      const Rational ns = NeubergFactor(ns_m, a, field_size);
      const Rational ew = NeubergFactor(group_top - ns_m, a, field_size);
      awards.push_back({Decimal::Round(ns, 1, half).ToRational(),
                        Decimal::Round(ew, 1, half).ToRational()});
    }
    result.push_back(std::move(awards));
  }
  return result;
}

absl::StatusOr<std::vector<TableAward>> GuideFewFouledTablesPercent(
    const std::vector<int>& fouled_ns_scores) {
  const int n = static_cast<int>(fouled_ns_scores.size());
  if (n < 1 || n > 3) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the Fouled-board guide's table covers 1, 2 or 3 fouled tables, not ",
        n));
  }
  // Fouled-board guide: 1: 50%; 2: 55% 45%; 3: 60% 50% 40%.
  static constexpr int kPlaces[4][3] = {
      {0, 0, 0}, {50, 0, 0}, {55, 45, 0}, {60, 50, 40}};
  std::vector<TableAward> awards;
  awards.reserve(n);
  for (int score : fouled_ns_scores) {
    int above = 0;
    int tied = 0;  // including itself
    for (int other : fouled_ns_scores) {
      if (other > score) ++above;
      if (other == score) ++tied;
    }
    // "Tie pairs share the difference": the mean of the places they fill.
    int sum = 0;
    for (int place = above; place < above + tied; ++place) {
      sum += kPlaces[n][place];
    }
    const Rational ns(sum, tied);
    awards.push_back({ns, Rational(100) - ns});
  }
  return awards;
}

absl::StatusOr<Rational> GuideFouledSidePercent(
    const Rational& table_percent, FouledBoardFault fault,
    const Rational& session_percent) {
  TALLY_RETURN_IF_ERROR(CheckPercent(table_percent, "the table's percentage"));
  switch (fault) {
    case FouledBoardFault::kNotAtFault: {
      TALLY_RETURN_IF_ERROR(CheckPercent(session_percent, "a session average"));
      // Fouled-board guide B: an indemnity of 10%, and Law 88 if the
      // session score is greater.
      return std::max(table_percent + 10, session_percent);
    }
    case FouledBoardFault::kPartlyAtFault:
      return table_percent;  // Fouled-board guide C: no increase.
    case FouledBoardFault::kResponsible:
      return table_percent - 10;  // Fouled-board guide D: penalty of 10%.
  }
  return table_percent;
}

}  // namespace tally::core
