// Which occurrence a new offence is (first, second, ...) given the same
// offender's earlier offences and their dates, and so what it costs. This is
// the pure core of the offence register (NSW TR 6.1): the register keeps the
// history, these functions decide. Dates are inputs (civil days); there is no
// clock.
//
// Counting (NSW TR 6.4, 6.9.4): earlier offences count if they are in the
// same counter as the new one and, for a kSameEvent counter, in the same
// event. Taken in date order, a gap between two consecutive counted offences
// that exceeds the counter's reset period makes the later one a first
// offence again; the new offence's occurrence is its place in the run that
// follows the last such gap. A gap of exactly the period does not exceed it.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_PENALTY_OFFENCE_OCCURRENCE_H_
#define TALLY_CORE_PENALTY_OFFENCE_OCCURRENCE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/civil_time.h"
#include "absl/types/span.h"
#include "core/penalty/penalty_scale.h"

namespace tally::core {

// One recorded offence (or the new one being ruled on).
struct OffenceRecord {
  std::string offence;  // a PenaltyOffence::key of the scale
  absl::CivilDay day;
  // The event it happened in (all its sessions and stages share one id);
  // compared only for kSameEvent counters.
  std::string event;
};

// `day` plus `months` calendar months; `rule` decides a day the later month
// lacks (31 August + 6 months). Every input is valid; months may be negative.
absl::CivilDay AddCalendarMonths(absl::CivilDay day, int months,
                                 MonthEndRule rule);

// Whether `later` is more than `rule.months` calendar months after
// `earlier` (NSW TR 6.4 "exceeds six (6) calendar months"): later >
// AddCalendarMonths(earlier, months). Exactly six months is not more.
bool PeriodExceeded(absl::CivilDay earlier, absl::CivilDay later,
                    const ResetRule& rule);

// The occurrence number (1 = first) of `offence` among `history`, the same
// offender's earlier offences under `scale` (the caller passes the
// offender's history: a player's for NSW TR 6.9, a pair's for 6.4, a team's
// or pair's otherwise; records of other counters or, for kSameEvent
// counters, other events are ignored). NotFound if an offence key is
// unknown to the scale; InvalidArgument if a counted earlier offence is
// dated after the new one.
absl::StatusOr<int> OccurrenceNumber(const PenaltyScale& scale,
                                     absl::Span<const OffenceRecord> history,
                                     const OffenceRecord& offence);

// What the register needs to record a ruling.
struct OffencePenalty {
  int occurrence = 0;  // 1 = first offence
  PenaltyStep step;
};

// The occurrence of `offence` (as OccurrenceNumber) and its penalty under
// `scale`. Errors as OccurrenceNumber.
absl::StatusOr<OffencePenalty> PenaltyForOffence(
    const PenaltyScale& scale, absl::Span<const OffenceRecord> history,
    const OffenceRecord& offence);

}  // namespace tally::core

#endif  // TALLY_CORE_PENALTY_OFFENCE_OCCURRENCE_H_
