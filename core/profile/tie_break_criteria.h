// The tie-break criteria a regulation profile may chain, each with the
// clauses it comes from. The criteria are names only here: tie-breaking
// itself is implemented later, against this list. A criterion appears here
// only if a clause of the regulations states it.
//
//   id                           clauses
//   total_vps                    SABF TR 17.2 (after qualifying points);
//                                13.10, 19.11.4 list it first, where it is
//                                the ranking score itself
//   total_vps_without_fines      SABF TR 13.10, 17.2, 19.11.4
//   opponents_total_vps          ANC SR 17.3; SABF TR 13.10, 14.1;
//                                NSW TR 11.2.1(a)
//   matches_won                  ANC SR 12.2, 17.3; SABF TR 13.10, 19.11.4
//   wins_draw_half               NSW TR 11.2.1(d)
//   net_imps                     ANC SR 12.2, 17.2, 17.3; SABF TR 13.10,
//                                14.1, 17.2, 19.11.4
//   net_imps_capped_at_blitz     NSW TR 11.2.1(c)
//   head_to_head                 NSW TR 11.2.1(b), 11.2.4(c)
//   drop_worst_results           NSW TR 11.2.1(e)
//   remove_carry_over            ANC SR 12.3
//   most_sessions_played         SABF TR 11.7
//   sessions_above_60_percent    SABF TR 11.7
//   sessions_above_55_percent    SABF TR 11.7
//   sessions_above_50_percent    SABF TR 11.7
//   opponents_total_matchpoints  NSW TR 11.2.4(a)
//   matchpoints_between_tied     NSW TR 11.2.4(b)
//   score_against_highest_placed NSW TR 11.2.4(d)
//   four_board_playoff           NSW TR 11.2.2 (decides; last in a chain)
//   lot                          ANC SR 12.2, 17.2, 17.3; SABF TR 17.2,
//                                19.11.4; NSW TR 11.2.1(f) (decides; last)
//
// Thread-safe: constant data.

#ifndef TALLY_CORE_PROFILE_TIE_BREAK_CRITERIA_H_
#define TALLY_CORE_PROFILE_TIE_BREAK_CRITERIA_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace tally::core {

struct TieBreakCriterion {
  absl::string_view id;
  absl::string_view clauses;
  absl::string_view description;
  // Always separates the sides (lot, a playoff), so it ends a chain.
  bool decides = false;
};

// Every known criterion, in the order of the table above.
absl::Span<const TieBreakCriterion> AllTieBreakCriteria();

// The criterion `id`; NotFound listing the ids otherwise.
absl::StatusOr<TieBreakCriterion> FindTieBreakCriterion(absl::string_view id);

}  // namespace tally::core

#endif  // TALLY_CORE_PROFILE_TIE_BREAK_CRITERIA_H_
