#include "replay/queries/match_queries.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "replay/draws/draw_maker.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/fouled_matches.h"
#include "replay/match_scores/match_standings.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/rulings/datum_view.h"
#include "replay/rulings/pending_appeals.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/tournament_replay.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

// VP figures are shown to the 2 places the scales publish them at (the ITC
// scale's 1 place is exact at 2).
v1::DecimalValue Vps(const core::Rational& r) {
  return ToProtoDecimal(
      core::Decimal::Round(r, 2, core::HalfRounding::kAwayFromZero));
}

core::TieBreakPurpose PurposeOf(v1::TieBreakPurpose purpose) {
  switch (purpose) {
    case v1::TIE_BREAK_PURPOSE_DRAW:
      return core::TieBreakPurpose::kDraw;
    case v1::TIE_BREAK_PURPOSE_QUALIFICATION:
      return core::TieBreakPurpose::kQualification;
    default:
      return core::TieBreakPurpose::kFinalPlacing;
  }
}

}  // namespace

absl::StatusOr<v1::DrawView> BuildDrawView(const State& state,
                                           const v1::GetDrawRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindDrawnRound(*c, request.round()));
  v1::DrawView view;
  *view.mutable_draw() = round->draw;
  view.set_sequence(round->draw_sequence);
  *view.mutable_actor() = round->draw_actor;
  return view;
}

absl::StatusOr<v1::MatchResults> BuildMatchResults(
    const State& state, const v1::GetMatchResultsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindDrawnRound(*c, request.round()));
  // Every round drawn: a forfeit shows the score that stands now.
  TALLY_ASSIGN_OR_RETURN(std::vector<ScoredRound> scored, ScoreRounds(*c, 0));
  const ScoredRound& this_round = scored[request.round() - 1];
  const core::RoundScore& score = this_round.score;
  v1::MatchResults out;
  out.set_round(round->number);
  *out.mutable_boards() = round->draw.boards();
  for (const core::MatchScore& m : score.matches) {
    v1::MatchResult* r = out.add_matches();
    r->set_table(m.table);
    r->set_home(m.home);
    r->set_away(m.away);
    r->set_boards_scored(m.boards_scored);
    r->set_complete(m.complete);
    *r->mutable_home_imps() = ToProtoFraction(m.home_imps);
    if (m.away_imps.has_value()) {
      *r->mutable_away_imps() = ToProtoFraction(*m.away_imps);
    }
    if (m.home_percentage.has_value()) {
      *r->mutable_home_percentage() = ToProtoDecimal(core::Decimal::Round(
          *m.home_percentage, 2, core::HalfRounding::kAwayFromZero));
    }
    if (m.away_percentage.has_value()) {
      *r->mutable_away_percentage() = ToProtoDecimal(core::Decimal::Round(
          *m.away_percentage, 2, core::HalfRounding::kAwayFromZero));
    }
    if (m.vps.has_value()) {
      *r->mutable_home_vps() = ToProtoDecimal(m.vps->vps);
      *r->mutable_away_vps() = ToProtoDecimal(m.vps->opponent_vps);
    }
    // NSW TR 13 (replay/rulings/pending_appeals.h).
    MatchAppealNote note = MatchAppealNoteOf(*c, round->number, score, m.table);
    *r->mutable_appeal_pending_boards() = {note.pending_boards.begin(),
                                           note.pending_boards.end()};
    r->set_provisional_reason(std::move(note.reason));
  }
  for (const core::BoardScore& b : score.boards) {
    if (!b.datum.has_value()) continue;
    v1::BoardDatum* d = out.add_datums();
    *d = BoardDatumView(*b.datum, static_cast<int>(b.ns_points.size()),
                        /*incomplete=*/false);
    d->set_board(b.board);
  }
  TALLY_RETURN_IF_ERROR(AddFouledNotes(*c, *round, out));
  for (const ForfeitOutcome& f :
       this_round.forfeits) {  // replay/match_scores/forfeits.h
    v1::MatchResult* r = out.add_matches();
    r->set_table(f.table);
    r->set_home(f.home);
    r->set_away(f.away);
    *r->mutable_home_imps() = ToProtoFraction(f.home_imps);
    if (f.away_imps.has_value()) {  // ANC SR 7.7: both non-offending
      *r->mutable_away_imps() = ToProtoFraction(*f.away_imps);
    }
    if (f.home_vps.has_value()) {
      *r->mutable_home_vps() = Vps(*f.home_vps);
      *r->mutable_away_vps() = Vps(*f.away_vps);
    }
    *r->mutable_forfeit() = ForfeitView(f);
  }
  if (!this_round.forfeits.empty()) {
    std::stable_sort(out.mutable_matches()->begin(),
                     out.mutable_matches()->end(),
                     [](const v1::MatchResult& a, const v1::MatchResult& b) {
                       return a.table() < b.table();
                     });
  }
  FillThreeWayResult(score, out);  // SABF TR 14.1, NSW TR 12.7
  if (score.bye.has_value()) {
    out.mutable_bye()->set_entrant(score.bye->entrant);
    *out.mutable_bye()->mutable_imps() = ToProtoFraction(score.bye->imps);
    if (score.bye->vps.has_value()) {
      *out.mutable_bye()->mutable_vps() = ToProtoDecimal(score.bye->vps->vps);
    }
  }
  out.set_as_of_sequence(state.last_sequence);
  return out;
}

