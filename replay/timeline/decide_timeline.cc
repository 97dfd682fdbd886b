#include "replay/timeline/decide_timeline.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "core/window/timeline.h"
#include "core/window/windows_at.h"
#include "replay/draws/draw_maker.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/state/lookups.h"
#include "replay/timeline/time_windows.h"

namespace tally::replay {
namespace {

// "session 2" or, in an event of matches, "round 2".
std::string SessionWord(const CompetitionState& c, int session) {
  return absl::StrCat(c.PlaysMatches() ? "round " : "session ", session);
}

// Whether the session or round has been played: its play finished, its
// scores posted.
bool Played(const CompetitionState& c, int session) {
  if (auto t = c.timeline.find(session);
      t != c.timeline.end() &&
      (t->second.play_finished || t->second.scores_posted)) {
    return true;
  }
  if (c.PlaysMatches()) {
    auto r = c.rounds.find(session);
    return r != c.rounds.end() && r->second.posted;
  }
  auto s = c.sessions.find(session);
  return s != c.sessions.end() && s->second.phase == SessionPhase::kPosted;
}

// The first session or round not yet posted, if any: what stops the end of
// a stage or official results.
absl::Status AllPosted(const CompetitionState& c, absl::string_view what) {
  int count = 0;
  if (c.PlaysMatches()) {
    for (const auto& [number, round] : c.rounds) {
      ++count;
      if (!round.posted) {
        return absl::FailedPreconditionError(
            absl::StrCat("cannot ", what, ": round ", number, " of '", c.id,
                         "' is not posted"));
      }
    }
  } else {
    for (const auto& [number, session] : c.sessions) {
      ++count;
      if (session.phase != SessionPhase::kPosted) {
        return absl::FailedPreconditionError(
            absl::StrCat("cannot ", what, ": session ", number, " of '", c.id,
                         "' is not posted"));
      }
    }
  }
  if (count == 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "cannot ", what, ": '", c.id, "' has not played anything yet"));
  }
  return absl::OkStatus();
}

