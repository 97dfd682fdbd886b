#include "replay/matches/decide_matches.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/decimal.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "replay/butler/decide_butler.h"
#include "replay/draws/draw_maker.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/match_adjustments.h"
#include "replay/match_scores/match_standings.h"
#include "replay/match_scores/qualification_ranking.h"
#include "replay/match_scores/round_results.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/matches/decide_withdrawals.h"
#include "replay/matches/not_played.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

std::string RoundName(const CompetitionState& c, int round) {
  return absl::StrCat("round ", round, " of '", c.id, "'");
}

absl::StatusOr<const MatchRoundState*> FindRoundInPlay(
    const CompetitionState& c, int round) {
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* r, FindDrawnRound(c, round));
  if (r->posted) {
    return absl::FailedPreconditionError(
        absl::StrCat("scores for ", RoundName(c, round),
                     " are posted; a change now is a correction, not an entry"));
  }
  return r;
}

const v1::DrawnMatch* MatchAt(const MatchRoundState& round, int table) {
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (m.table() == table) return &m;
  }
  return nullptr;
}

}  // namespace

bool PlaysBoard(const MatchRoundState& round, int board) {
  for (int b : round.draw.boards()) {
    if (b == board) return true;
  }
  return false;
}

absl::Status CheckRoom(const CompetitionState& c, v1::Room room) {
  if (c.IsTeams() && room != v1::ROOM_OPEN && room != v1::ROOM_CLOSED) {
    return absl::InvalidArgumentError(
        "a teams match has two tables: say which room, open or closed");
  }
  if (!c.IsTeams() && room != v1::ROOM_UNSPECIFIED) {
    return absl::InvalidArgumentError(
        "a pairs match is played at one table: give no room");
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::EventPayload> DecideRegisterTeam(
    const State& state, const v1::RegisterTeamRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  if (!c->IsTeams()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' is a pairs event: register pairs, not teams"));
  }
  if (request.team() < 1 || request.team() > 999) {
    return absl::InvalidArgumentError(
        absl::StrCat("team number ", request.team(), " is not valid (1-999)"));
  }
  if (!c->rounds.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' has made its first draw; the field is closed"));
  }
  TALLY_RETURN_IF_ERROR(CheckName("team", request.name()));
  if (request.players_size() < 4 || request.players_size() > 6) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a team has four to six players, not ", request.players_size()));
  }
  std::set<std::string> named;
  for (const std::string& player : request.players()) {
    TALLY_RETURN_IF_ERROR(CheckName("player", player));
    if (!named.insert(player).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "a team's players are different people; '", player,
          "' is named twice"));
    }
  }
  if (auto it = c->team_names.find(request.team()); it != c->team_names.end()) {
    return absl::AlreadyExistsError(absl::StrCat(
        "team ", request.team(), " is already registered (", it->second, ")"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_team_registered();
  e->set_competition_id(request.competition_id());
  e->set_team(request.team());
  e->set_name(request.name());
  *e->mutable_players() = request.players();
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideMakeDraw(
    const State& state, const v1::MakeDrawRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  if (!request.has_seed()) {
    return absl::InternalError("the draw reached decide without a seed");
  }
  const int next = static_cast<int>(c->rounds.size()) + 1;
  if (request.round() != next) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the next round to draw in '", c->id, "' is round ", next,
        ", not round ", request.round(),
        " (a draw once made never changes: SABF TR 14.1, NSW TR 13.1)"));
  }
  const int rounds = RoundsInEvent(*c);
  if (rounds > 0 && request.round() > rounds) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", c->id, "' has ", rounds, " rounds; all are drawn"));
  }
  v1::DrawTrigger trigger = v1::DRAW_TRIGGER_ALL_RESULTS_IN;
  if (request.round() > 1) {
    std::vector<std::string> missing =
        MissingResults(*c, c->rounds.rbegin()->second);
    if (!missing.empty()) {
      if (!request.early()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "round ", request.round() - 1, " still lacks ",
            core::Counted(missing.size(), "result"), ", the first being ",
            missing.front(),
            "; the draw is made when all results are in, or earlier when "
            "the director decides (ANC SR 6.3: ask for an early draw)"));
      }
      trigger = v1::DRAW_TRIGGER_DIRECTOR_EARLY;
    }
  }
  // A round drawn by another scoring program and imported from its file
  // (the command's provenance names the file and line) is recorded as that
  // program drew it: tally never draws it again (docs/interchange.md,
  // "USEBIO teams"). Otherwise the director gives the matches only where
  // the profile's method is explicit.
  const bool recorded = request.options().has_provenance() &&
                        !request.options().provenance().file_name().empty();
  const v1::DrawnShareMatch& share = request.share();
  const bool given = !request.matches().empty() || share.table() != 0 ||
                     share.a() != 0 || share.b() != 0 || share.c() != 0;
  if (given && !recorded &&
      c->profile.draw->method != core::DrawMethod::kExplicit) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", c->id, "' is drawn by its profile's method (",
        core::DrawMethodId(c->profile.draw->method),
        "); the director gives the matches (or a share match) only where "
        "the method is explicit (or imports a file recording another "
        "program's draw)"));
  }
  DrawOrder order;
  order.round = request.round();
  order.seed = request.seed();
  order.first_board = request.first_board();
  order.matches.assign(request.matches().begin(), request.matches().end());
  order.bye = request.bye();
  order.share = share;
  order.ctd_round_order.assign(request.ctd_round_order().begin(),
                               request.ctd_round_order().end());
  TALLY_ASSIGN_OR_RETURN(v1::DrawMade draw, ComputeDraw(*c, order));
  draw.set_trigger(trigger);
  v1::EventPayload payload;
  *payload.mutable_draw_made() = std::move(draw);
  return payload;
}

