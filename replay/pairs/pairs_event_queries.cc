#include "replay/pairs/pairs_event_queries.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/pairs_event/competition_aggregate.h"
#include "core/pairs_event/state_pairs.h"
#include "core/tiebreak/chains.h"
#include "replay/butler/butler_queries.h"
#include "replay/pairs/session_scores.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

std::string AttendanceId(core::SessionAttendance a) {
  switch (a) {
    case core::SessionAttendance::kPlayed:
      return "played";
    case core::SessionAttendance::kSubstitute:
      return "substitute";
    case core::SessionAttendance::kRepresentativeSubstitute:
      return "representative_substitute";
    case core::SessionAttendance::kAbsent:
      return "absent";
    case core::SessionAttendance::kAbsentRepresentative:
      return "absent_representative";
    case core::SessionAttendance::kAbsentOtherNationalChampionship:
      return "absent_other_national_championship";
    case core::SessionAttendance::kNationalPlayoffsSubstitute:
      return "national_playoffs_substitute";
  }
  return "";
}

core::SessionAttendance AttendanceOf(const v1::EventPayload& record) {
  if (record.has_substitute_recorded()) {
    switch (record.substitute_recorded().reason()) {
      case v1::SUBSTITUTE_REASON_REPRESENTATIVE:
        return core::SessionAttendance::kRepresentativeSubstitute;
      case v1::SUBSTITUTE_REASON_NATIONAL_PLAYOFFS:
        return core::SessionAttendance::kNationalPlayoffsSubstitute;
      default:
        return core::SessionAttendance::kSubstitute;
    }
  }
  switch (record.pair_absent().reason()) {
    case v1::ABSENCE_REASON_REPRESENTATIVE:
      return core::SessionAttendance::kAbsentRepresentative;
    case v1::ABSENCE_REASON_OTHER_NATIONAL_CHAMPIONSHIP:
      return core::SessionAttendance::kAbsentOtherNationalChampionship;
    default:
      return core::SessionAttendance::kAbsent;
  }
}

std::string CombinationText(core::SessionCombination c) {
  switch (c) {
    case core::SessionCombination::kSabfTr11:
      return "SABF TR 11.3-11.6";
    case core::SessionCombination::kTotalPercentages:
      return "total of session percentages";
    case core::SessionCombination::kSabfTr18_1Qualifying:
      return "SABF TR 18.1.1 (average of the qualifying rounds)";
    case core::SessionCombination::kSabfTr18_1Final:
      return "SABF TR 18.1.2 (carry-over plus the final's rounds)";
  }
  return "";
}

// The profile's final-placing chain (none: equal aggregates share).
absl::StatusOr<core::TieBreakChainSpec> FinalPlacingChain(
    const core::RegulationProfile& profile) {
  std::vector<std::string> criteria;
  std::string clause = profile.tie_breaks.tie_clause;
  for (const core::TieBreakChain& chain : profile.tie_breaks.chains) {
    if (chain.purpose == core::TieBreakPurpose::kFinalPlacing) {
      criteria = chain.criteria;
      clause = chain.clause;
    }
  }
  return core::ChainSpecFromCriteria(criteria, clause,
                                     profile.tie_breaks.tie_within);
}

}  // namespace

core::SessionCombination SessionCombinationOf(
    const core::RegulationProfile& profile) {
  const std::string& id = profile.session_combination;
  if (id == "sabf_tr_18_1_qualifying") {
    return core::SessionCombination::kSabfTr18_1Qualifying;
  }
  if (id == "sabf_tr_18_1_final") {
    return core::SessionCombination::kSabfTr18_1Final;
  }
  if (id == "sabf_tr_11") return core::SessionCombination::kSabfTr11;
  if (id == "total_percentages") {
    return core::SessionCombination::kTotalPercentages;
  }
  return profile.source.document == "SABF TR"
             ? core::SessionCombination::kSabfTr11
             : core::SessionCombination::kTotalPercentages;
}

