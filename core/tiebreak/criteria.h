// The tie-break criteria of the regulations, each under a string id that
// chains name (chains.h; the regulation profiles in core/profile name the
// same ids). A criterion looks at a group of tied entrants and gives each a
// key (a list of numbers compared in order, larger ranking higher); entrants
// with different keys are separated by it.
//
//   id                            ranks higher
//   total_vps                     more VPs after fines
//   total_vps_without_fines       more VPs before fines
//   remove_carry_over             more score less the carry-over
//   opponents_total_vps           more VPs of all its opponents
//   opponents_total_matchpoints   more matchpoints of all its opponents, only
//                                 when the movement was incomplete
//   head_to_head                  of two tied, more score in the match(es)
//                                 between them
//   net_imps                      more net IMPs
//   net_imps_capped_at_blitz      more net IMPs, each match's positive IMPs
//                                 capped at its 20-0 margin
//   matches_won                   more matches won
//   wins_draw_half                more wins, a draw half a win
//   drop_worst_results            more total after deleting the worst 1, 2,
//                                 ... match scores
//   most_sessions_played          more sessions played
//   sessions_above_60_percent     more sessions above 60%
//   sessions_above_55_percent     more sessions above 55%
//   sessions_above_50_percent     more sessions above 50%
//   matchpoints_between_tied      more matchpoints against the other tied
//                                 pairs, board by board
//   score_against_highest_placed  more score against the highest-placed
//                                 other pair, then the next
//   four_board_playoff            the recorded playoff result
//   lot                           the recorded lot
//
// Where the regulations use them: chains.h.
//
// What each reads of TieBreakEntrant: the VP criteria `vps` (or `score`
// when unset) and `fines`; remove_carry_over `score` and `carry_over`;
// opponents_total_matchpoints the opponents' `score`; the match criteria
// `matches`; the session criteria `sessions`; matchpoints_between_tied
// `boards`; the last two `playoff_place` and `lot`.
//
// Readings (where the regulations leave a choice):
//   * A bye has no opponent: it adds nothing to an opponents' total and is
//     neither won nor drawn; it is a result for drop_worst_results.
//   * Opponents' totals count each match once: an opponent met twice counts
//     twice; a share match's two opponents both count. Opponents' totals are
//     their current totals after fines.
//   * matches_won counts wins only ("number of wins in VPs", ANC SR 12.2,
//     17.3; "matches won", SABF TR 13.10, 19.11.4); a drawn match is not a
//     win. Only NSW TR 11.2.1(d) counts a draw as half.
//   * head_to_head applies to a tie of exactly two that met ("in the case of
//     two-way ties"); meeting more than once, their scores in all those
//     matches are summed.
//   * net_imps_capped_at_blitz caps only positive IMPs ("the positive net
//     IMPs in each match capped").
//   * drop_worst_results deletes the lowest match scores, one more each
//     step, while every tied entrant keeps at least one match; the
//     recalculated total is the score less the deleted match scores.
//   * sessions_above_N_percent counts played sessions strictly above N%.
//   * matchpoints_between_tied (NSW TR 11.2.4(b)): on each board, a tied
//     pair that played it in the same direction as other tied pairs gets 2
//     for each of them it beat and 1 for each it equalled (table scores; by
//     matchpoints where a score is artificial), otherwise 2 for more than
//     half the top, 1 for exactly half, 0 below.
//   * score_against_highest_placed (NSW TR 11.2.4(d)): the other entrants
//     are taken in order of score (input order among equals); one is used
//     only if every tied pair played against it.
//   * four_board_playoff and lot are outcomes the director records (a lot
//     is never drawn here): a tie that reaches one without it recorded for
//     every member stays tied and is reported as pending (rank.h).
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_TIEBREAK_CRITERIA_H_
#define TALLY_CORE_TIEBREAK_CRITERIA_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/base/rational.h"
#include "core/tiebreak/tiebreak_entrant.h"

