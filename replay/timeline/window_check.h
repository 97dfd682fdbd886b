// The one check every time-limited command makes (a correction, a ruling,
// the lodging of an appeal): whether its window, for the table and session
// (round) it names, is still open at the moment of the command. The window
// comes from the competition's timeline as the log records it
// (replay/timeline/time_windows.h) and the profile's rule (core/window). Each
// command words its own refusal; this says when and why the window closed.
//
// Deterministic: the moment is an argument, never the clock.
// Thread-compatible.

#ifndef TALLY_REPLAY_WINDOW_CHECK_H_
#define TALLY_REPLAY_WINDOW_CHECK_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "core/window/window_close.h"
#include "replay/state/state.h"

namespace tally::replay {

struct WindowVerdict {
  // When the window closes; nullopt while the schedule does not yet say.
  std::optional<absl::Time> closes_at;
  bool closed = false;
  // Once closed: "2026-03-14 11:40:00, <how the close was reached>", the
  // time in the stage's zone.
  std::string closed_at;
};

// The state at `at` of `rule`'s window for `table` in `session` (in an
// event of matches, the round) of `competition`; `ruling` for a review of
// a ruling made after the session (ANC SR 6.2).
// NotFound when the session is not in the competition's timeline;
// FailedPrecondition, naming the clause, when the recorded schedule does
// not let the close be worked out.
absl::StatusOr<WindowVerdict> CheckWindowAt(const TournamentState& tournament,
                                            const CompetitionState& competition,
                                            const core::TimeWindowRule& rule,
                                            int session, int table,
                                            absl::Time at,
                                            std::optional<core::RulingTimes>
                                                ruling = std::nullopt);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_WINDOW_CHECK_H_
