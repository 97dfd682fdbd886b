// When a regulation's time window closes, computed from the profile's
// TimeWindowRule (core/profile/profile.h) and a stage's timeline
// (core/window/timeline.h), and whether it is open at a given moment. No
// clock: every time is data.
//
// How a rule is read:
// - Which list: for a ruling made after the session, the rule's
//   late_ruling_ends_at_latest_of (ANC SR 6.2, NZ LIRG 92B) if it has one;
//   otherwise, for the stage's last session, last_session_ends_at_latest_of
//   (ANC SR 6.1) if it has one; otherwise ends_at_latest_of.
// - Each list ends the window at the latest of its points, each `minutes`
//   after its anchor (negative: before it; NSW TR 12.2 "up to 30 minutes
//   before the start of the next session").
// - Anchors: kScoresPosted, kSessionScheduledEnd: the session's own.
//   kNextSessionStart: the next listed session's scheduled start; after the
//   stage's last session, the next stage's start. kRulingAdvised: the
//   subject ruling's. kMatchConcluded, kMatchScoresAgreed: the subject
//   match's. kLastRoundPosted: the scores of the stage's last session
//   (SABF TR 13.9 "the posting of the results for the last round").
//   kNextStageStart: the timeline's next_stage_start.
// - A point that never comes drops out of its list: the next stage's start
//   in the event's final stage, and so the next session's start after the
//   final stage's last session ("whichever is later" of one thing that
//   happens and one that does not is the one that happens; NSW TR 12.2 read
//   with 12.4 "at the conclusion of an event"). A list left empty is an
//   error: the window would never close.
// - extends_into_next_session (ANC SR 6.1, 6.2): when the session is not the
//   stage's last and the next session is scheduled to start before the
//   window would close (strictly before: a session starting at the closing
//   instant does not start "within" the period, nor does one that had
//   already started when the period began: ANC SR 6.2 "scheduled to commence
//   within that period", e.g. a ruling advised during the next session), the
//   window runs on to the
//   close of the next session's own window, computed the same way, so a chain
//   of short breaks runs on to the first session followed by a long enough
//   break, or to the stage's last session. It never closes earlier than it
//   would have without the extension ("extended"). The extension never
//   crosses into the next stage, which its own profile governs.
//
// The closing instant: a window that "expires 30 minutes after" an instant
// T is open at every moment before T + 30:00 and closed from T + 30:00 on,
// that instant included. The regulations say when a window closes, not when
// it opens: a window is open at every moment before its close.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_WINDOW_WINDOW_CLOSE_H_
#define TALLY_CORE_WINDOW_WINDOW_CLOSE_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"

namespace tally::core {

// When one window of one session closes, or what it still waits for.
struct WindowClose {
  TimeWindowKind kind = TimeWindowKind::kCorrectionPeriod;
  std::string clause;  // the rule's, e.g. "ANC SR 6.1"
  // The instant the window closes (it is closed from this instant on);
  // nullopt while a time it depends on is not yet known.
  std::optional<absl::Time> closes_at;
  // When closes_at is nullopt: the first anchor still missing (in the rule's
  // order), and the index of the session it belongs to (-1 for the stage's:
  // kNextStageStart, or kLastRoundPosted while the stage's last session is
  // not listed; for kNextSessionStart, the session whose start is missing,
  // which may not be listed yet).
  std::optional<TimeAnchor> missing;
  int missing_session = -1;
  // When closes_at is nullopt: the window is open at least until this
  // instant (the latest of the points already known), if any is known.
  std::optional<absl::Time> open_at_least_until;
  // One line a director understands, ending with the clause, e.g.
  // "30 minutes after round 7's scores were posted at 18:02, round 7 being
  // the stage's last session (ANC SR 6.1)".
  std::string explanation;
};

// When `rule`'s window for session `session` of `timeline` closes, about
// `subject` (a match, a ruling). A time still missing is not an error: the
// result then names it (closes_at nullopt). InvalidArgument if the timeline
// is invalid (ValidateTimeline), `session` or subject.match is out of range,
// the rule runs from a match's times and no match is named, the rule has no
// end point, or every end point of the list that applies never comes.
absl::StatusOr<WindowClose> FindWindowClose(const TimeWindowRule& rule,
                                            const StageTimeline& timeline,
                                            int session,
                                            const WindowSubject& subject = {});

// A window's state at a moment.
enum class WindowState {
  kOpen,         // before the close (or before a known lower bound). "open"
  kClosed,       // at or after the close. "closed"
  kNotYetKnown,  // the close depends on a time not yet known. "not_yet_known"
};
absl::string_view WindowStateId(WindowState state);

// `close`'s state at `at`: kOpen if `at` is before closes_at, or, with the
// close unknown, before open_at_least_until; kClosed if at or after
// closes_at; otherwise kNotYetKnown. Never fails.
WindowState WindowStateAt(const WindowClose& close, absl::Time at);

// True iff the window is open at `at` (WindowStateAt is kOpen); false when it
// is closed or when whether it is open depends on a time not yet known
// (scores not yet posted, the next session not yet scheduled). Errors as
// FindWindowClose.
absl::StatusOr<bool> IsOpen(const TimeWindowRule& rule,
                            const StageTimeline& timeline, int session,
                            absl::Time at, const WindowSubject& subject = {});

// True iff one of the rule's lists has a point at kMatchConcluded or
// kMatchScoresAgreed: its windows are each match's own.
bool RunsFromMatchTimes(const TimeWindowRule& rule);

}  // namespace tally::core

#endif  // TALLY_CORE_WINDOW_WINDOW_CLOSE_H_
