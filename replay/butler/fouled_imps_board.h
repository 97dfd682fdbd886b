// One fouled board IMPed against a datum, from its scores alone: the
// scoring ScoreFouledImpsBoard (replay/butler/fouled_scoring.h) applies to
// a Butler session's or a pairs match round's board, and the director's
// calculator (CalculatorService.FouledButlerBoard) to scores typed in.
//
//   nsw_tr_7_1_1 separate_datum   NSW TR 7.1.1(a): each form against its
//                  own datum under the event's rule; the fouled tables' NS
//                  IMPs get the integer that most nearly equalises the two
//                  forms' mean NS IMPs (EW's lose it).
//                two_imps         NSW TR 7.1.1(b): 2 IMPs to both sides at
//                  each fouled table; the true form against its datum.
//   anc_sr_7_2   separate_datums  ANC SR 7.2(a): each form against its own
//                  datum after eliminating 2 (3-7 results) or 4 (more)
//                  extremes; no equalising.
//                two_imps         ANC SR 7.2(b), 7.3: as NSW TR 7.1.1(b).
//   sabf_tr_12_3 separate_datums  SABF TR 12.3: each entity's datum after
//                  eliminating the two extreme scores.
//                two_imps         the fouled results cancelled, 2 IMPs each.
//
// Pure functions; thread-safe.

#ifndef TALLY_REPLAY_BUTLER_FOULED_IMPS_BOARD_H_
#define TALLY_REPLAY_BUTLER_FOULED_IMPS_BOARD_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "core/datum/datum.h"
#include "core/datum/datum_rule.h"

namespace tally::replay {

enum class FouledImpsKind {
  kNswSeparateDatum,  // NSW TR 7.1.1(a)
  kNswTwoImps,        // NSW TR 7.1.1(b)
  kSeparateDatums,    // ANC SR 7.2(a), SABF TR 12.3
  kTwoImps,           // ANC SR 7.2(b) with 7.3, SABF TR 12.3
};

// A treatment of a board IMPed against a datum. Intentionally copyable.
struct FouledImpsRule {
  FouledImpsKind kind = FouledImpsKind::kTwoImps;
  // The rule each form's datum is taken by: the event's, or under ANC SR
  // 7.2(a) and SABF TR 12.3 the clause's own trimming with the event's
  // rounding and pending-appeal settings.
  core::DatumRule form_rule;
  bool Separate() const {
    return kind == FouledImpsKind::kNswSeparateDatum ||
           kind == FouledImpsKind::kSeparateDatums;
  }
};

// The treatment `treatment` of the fouled-board rule `rule_id` for an
// event whose datum rule is `event_rule`; nullopt when it is not a
// treatment of a board IMPed against a datum (SABF TR 12.3's
// "no_consequence" is scored as played; the matchpoint rules are others).
std::optional<FouledImpsRule> FouledImpsRuleFor(
    absl::string_view rule_id, absl::string_view treatment,
    const core::DatumRule& event_rule);

// One result of the board: its NS score, table number in the field (for a
// rule that takes the top tables) and NSW TR 13 marks, and its form.
struct FouledImpsResult {
  core::TableScore score;
  bool fouled = false;
};

struct FouledImpsInput {
  std::vector<FouledImpsResult> results;  // the results in, in table order
  int tables_in_play = 0;  // tables the board is played at, both forms
  int fouled_tables = 0;   // of them, in the fouled form
  int match = 0;           // the round in an event of matches; else 0
};

// What one result scores: NS and EW IMPs (EW are -NS except at a fouled
// table given 2 IMPs), and what its form's datum made of it (nullopt for a
// fouled table scored without a datum).
struct FouledImpsLine {
  int ns_imps = 0;
  int ew_imps = 0;
  std::optional<core::ScoreRole> role;
};

struct FouledImpsBoard {
  core::DatumResult true_datum;
  std::optional<core::DatumResult> fouled_datum;  // separate forms only
  std::vector<FouledImpsLine> lines;  // in the order of the input's results
  // NSW TR 7.1.1(a): the integer added to the fouled tables' NS IMPs, and
  // the two forms' mean NS IMPs it was chosen from (before it is added).
  int adjustment = 0;
  core::Rational true_mean_imps;
  core::Rational fouled_mean_imps;
};

// The datum of one form of a board over its `entries` (as the form's datum
// takes them), with n = `tables_in_play` and `match` the round (0 in a
// movement session). FailedPrecondition when `entries` is empty; else as
// core::ComputeDatum.
absl::StatusOr<core::DatumResult> FouledFormDatum(
    const core::DatumRule& rule, const std::vector<core::TableScore>& entries,
    int tables_in_play, int match);

// Scores the board under `rule`. A separate form is a deal of its own: its
// datum takes n = its tables and numbers them 1, 2, ... in input order;
// under two_imps the true form's datum keeps the field's table numbers
// and n = tables_in_play. FailedPrecondition or InvalidArgument when a
// form's datum cannot be taken (too few results, a rule needing a match
// number or tables) or the clause's condition fails (NSW TR 7.1.1(a)'s
// sufficient pairs), the message saying which form.
absl::StatusOr<FouledImpsBoard> ScoreFouledImps(const FouledImpsRule& rule,
                                                const FouledImpsInput& input);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_FOULED_IMPS_BOARD_H_
