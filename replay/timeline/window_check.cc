#include "replay/timeline/window_check.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/window/timeline.h"
#include "replay/timeline/time_windows.h"

namespace tally::replay {

absl::StatusOr<WindowVerdict> CheckWindowAt(const TournamentState& tournament,
                                            const CompetitionState& competition,
                                            const core::TimeWindowRule& rule,
                                            int session_number, int table,
                                            absl::Time at,
                                            std::optional<core::RulingTimes>
                                                ruling) {
  CompetitionTimeline timeline = TimelineOf(tournament, competition);
  auto index = std::find(timeline.sessions.begin(), timeline.sessions.end(),
                         session_number);
  if (index == timeline.sessions.end()) {
    return absl::NotFoundError(absl::StrCat(
        competition.PlaysMatches() ? "round " : "session ", session_number,
        " of '", competition.id, "' is not known: nothing was played there"));
  }
  const int session = static_cast<int>(index - timeline.sessions.begin());
  core::WindowSubject subject;
  if (core::RunsFromMatchTimes(rule) &&
      session < static_cast<int>(timeline.tables.size())) {
    const std::vector<int>& tables = timeline.tables[session];
    auto t = std::find(tables.begin(), tables.end(), table);
    subject.match = static_cast<int>(t - tables.begin());
  }
  subject.ruling = ruling;
  absl::StatusOr<core::WindowClose> close =
      core::FindWindowClose(rule, timeline.stage, session, subject);
  if (!close.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("the ", rule.clause, " window of '", competition.id,
                     "' cannot be worked out from its schedule: ",
                     close.status().message()));
  }
  WindowVerdict verdict;
  verdict.closes_at = close->closes_at;
  if (core::WindowStateAt(*close, at) == core::WindowState::kClosed) {
    verdict.closed = true;
    verdict.closed_at =
        absl::StrCat(core::DateTimeText(*close->closes_at, timeline.stage.zone),
                     ", ", close->explanation);
  }
  return verdict;
}

}  // namespace tally::replay
