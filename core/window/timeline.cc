#include "core/window/timeline.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/civil_time.h"
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

namespace {

// "from 02:00 AEST to 03:00 AEDT on 2026-10-04": the clocks at the change
// of offset at `trans`.
std::string TransitionText(absl::Time trans, absl::TimeZone zone) {
  const absl::TimeZone::CivilInfo before = zone.At(trans - absl::Seconds(1));
  const absl::CivilSecond clock = before.cs + 1;
  return absl::StrCat(
      "from ", absl::StrFormat("%02d:%02d", clock.hour(), clock.minute()), " ",
      before.zone_abbr, " to ", ClockTime(trans, zone), " ",
      zone.At(trans).zone_abbr, " on ",
      absl::FormatTime("%Y-%m-%d", trans, zone));
}

}  // namespace

std::string DateTimeText(absl::Time time, absl::TimeZone zone) {
  const absl::TimeZone::CivilInfo local = zone.At(time);
  return absl::StrCat(absl::FormatTime("%Y-%m-%d ", time, zone),
                      ClockTime(time, zone), " ", local.zone_abbr);
}

absl::StatusOr<absl::Time> ParseDirectorTime(absl::string_view text,
                                             absl::TimeZone zone) {
  std::string clock(text);
  if (clock.size() > 10 && clock[10] == ' ') clock[10] = 'T';
  absl::CivilSecond civil;
  absl::CivilMinute minute;
  if (absl::ParseCivilTime(clock, &minute)) {
    civil = absl::CivilSecond(minute);
  } else if (!absl::ParseCivilTime(clock, &civil)) {
    absl::Time t;
    std::string error;
    if (absl::ParseTime(absl::RFC3339_full, clock, &t, &error)) return t;
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' is not a time: write 2026-11-27 21:45 (in ", zone.name(),
        ") or 2026-11-27T21:45:00+11:00 (with its offset)"));
  }
  const absl::TimeZone::TimeInfo info = zone.At(civil);
  const auto offset_form = [&](absl::Time t) {
    return absl::FormatTime("%Y-%m-%dT%H:%M:%S%Ez", t, zone);
  };
  switch (info.kind) {
    case absl::TimeZone::TimeInfo::UNIQUE:
      return info.pre;
    case absl::TimeZone::TimeInfo::SKIPPED:
      return absl::InvalidArgumentError(absl::StrCat(
          "'", text, "' does not exist in ", zone.name(),
          ": the clocks go forward ", TransitionText(info.trans, zone),
          "; give a time outside the hour skipped"));
    case absl::TimeZone::TimeInfo::REPEATED:
      return absl::InvalidArgumentError(absl::StrCat(
          "'", text, "' happens twice in ", zone.name(),
          ": the clocks go back ", TransitionText(info.trans, zone),
          "; give it with its offset, ", offset_form(info.pre),
          " for the first or ", offset_form(info.post), " for the second"));
  }
  return info.pre;
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
