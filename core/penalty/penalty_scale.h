// Penalty scales as data: what the Nth offence of a given kind costs under a
// regulation. A procedural or disciplinary penalty is taken off a side's
// total (VPs, IMPs, or a percentage of a top converted to matchpoints), never
// off a board (ANC SR 5.1; NSW TR 6; SABF TR 11.2, 13.14).
//
// A PenaltyScale lists offences. Each offence belongs to an OffenceCounter,
// the class the offence register counts together (NSW TR 6.1: late arrival,
// slow play, mobile phones); its ladder says what the 1st, 2nd, ... offence in
// that counter costs, the last rung repeating ("third and subsequent
// offences"). The counter also carries the reset rule (NSW TR 6.4: six
// calendar months between consecutive offences; 6.9.4: twelve), so "what is
// the penalty for the Nth offence of type X under scale S" is a lookup and
// the occurrence number is a pure function of dated offences
// (offence_occurrence.h). The built-in scales are in anc_penalties.h,
// sabf_penalties.h and nsw_penalties.h; a profile may define its own.
//
// Plain data and pure functions. Intentionally copyable. Thread-compatible;
// the built-in scales are immutable and safe to share between threads.

#ifndef TALLY_CORE_PENALTY_PENALTY_SCALE_H_
#define TALLY_CORE_PENALTY_PENALTY_SCALE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"

