#include "core/window/windows_at.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "core/base/status_macros.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"
#include "core/window/window_close.h"

namespace tally::core {
namespace {

// `time` as a clock time with the zone's abbreviation ("21:45 AEDT"), with
// its date when it falls on another local day than `at`.
std::string CloseText(absl::Time time, absl::Time at, absl::TimeZone zone) {
  if (absl::ToCivilDay(time, zone) == absl::ToCivilDay(at, zone)) {
    return absl::StrCat(ClockTime(time, zone), " ", zone.At(time).zone_abbr);
  }
  return DateTimeText(time, zone);
}

std::string StateText(const WindowClose& close, WindowState state,
                      absl::Time at, absl::TimeZone zone) {
  if (close.closes_at.has_value()) {
    return absl::StrCat(
        state == WindowState::kOpen ? "open until " : "closed at ",
        CloseText(*close.closes_at, at, zone));
  }
  // The explanation says until when it is open at least.
  return state == WindowState::kOpen ? "open, close not yet known"
                                     : "not yet known";
}

}  // namespace

absl::string_view TimeWindowKindName(TimeWindowKind kind) {
  switch (kind) {
    case TimeWindowKind::kCorrectionPeriod:
      return "correction period";
    case TimeWindowKind::kScorerErrorCorrection:
      return "scorer's errors";
    case TimeWindowKind::kRulingReview:
      return "review of rulings";
    case TimeWindowKind::kScorerDecisionAppeal:
      return "appeal against the scorer's decisions";
    case TimeWindowKind::kMatchResultDiscrepancy:
      return "result-sheet discrepancies";
  }
  return "window";
}

absl::StatusOr<std::vector<TimeWindowAt>> TimeWindowsAt(
    const RegulationProfile& profile, const StageTimeline& timeline,
    absl::Time at) {
  TALLY_RETURN_IF_ERROR(ValidateTimeline(timeline));
  std::vector<TimeWindowAt> out;
  const auto add = [&](const TimeWindowRule& rule, int session,
                       std::optional<int> match) -> absl::Status {
    WindowSubject subject;
    subject.match = match;
    TALLY_ASSIGN_OR_RETURN(WindowClose close,
                           FindWindowClose(rule, timeline, session, subject));
    TimeWindowAt w;
    w.session = session;
    w.match = match;
    w.state = WindowStateAt(close, at);
    w.line = absl::StrCat(
        SessionName(timeline, session),
        match.has_value()
            ? absl::StrCat(", ", MatchName(timeline, session, *match))
            : "",
        ", ", TimeWindowKindName(rule.kind), ": ",
        StateText(close, w.state, at, timeline.zone), " - ", close.explanation);
    w.close = std::move(close);
    out.push_back(std::move(w));
    return absl::OkStatus();
  };
  for (int s = 0; s < static_cast<int>(timeline.sessions.size()); ++s) {
    for (const TimeWindowRule& rule : profile.time_windows) {
      if (!RunsFromMatchTimes(rule)) {
        TALLY_RETURN_IF_ERROR(add(rule, s, std::nullopt));
        continue;
      }
      const int matches = static_cast<int>(timeline.sessions[s].matches.size());
      for (int m = 0; m < matches; ++m) {
        TALLY_RETURN_IF_ERROR(add(rule, s, m));
      }
    }
  }
  return out;
}

}  // namespace tally::core