absl::StatusOr<v1::MatchStandings> BuildMatchStandings(
    const State& state, const v1::GetMatchStandingsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  if (request.after_round() < 0 ||
      (request.after_round() > 0 && !c->rounds.contains(request.after_round()))) {
    return absl::NotFoundError(absl::StrCat("round ", request.after_round(),
                                            " of '", c->id, "' is not drawn"));
  }
  RankingOptions options;
  options.after_round = request.after_round();
  options.purpose = PurposeOf(request.purpose());
  // ANC SR 5.1: "the draw is determined by the scores excluding penalties":
  // the standings for a draw rank as the stored draw does
  // (replay/draws/draw_maker.cc), penalties left out where the profile says.
  options.exclude_penalties = options.purpose == core::TieBreakPurpose::kDraw &&
                              c->profile.penalties.draw_excludes_penalties;
  TALLY_ASSIGN_OR_RETURN(MatchRanking ranking, RankMatchEntrants(*c, options));
  v1::MatchStandings out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(c->id);
  out.set_after_round(request.after_round() > 0
                          ? request.after_round()
                          : static_cast<int>(c->rounds.size()));
  out.set_as_of_sequence(state.last_sequence);
  out.set_tie_break_clause(ranking.clause);
  for (const EntrantStanding& s : ranking.rows) {
    v1::MatchStandingsRow* row = out.add_rows();
    row->set_rank(s.placing.position);
    // A tie waiting for a lot holds one rank until the lot is recorded;
    // decided_by says the lot is due (NSW TR 11.2.1(f), ANC SR 12.2).
    row->set_tied(s.placing.decision == core::PlaceDecision::kShared ||
                  s.placing.decision == core::PlaceDecision::kOutcomeDue);
    row->set_entrant(s.entrant);
    if (auto it = c->team_names.find(s.entrant); it != c->team_names.end()) {
      row->set_name(it->second);
    }
    if (auto it = c->pairs.find(s.entrant); it != c->pairs.end()) {
      *row->mutable_players() = {it->second.begin(), it->second.end()};
    }
    *row->mutable_total() = Vps(s.total);
    *row->mutable_vps() = Vps(s.vps);
    *row->mutable_penalties() = Vps(s.penalties);
    *row->mutable_carry_over() = Vps(s.carry_over);
    *row->mutable_net_imps() = ToProtoFraction(s.net_imps);
    row->set_matches(s.matches);
    row->set_decided_by(core::PlaceDecisionText(s.placing));
    row->set_clause(s.placing.clause);
    for (const ForfeitOutcome& f : ranking.forfeits) {
      if (f.home == s.entrant || f.away == s.entrant) {
        *row->add_forfeits() = ForfeitView(f);
      }
    }
    if (auto w = c->withdrawals.find(s.entrant); w != c->withdrawals.end()) {
      row->set_withdrawn_after_round(w->second.after_round());
    }
  }
  // A row tied with the one below it shares its rank too.
  for (int i = 0; i + 1 < out.rows_size(); ++i) {
    if (out.rows(i + 1).tied()) out.mutable_rows(i)->set_tied(true);
  }
  return out;
}

