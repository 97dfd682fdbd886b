#include "core/adjust/fouled_board_nsw.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/adjust/table_award.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/scoring/matchpoints.h"

namespace tally::core {
namespace {

absl::Status CheckGroups(const std::vector<int>& true_ns_scores,
                         const std::vector<int>& fouled_ns_scores) {
  if (true_ns_scores.empty() || fouled_ns_scores.empty()) {
    return absl::InvalidArgumentError(
        "a fouled board needs at least one score on the true deal and one on "
        "the fouled deal");
  }
  return absl::OkStatus();
}

// Mean North-South award of a group.
Rational MeanNorthSouth(const std::vector<TableAward>& awards) {
  Rational sum = 0;
  for (const TableAward& a : awards) sum += a.north_south;
  return sum / Rational(static_cast<int64_t>(awards.size()));
}

// Matchpoints within a group plus `bonus` to each side.
std::vector<TableAward> GroupMatchpointsPlus(const std::vector<int>& ns_scores,
                                             int bonus) {
  const int top = MatchpointTop(static_cast<int>(ns_scores.size()));
  std::vector<TableAward> awards;
  for (int mp : MatchpointNorthSouth(ns_scores)) {
    awards.push_back({mp + bonus, top - mp + bonus});
  }
  return awards;
}

}  // namespace

absl::StatusOr<int> NswSufficientTables(int field_tables) {
  if (field_tables < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a board is played at one table or more, not ", field_tables));
  }
  // NSW TR 7.1.1(a), 7.3.2: the lesser of four tables and one third of the
  // field, fractions rounded up.
  return std::min(4, (field_tables + 2) / 3);
}

absl::StatusOr<NswButlerFouledResult> NswFouledButlerBoard(
    const std::vector<int>& true_ns_scores, int true_datum,
    const std::vector<int>& fouled_ns_scores, std::optional<int> fouled_datum,
    NswButlerFouledTreatment treatment, const NswButlerFouledOptions& options) {
  TALLY_RETURN_IF_ERROR(CheckGroups(true_ns_scores, fouled_ns_scores));
  NswButlerFouledResult result;
  result.awards.true_group = ImpsAgainstDatum(true_ns_scores, true_datum);
  if (treatment == NswButlerFouledTreatment::kTwoImpsToFouled) {
    // NSW TR 7.1.1(b): "an adjusted score of 2 IMPs to those pairs who
    // played the fouled board".
    result.awards.fouled_group.assign(fouled_ns_scores.size(),
                                      TableAward{2, 2});
    return result;
  }
  const int field =
      static_cast<int>(true_ns_scores.size() + fouled_ns_scores.size());
  TALLY_ASSIGN_OR_RETURN(const int sufficient, NswSufficientTables(field));
  if (static_cast<int>(fouled_ns_scores.size()) < sufficient) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the fouled deal was played at ", fouled_ns_scores.size(),
        " tables; NSW TR 7.1.1(a) needs ", sufficient,
        " (the lesser of four tables and a third of the field of ", field,
        ", rounded up): award 2 IMPs under NSW TR 7.1.1(b)"));
  }
  if (!fouled_datum.has_value()) {
    return absl::InvalidArgumentError(
        "NSW TR 7.1.1(a) scores the fouled deal against its own datum; give "
        "the fouled group's datum");
  }
  // NSW TR 7.1.1(a): a separate datum for the changed board ...
  std::vector<TableAward> fouled =
      ImpsAgainstDatum(fouled_ns_scores, *fouled_datum);
  // ... then, in events using median scoring, "such integer number which
  // most nearly makes these averages equal".
  int k = 0;
  if (options.equalise_averages) {
    const Rational gap =
        MeanNorthSouth(result.awards.true_group) - MeanNorthSouth(fouled);
    k = static_cast<int>(gap.RoundToInteger(options.equalising_half));
  }
  for (TableAward& a : fouled) {
    a.north_south += k;
    a.east_west -= k;
  }
  result.awards.fouled_group = std::move(fouled);
  result.fouled_group_adjustment = k;
  return result;
}

absl::StatusOr<NswMatchpointFouledResult> NswFouledMatchpointBoard(
    const std::vector<int>& true_ns_scores,
    const std::vector<int>& fouled_ns_scores,
    const NswMatchpointFouledOptions& options) {
  TALLY_RETURN_IF_ERROR(CheckGroups(true_ns_scores, fouled_ns_scores));
  const int t = static_cast<int>(true_ns_scores.size());
  const int f = static_cast<int>(fouled_ns_scores.size());
  TALLY_ASSIGN_OR_RETURN(const int sufficient, NswSufficientTables(t + f));
  NswMatchpointFouledResult result;
  if (f >= sufficient) {
    // NSW TR 7.3.2: a separate deal, "plus one (1) matchpoint for each score
    // in the other group".
    result.separate_deal = true;
    result.awards.true_group = GroupMatchpointsPlus(true_ns_scores, f);
    result.awards.fouled_group = GroupMatchpointsPlus(fouled_ns_scores, t);
    return result;
  }
  // NSW TR 7.3.2: "Otherwise, award a matchpoint score of 60% of the
  // available matchpoints on the board to both sides."
  const Rational sixty = Rational(60 * MatchpointTop(t + f), 100);
  result.awards.fouled_group.assign(f, TableAward{sixty, sixty});
  switch (options.true_group_when_insufficient) {
    case NswTrueGroupScoring::kPlusOnePerFouledScore:
      result.awards.true_group = GroupMatchpointsPlus(true_ns_scores, f);
      break;
    case NswTrueGroupScoring::kFactored: {
      const int top = MatchpointTop(t);
      for (int mp : MatchpointNorthSouth(true_ns_scores)) {
        result.awards.true_group.push_back(
            {Decimal::Round(NeubergFactor(mp, t, t + f), 1,
                            options.factoring_half)
                 .ToRational(),
             Decimal::Round(NeubergFactor(top - mp, t, t + f), 1,
                            options.factoring_half)
                 .ToRational()});
      }
      break;
    }
  }
  return result;
}

}  // namespace tally::core
