// TimeWindowsAt: every window of every session of a stage and its state at
// one moment: open until T, closed at T, open with its close not yet known
// (but open at least until T), or not yet known (naming what it waits for).
// The projection behind "what is open now": the caller supplies the moment,
// there is no clock.
//
// Each window is the session's own (core/window/window_close.h); a window
// that runs from a match's times (ANC SR 10.13, NSW TR 12.2 in teams and
// Butler events) is listed once for each match the session lists, and not
// at all for a session that lists none (a round not yet drawn, or a
// movement). Review windows are the session's, for a ruling at the table:
// a late ruling's window (ANC SR 6.2, NZ LIRG 92B) is asked of
// FindWindowClose with the ruling.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_WINDOW_WINDOWS_AT_H_
#define TALLY_CORE_WINDOW_WINDOWS_AT_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"
#include "core/window/window_close.h"

namespace tally::core {

// One window of one session (and match) at a moment.
struct TimeWindowAt {
  int session = 0;           // index into the timeline's sessions
  std::optional<int> match;  // index into the session's matches, if per match
  WindowClose close;
  WindowState state = WindowState::kNotYetKnown;
  // One line for a director, e.g. "round 3, correction period: open until
  // 22:00 - at round 4's scheduled start, 22:00, later than 30 minutes after
  // round 3's scores were posted at 20:31 (ANC SR 6.1)". A close on another
  // day than `at` is written with its date ("2025-07-19 22:45").
  std::string line;
};

// The window's name in a line: "correction period", "scorer's errors",
// "review of rulings", "appeal against the scorer's decisions",
// "result-sheet discrepancies".
absl::string_view TimeWindowKindName(TimeWindowKind kind);

// Every window of `profile` for every session of `timeline` (sessions in
// order, then the profile's windows in order, then matches in order), each
// with its state at `at`. Errors as FindWindowClose (the first met).
absl::StatusOr<std::vector<TimeWindowAt>> TimeWindowsAt(
    const RegulationProfile& profile, const StageTimeline& timeline,
    absl::Time at);

}  // namespace tally::core

#endif  // TALLY_CORE_WINDOW_WINDOWS_AT_H_
