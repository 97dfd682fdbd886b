#include "replay/state/state.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"
#include "replay/profile/profile_loader.h"
#include "replay/state/consuming_evolve.h"
#include "replay/state/not_played_result.h"
#include "replay/state/rulings.h"

namespace tally::replay {
namespace {

// The top on the appealed board in matchpoints, 2 x (scores - 1): the
// tables the movement plays it at, or the matches of the round (SABF TR 7
// "a full top if match points").
int MeritTop(const CompetitionState& c, const v1::AppealLodged& lodged) {
  int scores = 0;
  if (c.PlaysMatches()) {
    if (auto r = c.rounds.find(lodged.session()); r != c.rounds.end()) {
      scores = r->second.draw.matches_size();
    }
  } else if (auto s = c.sessions.find(lodged.session());
             s != c.sessions.end()) {
    if (auto t = s->second.times_scheduled.find(lodged.board());
        t != s->second.times_scheduled.end()) {
      scores = t->second;
    }
  }
  return scores > 1 ? 2 * (scores - 1) : 0;
}

// The zone was checked when the event was received; a tz database without
// it (another machine) leaves the clock times in UTC, the figures unchanged.
void SetTimeZone(const std::string& name, TournamentState& t) {
  t.time_zone_name = name;
  t.time_zone = LoadTournamentTimeZone(name).value_or(absl::UTCTimeZone());
}

absl::Status Misfit(const v1::Event& event, absl::string_view why) {
  return absl::InternalError(
      absl::StrCat("event ", event.sequence(), " does not fit the log: ", why));
}

// The timeline events: schedules, play finished, scores agreed, the end of
// the stage and official results.
absl::Status EvolveTimeline(const v1::Event& event,
                            TournamentState& tournament) {
  const v1::EventPayload& p = event.payload();
  const absl::Time at = ToTime(event.received_at());
  std::string id;
  switch (p.kind_case()) {
    case v1::EventPayload::kSessionScheduled:
      id = p.session_scheduled().competition_id();
      break;
    case v1::EventPayload::kPlayFinished:
      id = p.play_finished().competition_id();
      break;
    case v1::EventPayload::kMatchScoresAgreed:
      id = p.match_scores_agreed().competition_id();
      break;
    case v1::EventPayload::kStageEnded:
      id = p.stage_ended().competition_id();
      break;
    default:
      id = p.results_official().competition_id();
      break;
  }
  auto it = tournament.competitions.find(id);
  if (it == tournament.competitions.end()) {
    return Misfit(event, "unknown competition");
  }
  CompetitionState& c = it->second;
  if (p.has_session_scheduled()) {
    const auto& e = p.session_scheduled();
    SessionTimeline& t = c.timeline[e.session()];
    t.scheduled_start = ToTime(e.scheduled_start());
    t.scheduled_end = ToTime(e.scheduled_end());
    t.last_of_stage = e.last_of_stage();
    t.schedule_sequences.push_back(event.sequence());
  } else if (p.has_play_finished()) {
    const auto& e = p.play_finished();
    SessionTimeline& t = c.timeline[e.session()];
    if (e.table() == 0) {
      t.play_finished = at;
    } else {
      t.match_concluded[e.table()] = at;
    }
  } else if (p.has_match_scores_agreed()) {
    const auto& e = p.match_scores_agreed();
    c.timeline[e.session()].match_scores_agreed[e.table()] = at;
  } else if (p.has_stage_ended()) {
    c.stage_ended = at;
    if (p.stage_ended().has_next_stage_start()) {
      c.next_stage_start = ToTime(p.stage_ended().next_stage_start());
    }
  } else {
    c.results_official = at;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<absl::TimeZone> LoadTournamentTimeZone(const std::string& name) {
  if (name.empty()) return absl::UTCTimeZone();
  bool iana = name.size() <= 64 && absl::ascii_isalpha(name[0]) &&
              name != "localtime" && name.find("..") == std::string::npos;
  for (char c : name) {
    if (!absl::ascii_isalnum(c) && c != '/' && c != '_' && c != '-' &&
        c != '+') {
      iana = false;
    }
  }
  absl::TimeZone zone;
  if (!iana || !absl::LoadTimeZone(name, &zone)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "unknown time zone '", name,
        "': give an IANA time zone name such as Australia/Sydney or UTC"));
  }
  return zone;
}

const TournamentState* SharedTournaments::Find(const std::string& id) const {
  auto it = map_.find(id);
  return it == map_.end() ? nullptr : it->second.get();
}

const TournamentState& SharedTournaments::at(const std::string& id) const {
  return *map_.at(id);
}

TournamentState* SharedTournaments::Mutable(const std::string& id) {
  auto it = map_.find(id);
  if (it == map_.end()) return nullptr;
  std::shared_ptr<TournamentState>& held = it->second;
  // Changed in place only when this State is its one holder. A count of 1
  // cannot rise meanwhile: another State gets this pointer only by copying
  // one that holds it, here only this State, which only the thread calling
  // Mutable() may copy or change (the log's writer folds into a pooled
  // State no reader holds; readers hold published States, which nobody
  // changes). A count above 1 may fall meanwhile (a reader letting go):
  // that only costs a clone. use_count() is a relaxed load: the acquire
  // fence orders this thread's changes after the reads of the holders that
  // let go (their release decrements), as the last shared_ptr's destructor
  // does.
  if (held.use_count() == 1) {
    std::atomic_thread_fence(std::memory_order_acquire);
  } else {
    held = std::make_shared<TournamentState>(*held);
  }
  return held.get();
}

TournamentState& SharedTournaments::at(const std::string& id) {
  (void)map_.at(id);  // std::out_of_range when there is none
  return *Mutable(id);
}

TournamentState& SharedTournaments::Add(TournamentState tournament) {
  std::string id = tournament.id;
  std::shared_ptr<TournamentState>& held = map_[std::move(id)];
  held = std::make_shared<TournamentState>(std::move(tournament));
  return *held;
}

int SharedTournaments::ShareQuiet(const SharedTournaments& from,
                                  uint64_t quiet_since) {
  int shared = 0;
  auto mine = map_.begin();
  auto theirs = from.map_.begin();
  while (mine != map_.end() && theirs != from.map_.end()) {
    if (mine->first < theirs->first) {
      ++mine;
    } else if (theirs->first < mine->first) {
      ++theirs;
    } else {
      const TournamentState& t = *theirs->second;
      if (mine->second != theirs->second &&
          mine->second->version == t.version && !t.event_sequences.empty() &&
          t.event_sequences.back() <= quiet_since) {
        mine->second = theirs->second;
        ++shared;
      }
      ++mine;
      ++theirs;
    }
  }
  return shared;
}

const TournamentState* State::FindTournament(const std::string& id) const {
  return tournaments.Find(id);
}

bool CompetitionState::PlaysMatches() const {
  return kind != v1::COMPETITION_KIND_UNSPECIFIED &&
         kind != v1::COMPETITION_KIND_MATCHPOINT_PAIRS &&
         kind != v1::COMPETITION_KIND_BUTLER_PAIRS;
}

bool CompetitionState::IsTeams() const {
  return kind == v1::COMPETITION_KIND_SWISS_TEAMS ||
         kind == v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS ||
         kind == v1::COMPETITION_KIND_KNOCKOUT_TEAMS;
}

absl::Time ToTime(const google::protobuf::Timestamp& ts) {
  return absl::FromUnixSeconds(ts.seconds()) + absl::Nanoseconds(ts.nanos());
}

google::protobuf::Timestamp ToTimestamp(absl::Time t) {
  google::protobuf::Timestamp ts;
  int64_t nanos = absl::ToUnixNanos(t);
  ts.set_seconds(nanos / 1000000000);
  ts.set_nanos(static_cast<int32_t>(nanos % 1000000000));
  if (ts.nanos() < 0) {
    ts.set_seconds(ts.seconds() - 1);
    ts.set_nanos(ts.nanos() + 1000000000);
  }
  return ts;
}

absl::Status IndexMovement(const v1::Movement& movement,
                           SessionState& session) {
  session.slots.clear();
  session.times_scheduled.clear();
  // Every (table, board) in movement order, then sorted into the FlatMap at
  // once (inserting each in key order would move the others).
  std::vector<std::pair<std::pair<int, int>, TableSlot>> slots;
  for (const v1::MovementRound& round : movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      const TableSlot slot{round.round(), t.table(), t.ns_pair(),
                           t.ew_pair()};
      const TableSlot switched{round.round(), t.table(), t.ew_pair(),
                               t.ns_pair()};
      const std::set<int> arrow_switched(t.arrow_switched_boards().begin(),
                                         t.arrow_switched_boards().end());
      for (int board : t.boards()) {
        slots.push_back({{t.table(), board},
                         arrow_switched.contains(board) ? switched : slot});
        ++session.times_scheduled[board];
      }
    }
  }
  // A (table, board) given twice: the first repeat in movement order is
  // named. A stable sort keeps each key's items in movement order, so a
  // repeat is an item after an equal key; its place in the movement is
  // found by its position among the equal items (in `order`).
  std::vector<size_t> order(slots.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return slots[a].first < slots[b].first;
  });
  std::optional<size_t> repeat;
  for (size_t i = 1; i < order.size(); ++i) {
    if (slots[order[i]].first == slots[order[i - 1]].first &&
        (!repeat.has_value() || order[i] < *repeat)) {
      repeat = order[i];
    }
  }
  if (repeat.has_value()) {
    session.times_scheduled.clear();
    return absl::InvalidArgumentError(absl::StrCat(
        "table ", slots[*repeat].first.first, " is given board ",
        slots[*repeat].first.second, " more than once in the movement"));
  }
  std::vector<std::pair<std::pair<int, int>, TableSlot>> sorted;
  sorted.reserve(slots.size());
  for (size_t i : order) sorted.push_back(slots[i]);
  session.slots =
      FlatMap<std::pair<int, int>, TableSlot>::FromSorted(std::move(sorted));
  return absl::OkStatus();
}

