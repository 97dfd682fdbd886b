// The fouled-board treatments a director may choose among, per profile
// fouled-board rule (core/profile/named_rules.h FouledBoardTreatments), and
// the check that a choice is one the regulation allows (ANC SR 7.2; NSW TR
// 7.1.1, 7.3.2; SABF TR 11.9, 12.3; the Fouled-board guide). The choice is
// recorded as a RulingMade with a FouledBoardRuling (design invariant 5: a
// director's choice among treatments is a stored decision).
//
// Constant data and pure functions. Thread-safe.

#ifndef TALLY_REPLAY_FOULED_RULING_H_
#define TALLY_REPLAY_FOULED_RULING_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/adjust/fouled_board.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// NSW TR 12.6(b): "In cases where a score is apparently recorded on the
// wrong side, the director may not change the score, but will treat the
// board as fouled for one round and award average to both sides." A
// FouledBoardRuling with this treatment names the table the score was
// recorded at (that round's line of the traveller); fouled_tables is filled
// on receipt with that table, which scores average to both sides
// (replay/state/rulings.h AdjustmentAt) out of the board's field: the other
// tables are matchpointed among themselves and factored to the field, or
// IMPed against a datum taken without it. Where boards are duplicated, the
// other tables of the round kept their own lines and are not fouled.
// Allowed under profiles whose source is the NSW TR, in sessions of a
// movement and in pairs matches IMPed against a datum (the table's match
// scores average to both, the datum taken without it:
// replay/match_scores/match_adjustments.h); in a teams match average to both is
// an artificial score of its room.
inline constexpr absl::string_view kWrongSideTreatment =
    "nsw_tr_12_6b_wrong_side";
inline constexpr absl::string_view kWrongSideClause = "NSW TR 12.6(b)";

struct FouledTreatmentChoice {
  absl::string_view id;      // e.g. "separate_datum"
  absl::string_view clause;  // e.g. "NSW TR 7.1.1(a)"
  absl::string_view what;
};

// The treatments rule `rule_id` allows; empty for an unknown rule or none.
std::vector<FouledTreatmentChoice> FouledTreatmentsFor(absl::string_view rule_id);

// OkStatus when `treatment` is one `rule_id` allows, for a board the
// movement has `field_tables` tables play and `fouled_tables` of them in
// the fouled form. InvalidArgument naming the rule's clause and the
// treatments it allows otherwise (or when the profile names no fouled-board
// rule); FailedPrecondition when the regulation's condition for the
// treatment does not hold: NSW TR 7.1.1(a) and 7.3.2 need "sufficient
// pairs" (min(4, ceil(E / 3)) tables), ANC SR 7.2(a) and SABF TR 12.3 a
// separate datum over 3 results or more.
absl::Status CheckFouledTreatment(absl::string_view rule_id,
                                  absl::string_view treatment,
                                  int field_tables, int fouled_tables);

// The Fouled-board guide (Match Play) in a teams match: the outcome
// (fine, (a)'s adjusted score, redeal) of a FouledBoardRuling under rule
// guide_match_play at a match's table, from core::GuideMatchPlay. Fails
// as GuideMatchPlay (at replay: a damaged log).
absl::StatusOr<core::GuideMatchPlayOutcome> GuideMatchPlayOf(
    const v1::FouledBoardRuling& fouled);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_FOULED_RULING_H_
