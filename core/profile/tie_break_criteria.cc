#include "core/profile/tie_break_criteria.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tally::core {
namespace {

const TieBreakCriterion kCriteria[] = {
    {"total_vps", "SABF TR 13.10, 17.2, 19.11.4",
     "total VPs, penalties included (13.10 and 19.11.4 list it first, where "
     "it is the ranking score itself)"},
    {"total_vps_without_fines", "SABF TR 13.10, 17.2, 19.11.4",
     "total VPs after the removal of fines"},
    {"opponents_total_vps",
     "ANC SR 17.3; SABF TR 13.10, 14.1; NSW TR 11.2.1(a)",
     "the sum of the VPs of the side's opponents (the most difficult draw "
     "ranks highest)"},
    {"matches_won", "ANC SR 12.2, 17.3; SABF TR 13.10, 19.11.4",
     "the number of matches won in VPs (a drawn match is not a win)"},
    {"wins_draw_half", "NSW TR 11.2.1(d)",
     "the number of wins in VPs, a draw counting half a win"},
    {"net_imps", "ANC SR 12.2, 17.2, 17.3; SABF TR 13.10, 14.1, 17.2, 19.11.4",
     "net IMPs over all matches"},
    {"net_imps_capped_at_blitz", "NSW TR 11.2.1(c)",
     "net IMPs, the positive net IMPs of each match capped at the least "
     "margin that wins 20-0 in VPs"},
    {"head_to_head", "NSW TR 11.2.1(b), 11.2.4(c)",
     "two-way ties only: the winner of the match (or the higher scorer in the "
     "round) between the two"},
    {"drop_worst_results", "NSW TR 11.2.1(e)",
     "totals recalculated deleting each side's worst result, then its second "
     "worst, and so on"},
    {"remove_carry_over", "ANC SR 12.3",
     "the final's totals without the carry-over"},
    {"most_sessions_played", "SABF TR 11.7",
     "the pair that played the most sessions"},
    {"sessions_above_60_percent", "SABF TR 11.7",
     "the pair with the most session scores above 60%"},
    {"sessions_above_55_percent", "SABF TR 11.7",
     "the pair with the most session scores above 55%"},
    {"sessions_above_50_percent", "SABF TR 11.7",
     "the pair with the most session scores above 50%"},
    {"opponents_total_matchpoints", "NSW TR 11.2.4(a)",
     "where an incomplete movement was used: the total matchpoints of the "
     "tying pairs' opponents"},
    {"matchpoints_between_tied", "NSW TR 11.2.4(b)",
     "the tying pairs matchpointed against each other on the boards they "
     "played in the same direction; 2/1/0 against the board's average "
     "otherwise"},
    {"score_against_highest_placed", "NSW TR 11.2.4(d)",
     "the best score against the highest placed pair, then the second "
     "highest, and so on"},
    {"four_board_playoff", "NSW TR 11.2.2",
     "a four-board playoff played immediately", /*decides=*/true},
    {"lot", "ANC SR 12.2, 17.2, 17.3; SABF TR 17.2, 19.11.4; NSW TR 11.2.1(f)",
     "drawing lots", /*decides=*/true},
};

}  // namespace

absl::Span<const TieBreakCriterion> AllTieBreakCriteria() { return kCriteria; }

absl::StatusOr<TieBreakCriterion> FindTieBreakCriterion(absl::string_view id) {
  for (const TieBreakCriterion& c : kCriteria) {
    if (c.id == id) return c;
  }
  std::vector<absl::string_view> ids;
  for (const TieBreakCriterion& c : kCriteria) ids.push_back(c.id);
  return absl::NotFoundError(
      absl::StrCat("no tie-break criterion is called \"", id,
                   "\"; known: ", absl::StrJoin(ids, ", ")));
}

}  // namespace tally::core