// The tables of a session or round that have a match (or, in a movement,
// a table of the movement); NotFound for a session not under way.
absl::Status CheckSessionTable(const CompetitionState& c, int session,
                               int table) {
  if (c.PlaysMatches()) {
    TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                           FindDrawnRound(c, session));
    if (table == 0 || IsThreeWayTable(round->draw, table)) {
      return absl::OkStatus();
    }
    for (const v1::DrawnMatch& m : round->draw.matches()) {
      if (m.table() == table) return absl::OkStatus();
    }
    return absl::NotFoundError(absl::StrCat("round ", session, " of '", c.id,
                                            "' has no match at table ", table));
  }
  auto s = c.sessions.find(session);
  if (s == c.sessions.end() || s->second.phase == SessionPhase::kDefined) {
    return absl::NotFoundError(
        absl::StrCat("session ", session, " of '", c.id, "' has not started"));
  }
  if (table == 0) return absl::OkStatus();
  for (const auto& [table_board, slot] : s->second.slots) {
    if (table_board.first == table) return absl::OkStatus();
  }
  return absl::NotFoundError(absl::StrCat("session ", session, " of '", c.id,
                                          "' has no table ", table));
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideScheduleSession(
    const State& state, const v1::ScheduleSessionRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  TALLY_RETURN_IF_ERROR(RefuseOnceOfficial(*c));
  if (request.session() < 1) {
    return absl::InvalidArgumentError("the session number must be 1 or more");
  }
  if (!request.has_scheduled_start() || !request.has_scheduled_end()) {
    return absl::InvalidArgumentError(
        "give both the scheduled start and the scheduled end");
  }
  const absl::Time start = ToTime(request.scheduled_start());
  const absl::Time end = ToTime(request.scheduled_end());
  if (end <= start) {
    const absl::TimeZone zone =
        state.FindTournament(request.tournament_id())->time_zone;
    return absl::InvalidArgumentError(
        absl::StrCat("the scheduled end (", core::DateTimeText(end, zone),
                     ") must be after the scheduled start (",
                     core::DateTimeText(start, zone), ")"));
  }
  const std::string name = SessionWord(*c, request.session());
  // Only a session (round) the competition has can be scheduled: a
  // movement's session once defined; a round up to the event's number of
  // rounds where the profile or draw method fixes it.
  if (!c->PlaysMatches() && !c->sessions.contains(request.session())) {
    return absl::NotFoundError(absl::StrCat(
        name, " of '", c->id, "' is not defined: define it first"));
  }
  if (const int rounds = RoundsInEvent(*c);
      c->PlaysMatches() && rounds > 0 && request.session() > rounds &&
      !c->rounds.contains(request.session())) {
    return absl::NotFoundError(absl::StrCat("'", c->id, "' has ", rounds,
                                            " rounds; there is no ", name));
  }
  if (Played(*c, request.session())) {
    return absl::FailedPreconditionError(absl::StrCat(
        name, " of '", c->id,
        "' has been played: its schedule is part of its record and "
        "cannot change"));
  }
  if (auto t = c->timeline.find(request.session());
      t != c->timeline.end() && !t->second.schedule_sequences.empty()) {
    TALLY_RETURN_IF_ERROR(CheckName(
        absl::StrCat("the reason for changing the schedule of ", name),
        request.reason()));
  }
  v1::EventPayload payload;
  v1::SessionScheduled* e = payload.mutable_session_scheduled();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  *e->mutable_scheduled_start() = request.scheduled_start();
  *e->mutable_scheduled_end() = request.scheduled_end();
  e->set_last_of_stage(request.last_of_stage());
  e->set_reason(request.reason());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideRecordPlayFinished(
    const State& state, const v1::RecordPlayFinishedRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  TALLY_RETURN_IF_ERROR(RefuseOnceOfficial(*c));
  if (request.table() < 0) {
    return absl::InvalidArgumentError("the table must be 0 (all) or more");
  }
  TALLY_RETURN_IF_ERROR(
      CheckSessionTable(*c, request.session(), request.table()));
  const std::string name = SessionWord(*c, request.session());
  if (auto t = c->timeline.find(request.session()); t != c->timeline.end()) {
    if (t->second.play_finished.has_value()) {
      return absl::AlreadyExistsError(
          absl::StrCat("play in ", name, " of '", c->id,
                       "' has already been recorded as finished"));
    }
    if (t->second.match_concluded.contains(request.table())) {
      return absl::AlreadyExistsError(
          absl::StrCat("the match at table ", request.table(), " in ", name,
                       " has already been recorded as finished"));
    }
  }
  v1::EventPayload payload;
  v1::PlayFinished* e = payload.mutable_play_finished();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_table(request.table());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideAgreeMatchScores(
    const State& state, const v1::AgreeMatchScoresRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindMatchCompetition(state, request.tournament_id(),
                                              request.competition_id()));
  TALLY_RETURN_IF_ERROR(RefuseOnceOfficial(*c));
  if (request.table() < 1) {
    return absl::InvalidArgumentError("name the match's table (1 or more)");
  }
  TALLY_RETURN_IF_ERROR(
      CheckSessionTable(*c, request.session(), request.table()));
  const MatchRoundState& round = c->rounds.at(request.session());
  // A share match (SABF TR 14.1) has three rooms.
  const int rooms = round.draw.share().table() == request.table() ? 3
                    : c->IsTeams()                                ? 2
                                                                  : 1;
  int entered = 0;
  for (const auto& [key, result] : round.results) {
    if (std::get<1>(key) == request.table()) ++entered;
  }
  const int expected = round.draw.boards_size() * rooms;
  if (entered < expected) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the match at table ", request.table(), " in round ", request.session(),
        " has ", core::Counted(expected - entered, "result"),
        " still to enter; its scores "
        "can be agreed once all ",
        expected, " are in"));
  }
  if (auto t = c->timeline.find(request.session());
      t != c->timeline.end() &&
      t->second.match_scores_agreed.contains(request.table())) {
    return absl::AlreadyExistsError(
        absl::StrCat("the scores of the match at table ", request.table(),
                     " in round ", request.session(), " are already agreed"));
  }
  v1::EventPayload payload;
  v1::MatchScoresAgreed* e = payload.mutable_match_scores_agreed();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_table(request.table());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideEndStage(
    const State& state, const v1::EndStageRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (c->stage_ended.has_value()) {
    return absl::AlreadyExistsError(
        absl::StrCat("the stage '", c->id, "' has already ended"));
  }
  TALLY_RETURN_IF_ERROR(AllPosted(*c, "end the stage"));
  v1::EventPayload payload;
  v1::StageEnded* e = payload.mutable_stage_ended();
  e->set_competition_id(request.competition_id());
  if (request.has_next_stage_start()) {
    *e->mutable_next_stage_start() = request.next_stage_start();
  }
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideDeclareResultsOfficial(
    const State& state, const v1::DeclareResultsOfficialRequest& request,
    absl::Time at) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (c->results_official.has_value()) {
    return absl::AlreadyExistsError(
        absl::StrCat("the results of '", c->id, "' are already official"));
  }
  TALLY_RETURN_IF_ERROR(AllPosted(*c, "declare the results official"));
  // NSW TR 12.4: "the results will become official 30 minutes after the
  // posting of scores, after which time no further corrections may be
  // made": not while the players or the scorer may still correct.
  v1::GetTimeWindowsRequest ask;
  ask.set_tournament_id(request.tournament_id());
  ask.set_competition_id(request.competition_id());
  TALLY_ASSIGN_OR_RETURN(v1::TimeWindows windows,
                         BuildTimeWindows(state, ask, at));
  for (const v1::TimeWindowView& w : windows.windows()) {
    // A window whose close is not known yet (a match's scores never
    // agreed) does not hold the results back.
    if (w.state() != core::WindowStateId(core::WindowState::kOpen) ||
        (w.kind() != core::TimeWindowKindId(
                         core::TimeWindowKind::kCorrectionPeriod) &&
         w.kind() != core::TimeWindowKindId(
                         core::TimeWindowKind::kScorerErrorCorrection))) {
      continue;
    }
    return absl::FailedPreconditionError(absl::StrCat(
        "the results of '", c->id,
        "' cannot be official while corrections may still be made: ", w.line(),
        ". Declare them official once it has closed (NSW TR 12.4, Law 79C2)"));
  }
  v1::EventPayload payload;
  payload.mutable_results_official()->set_competition_id(
      request.competition_id());
  return payload;
}

}  // namespace tally::replay
