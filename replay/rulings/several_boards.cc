#include "replay/rulings/several_boards.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/adjust/multiple_average_plus.h"
#include "core/adjust/unplayed_boards.h"
#include "core/base/status_macros.h"
#include "core/vp/wbf_vp.h"

namespace tally::replay {

absl::StatusOr<std::optional<SeveralBoardsAward>> SeveralBoardsAwardUnder(
    absl::string_view method, bool teams, int boards) {
  if (boards < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(boards, " boards with average plus: at least 1"));
  }
  if (method == "anc_appendix") {
    // ANC SR appendix: the match's net IMPs, rounded, 0.5 up.
    TALLY_ASSIGN_OR_RETURN(
        int imps, core::MultipleAveragePlusImps(
                      teams ? core::MultipleAveragePlusEvent::kImpTeams
                            : core::MultipleAveragePlusEvent::kImpPairs,
                      boards));
    SeveralBoardsAward award;
    award.total = core::Rational(imps);
    award.clause = "ANC SR 7.5-7.6 and appendix";
    award.working = absl::StrCat(
        teams ? "IMP scored teams: 3" : "IMP scored pairs: 2", " sqrt(",
        boards, ") IMPs in the match, rounded to the nearest IMP (0.5 up): ",
        imps);
    return std::optional<SeveralBoardsAward>(std::move(award));
  }
  if (method == "nsw_tr_12_10") {
    SeveralBoardsAward award;
    if (boards >= 8) {
      // NSW TR 12.10(c): "the maximum number of IMPs in the range which
      // scores 18 Victory Points in the corresponding WBF VP scale".
      TALLY_ASSIGN_OR_RETURN(auto margins,
                             core::WbfDiscreteUpperMargins(boards));
      award.max_imps_for_18_vps = static_cast<int>(margins[8]);
    }
    TALLY_ASSIGN_OR_RETURN(
        core::UnplayedBoardsImps imps,
        core::NswUnplayedBoardsImps(boards, award.max_imps_for_18_vps));
    award.total = imps.total;
    if (boards <= 3) {
      award.clause = "NSW TR 12.10(a)";
      award.working = absl::StrCat("1-3 boards unplayed: 2 IMPs per board, ",
                                   boards, " x 2 = ", imps.total.ToString());
    } else if (boards <= 7) {
      award.clause = "NSW TR 12.10(b)";
      award.working =
          absl::StrCat("4-7 boards unplayed: 1 IMP per board + 3.0 IMPs, ",
                       boards, " + 3 = ", imps.total.ToString());
    } else {
      award.clause = "NSW TR 12.10(c)";
      award.working = absl::StrCat(
          "8 or more: A = M / U, M = ", *award.max_imps_for_18_vps,
          " (the most IMPs scoring 18 VPs on the WBF ", boards,
          "-board scale), A = ", imps.per_board.ToString(),
          " per board (to the nearest 0.5), ", imps.total.ToString(),
          " in all");
    }
    return std::optional<SeveralBoardsAward>(std::move(award));
  }
  if (method == "per_board" || method.empty()) {
    return std::optional<SeveralBoardsAward>();
  }
  return absl::InvalidArgumentError(
      absl::StrCat("'", method,
                   "' is not a several-boards method: anc_appendix, "
                   "nsw_tr_12_10 or per_board"));
}

absl::StatusOr<std::optional<core::Rational>> SeveralBoardsTotal(
    const core::RegulationProfile& profile, bool teams, int boards) {
  TALLY_ASSIGN_OR_RETURN(
      std::optional<SeveralBoardsAward> award,
      SeveralBoardsAwardUnder(profile.artificial.several_boards, teams,
                              boards));
  if (!award.has_value()) return std::optional<core::Rational>();
  return std::optional<core::Rational>(award->total);
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