namespace {

// NZ LIRG 82C: a penalty that corrects an earlier one names a VP penalty
// in force (a PenaltyAwarded not yet corrected; the offence register's
// deductions are the register's) of the same entrant.
absl::Status CheckPenaltyCorrected(const CompetitionState& c,
                                   const v1::AwardPenaltyRequest& request) {
  const uint64_t sequence = request.supersedes_sequence();
  for (const PenaltyRecord& p : c.penalties) {
    if (p.sequence != sequence) continue;
    if (p.from_offence) {
      return absl::InvalidArgumentError(absl::StrCat(
          "event ", sequence, " is the offence register's deduction, not a "
          "director's penalty: correct the offence in the register"));
    }
    if (p.penalty.entrant() != request.entrant()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the penalty at event ", sequence, " is entrant ",
          p.penalty.entrant(), "'s, not entrant ", request.entrant(),
          "'s (NZ LIRG 82C puts right that penalty, for that entrant)"));
    }
    return absl::OkStatus();
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "event ", sequence, " is no VP penalty in force in '", c.id,
      "' (not a penalty, or already corrected: correct the latest one)"));
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideAwardPenalty(
    const State& state, const v1::AwardPenaltyRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  if (!c->pairs.contains(request.entrant())) {
    return absl::NotFoundError(absl::StrCat(
        "entrant ", request.entrant(), " is not registered in '", c->id, "'"));
  }
  if (request.round() < 0 || (request.round() > 0 &&
                              !c->rounds.contains(request.round()))) {
    return absl::NotFoundError(absl::StrCat(
        "round ", request.round(), " is not drawn in '", c->id, "'"));
  }
  const v1::DecimalValue& vps = request.vps();
  const bool correction = request.supersedes_sequence() != 0;
  if (correction) {
    TALLY_RETURN_IF_ERROR(CheckPenaltyCorrected(*c, request));
  }
  if (vps.places() < 0 || vps.places() > 2 ||
      vps.units() < (correction ? 0 : 1) ||
      core::Decimal(vps.units(), vps.places()).ToRational() >
          core::Rational(100)) {
    return absl::InvalidArgumentError(
        correction ? "a corrected penalty is 0 (rescinded) to 100 VPs, to at "
                     "most 2 decimal places"
                   : "a penalty is more than 0 and at most 100 VPs, to at "
                     "most 2 decimal places");
  }
  if (request.clause().empty() || request.reason().empty()) {
    return absl::InvalidArgumentError(
        "a penalty names the clause applied and gives the ruling's reason");
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_penalty_awarded();
  e->set_competition_id(c->id);
  e->set_entrant(request.entrant());
  e->set_round(request.round());
  *e->mutable_vps() = vps;
  e->set_clause(request.clause());
  e->set_reason(request.reason());
  e->set_supersedes_sequence(request.supersedes_sequence());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideRecordLot(
    const State& state, const v1::RecordLotRequest& request) {
  if (absl::StatusOr<const CompetitionState*> butler = FindCompetition(
          state, request.tournament_id(), request.competition_id());
      butler.ok() && (*butler)->kind == v1::COMPETITION_KIND_BUTLER_PAIRS) {
    return DecideRecordButlerLot(**butler, request);
  }
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  std::set<int> order(request.order().begin(), request.order().end());
  if (request.order_size() < 2 ||
      order.size() != static_cast<size_t>(request.order_size())) {
    return absl::InvalidArgumentError(
        "a lot places two or more different entrants, first best");
  }
  std::vector<std::string> waiting;
  for (core::TieBreakPurpose purpose : {core::TieBreakPurpose::kFinalPlacing,
                                        core::TieBreakPurpose::kQualification}) {
    if (!c->PlaysMatches()) break;
    RankingOptions options;
    options.purpose = purpose;
    TALLY_ASSIGN_OR_RETURN(MatchRanking ranking, RankMatchEntrants(*c, options));
    for (const core::PendingDecision& pending : ranking.pending) {
      std::set<int> members;
      for (const std::string& id : pending.entrants) {
        int n = 0;
        if (absl::SimpleAtoi(id, &n)) members.insert(n);
      }
      if (members == order) {
        v1::EventPayload payload;
        auto* e = payload.mutable_lot_drawn();
        e->set_competition_id(c->id);
        *e->mutable_order() = request.order();
        e->set_clause(pending.clause);
        return payload;
      }
      waiting.push_back(absl::StrJoin(pending.entrants, ", "));
    }
  }
  // Entrants the qualification ranking leaves sharing a place with no lot
  // in its chain (a matchpoint session, a chain without one): a lot decides
  // who qualifies (replay/match_scores/qualification_ranking.h).
  if (absl::StatusOr<QualifyingRanking> ranking =
          RankForQualification(state, request.tournament_id(), *c);
      ranking.ok()) {
    for (const LevelGroup& group : LevelGroups(*ranking)) {
      if (std::set<int>(group.entrants.begin(), group.entrants.end()) ==
          order) {
        v1::EventPayload payload;
        auto* e = payload.mutable_lot_drawn();
        e->set_competition_id(c->id);
        *e->mutable_order() = request.order();
        e->set_clause(!ranking->clause.empty() ? ranking->clause
                      : !c->profile.tie_breaks.tie_clause.empty()
                          ? c->profile.tie_breaks.tie_clause
                          : "a lot for qualification, no tie-break applying");
        return payload;
      }
      std::string text = absl::StrJoin(group.entrants, ", ");
      if (std::find(waiting.begin(), waiting.end(), text) == waiting.end()) {
        waiting.push_back(std::move(text));
      }
    }
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "entrants ", absl::StrJoin(request.order(), ", "),
      " are not a tie waiting for a lot; ",
      waiting.empty() ? "no tie is waiting for one"
                      : absl::StrCat("waiting: ", absl::StrJoin(waiting, "; "))));
}

absl::StatusOr<v1::EventPayload> DecideEnterMatchResult(
    const CompetitionState& c, const v1::EnterResultRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindRoundInPlay(c, request.session()));
  const bool three_way = IsThreeWayTable(round->draw, request.table());
  if (!three_way) TALLY_RETURN_IF_ERROR(CheckRoom(c, request.room()));
  const v1::DrawnMatch* match = MatchAt(*round, request.table());
  if (match == nullptr && !three_way) {
    return absl::NotFoundError(absl::StrCat("there is no match at table ",
                                            request.table(), " in ",
                                            RoundName(c, request.session())));
  }
  // A forfeit is declared on a two-way match only (W: a share or half-match
  // table has no DrawnMatch).
  if (match != nullptr) {
    TALLY_RETURN_IF_ERROR(CheckMatchToBePlayed(c, *round, *match));
  }
  if (!PlaysBoard(*round, request.board())) {
    return absl::NotFoundError(absl::StrCat(
        "board ", request.board(), " is not played in ",
        RoundName(c, request.session()), " (boards ",
        absl::StrJoin(round->draw.boards(), ","), ")"));
  }
  if (request.round() > 1) {
    return absl::FailedPreconditionError(
        "a drawn round is one match: give the round as the session");
  }
  TALLY_ASSIGN_OR_RETURN(int ns_score,
                         NorthSouthScoreOf(request.result(), request.board()));
  if (auto it = round->results.find(
          {request.board(), request.table(), request.room()});
      it != round->results.end()) {
    TALLY_RETURN_IF_ERROR(RefuseOverNotPlayed(it->second, "a result"));
    return absl::AlreadyExistsError(
        absl::StrCat("table ", request.table(), RoomName(request.room()),
                     " already has a result for board ", request.board(), " (",
                     DescribeResult(ToTableResult(it->second.result)), ", NS ",
                     it->second.ns_score, ", event ", it->second.sequence,
                     "); changing it is a correction"));
  }
  const bool closed = request.room() == v1::ROOM_CLOSED;
  TableSides sides;
  if (three_way) {  // SABF TR 14.1, NSW TR 12.7
    TALLY_ASSIGN_OR_RETURN(sides, ThreeWaySides(round->draw, request.table(),
                                                request.board(),
                                                request.room()));
  } else {
    sides = {closed ? match->away() : match->home(),
             closed ? match->home() : match->away()};
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_result_entered();
  e->set_competition_id(c.id);
  e->set_session(request.session());
  e->set_round(1);
  e->set_table(request.table());
  e->set_board(request.board());
  e->set_ns_pair(sides.ns);
  e->set_ew_pair(sides.ew);
  *e->mutable_result() = request.result();
  e->set_ns_score(ns_score);
  e->set_room(request.room());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideConfirmMatchResult(
    const CompetitionState& c, const v1::ConfirmResultRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindRoundInPlay(c, request.session()));
  if (IsThreeWayTable(round->draw, request.table())) {
    TALLY_RETURN_IF_ERROR(ThreeWaySides(round->draw, request.table(),
                                        request.board(), request.room())
                              .status());
  } else {
    TALLY_RETURN_IF_ERROR(CheckRoom(c, request.room()));
  }
  auto it =
      round->results.find({request.board(), request.table(), request.room()});
  if (it == round->results.end()) {
    return absl::NotFoundError(absl::StrCat(
        "table ", request.table(), RoomName(request.room()),
        " has no result for board ", request.board(), " to confirm"));
  }
  const EnteredResult& r = it->second;
  if (request.confirming_pair() != r.slot.ns_pair &&
      request.confirming_pair() != r.slot.ew_pair) {
    return absl::FailedPreconditionError(absl::StrCat(
        "entrant ", request.confirming_pair(), " did not play board ",
        request.board(), " at table ", request.table(), " (",
        r.slot.ns_pair, " and ", r.slot.ew_pair, " did)"));
  }
  if (r.confirmed) {
    return absl::AlreadyExistsError(
        absl::StrCat("board ", request.board(), " at table ", request.table(),
                     RoomName(request.room()), " is already confirmed"));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_result_confirmed();
  e->set_competition_id(c.id);
  e->set_session(request.session());
  e->set_table(request.table());
  e->set_board(request.board());
  e->set_confirming_pair(request.confirming_pair());
  e->set_room(request.room());
  return payload;
}

absl::StatusOr<v1::EventPayload> DecidePostRound(
    const CompetitionState& c, const v1::PostScoresRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindRoundInPlay(c, request.session()));
  std::vector<std::string> missing = MissingResults(c, *round);
  if (!missing.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot post ", RoundName(c, request.session()), ": ",
                     core::Counted(missing.size(), "result"),
                     " still missing, the first being ", missing.front()));
  }
  // A pairs round's board with every result in but too few scores for its
  // datum would be posted unscored (issue #16 defect 3).
  if (absl::Status datum = CheckEveryRoundBoardHasADatum(c, *round);
      !datum.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "cannot post ", RoundName(c, request.session()), ": ",
        datum.message()));
  }
  v1::EventPayload payload;
  auto* e = payload.mutable_scores_posted();
  e->set_competition_id(c.id);
  e->set_session(request.session());
  return payload;
}

}  // namespace tally::replay
