#include "core/penalty/offence_occurrence.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

std::string Format(absl::CivilDay day) { return absl::FormatCivilTime(day); }

}  // namespace

absl::CivilDay AddCalendarMonths(absl::CivilDay day, int months,
                                 MonthEndRule rule) {
  const absl::CivilMonth month = absl::CivilMonth(day) + months;
  if (rule == MonthEndRule::kRollIntoNextMonth) {
    // CivilDay normalises 31 February to 3 March (2 March in a leap year).
    return absl::CivilDay(month.year(), month.month(), day.day());
  }
  const absl::CivilDay last_of_month = absl::CivilDay(month + 1) - 1;
  return absl::CivilDay(month.year(), month.month(),
                        std::min(day.day(), last_of_month.day()));
}

bool PeriodExceeded(absl::CivilDay earlier, absl::CivilDay later,
                    const ResetRule& rule) {
  return later > AddCalendarMonths(earlier, rule.months, rule.month_end);
}

absl::StatusOr<int> OccurrenceNumber(const PenaltyScale& scale,
                                     absl::Span<const OffenceRecord> history,
                                     const OffenceRecord& offence) {
  TALLY_ASSIGN_OR_RETURN(const PenaltyOffence* kind,
                         FindOffence(scale, offence.offence));
  TALLY_ASSIGN_OR_RETURN(const OffenceCounter* counter,
                         FindCounter(scale, kind->counter));
  std::vector<absl::CivilDay> days;
  for (const OffenceRecord& r : history) {
    TALLY_ASSIGN_OR_RETURN(const PenaltyOffence* earlier,
                           FindOffence(scale, r.offence));
    if (earlier->counter != counter->key) continue;
    // SABF TR 11.2, 13.15; ANC SR 18.4: only this event's offences count.
    if (counter->scope == CountingScope::kSameEvent &&
        r.event != offence.event) {
      continue;
    }
    if (r.day > offence.day) {
      return absl::InvalidArgumentError(
          absl::StrCat("an earlier offence ('", r.offence, "', ", Format(r.day),
                       ") is dated after the offence being ruled on (",
                       Format(offence.day), ")"));
    }
    days.push_back(r.day);
  }
  std::sort(days.begin(), days.end());
  days.push_back(offence.day);
  // Walk back from the new offence while consecutive offences lie within
  // the reset period (NSW TR 6.4, 6.9.4).
  int occurrence = 1;
  for (size_t i = days.size() - 1; i > 0; --i) {
    if (counter->reset.has_value() &&
        PeriodExceeded(days[i - 1], days[i], *counter->reset)) {
      break;
    }
    ++occurrence;
  }
  return occurrence;
}

absl::StatusOr<OffencePenalty> PenaltyForOffence(
    const PenaltyScale& scale, absl::Span<const OffenceRecord> history,
    const OffenceRecord& offence) {
  TALLY_ASSIGN_OR_RETURN(const int occurrence,
                         OccurrenceNumber(scale, history, offence));
  TALLY_ASSIGN_OR_RETURN(PenaltyStep step,
                         PenaltyFor(scale, offence.offence, occurrence));
  return OffencePenalty{occurrence, std::move(step)};
}

}  // namespace tally::core