namespace tally::core {

inline constexpr absl::string_view kCriterionTotalVps = "total_vps";
inline constexpr absl::string_view kCriterionTotalVpsWithoutFines =
    "total_vps_without_fines";
inline constexpr absl::string_view kCriterionRemoveCarryOver =
    "remove_carry_over";
inline constexpr absl::string_view kCriterionOpponentsTotalVps =
    "opponents_total_vps";
inline constexpr absl::string_view kCriterionOpponentsTotalMatchpoints =
    "opponents_total_matchpoints";
inline constexpr absl::string_view kCriterionHeadToHead = "head_to_head";
inline constexpr absl::string_view kCriterionNetImps = "net_imps";
inline constexpr absl::string_view kCriterionNetImpsCappedAtBlitz =
    "net_imps_capped_at_blitz";
inline constexpr absl::string_view kCriterionMatchesWon = "matches_won";
inline constexpr absl::string_view kCriterionWinsDrawHalf = "wins_draw_half";
inline constexpr absl::string_view kCriterionDropWorstResults =
    "drop_worst_results";
inline constexpr absl::string_view kCriterionMostSessionsPlayed =
    "most_sessions_played";
inline constexpr absl::string_view kCriterionSessionsAbove60Percent =
    "sessions_above_60_percent";
inline constexpr absl::string_view kCriterionSessionsAbove55Percent =
    "sessions_above_55_percent";
inline constexpr absl::string_view kCriterionSessionsAbove50Percent =
    "sessions_above_50_percent";
inline constexpr absl::string_view kCriterionMatchpointsBetweenTied =
    "matchpoints_between_tied";
inline constexpr absl::string_view kCriterionScoreAgainstHighestPlaced =
    "score_against_highest_placed";
inline constexpr absl::string_view kCriterionFourBoardPlayoff =
    "four_board_playoff";
inline constexpr absl::string_view kCriterionLot = "lot";

struct TieBreakCriterionInfo {
  absl::string_view id;
  absl::string_view description;  // for a director: what ranks higher
};

// Every criterion, in the order of the table above.
absl::Span<const TieBreakCriterionInfo> AllTieBreakCriterionInfos();

// The criterion registered as `id`; NotFound otherwise.
absl::StatusOr<TieBreakCriterionInfo> FindTieBreakCriterionInfo(
    absl::string_view id);

// The whole field a ranking is made of, for criteria that look beyond the
// tied entrants (opponents' totals, the higher-placed pairs).
struct TieBreakField {
  const std::vector<TieBreakEntrant>* entrants = nullptr;
  std::map<std::string, int> index;  // id -> position in *entrants
  // Entrants not being ranked that may be looked up as opponents (the other
  // field of a two-field movement); nullptr: none.
  const std::vector<TieBreakEntrant>* outside = nullptr;
  std::map<std::string, int> outside_index;  // id -> position in *outside
  // NSW TR 11.2.4(a): "Where an incomplete movement was used".
  bool incomplete_movement = false;
};

// What a criterion says about a group.
struct CriterionKeys {
  // False: the criterion does not apply to this group (e.g. head_to_head for
  // three, or for two that never met) and separates nobody.
  bool applies = false;
  // The criterion is an outcome the director records (lot, playoff) and
  // some member of the group has none recorded.
  bool needs_recorded_outcome = false;
  // For each member of the group, in order: larger ranks higher, compared
  // element by element.
  std::vector<std::vector<Rational>> keys;
};

// Evaluates criterion `id` for `group` (positions in *field.entrants).
// NotFound for an unknown id; InvalidArgument, naming the clause where one
// applies, for data the criterion needs and lacks (an opponent not in the
// field, a missing 20-0 margin, one-sided head-to-head records, two equal
// lots or playoff places).
absl::StatusOr<CriterionKeys> EvaluateTieBreakCriterion(
    absl::string_view id, const std::vector<int>& group,
    const TieBreakField& field);

}  // namespace tally::core

#endif  // TALLY_CORE_TIEBREAK_CRITERIA_H_