namespace tally::core {

// The unit a deduction is expressed in.
enum class PenaltyUnit {
  kVictoryPoints,
  kImps,
  // A percentage of a top (of the board's top for a per-board fine, else of
  // a board top in the session): SABF TR 11.2, 11.10; NSW TR 6.2, 6.4, 6.9.1.
  // Convert with MatchpointsForPercentOfTop.
  kPercentOfTop,
  // Percentage points off the side's final percentage score: SABF TR 11.10
  // "Mis-scoring: 1% deducted from the final score" (read as 1 percentage
  // point, e.g. 55.20% -> 54.20%, not 1% of 55.20).
  kScorePercentagePoints,
};

// "VPs", "IMPs", "% of a top", "percentage points".
absl::string_view PenaltyUnitName(PenaltyUnit unit);

// What one rung of a ladder does.
enum class PenaltyKind {
  kWarning,              // recorded in the register, nothing deducted
  kDeduction,            // `amounts` taken off the side's total
  kLossOfSeatingRights,  // ANC SR 10.8 i); nothing deducted
  kDirectorsDiscretion,  // "the CTD may assess a more severe penalty"
  kForfeit,              // the match is forfeited (SABF TR 16.3)
};

// One amount of a deduction, e.g. 3 VPs.
struct PenaltyAmount {
  PenaltyUnit unit = PenaltyUnit::kVictoryPoints;
  Rational value;  // > 0, the size of the deduction
};

// One rung: the penalty for one occurrence.
struct PenaltyStep {
  PenaltyKind kind = PenaltyKind::kWarning;
  // For kDeduction: the amount in each unit the regulation prints, e.g.
  // "1 VP (3 IMPs)" and "25% of a top" (NSW TR 6.4) is three amounts. The
  // event's scoring decides which one applies.
  std::vector<PenaltyAmount> amounts;
  // For kDeduction: `amounts` is per board (SABF TR 13.15 "1 VP for each board
  // missed"; ANC SR appendix "One board ... Subsequent boards").
  bool per_board = false;
  // For a per-board deduction whose later boards cost more (ANC SR appendix:
  // "One board 3 VPs, Subsequent boards 6 VPs"): the amounts for each board
  // after the first. Empty: every board costs `amounts`.
  std::vector<PenaltyAmount> further_board_amounts;
  // The printed figure is a maximum the director may reduce (SABF TR 11.10
  // "The following maximum fines may apply").
  bool is_maximum = false;
  // The regulation's wording, for the director.
  std::string text;
};

// Whose offences are counted together (documentation for the register,
// which passes only this offender's history).
enum class Offender { kPlayer, kPair, kTeam, kPairOrTeam };

// Which earlier offences count towards the occurrence number.
enum class CountingScope {
  // Only offences in the same event (all its sessions and stages):
  // SABF TR 11.2 "in the same multi-session event", 13.15 "in the
  // competition"; ANC SR 18.4 "Warnings carry over from stage to stage".
  kSameEvent,
  // Offences in any event: NSW TR 6.7 "offences will carry over from session
  // to session, irrespective of a change of event".
  kAnyEvent,
};

// How "N calendar months after" a day that the later month lacks is read.
enum class MonthEndRule {
  // 31 August + 6 months = 28 February (29 in a leap year): the period ends
  // on the last day of the later month. Default: the usual reading of a
  // calendar-month period.
  kClampToMonthEnd,
  // 31 August + 6 months = 3 March (or 2 March in a leap year): the missing
  // days run on into the next month.
  kRollIntoNextMonth,
};

// NSW TR 6.4, 6.9.4: "If the period of time between any two consecutive
// offences by the same pair exceeds six (6) calendar months, the later
// offence will be deemed to be a first offence."
struct ResetRule {
  int months = 0;  // > 0
  MonthEndRule month_end = MonthEndRule::kClampToMonthEnd;
  std::string clause;
};

// A class of offences counted together in the offence register.
struct OffenceCounter {
  std::string key;  // unique in its scale, e.g. "slow_play"
  std::string description;
  Offender offender = Offender::kPairOrTeam;
  CountingScope scope = CountingScope::kSameEvent;
  std::optional<ResetRule> reset;  // none: offences never lapse
  std::string clause;
};

// Minutes late covered by a late-arrival band, in whole minutes as the
// tables print them, both ends inclusive; `last` unset for an open band
// ("in excess of 30 minutes").
struct MinutesLate {
  int first = 0;
  std::optional<int> last;
};

// One kind of offence and its ladder.
struct PenaltyOffence {
  std::string key;      // unique in its scale, e.g. "late_5_10"
  std::string counter;  // the OffenceCounter::key it is counted in
  std::string description;
  std::string clause;
  // ladder[i] is the penalty for occurrence i + 1; the last repeats.
  std::vector<PenaltyStep> ladder;
  // Set for a late-arrival band (see LateArrivalOffence).
  std::optional<MinutesLate> minutes_late;
};

// A regulation's penalties for one kind of event.
struct PenaltyScale {
  std::string name;    // e.g. "ANC 2025 SR: ITC"
  std::string events;  // the events it applies to, in words
  std::vector<OffenceCounter> counters;
  std::vector<PenaltyOffence> offences;
};

// Checks that keys are unique and non-empty, every offence names a counter
// of the scale, every ladder is non-empty, every deduction has positive
// amounts with at most one per unit, reset periods are positive and
// late-arrival bands do not overlap. InvalidArgument naming the scale and
// the offence otherwise. Profiles call this on load.
absl::Status ValidatePenaltyScale(const PenaltyScale& scale);

// The offence `key` of `scale`; NotFound naming the scale otherwise.
absl::StatusOr<const PenaltyOffence*> FindOffence(const PenaltyScale& scale,
                                                  absl::string_view key);

// The counter `key` of `scale`; NotFound naming the scale otherwise.
absl::StatusOr<const OffenceCounter*> FindCounter(const PenaltyScale& scale,
                                                  absl::string_view key);

// The penalty for occurrence `occurrence` (1 = first offence) of `offence`:
// its ladder's rung, the last rung for any later occurrence.
// InvalidArgument if occurrence < 1 or the ladder is empty.
absl::StatusOr<PenaltyStep> StepForOccurrence(const PenaltyOffence& offence,
                                              int occurrence);

// The pure lookup "penalty for the Nth offence of type `offence_key` under
// `scale`". NotFound for an unknown offence; InvalidArgument if
// occurrence < 1.
absl::StatusOr<PenaltyStep> PenaltyFor(const PenaltyScale& scale,
                                       absl::string_view offence_key,
                                       int occurrence);

// The deduction `step` makes, in `unit`, as a positive number, for `boards`
// boards when the step is per board (boards >= 1; ignored otherwise).
// A warning or loss of seating rights deducts 0. FailedPrecondition for a
// director's discretion or a forfeit (no table amount); NotFound when the
// regulation prints no amount in `unit` (e.g. asking ANC SR 5.3 "3 VPs" for
// IMPs); InvalidArgument if boards < 1 for a per-board step.
absl::StatusOr<Rational> DeductionIn(const PenaltyStep& step, PenaltyUnit unit,
                                     int boards = 1);

// The matchpoints a deduction of `percent` % of a top of `top` matchpoints
// is: percent / 100 * top, exact (e.g. 25% of a top of 10 = 2.5 MP).
// InvalidArgument if percent or top is negative.
absl::StatusOr<Rational> MatchpointsForPercentOfTop(const Rational& percent,
                                                    const Rational& top);

// The key of the late-arrival band of `scale` covering `minutes_late`
// (whole minutes, as the director records them). NotFound, naming the scale,
// when no band covers it: NSW TR 6.2 penalises nothing under 5 minutes, and
// SABF TR 13.14 prints nothing beyond 30. InvalidArgument if negative.
absl::StatusOr<std::string> LateArrivalOffence(const PenaltyScale& scale,
                                               int minutes_late);

}  // namespace tally::core

#endif  // TALLY_CORE_PENALTY_PENALTY_SCALE_H_
