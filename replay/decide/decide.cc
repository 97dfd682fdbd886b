#include "replay/decide/decide.h"

#include <limits>
#include <set>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "core/movement/movement.h"
#include "replay/butler/butler_datum_shortfall.h"
#include "replay/butler/decide_butler.h"
#include "replay/decide/session_movement.h"
#include "replay/matches/decide_matches.h"
#include "replay/matches/decide_withdrawals.h"
#include "replay/matches/not_played.h"
#include "replay/profile/profile_loader.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

// Ids are lower-case letters, digits and '-', 1..64, starting alphanumeric:
// safe in URLs, file names and shell commands.
absl::Status CheckId(absl::string_view what, const std::string& id) {
  bool ok = !id.empty() && id.size() <= 64 && id[0] != '-';
  for (char c : id) {
    ok = ok && (absl::ascii_islower(c) || absl::ascii_isdigit(c) || c == '-');
  }
  if (ok) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("'", id, "' is not a valid ", what,
                   " id: use 1 to 64 lower-case letters, digits and '-', e.g. "
                   "'anc-2025'"));
}

std::string SessionName(const std::string& competition_id, int session) {
  return absl::StrCat("session ", session, " of '", competition_id, "'");
}

absl::StatusOr<const SessionState*> FindSessionInPlay(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id, int session) {
  TALLY_ASSIGN_OR_RETURN(
      const SessionState* s,
      FindSession(state, tournament_id, competition_id, session));
  switch (s->phase) {
    case SessionPhase::kDefined:
      return absl::FailedPreconditionError(
          absl::StrCat(SessionName(competition_id, session),
                       " has not started; the director starts it first"));
    case SessionPhase::kPosted:
      return absl::FailedPreconditionError(absl::StrCat(
          "scores for ", SessionName(competition_id, session),
          " are posted; a change now is a correction, not an entry"));
    case SessionPhase::kInPlay:
      break;
  }
  return s;
}

std::string BoardList(const std::map<int, int>& times_scheduled) {
  if (times_scheduled.empty()) return "none";
  return absl::StrCat(times_scheduled.begin()->first, "-",
                      times_scheduled.rbegin()->first);
}

// An arrow switch names boards the table plays, each once.
absl::Status CheckArrowSwitch(const v1::TableAssignment& t,
                              const std::string& where) {
  const std::set<int> boards(t.boards().begin(), t.boards().end());
  std::set<int> switched;
  for (int board : t.arrow_switched_boards()) {
    if (!boards.contains(board) || !switched.insert(board).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": board ", board,
          " is arrow-switched but not played there, or named twice"));
    }
  }
  return absl::OkStatus();
}

bool HasArrowSwitch(const v1::Movement& movement) {
  for (const v1::MovementRound& r : movement.rounds()) {
    for (const v1::TableAssignment& t : r.tables()) {
      if (!t.arrow_switched_boards().empty()) return true;
    }
  }
  return false;
}

absl::Status CheckMovement(const v1::Movement& movement,
                           const CompetitionState& competition) {
  if (movement.rounds().empty()) {
    return absl::InvalidArgumentError("the movement has no rounds");
  }
  std::set<int> rounds;
  std::set<std::pair<int, int>> pair_boards;  // (pair, board)
  std::set<int> missing_pairs;
  for (const v1::MovementRound& r : movement.rounds()) {
    if (r.round() < 1 || !rounds.insert(r.round()).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", r.round(), " is numbered twice or below 1"));
    }
    if (r.tables().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", r.round(), " has no tables"));
    }
    std::set<int> tables, seated;
    for (const v1::TableAssignment& t : r.tables()) {
      std::string where =
          absl::StrCat("round ", r.round(), ", table ", t.table());
      if (t.table() < 1 || !tables.insert(t.table()).second) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": table numbered twice or below 1"));
      }
      if (t.ns_pair() < 1 || t.ew_pair() < 1 || t.ns_pair() == t.ew_pair()) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": needs two different pair numbers, not ",
                         t.ns_pair(), " and ", t.ew_pair()));
      }
      for (int pair : {t.ns_pair(), t.ew_pair()}) {
        if (!seated.insert(pair).second) {
          return absl::InvalidArgumentError(absl::StrCat(
              "pair ", pair, " is seated twice in round ", r.round()));
        }
        if (!competition.pairs.contains(pair)) missing_pairs.insert(pair);
      }
      if (t.boards().empty()) {
        return absl::InvalidArgumentError(absl::StrCat(where, ": no boards"));
      }
      for (int board : t.boards()) {
        if (board < 1 || board > 999) {
          return absl::InvalidArgumentError(absl::StrCat(
              where, ": board ", board, " is not a board number (1-999)"));
        }
        for (int pair : {t.ns_pair(), t.ew_pair()}) {
          if (!pair_boards.insert({pair, board}).second) {
            return absl::InvalidArgumentError(
                absl::StrCat(where, ": pair ", pair, " would play board ",
                             board, " a second time"));
          }
        }
      }
      TALLY_RETURN_IF_ERROR(CheckArrowSwitch(t, where));
    }
  }
  if (!missing_pairs.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the movement seats pairs that are not registered in '", competition.id,
        "': ", absl::StrJoin(missing_pairs, ", "), "; register them first"));
  }
  SessionState scratch;
  return IndexMovement(movement, scratch);
}

