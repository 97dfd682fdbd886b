// The times a regulation's windows are measured from, for one stage of a
// competition: its sessions (rounds, stanzas) in order of play, each with the
// moments known so far (scheduled start and end, scores posted, and in an
// event of matches each match's conclusion and agreed scores), whether a
// session is the stage's last, and when the next stage starts. A ruling the
// question is about comes separately (WindowSubject).
//
// Times are data (absl::Time): there is no clock. A time not yet known is
// nullopt; the window computations then say which one they wait for
// (core/window/window_close.h).
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_WINDOW_TIMELINE_H_
#define TALLY_CORE_WINDOW_TIMELINE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace tally::core {

// One match of a round (an event of matches: ANC SR 10.13, NSW TR 12.2).
struct MatchTimes {
  // Names the match in explanations ("match 3", "NSW v QLD"). Default: empty,
  // read as "match <n>" (1-based).
  std::string name;
  // Play concluded at both tables (TimeAnchor::kMatchConcluded).
  std::optional<absl::Time> concluded;
  // The two sides agreed the match's scores (TimeAnchor::kMatchScoresAgreed).
  std::optional<absl::Time> scores_agreed;
};

// One session, round or stanza.
struct SessionTimes {
  // Names the session in explanations ("round 3", "stanza 2"). Default:
  // empty, read as "session <n>" (1-based).
  std::string name;
  // The scheduled start: the previous session's TimeAnchor::kNextSessionStart.
  std::optional<absl::Time> scheduled_start;
  // The scheduled finishing time (TimeAnchor::kSessionScheduledEnd).
  std::optional<absl::Time> scheduled_end;
  // The scores made available for inspection (TimeAnchor::kScoresPosted).
  std::optional<absl::Time> scores_posted;
  // In an event of matches, the round's matches; windows that run from a
  // match's times (ANC SR 10.13, NSW TR 12.2) are each match's own.
  std::vector<MatchTimes> matches;
  // The last session of the stage (ANC SR 6.1 "the last session of a stage
  // of an event"). Only the timeline's last listed session may be; while it
  // is not, more sessions of the stage are still to come. Default: false.
  bool last_of_stage = false;
};

// One stage of a competition.
struct StageTimeline {
  // The sessions listed so far, in order of play.
  std::vector<SessionTimes> sessions;
  // The scheduled start of the event's next stage
  // (TimeAnchor::kNextStageStart); nullopt while not scheduled.
  std::optional<absl::Time> next_stage_start;
  // No stage follows: the event concludes with this stage, so the next
  // stage's start, and after the stage's last session the next session's
  // start, never come (NSW TR 12.3-12.4). Default: false (a next stage may
  // still be scheduled; windows that run to it stay not yet known).
  bool final_stage = false;
  // The local time zone clock times are written in. Default: UTC.
  absl::TimeZone zone;
};

// A ruling a review window is asked about (ANC SR 6.2, NZ LIRG Law 92B).
struct RulingTimes {
  // Made after the session (a "late ruling"). Default: false, a ruling at
  // the table, whose review window is the session's.
  bool made_after_session = false;
  // When the parties (for NZ LIRG 92B, the party asking) were advised of it
  // (TimeAnchor::kRulingAdvised); nullopt while they have not been.
  std::optional<absl::Time> advised;
};

// What a window is asked about, beyond its session.
struct WindowSubject {
  // Index into the session's matches: required by a window that runs from a
  // match's times, ignored by the others.
  std::optional<int> match;
  // The ruling, for a review window. Default: none (the session's own
  // review window).
  std::optional<RulingTimes> ruling;
};

// The session's name as explanations write it: its `name`, else
// "session <index + 1>". `index` must be a valid index.
std::string SessionName(const StageTimeline& timeline, int index);

// The match's name as explanations write it: its `name`, else
// "match <match + 1>". Both indexes must be valid.
std::string MatchName(const StageTimeline& timeline, int session, int match);

// `time` as a clock time in `zone`: "20:31", or "20:31:15" when the seconds
// are not zero. Explanations write every time this way.
std::string ClockTime(absl::Time time, absl::TimeZone zone);

// `time` as a date and clock time in `zone` with the zone's abbreviation
// (or its offset where the zone has none): "2026-11-27 21:45 AEDT", or
// "2026-11-27 21:45:30 AEDT" when the seconds are not zero. Every full time
// shown to a person is written this way.
std::string DateTimeText(absl::Time time, absl::TimeZone zone);

// A time a director typed, read in `zone`: "2026-11-27 21:45" (or with a
// 'T', or with seconds) is a clock time there; an RFC 3339 time with its
// offset or Z ("2026-11-27T21:45:00+11:00") is taken as written.
// InvalidArgument, saying why, for anything else, and for a clock time the
// zone skips (the hour lost when summer time starts) or passes twice (the
// hour repeated when it ends): the message gives the unambiguous forms.
absl::StatusOr<absl::Time> ParseDirectorTime(absl::string_view text,
                                             absl::TimeZone zone);

// OK, or InvalidArgument naming the session when a session other than the
// last listed is marked last_of_stage, when a session's scheduled end is
// before its scheduled start, or when sessions are not listed in order of
// their scheduled starts.
absl::Status ValidateTimeline(const StageTimeline& timeline);

}  // namespace tally::core

#endif  // TALLY_CORE_WINDOW_TIMELINE_H_
