// Average plus on several boards of one match (issue #16 defect 2): what a
// side receives for each of N boards on which it has average plus, under
// the profile's artificial.several_boards setting:
//
//   "anc_appendix"  ANC SR 7.5-7.6 and the appendix ("Calculation of
//                   Multiple average plus awards"): 3 sqrt(N) IMPs in all
//                   (teams) or 2 sqrt(N) (pairs), "the net IMPs in a match
//                   ... rounded to the nearest IMP (0.5 IMPs rounded up)"
//                   (core/adjust/multiple_average_plus.h);
//   "nsw_tr_12_10"  NSW TR 12.10: 2 per board for 1-3 boards, U + 3 in all
//                   for 4-7, M / U per board for 8 or more, M read from the
//                   WBF discrete scale for U boards (the largest margin
//                   earning 18 VPs; core/vp/wbf_vp.h)
//                   (core/adjust/unplayed_boards.h);
//   anything else   the rule's amount on each board ("per_board").
//
// The match total is exact; each board gets total / N (teams matches,
// exact) or, where a table's IMPs are whole numbers (Butler travellers),
// the whole-IMP shares floor((k+1) T / N) - floor(k T / N) for the side's
// k-th board in board order, which add up to the total T.
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_SEVERAL_BOARDS_H_
#define TALLY_REPLAY_SEVERAL_BOARDS_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "core/profile/profile.h"

namespace tally::replay {

// What a side receives in all for average plus on N boards of one match
// under a several_boards method, with the working (the calculator's `tally
// calc several-boards` shows it).
struct SeveralBoardsAward {
  core::Rational total;
  std::string clause;   // "ANC SR appendix", "NSW TR 12.10(b)"
  std::string working;  // e.g. "2 sqrt(4) = 4 IMPs, rounded"
  // NSW TR 12.10(c)'s M: the largest margin earning 18 VPs on the WBF
  // discrete scale for N boards.
  std::optional<int> max_imps_for_18_vps;
};

// The award under `method` ("anc_appendix" or "nsw_tr_12_10"), or nullopt
// for "per_board" (each board the rule's single amount). InvalidArgument
// for N < 1, an unknown method, or one the regulation cannot apply to N.
absl::StatusOr<std::optional<SeveralBoardsAward>> SeveralBoardsAwardUnder(
    absl::string_view method, bool teams, int boards);

// The IMPs a side receives in all for average plus on `boards` (N >= 1)
// boards of one match under `profile`, or nullopt when the profile awards
// each board on its own (`per_board` and unset). `teams`: an IMP-scored
// teams event (3 sqrt(N)); else pairs (2 sqrt(N)). InvalidArgument for
// N < 1 or a method the regulation cannot apply to N.
absl::StatusOr<std::optional<core::Rational>> SeveralBoardsTotal(
    const core::RegulationProfile& profile, bool teams, int boards);

// True when the profile's method counts only boards unplayable "through no
// fault of the players" (NSW TR 12.10): average plus to both sides. The ANC
// appendix counts every board on which a side has average plus.
bool SeveralBoardsOnlyWithoutFault(const core::RegulationProfile& profile);

// True when a fouled board's "two_imps" treatment (ANC SR 7.2(b), 7.3:
// "2 IMPs for both sides" at each fouled table) counts as average plus on
// that board towards the several-board total: under the ANC appendix,
// which 7.5 applies "in the case of multiple fouled boards". NSW TR
// 7.1.1(b) gives 2 IMPs per fouled board on its own (NSW TR 12.10 is for
// boards that could not be played), and per_board profiles give each
// board its own amount.
bool SeveralBoardsCountsFouledTwoImps(const core::RegulationProfile& profile,
                                      absl::string_view treatment);

// The side's whole-IMP share of `total` on its `index`-th (from 0) of
// `boards` boards: floor((index+1) total / boards) - floor(index total /
// boards).
core::Rational WholeImpShare(const core::Rational& total, int index,
                             int boards);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SEVERAL_BOARDS_H_
