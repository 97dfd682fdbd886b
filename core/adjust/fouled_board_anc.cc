#include "core/adjust/fouled_board_anc.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/adjust/table_award.h"
#include "core/base/status_macros.h"

namespace tally::core {

ArtificialImpsRule AncItcArtificialImpsRule() {
  // ANC SR 7.1: "a score of 3 IMPs is assigned for both sides".
  return ArtificialImpsRule{.average_plus_imps = 3};
}

ArtificialMatchpointRule AncIpcArtificialMatchpointRule() {
  // ANC SR 7.4: "60% of the available matchpoints on the board awarded to
  // both sides".
  return ArtificialMatchpointRule{.average_plus_percent = 60,
                                  .session_average_if_higher = false};
}

absl::StatusOr<int> AncFouledGroupExtremesDropped(int results) {
  if (results < 3) {
    return absl::FailedPreconditionError(absl::StrCat(
        "a group of ", results,
        " results is too small for a separate datum under ANC SR 7.2(a) "
        "(3 or more); proceed under ANC SR 7.2(b)"));
  }
  // ANC SR 7.2(a): "the two (3-7 results) or four (results >7) extreme
  // scores".
  return results <= 7 ? 2 : 4;
}

absl::StatusOr<FouledBoardAwards> AncFouledButlerBoard(
    const std::vector<int>& true_ns_scores, int true_datum,
    const std::vector<int>& fouled_ns_scores, std::optional<int> fouled_datum,
    AncButlerFouledTreatment treatment) {
  if (true_ns_scores.empty() || fouled_ns_scores.empty()) {
    return absl::InvalidArgumentError(
        "a fouled board needs at least one score on the true deal and one on "
        "the fouled deal");
  }
  FouledBoardAwards awards;
  awards.true_group = ImpsAgainstDatum(true_ns_scores, true_datum);
  if (treatment == AncButlerFouledTreatment::kTwoImpsToFouled) {
    // ANC SR 7.2(b), 7.3: "2 IMPs for both sides".
    awards.fouled_group.assign(fouled_ns_scores.size(), TableAward{2, 2});
    return awards;
  }
  // ANC SR 7.2(a): both entities need a datum.
  TALLY_RETURN_IF_ERROR(
      AncFouledGroupExtremesDropped(static_cast<int>(true_ns_scores.size()))
          .status());
  TALLY_RETURN_IF_ERROR(
      AncFouledGroupExtremesDropped(static_cast<int>(fouled_ns_scores.size()))
          .status());
  if (!fouled_datum.has_value()) {
    return absl::InvalidArgumentError(
        "ANC SR 7.2(a) scores the fouled deal against its own datum; give "
        "the fouled group's datum");
  }
  awards.fouled_group = ImpsAgainstDatum(fouled_ns_scores, *fouled_datum);
  return awards;
}

absl::StatusOr<bool> AncMatchScoredAsForfeit(int boards_in_match,
                                             int boards_compared) {
  if (boards_in_match < 1 || boards_compared < 0 ||
      boards_compared > boards_in_match) {
    return absl::InvalidArgumentError(
        absl::StrCat("a match of ", boards_in_match, " boards cannot have ",
                     boards_compared, " boards with direct comparisons"));
  }
  // ANC SR 7.7: "direct comparisons are available on less than one-half the
  // boards in the match".
  return 2 * boards_compared < boards_in_match;
}

}  // namespace tally::core
