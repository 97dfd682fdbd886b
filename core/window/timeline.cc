#include "core/window/timeline.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"

namespace tally::core {

std::string SessionName(const StageTimeline& timeline, int index) {
  const std::string& name = timeline.sessions[index].name;
  return name.empty() ? absl::StrCat("session ", index + 1) : name;
}

std::string MatchName(const StageTimeline& timeline, int session, int match) {
  const std::string& name = timeline.sessions[session].matches[match].name;
  return name.empty() ? absl::StrCat("match ", match + 1) : name;
}

std::string ClockTime(absl::Time time, absl::TimeZone zone) {
  const absl::TimeZone::CivilInfo local = zone.At(time);
  return absl::FormatTime(local.cs.second() == 0 ? "%H:%M" : "%H:%M:%S", time,
                          zone);
}

absl::Status ValidateTimeline(const StageTimeline& timeline) {
  const int count = static_cast<int>(timeline.sessions.size());
  int last_start = -1;  // the last session before `i` with a known start
  for (int i = 0; i < count; ++i) {
    const SessionTimes& s = timeline.sessions[i];
    if (s.last_of_stage && i != count - 1) {
      return absl::InvalidArgumentError(
          absl::StrCat(SessionName(timeline, i),
                       " is marked the last session of the stage, but ",
                       SessionName(timeline, i + 1), " is listed after it"));
    }
    if (s.scheduled_start.has_value() && s.scheduled_end.has_value() &&
        *s.scheduled_end < *s.scheduled_start) {
      return absl::InvalidArgumentError(absl::StrCat(
          SessionName(timeline, i), " is scheduled to end at ",
          ClockTime(*s.scheduled_end, timeline.zone), ", before it starts at ",
          ClockTime(*s.scheduled_start, timeline.zone)));
    }
    if (!s.scheduled_start.has_value()) continue;
    if (last_start >= 0 &&
        *s.scheduled_start <= *timeline.sessions[last_start].scheduled_start) {
      return absl::InvalidArgumentError(
          absl::StrCat(SessionName(timeline, i), " is scheduled to start at ",
                       ClockTime(*s.scheduled_start, timeline.zone),
                       ", not after ", SessionName(timeline, last_start), " (",
                       ClockTime(*timeline.sessions[last_start].scheduled_start,
                                 timeline.zone),
                       "): list the sessions in order of play"));
    }
    last_start = i;
  }
  return absl::OkStatus();
}

}  // namespace tally::core