absl::StatusOr<v1::EntrantRecord> BuildEntrantRecord(
    const State& state, const v1::GetEntrantRecordRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  auto entrant = c->pairs.find(request.entrant());
  if (entrant == c->pairs.end()) {
    return absl::NotFoundError(absl::StrCat(
        "entrant ", request.entrant(), " is not registered in '", c->id, "'"));
  }
  TALLY_ASSIGN_OR_RETURN(std::vector<ScoredRound> rounds, ScoreRounds(*c, 0));
  v1::EntrantRecord out;
  out.set_entrant(request.entrant());
  if (auto it = c->team_names.find(request.entrant());
      it != c->team_names.end()) {
    out.set_name(it->second);
  }
  *out.mutable_players() = {entrant->second.begin(), entrant->second.end()};
  core::Rational total;
  for (const ScoredRound& r : rounds) {
    for (const core::MatchScore& m : r.score.matches) {
      const bool home = m.home == request.entrant();
      if (!home && m.away != request.entrant()) continue;
      v1::EntrantRound* row = out.add_rounds();
      row->set_round(r.round->number);
      row->set_table(m.table);
      row->set_home(home);
      row->set_opponent(home ? m.away : m.home);
      row->set_complete(m.complete);
      *row->mutable_imps() = ToProtoFraction(
          home ? m.home_imps : m.away_imps.value_or(-m.home_imps));
      if (m.vps.has_value()) {
        const core::Decimal& vps = home ? m.vps->vps : m.vps->opponent_vps;
        *row->mutable_vps() = ToProtoDecimal(vps);
        total += vps.ToRational();
      }
    }
    AddThreeWayRound(r.score, r.round->number, request.entrant(), out, total);
    if (r.score.bye.has_value() && r.score.bye->entrant == request.entrant()) {
      v1::EntrantRound* row = out.add_rounds();
      row->set_round(r.round->number);
      row->set_complete(true);
      *row->mutable_imps() = ToProtoFraction(r.score.bye->imps);
      if (r.score.bye->vps.has_value()) {
        *row->mutable_vps() = ToProtoDecimal(r.score.bye->vps->vps);
        total += r.score.bye->vps->vps.ToRational();
      }
    }
    for (const ForfeitOutcome& f :
         r.forfeits) {  // replay/match_scores/forfeits.h
      const bool home = f.home == request.entrant();
      if (!home && f.away != request.entrant()) continue;
      v1::EntrantRound* row = out.add_rounds();
      row->set_round(r.round->number);
      row->set_table(f.table);
      row->set_home(home);
      row->set_opponent(home ? f.away : f.home);
      row->set_complete(f.home_vps.has_value());
      *row->mutable_imps() = ToProtoFraction(home ? f.home_imps : f.away_imps.value_or(-f.home_imps));
      if (f.home_vps.has_value()) {
        const core::Rational& vps = home ? *f.home_vps : *f.away_vps;
        *row->mutable_vps() = Vps(vps);
        total += vps;
      }
      *row->mutable_forfeit() = ForfeitView(f);
    }
  }
  if (auto w = c->withdrawals.find(request.entrant());
      w != c->withdrawals.end()) {
    out.set_withdrawn_after_round(w->second.after_round());
  }
  for (const PenaltyRecord& p : c->penalties) {
    if (p.penalty.entrant() != request.entrant()) continue;
    *out.add_penalties() = p.penalty;
    total -= core::Decimal(p.penalty.vps().units(), p.penalty.vps().places())
                 .ToRational();
  }
  *out.mutable_total() = Vps(total);
  return out;
}

absl::StatusOr<v1::DrawCheck> CheckDraw(const EventStore& store,
                                        const State& state,
                                        const v1::CheckDrawRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindMatchCompetition(state, request.tournament_id(),
                           request.competition_id()));
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindDrawnRound(*c, request.round()));
  TALLY_ASSIGN_OR_RETURN(
      State before, ReplayTournament(store, state, request.tournament_id(),
                                     round->draw_sequence - 1));
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* then,
      FindMatchCompetition(before, request.tournament_id(),
                           request.competition_id()));
  const v1::DrawMade& stored = round->draw;
  DrawOrder order;
  order.round = stored.round();
  order.seed = stored.seed();
  order.first_board = stored.boards().empty() ? 0 : stored.boards(0);
  if (stored.method() == "explicit") {
    order.matches.assign(stored.matches().begin(), stored.matches().end());
    order.bye = stored.bye();
    // A share match recorded from a file (SABF TR 14.1), seated as stored.
    order.share = stored.share();
  }
  // ANC SR 10.5: the CTD's order is a decision stored with the draw.
  order.ctd_round_order.assign(stored.ctd_round_order().begin(),
                               stored.ctd_round_order().end());
  v1::DrawCheck out;
  out.set_draw_sequence(round->draw_sequence);
  *out.mutable_stored() = stored;
  absl::StatusOr<v1::DrawMade> recomputed = ComputeDraw(*then, order);
  if (!recomputed.ok()) {
    out.add_differences(absl::StrCat("the draw cannot be recomputed: ",
                                     recomputed.status().message()));
    return out;
  }
  recomputed->set_trigger(stored.trigger());
  *out.mutable_recomputed() = *recomputed;
  for (std::string& d : DrawDifferences(stored, *recomputed)) {
    out.add_differences(std::move(d));
  }
  out.set_agrees(out.differences().empty());
  return out;
}

}  // namespace tally::replay
