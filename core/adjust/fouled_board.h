// Fouled boards under the Fouled-board guide ("Rectification of Fouled
// Movements"): match play (teams; GuideMatchPlay, below) and ranking play
// (matchpoints), the method NSW TR 7.3.1 calls
// "computer scoring": the field splits into groups by the form of the deal
// each table played, each group is matchpointed on its own, and each score is
// factored to the full field.
//
//   "Provided a board has been played more than 3 times OR by more than 1/3
//   of the field, each pair's score is ranked and match-pointed in their own
//   group to obtain (M). Then the final match points to be awarded (F) is
//   calculated for every pair in the field as follows:- F = (M x E) + (E - A)
//   ... E = total number of scores in the field. A = number of scores in the
//   group. Fractions are rounded to 1 decimal place."
//
// The printed formula has lost its division by A: F = (M x E + E - A) / A,
// which is Neuberg's (M + 1) E / A - 1 (core/scoring/matchpoints.h,
// NeubergFactor, which cites both forms). Check: a group that is the whole
// field (A = E) keeps its matchpoints, and the factored matchpoints of all
// groups add up to E (E - 1), the full board.
//
// Readings. The "more than 3 times OR by more than 1/3 of the field"
// condition is applied to every group passed in (a group ranked on its own
// must be big enough to rank). A group too small is instead scored by the
// guide's table "For 1,2 or 3 fouled tables" (GuideFewFouledTablesPercent),
// and the remaining group(s) are factored to the full field E all the same.
// Each pair's F is rounded once, to one decimal place, North-South and
// East-West separately ("calculated for every pair"); an exact half arises
// only when a group has a multiple of 20 tables. With HalfRounding::kEven
// the two sides of a table then still add up to the top; with kAwayFromZero
// they are 0.1 over it. The profile chooses.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_FOULED_BOARD_H_
#define TALLY_CORE_ADJUST_FOULED_BOARD_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/adjust/table_award.h"
#include "core/base/rational.h"

