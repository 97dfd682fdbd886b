// Tie-break chains as data: the list of criteria (criteria.h) a regulation
// applies in turn to entrants tied on score, each with the clause that
// prescribes it there. Which chain an event uses for which purpose (the
// draw, qualification for a later stage, the final placings, sharing
// points) is the regulation profile's choice (core/profile names chains by
// criterion ids; ChainSpecFromCriteria turns such a list into a spec). The
// regulations' own chains are built in, by clause:
//
//   anc_sr_12_2 (ITC, after each round robin; score: total VPs)
//     matches_won, net_imps, lot
//   anc_sr_12_3 (ITC final; score: IMPs including the carry-over)
//     remove_carry_over; if still tied the title is shared
//   anc_sr_17_2 (ABPC Swiss draw; score: VPs without penalties, 5.1)
//     net_imps, lot
//   anc_sr_17_3 (ABPC, end of an event or stage; score: total VPs)
//     opponents_total_vps, matches_won, net_imps, lot
//   anc_sr_21_3 (ABPC playoff qualifying points; score: total VPs)
//     none: tied pairs share
//   sabf_tr_11_7 (MP pairs, final placing; score: aggregate %, tie: 0.03)
//     most_sessions_played, sessions_above_60_percent,
//     sessions_above_55_percent, sessions_above_50_percent
//   sabf_tr_11_7_masterpoints (matchpoint pairs, master points; as above)
//     none: tied pairs share
//   sabf_tr_13_10 (teams, places and qualification; score: total VPs)
//     total_vps_without_fines, opponents_total_vps, matches_won, net_imps
//   sabf_tr_14_1 (Swiss draw; score: VPs)
//     opponents_total_vps, net_imps, lot (a reading, below)
//   sabf_tr_17_2 (State Teams finals; score: finals qualifying points)
//     total_vps, total_vps_without_fines, net_imps, lot
//   sabf_tr_19_11_4 (Butler Trials; score: total VPs; only a tie for 3rd)
//     total_vps_without_fines, matches_won, net_imps, lot
//   nsw_tr_11_2_1 (Swiss teams and pairs; score: total VPs)
//     (a) opponents_total_vps, (b) head_to_head, (c) net_imps_capped_at_blitz,
//     (d) wins_draw_half, (e) drop_worst_results, (f) lot
//   nsw_tr_11_2_2 (knock-out teams; score: IMPs in the match)
//     four_board_playoff
//   nsw_tr_11_2_3 (round robins; score: total VPs)
//     11.2.1 (b) to (f)
//   nsw_tr_11_2_4 (matchpoint events; score: total matchpoints)
//     (a) opponents_total_matchpoints (incomplete movement only),
//     (b) matchpoints_between_tied, (c) head_to_head,
//     (d) score_against_highest_placed
//
// A tie the chain does not break stays tied: the entrants share the
// position (ANC SR 12.3 "the title will be shared", 21.3 "Tied pairs share
// the available points", SABF TR 11.7 "the tied pairs shall share the
// available master points"), and the same holds when a chain's list simply
// ends (SABF TR 11.7, 13.10; NSW TR 11.2.4).
//
// Readings:
//   * The first item of SABF TR 13.10 ("Total VPs") and 19.11.4 ("by Total
//     VPs") is the score the entrants are ranked by, so the chain starts at
//     the second.
//   * SABF TR 14.1 lists nothing after net IMPs, but a draw needs an order:
//     the draw chain ends with a recorded lot.
//   * SABF TR 11.7: "aggregates within 0.03% of each other" is read as
//     within 0.03 percentage points, inclusive, and ties chain (rank.h). If
//     the criteria do not break it the tie stays, even with different
//     aggregates.
//   * SABF TR 19.11.4 applies to "a tie ... for third place"; other ties in
//     that event stay shared.
//   * ANC SR 21.3 and the SABF TR 11.7 masterpoint sentence are read as
//     "entrants tied on score share", the tie-breaks notwithstanding.
//
// Plain data. Thread-safe.

#ifndef TALLY_CORE_TIEBREAK_CHAINS_H_
#define TALLY_CORE_TIEBREAK_CHAINS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"

namespace tally::core {

// One criterion of a chain and the clause that prescribes it there.
struct TieBreakStep {
  std::string criterion;  // an id of criteria.h
  std::string clause;     // e.g. "NSW TR 11.2.1(b)"
};

struct TieBreakChainSpec {
  std::string id;
  std::string clause;  // the clause defining the whole chain
  std::string title;
  // What TieBreakEntrant::score must hold for this chain.
  std::string score;
  // Scores at most this far apart are tied (SABF TR 11.7: 0.03). Default:
  // 0, only equal scores are tied (ANC SR 12.1, 17.1; NSW TR 11.1).
  Rational tie_within;
  std::vector<TieBreakStep> steps;
  // Break only a tie that covers this position; other ties stay shared
  // (SABF TR 19.11.4, third place). Default: every tie.
  std::optional<int> only_for_position;
};

// Every built-in chain, in the order of the table above.
std::vector<TieBreakChainSpec> AllTieBreakChainSpecs();

// The built-in chain `id`; NotFound (listing the ids) otherwise.
absl::StatusOr<TieBreakChainSpec> FindTieBreakChainSpec(absl::string_view id);

// A chain from a profile's list of criterion ids, all under one `clause`.
// InvalidArgument for an unknown criterion id or a negative tie_within.
absl::StatusOr<TieBreakChainSpec> ChainSpecFromCriteria(
    const std::vector<std::string>& criteria, absl::string_view clause,
    const Rational& tie_within);

}  // namespace tally::core

#endif  // TALLY_CORE_TIEBREAK_CHAINS_H_