const CompetitionState* MatchCompetition(const State& state,
                                         const std::string& tournament_id,
                                         const std::string& competition_id) {
  absl::StatusOr<const CompetitionState*> c =
      FindCompetition(state, tournament_id, competition_id);
  return c.ok() && (*c)->PlaysMatches() ? *c : nullptr;
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideCreateTournament(
    const State& state, const v1::CreateTournamentRequest& request) {
  TALLY_RETURN_IF_ERROR(CheckId("tournament", request.tournament_id()));
  TALLY_RETURN_IF_ERROR(CheckName("tournament", request.name()));
  if (state.FindTournament(request.tournament_id()) != nullptr) {
    return absl::AlreadyExistsError(absl::StrCat(
        "tournament '", request.tournament_id(), "' already exists"));
  }
  TALLY_RETURN_IF_ERROR(LoadTournamentTimeZone(request.time_zone()).status());
  v1::EventPayload payload;
  payload.mutable_tournament_created()->set_name(request.name());
  payload.mutable_tournament_created()->set_time_zone(request.time_zone());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideSetTimeZone(
    const State& state, const v1::SetTimeZoneRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* t,
                         FindTournament(state, request.tournament_id()));
  if (request.time_zone().empty()) {
    return absl::InvalidArgumentError(
        "name the time zone, e.g. Australia/Sydney or UTC");
  }
  TALLY_RETURN_IF_ERROR(LoadTournamentTimeZone(request.time_zone()).status());
  if (request.time_zone() == t->time_zone_name) {
    return absl::FailedPreconditionError(
        absl::StrCat("tournament '", t->id, "' is already in time zone ",
                     request.time_zone()));
  }
  v1::EventPayload payload;
  payload.mutable_tournament_time_zone_changed()->set_time_zone(
      request.time_zone());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideCreateCompetition(
    const State& state, const v1::CreateCompetitionRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* t,
                         FindTournament(state, request.tournament_id()));
  TALLY_RETURN_IF_ERROR(CheckId("competition", request.competition_id()));
  TALLY_RETURN_IF_ERROR(CheckName("competition", request.name()));
  if (request.kind() == v1::COMPETITION_KIND_UNSPECIFIED) {
    return absl::InvalidArgumentError(
        "say what kind of competition this is: matchpoint pairs, butler "
        "pairs, swiss pairs, swiss teams, round robin pairs, round robin "
        "teams or knockout teams");
  }
  if (request.regulation_profile().empty()) {
    return absl::InvalidArgumentError(
        "name the regulation profile the competition is run under, e.g. "
        "sabf_matchpoint_pairs ('tally profiles' lists them)");
  }
  TALLY_ASSIGN_OR_RETURN(v1::RegulationProfileSpec profile,
                         FindBuiltInProfileSpec(request.regulation_profile()));
  TALLY_RETURN_IF_ERROR(SetRoundsInEvent(request.rounds(), profile));
  const v1::CompetitionKind kind = CompetitionKindForEvent(profile.event_kind());
  if (kind == v1::COMPETITION_KIND_UNSPECIFIED) {
    return absl::UnimplementedError(absl::StrCat(
        "profile '", profile.name(), "' (", profile.title(),
        ") is for a kind of event tally does not run"));
  }
  if (kind != request.kind()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "profile '", profile.name(), "' is for ", KindName(kind),
        " competitions, not ", KindName(request.kind())));
  }
  if (t->competitions.contains(request.competition_id())) {
    return absl::AlreadyExistsError(absl::StrCat(
        "tournament '", request.tournament_id(),
        "' already has a competition '", request.competition_id(), "'"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_competition_created();
  e->set_competition_id(request.competition_id());
  e->set_name(request.name());
  e->set_kind(request.kind());
  e->set_regulation_profile(profile.name());
  *e->mutable_profile() = std::move(profile);
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideRegisterPair(
    const State& state, const v1::RegisterPairRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (c->IsTeams()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' is a teams event: register teams, not pairs"));
  }
  if (!c->rounds.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' has made its first draw; the field is closed"));
  }
  if (request.pair() < 1 || request.pair() > 9999) {
    return absl::InvalidArgumentError(
        absl::StrCat("pair number ", request.pair(), " is not valid (1-9999)"));
  }
  if (request.players_size() != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("a pair has two players, not ", request.players_size()));
  }
  for (const std::string& player : request.players()) {
    TALLY_RETURN_IF_ERROR(CheckName("player", player));
  }
  if (request.players(0) == request.players(1)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a pair is two different players; '", request.players(0),
        "' is named twice"));
  }
  if (auto it = c->pairs.find(request.pair()); it != c->pairs.end()) {
    return absl::AlreadyExistsError(
        absl::StrCat("pair ", request.pair(), " is already registered (",
                     absl::StrJoin(it->second, " & "), ")"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_pair_registered();
  e->set_competition_id(request.competition_id());
  e->set_pair(request.pair());
  *e->mutable_players() = request.players();
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideDefineSession(
    const State& state, const v1::DefineSessionRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (c->PlaysMatches()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' plays drawn rounds of matches: make the draw of each "
        "round instead of defining a movement"));
  }
  if (request.session() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("session ", request.session(), " is not valid (1 up)"));
  }
  if (c->sessions.contains(request.session())) {
    return absl::AlreadyExistsError(absl::StrCat(
        SessionName(c->id, request.session()), " is already defined"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_session_defined();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  TALLY_ASSIGN_OR_RETURN(RequestedMovement movement,
                         MovementOfRequest(*c, request));
  *e->mutable_movement() = std::move(movement.movement);
  e->set_movement_source(std::move(movement.source));
  TALLY_RETURN_IF_ERROR(CheckMovement(e->movement(), *c));
  TALLY_RETURN_IF_ERROR(CheckMovementSections(e->movement(), *c));
  if (c->kind == v1::COMPETITION_KIND_BUTLER_PAIRS) {
    // One field (a club profile): each pair is scored from the direction it
    // sat on each board, so an arrow switch changes nothing but the seats.
    const bool one_field = c->profile.butler_movement.has_value() &&
                           c->profile.butler_movement->one_field;
    if (HasArrowSwitch(e->movement()) && !one_field) {
      return absl::InvalidArgumentError(
          "Butler pairs take no arrow switch: pairs keep their NS and EW "
          "fields (ANC SR 16.4); only a one-field club profile takes one; "
          "define the session without it");
    }
    TALLY_RETURN_IF_ERROR(CheckButlerMovement(e->movement(), *c));
  }
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideStartSession(
    const State& state, const v1::StartSessionRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const SessionState* s,
      FindSession(state, request.tournament_id(), request.competition_id(),
                  request.session()));
  if (s->phase != SessionPhase::kDefined) {
    return absl::FailedPreconditionError(
        absl::StrCat(SessionName(request.competition_id(), request.session()),
                     " has already started"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_session_started();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecidePostScores(
    const State& state, const v1::PostScoresRequest& request) {
  if (const CompetitionState* c = MatchCompetition(
          state, request.tournament_id(), request.competition_id())) {
    return DecidePostRound(*c, request);
  }
  TALLY_ASSIGN_OR_RETURN(
      const SessionState* s,
      FindSessionInPlay(state, request.tournament_id(),
                        request.competition_id(), request.session()));
  int missing = 0;
  std::string first_missing;
  for (const auto& [table_board, slot] : s->slots) {
    const auto [table, board] = table_board;
    if (!s->results.contains({board, table})) {
      if (missing++ == 0) {
        first_missing = absl::StrCat("table ", table, " board ", board);
      }
    }
  }
  if (missing > 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot post ",
                     SessionName(request.competition_id(), request.session()),
                     ": ", core::Counted(missing, "result"),
                     " still missing, the first being ", first_missing));
  }
  // A Butler board with every result in but too few scores for its datum
  // (ANC SR 16.4) would be posted unscored.
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (absl::Status datum = CheckEveryBoardHasADatum(*c, *s); !datum.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot post ",
                     SessionName(request.competition_id(), request.session()),
                     ": ", datum.message()));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_scores_posted();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideEnterResult(
    const State& state, const v1::EnterResultRequest& request) {
  if (const CompetitionState* c = MatchCompetition(
          state, request.tournament_id(), request.competition_id())) {
    return DecideEnterMatchResult(*c, request);
  }
  TALLY_ASSIGN_OR_RETURN(
      const SessionState* s,
      FindSessionInPlay(state, request.tournament_id(),
                        request.competition_id(), request.session()));
  // The slots are keyed (table, board): the table's first slot, if any, is
  // the first at or after (table, lowest board).
  auto first_of_table = s->slots.lower_bound(
      {request.table(), std::numeric_limits<int>::min()});
  if (first_of_table == s->slots.end() ||
      first_of_table->first.first != request.table()) {
    return absl::NotFoundError(
        absl::StrCat("table ", request.table(), " is not in the movement of ",
                     SessionName(request.competition_id(), request.session())));
  }
  if (!s->times_scheduled.contains(request.board())) {
    return absl::NotFoundError(
        absl::StrCat("board ", request.board(), " is not played in ",
                     SessionName(request.competition_id(), request.session()),
                     " (boards ", BoardList(s->times_scheduled), ")"));
  }
  auto slot_it = s->slots.find({request.table(), request.board()});
  if (slot_it == s->slots.end()) {
    return absl::FailedPreconditionError(
        absl::StrCat("table ", request.table(), " does not play board ",
                     request.board(), " in this session"));
  }
  const TableSlot& slot = slot_it->second;
  if (request.round() != 0 && request.round() != slot.round) {
    return absl::FailedPreconditionError(absl::StrCat(
        "table ", request.table(), " plays board ", request.board(),
        " in round ", slot.round, ", not round ", request.round()));
  }
  TALLY_ASSIGN_OR_RETURN(int ns_score,
                         NorthSouthScoreOf(request.result(), request.board()));
  if (auto it = s->results.find({request.board(), request.table()});
      it != s->results.end()) {
    TALLY_RETURN_IF_ERROR(RefuseOverNotPlayed(it->second, "a result"));
    return absl::AlreadyExistsError(absl::StrCat(
        "table ", request.table(), " already has a result for board ",
        request.board(), " (", DescribeResult(ToTableResult(it->second.result)),
        ", NS ", it->second.ns_score, ", event ", it->second.sequence,
        "); changing it is a correction"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_result_entered();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_round(slot.round);
  e->set_table(request.table());
  e->set_board(request.board());
  e->set_ns_pair(slot.ns_pair);
  e->set_ew_pair(slot.ew_pair);
  *e->mutable_result() = request.result();
  e->set_ns_score(ns_score);
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideConfirmResult(
    const State& state, const v1::ConfirmResultRequest& request) {
  if (const CompetitionState* c = MatchCompetition(
          state, request.tournament_id(), request.competition_id())) {
    return DecideConfirmMatchResult(*c, request);
  }
  TALLY_ASSIGN_OR_RETURN(
      const SessionState* s,
      FindSessionInPlay(state, request.tournament_id(),
                        request.competition_id(), request.session()));
  auto it = s->results.find({request.board(), request.table()});
  if (it == s->results.end()) {
    return absl::NotFoundError(absl::StrCat("table ", request.table(),
                                            " has no result for board ",
                                            request.board(), " to confirm"));
  }
  const EnteredResult& r = it->second;
  if (request.confirming_pair() != r.slot.ns_pair &&
      request.confirming_pair() != r.slot.ew_pair) {
    return absl::FailedPreconditionError(
        absl::StrCat("pair ", request.confirming_pair(), " did not play board ",
                     request.board(), " at table ", request.table(), " (pairs ",
                     r.slot.ns_pair, " and ", r.slot.ew_pair, " did)"));
  }
  if (r.confirmed) {
    return absl::AlreadyExistsError(absl::StrCat("board ", request.board(),
                                                 " at table ", request.table(),
                                                 " is already confirmed"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_result_confirmed();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_table(request.table());
  e->set_board(request.board());
  e->set_confirming_pair(request.confirming_pair());
  return payload;
}

}  // namespace tally::replay