namespace {

// `s`'s results, sized for every slot of its movement before the first is
// entered: one allocation that a complete session fills exactly.
FlatMap<std::pair<int, int>, EnteredResult>& ResultsOf(SessionState& s) {
  if (s.results.capacity() == 0) s.results.reserve(s.slots.size());
  return s.results;
}

// Evolve's fold.
absl::Status Fold(const v1::Event& event, State& state) {
  if (event.sequence() != state.last_sequence + 1) {
    return Misfit(event,
                  absl::StrCat("expected sequence ", state.last_sequence + 1));
  }
  const v1::EventPayload& p = event.payload();
  // The one tournament the event changes: this State's own copy of it
  // (SharedTournaments clones one that another State still shares).
  TournamentState* changed = nullptr;
  if (p.has_tournament_created()) {
    if (state.tournaments.Find(event.tournament_id()) != nullptr) {
      return Misfit(event, "the tournament already exists");
    }
    TournamentState t;
    t.id = event.tournament_id();
    t.name = p.tournament_created().name();
    SetTimeZone(p.tournament_created().time_zone(), t);
    changed = &state.tournaments.Add(std::move(t));
  } else {
    changed = state.tournaments.Mutable(event.tournament_id());
    if (changed == nullptr) return Misfit(event, "unknown tournament");
  }
  TournamentState& tournament = *changed;
  if (event.stream_version() != tournament.version + 1) {
    return Misfit(event, "stream version out of order");
  }

  auto competition = [&](const std::string& id) -> CompetitionState* {
    auto it = tournament.competitions.find(id);
    return it == tournament.competitions.end() ? nullptr : &it->second;
  };
  auto session = [&](const std::string& id, int number) -> SessionState* {
    CompetitionState* c = competition(id);
    if (c == nullptr) return nullptr;
    auto it = c->sessions.find(number);
    return it == c->sessions.end() ? nullptr : &it->second;
  };

  switch (p.kind_case()) {
    case v1::EventPayload::kTournamentCreated:
      break;
    case v1::EventPayload::kTournamentTimeZoneChanged:
      SetTimeZone(p.tournament_time_zone_changed().time_zone(), tournament);
      break;
    case v1::EventPayload::kCompetitionCreated: {
      const auto& e = p.competition_created();
      CompetitionState c;
      c.id = e.competition_id();
      c.name = e.name();
      c.kind = e.kind();
      absl::StatusOr<core::RegulationProfile> profile =
          ProfileFromSpec(e.profile());
      if (!profile.ok()) {
        return Misfit(event,
                      absl::StrCat("its regulation profile does not load: ",
                                   profile.status().message()));
      }
      c.profile = *std::move(profile);
      if (!tournament.competitions.emplace(c.id, std::move(c)).second) {
        return Misfit(event, "the competition already exists");
      }
      break;
    }
    case v1::EventPayload::kPairRegistered: {
      const auto& e = p.pair_registered();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      c->pairs[e.pair()] = {e.players().begin(), e.players().end()};
      break;
    }
    case v1::EventPayload::kSessionDefined: {
      const auto& e = p.session_defined();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      SessionState s;
      s.number = e.session();
      s.movement = e.movement();
      s.movement_source = e.movement_source();
      TALLY_RETURN_IF_ERROR(IndexMovement(s.movement, s));
      c->sessions[s.number] = std::move(s);
      break;
    }
    case v1::EventPayload::kSessionStarted: {
      const auto& e = p.session_started();
      SessionState* s = session(e.competition_id(), e.session());
      if (s == nullptr) return Misfit(event, "unknown session");
      s->phase = SessionPhase::kInPlay;
      break;
    }
    case v1::EventPayload::kTeamRegistered: {
      const auto& e = p.team_registered();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      c->pairs[e.team()] = {e.players().begin(), e.players().end()};
      c->team_names[e.team()] = e.name();
      break;
    }
    case v1::EventPayload::kDrawMade: {
      const auto& e = p.draw_made();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      MatchRoundState r;
      r.number = e.round();
      r.draw_sequence = event.sequence();
      r.draw_actor = event.actor();
      r.draw = e;
      if (!c->rounds.emplace(r.number, std::move(r)).second) {
        return Misfit(event, "the round is already drawn");
      }
      break;
    }
    case v1::EventPayload::kPenaltyAwarded: {
      const auto& e = p.penalty_awarded();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      if (e.supersedes_sequence() != 0) {
        // NZ LIRG 82C: the corrected award stops counting.
        auto old = std::find_if(
            c->penalties.begin(), c->penalties.end(),
            [&](const PenaltyRecord& r) {
              return r.sequence == e.supersedes_sequence() && !r.from_offence;
            });
        if (old == c->penalties.end()) {
          return Misfit(event, "supersedes no VP penalty in force");
        }
        c->penalties.erase(old);
      }
      if (e.vps().units() > 0) c->penalties.push_back({event.sequence(), e});
      break;
    }
    case v1::EventPayload::kSessionAdjustmentMade: {
      const auto& e = p.session_adjustment_made();
      SessionState* s = session(e.competition_id(), e.session());
      if (s == nullptr) return Misfit(event, "unknown session");
      s->adjustments.push_back({event.sequence(), e});
      break;
    }
    case v1::EventPayload::kLotDrawn: {
      const auto& e = p.lot_drawn();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      c->lots.emplace_back(e.order().begin(), e.order().end());
      break;
    }
    case v1::EventPayload::kSubstituteRecorded:
    case v1::EventPayload::kPairAbsent: {
      const auto& e = p.has_substitute_recorded() ? p.substitute_recorded()
                                                  : v1::SubstituteRecorded();
      const std::string& cid = p.has_substitute_recorded()
                                   ? e.competition_id()
                                   : p.pair_absent().competition_id();
      CompetitionState* c = competition(cid);
      if (c == nullptr) return Misfit(event, "unknown competition");
      int session = p.has_substitute_recorded() ? e.session()
                                                : p.pair_absent().session();
      int pair = p.has_substitute_recorded() ? e.pair() : p.pair_absent().pair();
      c->attendance[{session, pair}] = p;
      break;
    }
    case v1::EventPayload::kEntrantsQualified: {
      const auto& e = p.entrants_qualified();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      if (c->qualification.has_value()) {
        return Misfit(event, "the competition's entrants already qualified");
      }
      for (const v1::QualifiedEntrant& q : e.entrants()) {
        c->pairs[q.entrant()] = {q.players().begin(), q.players().end()};
        if (c->IsTeams()) c->team_names[q.entrant()] = q.name();
      }
      c->qualification = e;
      break;
    }
    case v1::EventPayload::kEntrantWithdrawn: {
      const auto& e = p.entrant_withdrawn();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      if (!c->withdrawals.emplace(e.entrant(), e).second) {
        return Misfit(event, "the entrant has already withdrawn");
      }
      break;
    }
    case v1::EventPayload::kMatchForfeited: {
      const auto& e = p.match_forfeited();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      auto round = c->rounds.find(e.round());
      if (round == c->rounds.end()) return Misfit(event, "unknown round");
      round->second.forfeits[e.table()] = e;
      break;
    }
    case v1::EventPayload::kSeatingRightsChosen: {
      const auto& e = p.seating_rights_chosen();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      c->seating_rights.push_back(e);
      break;
    }
    case v1::EventPayload::kLineupPosted: {
      const auto& e = p.lineup_posted();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      if (!c->rounds.contains(e.round())) return Misfit(event, "unknown round");
      c->lineups[{e.round(), e.stanza(), e.team()}] = e;
      break;
    }
    case v1::EventPayload::kResultEntered: {
      const auto& e = p.result_entered();
      if (CompetitionState* c = competition(e.competition_id());
          c != nullptr && c->PlaysMatches()) {
        auto round = c->rounds.find(e.session());
        if (round == c->rounds.end()) return Misfit(event, "unknown round");
        EnteredResult r;
        r.sequence = event.sequence();
        r.slot = {e.round(), e.table(), e.ns_pair(), e.ew_pair()};
        r.board = e.board();
        r.room = e.room();
        std::optional<CompactResult> result = CompactResultOf(e.result());
        if (!result.has_value()) {
          return Misfit(event, "its result's numbers are out of range");
        }
        r.result = *result;
        r.ns_score = e.ns_score();
        round->second.results[{e.board(), e.table(), e.room()}] = std::move(r);
        break;
      }
      SessionState* s = session(e.competition_id(), e.session());
      if (s == nullptr) return Misfit(event, "unknown session");
      EnteredResult r;
      r.sequence = event.sequence();
      r.slot = {e.round(), e.table(), e.ns_pair(), e.ew_pair()};
      r.board = e.board();
      std::optional<CompactResult> result = CompactResultOf(e.result());
      if (!result.has_value()) {
        return Misfit(event, "its result's numbers are out of range");
      }
      r.result = *result;
      r.ns_score = e.ns_score();
      ResultsOf(*s)[{e.board(), e.table()}] = r;
      break;
    }
    case v1::EventPayload::kResultConfirmed: {
      const auto& e = p.result_confirmed();
      if (CompetitionState* c = competition(e.competition_id());
          c != nullptr && c->PlaysMatches()) {
        auto round = c->rounds.find(e.session());
        if (round == c->rounds.end()) return Misfit(event, "unknown round");
        auto it = round->second.results.find({e.board(), e.table(), e.room()});
        if (it == round->second.results.end()) {
          return Misfit(event, "no such result");
        }
        it->second.confirmed = true;
        break;
      }
      SessionState* s = session(e.competition_id(), e.session());
      if (s == nullptr) return Misfit(event, "unknown session");
      auto it = s->results.find({e.board(), e.table()});
      if (it == s->results.end()) return Misfit(event, "no such result");
      it->second.confirmed = true;
      break;
    }
    case v1::EventPayload::kSessionScheduled:
    case v1::EventPayload::kPlayFinished:
    case v1::EventPayload::kMatchScoresAgreed:
    case v1::EventPayload::kStageEnded:
    case v1::EventPayload::kResultsOfficial: {
      TALLY_RETURN_IF_ERROR(EvolveTimeline(event, tournament));
      break;
    }
    case v1::EventPayload::kResultCorrected: {
      const auto& e = p.result_corrected();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      EnteredResult* r = nullptr;
      if (c->PlaysMatches()) {
        auto round = c->rounds.find(e.session());
        if (round == c->rounds.end()) return Misfit(event, "unknown round");
        auto it = round->second.results.find({e.board(), e.table(), e.room()});
        if (it != round->second.results.end()) r = &it->second;
      } else {
        SessionState* s = session(e.competition_id(), e.session());
        if (s == nullptr) return Misfit(event, "unknown session");
        auto it = s->results.find({e.board(), e.table()});
        if (it != s->results.end()) r = &it->second;
      }
      if (r == nullptr || r->sequence != e.corrects_sequence()) {
        return Misfit(event, "it corrects a result that is not the latest");
      }
      std::optional<CompactResult> result = CompactResultOf(e.result());
      if (!result.has_value()) {
        return Misfit(event, "its result's numbers are out of range");
      }
      r->sequence = event.sequence();
      r->result = *result;
      r->ns_score = e.ns_score();
      r->confirmed = false;
      break;
    }
    case v1::EventPayload::kOffenceRecorded: {
      const auto& e = p.offence_recorded();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      state.offences.push_back({event.sequence(), event.tournament_id(), e});
      // A Butler pair's IMPs or VPs come off its session's totals
      // (replay/butler/butler_session.h); percentage points off a matchpoint
      // pair's final score (replay/pairs/pairs_event_queries.h).
      const bool butler = c->kind == v1::COMPETITION_KIND_BUTLER_PAIRS;
      if (e.has_percentage_points()) {
        c->final_score_deductions.push_back({event.sequence(), e});
      }
      if (e.has_vps() && !butler) {
        // Deducted like any VP penalty (ANC SR 5.1 keeps it out of draws).
        v1::PenaltyAwarded penalty;
        penalty.set_competition_id(e.competition_id());
        penalty.set_entrant(e.entrant());
        penalty.set_round(e.round());
        *penalty.mutable_vps() = e.vps();
        penalty.set_clause(e.clause());
        penalty.set_reason(e.reason());
        c->penalties.push_back({event.sequence(), penalty, true});
      }
      if (e.has_matchpoints() || (butler && (e.has_vps() || e.has_imps()))) {
        // Off the pair's session total (replay/pairs/session_scores.h).
        SessionState* s = session(e.competition_id(), e.round());
        if (s == nullptr) return Misfit(event, "unknown session");
        s->offence_deductions.push_back({event.sequence(), e});
      }
      if (e.has_imps() && !butler) {
        // Off the team's knock-out match total
        // (replay/draws/knockout_results.h).
        auto round = c->rounds.find(e.round());
        if (round == c->rounds.end()) return Misfit(event, "unknown round");
        round->second.offence_deductions.push_back({event.sequence(), e});
      }
      break;
    }
    case v1::EventPayload::kDatumSubstitutesChosen: {
      const auto& e = p.datum_substitutes_chosen();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      c->datum_substitutes[{e.session(), e.board()}] = e;  // the latest holds
      break;
    }
    case v1::EventPayload::kRulingMade: {
      const auto& e = p.ruling_made();
      CompetitionState* c = competition(e.competition_id());
      if (c == nullptr) return Misfit(event, "unknown competition");
      std::vector<RulingRecord>* rulings = nullptr;
      if (c->PlaysMatches()) {
        auto round = c->rounds.find(e.session());
        if (round == c->rounds.end()) return Misfit(event, "unknown round");
        rulings = &round->second.rulings;
        if (e.board_not_played()) {  // replay/matches/not_played.h
          round->second.results.try_emplace(
              {e.board(), e.table(), e.room()},
              NotPlayedResult(event.sequence(), e, 1));
        }
        // Fouled-board guide (Match Play) (b), (c): the board is redealt;
        // its results at the match's table leave the state (not the log)
        // and the redealt board's are entered afresh.
        const auto& gone = e.fouled().superseded_results();
        for (int room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
          if (gone.empty()) break;
          auto it = round->second.results.find({e.board(), e.table(), room});
          if (it != round->second.results.end() &&
              std::find(gone.begin(), gone.end(), it->second.sequence) !=
                  gone.end()) {
            round->second.results.erase(it);
          }
        }
      } else {
        SessionState* s = session(e.competition_id(), e.session());
        if (s == nullptr) return Misfit(event, "unknown session");
        rulings = &s->rulings;
        if (e.board_not_played()) {
          auto slot = s->slots.find({e.table(), e.board()});
          if (slot == s->slots.end()) return Misfit(event, "no such table");
          ResultsOf(*s).try_emplace(
              {e.board(), e.table()},
              NotPlayedResult(event.sequence(), e, slot->second.round));
        }
      }
      rulings->push_back({event.sequence(), e, ToTime(event.received_at())});
      break;
    }
    case v1::EventPayload::kScoresPosted: {
      const auto& e = p.scores_posted();
      if (CompetitionState* c = competition(e.competition_id())) {
        c->timeline[e.session()].scores_posted = ToTime(event.received_at());
      }
      if (CompetitionState* c = competition(e.competition_id());
          c != nullptr && c->PlaysMatches()) {
        auto round = c->rounds.find(e.session());
        if (round == c->rounds.end()) return Misfit(event, "unknown round");
        round->second.posted = true;
        break;
      }
      SessionState* s = session(e.competition_id(), e.session());
      if (s == nullptr) return Misfit(event, "unknown session");
      s->phase = SessionPhase::kPosted;
      break;
    }
    case v1::EventPayload::kAppealLodged:
    case v1::EventPayload::kAppealSubmission:
    case v1::EventPayload::kAppealReply:
    case v1::EventPayload::kAppealHeard:
    case v1::EventPayload::kAppealDecided:
    case v1::EventPayload::kAppealWithdrawn:
    case v1::EventPayload::kFurtherAppealLodged: {
      CompetitionState* c = competition(CompetitionIdOf(p));
      if (c == nullptr) return Misfit(event, "unknown competition");
      if (absl::Status s = EvolveAppeal(event, c->appeals); !s.ok()) {
        return Misfit(event, s.message());
      }
      if (p.has_appeal_decided()) {
        // A varied decision is the adjusted score in force from here.
        const v1::AppealLodged& lodged =
            c->appeals.at(p.appeal_decided().appeal()).lodged;
        std::vector<RulingRecord>* rulings = nullptr;
        if (c->PlaysMatches()) {
          auto round = c->rounds.find(lodged.session());
          if (round != c->rounds.end()) rulings = &round->second.rulings;
        } else if (SessionState* s =
                       session(lodged.competition_id(), lodged.session())) {
          rulings = &s->rulings;
        }
        if (rulings != nullptr) {
          if (std::optional<v1::RulingMade> ruling = RulingOfVariedDecision(
                  lodged, p.appeal_decided(), *rulings)) {
            rulings->push_back(
                {event.sequence(), *ruling, ToTime(event.received_at()), true});
          }
          // SABF TR 7, NZ LIRG 92A: a penalty for an appeal without merit
          // comes off the appellant's total.
          if (std::optional<v1::RulingMade> penalty = RulingOfMeritPenalty(
                  lodged, p.appeal_decided(), MeritTop(*c, lodged),
                  !c->PlaysMatches())) {
            rulings->push_back({event.sequence(), *penalty,
                                ToTime(event.received_at()), true});
          }
        }
        if (const v1::AppealDecided& d = p.appeal_decided();
            c->PlaysMatches() && d.has_penalty() &&
            d.penalty().kind() == v1::MERIT_PENALTY_KIND_VICTORY_POINTS &&
            d.penalty().amount().denominator() > 0) {
          PenaltyRecord record;
          record.sequence = event.sequence();
          v1::PenaltyAwarded& award = record.penalty;
          award.set_competition_id(c->id);
          award.set_entrant(d.penalty().entrant() != 0 ? d.penalty().entrant()
                                                       : lodged.appellant());
          award.set_round(lodged.session());
          // VPs to the 2 places the scales publish (decide refuses finer).
          const core::Decimal vps = core::Decimal::Round(
              core::Rational(d.penalty().amount().numerator(),
                             d.penalty().amount().denominator()),
              2, core::HalfRounding::kAwayFromZero);
          award.mutable_vps()->set_units(vps.units());
          award.mutable_vps()->set_places(vps.places());
          award.set_clause(d.penalty().clause());
          award.set_reason(
              absl::StrCat("appeal ", d.appeal(), " without merit"));
          c->penalties.push_back(std::move(record));
        }
      }
      break;
    }
    case v1::EventPayload::KIND_NOT_SET:
      return Misfit(event, "the event has no payload");
  }
  if (CompetitionState* c = competition(CompetitionIdOf(p))) {
    c->event_sequences.push_back(event.sequence());
  }
  tournament.version = event.stream_version();
  tournament.event_sequences.push_back(event.sequence());
  state.last_sequence = event.sequence();
  state.last_hash = event.hash();
  state.last_received = ToTime(event.received_at());
  return absl::OkStatus();
}

}  // namespace

absl::Status Evolve(const v1::Event& event, State& state) {
  return Fold(event, state);
}

absl::Status EvolveConsuming(v1::Event& event, State& state) {
  // The State holds a compact copy of the result (CompactResult), so
  // nothing is left to move out of the event.
  return Fold(event, state);
}

}  // namespace tally::replay