namespace tally::core {

// The awards on a board fouled one way: the tables that played the true deal
// and those that played the fouled one, each in the order given.
struct FouledBoardAwards {
  std::vector<TableAward> true_group;
  std::vector<TableAward> fouled_group;
};

// Fouled-board guide: a group of `group_size` (A) scores may be ranked on
// its own in a field of `field_size` (E) scores if A > 3 or A > E / 3.
bool GuideGroupCanBeRanked(int group_size, int field_size);

// Fouled-board guide, ranking play. `groups` holds the NS scores of each
// group (one per form of the deal); `field_size` is E, at least the number
// of scores given. Returns, per group and table in the order given, each
// side's factored matchpoints F on the full top 2 (E - 1), rounded to one
// decimal place with `half`.
// InvalidArgument if a group is empty or E is smaller than the scores given;
// FailedPrecondition if a group is too small to be ranked (the message names
// the guide's table for 1, 2 or 3 fouled tables).
absl::StatusOr<std::vector<std::vector<TableAward>>> FactorFouledGroups(
    const std::vector<std::vector<int>>& groups, int field_size,
    HalfRounding half);

// The guide's table "For 1,2 or 3 fouled tables": the fouled tables are
// ranked on their NS scores and get 50% (one table); 55%, 45% (two); 60%,
// 50%, 40% (three), highest NS score first; "Tie pairs share the
// difference" (tied tables share the percentages of the places they fill).
// East-West get 100% less North-South. Returns percentages, in the order
// given, before the fault adjustments of GuideFouledSidePercent.
// InvalidArgument unless 1 to 3 scores are given.
absl::StatusOr<std::vector<TableAward>> GuideFewFouledTablesPercent(
    const std::vector<int>& fouled_ns_scores);

// Who is to blame for the fouling, for the guide's notes B to D.
enum class FouledBoardFault {
  kNotAtFault,     // B: indemnity of 10%, or the session score if greater
  kPartlyAtFault,  // C: no increase (failing to detect the fouling counts)
  kResponsible,    // D: penalty of 10%
};

// One side's percentage after the guide's notes B-D: `table_percent` (from
// GuideFewFouledTablesPercent) + 10 for a side not at fault, raised to its
// `session_percent` if that is greater ("the provisions of Law 88 apply if
// their score for the session was greater than awarded here"); unchanged
// for a side partly at fault; - 10 for a side responsible. session_percent
// is used only for a side not at fault. InvalidArgument if a percentage is
// outside 0..100.
absl::StatusOr<Rational> GuideFouledSidePercent(
    const Rational& table_percent, FouledBoardFault fault,
    const Rational& session_percent);

// ------------------------------------------------------------ Match play
//
// The guide's "Match Play" (teams): "Whenever it is possible to do so, the
// Director will correct a fouled board and allow play to proceed. The team
// responsible for the fouling will be fined 3 IMPs. (6 IMPs if cards are
// exchanged between partners). When it is not possible to correct the
// board: (a) If the non-offending side gained a result which in the opinion
// of the Director was superior to the par for the deal, an adjusted score
// greater than 3 IMPs may be awarded allowing them the benefit of their
// superior score. There is no fine and the hand is not redealt. (b) If the
// offending side gained a result which, in the opinion of the Director, was
// neutral or superior to the par for the deal, the board is redealt and the
// offending side fined 3 IMPs. (c) If both sides were at fault, the board is
// redealt and there is no fine."
//
// Readings. The 6 IMPs for cards exchanged between partners belong to the
// corrected board (the parenthesis follows its fine); (b) fines 3 IMPs
// whatever was exchanged. (a)'s adjusted score is whole IMPs on the board,
// more than 3 and at most 24 (the IMP scale's top), to the non-offending
// team, the offending team conceding as many (a balanced board). The
// opinions (par, superior, neutral) are the Director's, so the clause is
// chosen, not derived.

enum class GuideMatchPlayTreatment {
  kPlayProceeds,        // corrected: fine 3 IMPs (6: cards exchanged)
  kAdjusted,            // (a): more than 3 IMPs to the non-offenders
  kRedealt,             // (b): redealt, the offenders fined 3 IMPs
  kRedealtBothAtFault,  // (c): redealt, no fine
};

// The ids the log and the API use: "play_proceeds", "adjusted",
// "redealt", "redealt_both_at_fault". InvalidArgument listing them for any
// other id.
absl::StatusOr<GuideMatchPlayTreatment> GuideMatchPlayTreatmentById(
    absl::string_view id);

// The Director's choice under the guide's match play.
struct GuideMatchPlayChoice {
  GuideMatchPlayTreatment treatment = GuideMatchPlayTreatment::kPlayProceeds;
  bool offender_named = false;   // a team responsible for the fouling
  bool cards_exchanged = false;  // between partners
  int adjusted_imps = 0;         // (a) only
};

struct GuideMatchPlayOutcome {
  std::string clause;  // e.g. "Fouled-board guide (Match Play) (b)"
  std::string what;    // the treatment in words
  // Off the offending team's IMPs in the match (0: no fine).
  int fine_imps = 0;
  // (a): the board's IMPs to the non-offending team (the offenders -N).
  std::optional<int> non_offenders_imps;
  bool redeal = false;  // the board's results replaced by the redealt board's
  std::string working;  // the arithmetic in words
};

// The outcome of `choice`. InvalidArgument naming the clause for a choice
// the guide does not allow: no offending team named where there is one
// (corrected, (a), (b)) or one named under (c) (both at fault: no fine);
// cards exchanged under (a)-(c); IMPs given outside (a), or (a)'s IMPs not
// more than 3 or above 24.
absl::StatusOr<GuideMatchPlayOutcome> GuideMatchPlay(
    const GuideMatchPlayChoice& choice);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_FOULED_BOARD_H_
