// The regulations' time windows of a competition, from its timeline as the
// log records it (schedules, play finished, scores posted and agreed, the
// end of the stage) and its profile's window rules (core/window).
//
// A competition is one stage. It is the event's final stage unless its
// StageEnded named the next stage's start or another competition of the
// tournament qualified entrants from it (EntrantsQualified): then windows
// that run to the next stage wait for that start.
//
// Deterministic: the moment asked about is an argument, never the clock.
// Thread-compatible.

#ifndef TALLY_REPLAY_TIME_WINDOWS_H_
#define TALLY_REPLAY_TIME_WINDOWS_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "core/window/timeline.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

struct CompetitionTimeline {
  core::StageTimeline stage;
  std::vector<int> sessions;             // number of each listed session
  std::vector<std::vector<int>> tables;  // each listed match's table
};

// The timeline of `competition` in `tournament`: every session (round,
// stanza) defined, drawn or scheduled, in number order.
CompetitionTimeline TimelineOf(const TournamentState& tournament,
                               const CompetitionState& competition);

// GetTimeWindows at `at`. NotFound for an unknown tournament or
// competition; FailedPrecondition when the recorded schedule is not
// consistent (sessions out of order).
absl::StatusOr<v1::TimeWindows> BuildTimeWindows(
    const State& state, const v1::GetTimeWindowsRequest& request,
    absl::Time at);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_TIME_WINDOWS_H_
