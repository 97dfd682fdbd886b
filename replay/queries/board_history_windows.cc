#include "replay/queries/board_history_windows.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "core/base/status_macros.h"
#include "core/profile/profile.h"
#include "core/window/timeline.h"
#include "core/window/windows_at.h"
#include "replay/queries/audit.h"
#include "replay/state/tournament_replay.h"
#include "replay/timeline/time_windows.h"

namespace tally::replay {
namespace {

// The table the event is about, or 0 when it names none.
int EventTable(const v1::EventPayload& p) {
  switch (p.kind_case()) {
    case v1::EventPayload::kResultEntered:
      return p.result_entered().table();
    case v1::EventPayload::kResultCorrected:
      return p.result_corrected().table();
    case v1::EventPayload::kResultConfirmed:
      return p.result_confirmed().table();
    case v1::EventPayload::kRulingMade:
      return p.ruling_made().table();
    case v1::EventPayload::kAppealLodged:
      return p.appeal_lodged().table();
    default:
      return 0;
  }
}

// "correction period", "review of rulings", ... for a stored kind id.
std::string KindName(const std::string& id) {
  for (core::TimeWindowKind kind :
       {core::TimeWindowKind::kCorrectionPeriod,
        core::TimeWindowKind::kScorerErrorCorrection,
        core::TimeWindowKind::kRulingReview,
        core::TimeWindowKind::kScorerDecisionAppeal,
        core::TimeWindowKind::kMatchResultDiscrepancy}) {
    if (core::TimeWindowKindId(kind) == id) {
      return std::string(core::TimeWindowKindName(kind));
    }
  }
  return id;
}

// What a window not yet known waits for, in words.
std::string Awaited(const std::string& anchor) {
  static const std::pair<const char*, const char*> kWords[] = {
      {"scores_posted", "the scores are posted"},
      {"next_session_start", "the next session's start is scheduled"},
      {"session_scheduled_end", "the session's finish is scheduled"},
      {"ruling_advised", "the parties are advised of the ruling"},
      {"match_concluded", "the match ends"},
      {"match_scores_agreed", "the match scores are agreed"},
      {"last_round_posted", "the last round's scores are posted"},
      {"next_stage_start", "the next stage's start is known"},
  };
  for (const auto& [id, words] : kWords) {
    if (anchor == id) return words;
  }
  return anchor;
}

// "review of rulings: closed at 2026-03-14 11:30 UTC (SABF TR 7)", in the
// tournament's time zone.
std::string Line(const v1::TimeWindowView& w, absl::TimeZone zone) {
  std::string state;
  if (w.state() == "open" && w.has_closes_at()) {
    state = absl::StrCat("open until ",
                         core::DateTimeText(ToTime(w.closes_at()), zone));
  } else if (w.state() == "closed" && w.has_closes_at()) {
    state = absl::StrCat("closed at ",
                         core::DateTimeText(ToTime(w.closes_at()), zone));
  } else if (!w.waiting_for().empty()) {
    state = absl::StrCat("open; when it closes is known once ",
                         Awaited(w.waiting_for()));
  } else {
    state = w.state();
  }
  return absl::StrCat(w.table() == 0 ? "" : absl::StrCat("table ", w.table(), " "),
                      KindName(w.kind()), ": ", state, " (", w.clause(), ")");
}

}  // namespace

v1::EventWindows WindowsAtEvent(const State& state, const v1::Event& event,
                                const v1::GetBoardHistoryRequest& request) {
  v1::EventWindows out;
  out.set_sequence(event.sequence());
  *out.mutable_at() = event.received_at();
  v1::GetTimeWindowsRequest ask;
  ask.set_tournament_id(request.tournament_id());
  ask.set_competition_id(request.competition_id());
  absl::StatusOr<v1::TimeWindows> windows =
      BuildTimeWindows(state, ask, ToTime(event.received_at()));
  if (!windows.ok()) {
    out.set_note(std::string(windows.status().message()));
    return out;
  }
  const int table = EventTable(event.payload());
  const TournamentState* tournament =
      state.FindTournament(request.tournament_id());
  const absl::TimeZone zone =
      tournament == nullptr ? absl::UTCTimeZone() : tournament->time_zone;
  for (v1::TimeWindowView& w : *windows->mutable_windows()) {
    if (w.session() != request.session()) continue;
    if (w.table() != 0 && table != 0 && w.table() != table) continue;
    out.add_lines(Line(w, zone));
    *out.add_windows() = std::move(w);
  }
  return out;
}

absl::StatusOr<v1::BoardHistory> BoardHistoryWithWindows(
    const EventStore& store, const State& now,
    const v1::GetBoardHistoryRequest& request) {
  // One replay of the tournament's events; at each event of the history,
  // the windows as they stood then.
  v1::BoardHistory out;
  const TournamentState* tournament = now.FindTournament(request.tournament_id());
  if (tournament == nullptr || tournament->event_sequences.empty()) return out;
  std::set<int> appeals;
  TALLY_RETURN_IF_ERROR(
      ReplayTournament(
          store, now, request.tournament_id(),
          tournament->event_sequences.back(),
          [&](const v1::Event& event, const State& state) {
            if (InBoardHistory(event, request, appeals)) {
              *out.add_events() = event;
              *out.add_windows() = WindowsAtEvent(state, event, request);
            }
            return absl::OkStatus();
          })
          .status());
  return out;
}

}  // namespace tally::replay