absl::StatusOr<v1::CompetitionStandings> BuildCompetitionStandings(
    const State& state, const v1::GetCompetitionStandingsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindCompetition(state, request.tournament_id(), request.competition_id()));
  if (c->kind == v1::COMPETITION_KIND_BUTLER_PAIRS) {
    return BuildButlerCompetitionStandings(state, *c, request);
  }
  if (c->kind != v1::COMPETITION_KIND_MATCHPOINT_PAIRS) {
    return absl::FailedPreconditionError(absl::StrCat(
        "competition ", c->id,
        " is not a matchpoint pairs competition; ask GetMatchStandings"));
  }
  const core::SessionCombination combination = SessionCombinationOf(c->profile);

  v1::CompetitionStandings out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(c->id);
  out.set_as_of_sequence(state.last_sequence);
  out.set_combination(CombinationText(combination));
  // SABF TR 18.1.2: each finalist's carry-over from the qualifying.
  std::map<int, core::Rational> carry_overs;
  if (c->qualification.has_value()) {
    for (const v1::QualifiedEntrant& q : c->qualification->entrants()) {
      const v1::Fraction& f = q.carry_over();
      if (f.denominator() != 0) {
        carry_overs[q.entrant()] =
            core::Rational(f.numerator(), f.denominator());
      }
    }
  }

  std::map<int, std::vector<core::PairSessionInput>> inputs;
  std::map<int, core::TieBreakEntrant> extra;
  for (const auto& [number, session] : c->sessions) {
    if (session.phase != SessionPhase::kPosted) continue;
    out.add_sessions_counted(number);
    SessionScores scores = ScoreSessionForProfile(session, c->profile);
    const int rounds = session.movement.rounds_size();
    for (const auto& [pair, players] : c->pairs) {
      core::PairSessionInput in;
      in.session = number;
      in.rounds = rounds;
      auto total = scores.pairs.find(pair);
      bool played = total != scores.pairs.end() && total->second.boards_played > 0;
      if (played) in.percentage = total->second.ranking_percentage;
      auto record = c->attendance.find({number, pair});
      // An absence recorded before the pair turned up and played is
      // overtaken by its results (decide refuses one after them).
      bool absence_overtaken = record != c->attendance.end() &&
                               record->second.has_pair_absent() && played;
      if (record != c->attendance.end() && !absence_overtaken) {
        in.attendance = AttendanceOf(record->second);
      } else {
        in.attendance = played ? core::SessionAttendance::kPlayed
                               : core::SessionAttendance::kAbsent;
      }
      if ((in.attendance == core::SessionAttendance::kSubstitute ||
           in.attendance ==
               core::SessionAttendance::kRepresentativeSubstitute) &&
          !played) {
        // A substitute recorded for a pair with no result: nothing gained.
        in.attendance = core::SessionAttendance::kAbsent;
      }
      inputs[pair].push_back(in);
    }
    // Tie-break data (NSW TR 11.2.4): boards and rounds of every pair.
    std::map<std::pair<int, int>, core::TieBreakMatch> rounds_of;
    for (const auto& [board, scored] : scores.boards) {
      for (const ScoredResult& r : scored.results) {
        const TableSlot& slot = r.result->slot;
        for (bool ns : {true, false}) {
          int pair = ns ? slot.ns_pair : slot.ew_pair;
          core::TieBreakBoard b;
          b.session = number;
          b.board = board;
          b.direction = ns ? core::BoardDirection::kNorthSouth
                           : core::BoardDirection::kEastWest;
          b.score = ns ? r.result->ns_score : -r.result->ns_score;
          b.matchpoints = ns ? r.ns_matchpoints : r.ew_matchpoints;
          b.top = core::Rational(scored.top);
          extra[pair].boards.push_back(b);
          core::TieBreakMatch& m = rounds_of[{pair, slot.round}];
          m.round = number * 1000 + slot.round;
          m.opponent = absl::StrCat(ns ? slot.ew_pair : slot.ns_pair);
          m.score += b.matchpoints;
          m.opponent_score = m.opponent_score.value_or(core::Rational(0)) +
                             (ns ? r.ew_matchpoints : r.ns_matchpoints);
        }
      }
    }
    for (auto& [key, match] : rounds_of) {
      extra[key.first].matches.push_back(std::move(match));
    }
  }

  // SABF TR 11.10 "Mis-scoring: 1% deducted from the final score": the
  // offence register's percentage points, exact, off the aggregate the pair
  // is ranked on (displayed rounded as every aggregate is).
  std::map<int, core::Rational> deducted;
  for (const OffenceDeduction& d : c->final_score_deductions) {
    const v1::Fraction& f = d.offence.percentage_points();
    if (f.denominator() == 0) continue;
    deducted[d.offence.entrant()] +=
        core::Rational(f.numerator(), f.denominator());
  }

  std::vector<core::PairAggregate> aggregates;
  for (const auto& [pair, sessions] : inputs) {
    absl::StatusOr<core::PairAggregate> a =
        combination == core::SessionCombination::kSabfTr18_1Final
            ? core::AggregateStatePairsFinal(
                  absl::StrCat(pair), sessions,
                  carry_overs.contains(pair) ? carry_overs.at(pair)
                                             : core::Rational(0))
            : core::AggregatePair(absl::StrCat(pair), sessions, combination);
    TALLY_RETURN_IF_ERROR(a.status());
    if (auto d = deducted.find(pair); d != deducted.end()) {
      a->aggregate -= d->second;
    }
    aggregates.push_back(*std::move(a));
  }
  // The board and round data serve the NSW TR 11.2.4 criteria; SABF TR
  // 11.7 reads only the sessions, and ineligible pairs (not ranked) may be
  // opponents in it, so it is passed only where every pair is ranked.
  std::vector<core::TieBreakEntrant> extra_data;
  if (combination != core::SessionCombination::kTotalPercentages) {
    extra.clear();
  }
  for (auto& [pair, e] : extra) {
    e.id = absl::StrCat(pair);
    extra_data.push_back(std::move(e));
  }
  TALLY_ASSIGN_OR_RETURN(core::TieBreakChainSpec chain,
                         FinalPlacingChain(c->profile));
  TALLY_ASSIGN_OR_RETURN(
      core::CompetitionRanking ranking,
      core::RankCompetition(chain, aggregates, extra_data));

  for (const core::CompetitionPlacing& placing : ranking.placings) {
    const core::PairAggregate& a = placing.pair;
    int pair = 0;
    (void)absl::SimpleAtoi(a.id, &pair);
    v1::CompetitionStandingsRow* row = out.add_rows();
    row->set_position(placing.position);
    row->set_tied(placing.tied);
    row->set_pair(pair);
    for (const std::string& p : c->pairs.at(pair)) row->add_players(p);
    *row->mutable_aggregate() = ToProtoFraction(a.aggregate);
    *row->mutable_aggregate_display() = ToProtoDecimal(core::Decimal::Round(
        a.aggregate, 2, core::HalfRounding::kAwayFromZero));
    row->set_eligible(a.eligible);
    row->set_rounds_required(a.rounds_required);
    row->set_rounds_with_substitutes(a.rounds_with_substitutes);
    row->set_rounds_own(a.rounds_own);
    row->set_rounds_needed(a.rounds_needed);
    if (a.own_average.has_value()) {
      *row->mutable_own_average() = ToProtoFraction(*a.own_average);
    }
    if (a.carry_over.has_value()) {
      *row->mutable_carry_over() = ToProtoFraction(*a.carry_over);
    }
    row->set_ineligible_reason(a.ineligible_reason);
    if (auto d = deducted.find(pair); d != deducted.end()) {
      *row->mutable_percentage_points_deducted() = ToProtoFraction(d->second);
    }
    if (placing.decision == core::PlaceDecision::kTieBreak) {
      row->set_decided_by(placing.criterion);
      row->set_decided_by_clause(placing.clause);
    }
    for (const core::SessionFigure& f : a.sessions) {
      v1::CompetitionSessionFigure* fig = row->add_sessions();
      fig->set_session(f.session);
      fig->set_attendance(AttendanceId(f.attendance));
      if (f.gained.has_value()) {
        *fig->mutable_gained() = ToProtoDecimal(core::Decimal::Round(
            *f.gained, 2, core::HalfRounding::kAwayFromZero));
      }
      *fig->mutable_counted() = ToProtoFraction(f.counted);
      *fig->mutable_counted_display() = ToProtoDecimal(core::Decimal::Round(
          f.counted, 2, core::HalfRounding::kAwayFromZero));
      fig->set_clause(f.clause);
      auto record = c->attendance.find({f.session, pair});
      if (record != c->attendance.end() &&
          record->second.has_substitute_recorded()) {
        fig->set_substitute(record->second.substitute_recorded().substitute());
      }
    }
  }
  return out;
}

}  // namespace tally::replay
