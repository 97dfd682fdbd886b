#include "replay/several_boards.h"

#include <array>
#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/adjust/multiple_average_plus.h"
#include "core/adjust/unplayed_boards.h"
#include "core/base/status_macros.h"
#include "core/vp/wbf_vp.h"

namespace tally::replay {

absl::StatusOr<std::optional<core::Rational>> SeveralBoardsTotal(
    const core::RegulationProfile& profile, bool teams, int boards) {
  if (boards < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(boards, " boards with average plus: at least 1"));
  }
  const std::string& method = profile.artificial.several_boards;
  if (method == "anc_appendix") {
    // ANC SR appendix: the match's net IMPs, rounded, 0.5 up.
    TALLY_ASSIGN_OR_RETURN(
        int imps, core::MultipleAveragePlusImps(
                      teams ? core::MultipleAveragePlusEvent::kImpTeams
                            : core::MultipleAveragePlusEvent::kImpPairs,
                      boards));
    return std::optional<core::Rational>(core::Rational(imps));
  }
  if (method == "nsw_tr_12_10") {
    std::optional<int> m;
    if (boards >= 8) {
      // NSW TR 12.10(c): "the maximum number of IMPs in the range which
      // scores 18 Victory Points in the corresponding WBF VP scale".
      TALLY_ASSIGN_OR_RETURN(auto margins,
                             core::WbfDiscreteUpperMargins(boards));
      m = static_cast<int>(margins[8]);
    }
    TALLY_ASSIGN_OR_RETURN(core::UnplayedBoardsImps award,
                           core::NswUnplayedBoardsImps(boards, m));
    return std::optional<core::Rational>(award.total);
  }
  return std::optional<core::Rational>();
}

bool SeveralBoardsOnlyWithoutFault(const core::RegulationProfile& profile) {
  return profile.artificial.several_boards == "nsw_tr_12_10";
}

bool SeveralBoardsCountsFouledTwoImps(const core::RegulationProfile& profile,
                                      absl::string_view treatment) {
  return profile.artificial.several_boards == "anc_appendix" &&
         treatment == "two_imps";
}

core::Rational WholeImpShare(const core::Rational& total, int index,
                             int boards) {
  const int64_t upto_next =
      (total * core::Rational(index + 1) / core::Rational(boards)).Floor();
  const int64_t upto_this =
      (total * core::Rational(index) / core::Rational(boards)).Floor();
  return core::Rational(upto_next - upto_this);
}

}  // namespace tally::replay
