#include "replay/timeline/time_windows.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/window/window_close.h"
#include "core/window/windows_at.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

bool QualifiesSomewhere(const TournamentState& tournament,
                        const CompetitionState& competition) {
  for (const auto& [id, other] : tournament.competitions) {
    if (other.qualification.has_value() &&
        other.qualification->from_competition_id() == competition.id) {
      return true;
    }
  }
  return false;
}

// The stage is over without the director saying so: every listed session
// (round) has its scores posted and nothing more is scheduled, or, where
// the event's number of rounds is known (MatchFormat::count), the last of
// them is posted. Each regulation's windows then close by themselves (NSW
// TR 12.4: "At the conclusion of an event, the results will become official
// 30 minutes after the posting of scores"; ANC SR 6.1 "For the last session
// of a stage"; SABF TR 13.9 "the posting of the results for the last
// round"): a one-session night needs no `schedule --last-of-stage`.
// Scheduling (or defining, or drawing) a later session lists it, and the
// stage runs on.
bool OverByItself(const CompetitionState& competition,
                  const CompetitionTimeline& timeline) {
  for (const core::SessionTimes& s : timeline.stage.sessions) {
    if (!s.scores_posted.has_value()) return false;
  }
  const int rounds = competition.profile.matches.has_value()
                         ? competition.profile.matches->count
                         : 0;
  if (competition.PlaysMatches() && rounds > 0) {
    return timeline.sessions.back() >= rounds;
  }
  return true;
}

}  // namespace

CompetitionTimeline TimelineOf(const TournamentState& tournament,
                               const CompetitionState& competition) {
  std::set<int> numbers;
  for (const auto& [n, s] : competition.sessions) numbers.insert(n);
  for (const auto& [n, r] : competition.rounds) numbers.insert(n);
  for (const auto& [n, t] : competition.timeline) numbers.insert(n);

  CompetitionTimeline out;
  const char* word = competition.PlaysMatches() ? "round " : "session ";
  for (int n : numbers) {
    core::SessionTimes times;
    times.name = absl::StrCat(word, n);
    std::vector<int> tables;
    const SessionTimeline* recorded = nullptr;
    if (auto t = competition.timeline.find(n);
        t != competition.timeline.end()) {
      recorded = &t->second;
      times.scheduled_start = recorded->scheduled_start;
      times.scheduled_end = recorded->scheduled_end;
      times.scores_posted = recorded->scores_posted;
    }
    if (auto r = competition.rounds.find(n); r != competition.rounds.end()) {
      std::vector<int> match_tables;
      for (const v1::DrawnMatch& m : r->second.draw.matches()) {
        match_tables.push_back(m.table());
      }
      // A share match or half matches is one match too.
      if (int t = ThreeWayTable(r->second.draw); t != 0) {
        match_tables.push_back(t);
      }
      for (int table : match_tables) {
        core::MatchTimes match;
        match.name = absl::StrCat("table ", table);
        if (recorded != nullptr) {
          if (auto c = recorded->match_concluded.find(table);
              c != recorded->match_concluded.end()) {
            match.concluded = c->second;
          } else {
            match.concluded = recorded->play_finished;
          }
          if (auto a = recorded->match_scores_agreed.find(table);
              a != recorded->match_scores_agreed.end()) {
            match.scores_agreed = a->second;
          }
        }
        times.matches.push_back(std::move(match));
        tables.push_back(table);
      }
    }
    out.stage.sessions.push_back(std::move(times));
    out.sessions.push_back(n);
    out.tables.push_back(std::move(tables));
  }
  // Only the last listed session may be the stage's last (core/window):
  // the schedule says so, or the stage has ended, or it is over by itself.
  if (!out.sessions.empty()) {
    auto last = competition.timeline.find(out.sessions.back());
    out.stage.sessions.back().last_of_stage =
        competition.stage_ended.has_value() ||
        (last != competition.timeline.end() && last->second.last_of_stage) ||
        OverByItself(competition, out);
  }
  out.stage.next_stage_start = competition.next_stage_start;
  out.stage.final_stage = !competition.next_stage_start.has_value() &&
                          !QualifiesSomewhere(tournament, competition);
  out.stage.zone = tournament.time_zone;
  return out;
}

absl::StatusOr<v1::TimeWindows> BuildTimeWindows(
    const State& state, const v1::GetTimeWindowsRequest& request,
    absl::Time at) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* t,
                         FindTournament(state, request.tournament_id()));
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  CompetitionTimeline timeline = TimelineOf(*t, *c);
  if (absl::Status valid = core::ValidateTimeline(timeline.stage);
      !valid.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the schedule of '", c->id, "' is not consistent: ", valid.message()));
  }
  absl::StatusOr<std::vector<core::TimeWindowAt>> windows =
      core::TimeWindowsAt(c->profile, timeline.stage, at);
  if (!windows.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("the time windows of '", c->id,
                     "' cannot be worked out: ", windows.status().message()));
  }
  v1::TimeWindows out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(request.competition_id());
  *out.mutable_at() = ToTimestamp(at);
  out.set_as_of_sequence(state.last_sequence);
  for (const core::TimeWindowAt& w : *windows) {
    v1::TimeWindowView* v = out.add_windows();
    v->set_session(timeline.sessions[w.session]);
    if (w.match.has_value()) {
      v->set_table(timeline.tables[w.session][*w.match]);
    }
    v->set_kind(std::string(core::TimeWindowKindId(w.close.kind)));
    v->set_clause(w.close.clause);
    v->set_state(std::string(core::WindowStateId(w.state)));
    if (w.close.closes_at.has_value()) {
      *v->mutable_closes_at() = ToTimestamp(*w.close.closes_at);
    }
    if (w.close.missing.has_value()) {
      v->set_waiting_for(std::string(core::TimeAnchorId(*w.close.missing)));
    }
    v->set_line(w.line);
  }
  return out;
}

}  // namespace tally::replay
