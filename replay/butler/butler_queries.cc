#include "replay/butler/butler_queries.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/scoring/board.h"
#include "replay/butler/butler_ranking.h"
#include "replay/butler/butler_session.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/rulings/datum_view.h"
#include "replay/rulings/pending_appeals.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"
#include "replay/state/session_sections.h"

namespace tally::replay {
namespace {

constexpr char kImpsVsDatum[] = "imps_vs_datum";
constexpr char kCrossImps[] = "cross_imps";

const char* ScoringName(bool cross_imps) {
  return cross_imps ? kCrossImps : kImpsVsDatum;
}

// The fields a session or competition is ranked in: NS and EW, or the one
// field of a Howell (profile butler_movement.one_field).
std::vector<const char*> FieldNames(bool one_field) {
  if (one_field) return {kOneField};
  return {kNorthSouthField, kEastWestField};
}

std::vector<std::string> Players(const CompetitionState& c, int pair) {
  auto it = c.pairs.find(pair);
  return it == c.pairs.end() ? std::vector<std::string>() : it->second;
}

// VPs to the 2 places the ABF scales publish (sums of them are exact).
v1::DecimalValue Vps(const core::Rational& r) {
  return ToProtoDecimal(
      core::Decimal::Round(r, 2, core::HalfRounding::kAwayFromZero));
}

// Net IMPs: whole numbers, shown without places.
v1::DecimalValue Imps(const core::Rational& r) {
  return ToProtoDecimal(core::Decimal::Round(
      r, r.is_integer() ? 0 : 2, core::HalfRounding::kAwayFromZero));
}

// "not in datum" for a score the datum left out entirely (an adjusted
// table, Law 12C2), not merely trimmed.
std::string RoleName(std::optional<core::ScoreRole> role) {
  if (!role.has_value()) return "not in datum";
  switch (*role) {
    case core::ScoreRole::kUsed:
      return "used";
    case core::ScoreRole::kDroppedHigh:
      return "dropped high";
    case core::ScoreRole::kDroppedLow:
      return "dropped low";
    case core::ScoreRole::kNotInTopTables:
      return "not in the top tables";
    case core::ScoreRole::kPendingAppeal:
      return "pending appeal";
    case core::ScoreRole::kAppealDecided:
      return std::string(core::ScoreRoleText(*role));
  }
  return "";
}

struct ScoredButlerSession {
  const SessionState* session = nullptr;
  ButlerSessionScores scores;
};

absl::StatusOr<ScoredButlerSession> Score(const State& state,
                                          const CompetitionState& c,
                                          const std::string& tournament_id,
                                          int session) {
  TALLY_ASSIGN_OR_RETURN(const SessionState* s,
                         FindSession(state, tournament_id, c.id, session));
  TALLY_ASSIGN_OR_RETURN(ButlerSessionScores scores,
                         ScoreButlerSession(c, *s));
  return ScoredButlerSession{s, std::move(scores)};
}

// What a session's pairs are ranked on: VPs (16.10) or net IMPs (16.4).
core::Rational RankingKey(const ButlerSessionScores& scores,
                          const ButlerPairTotal& t) {
  return scores.ranks_on_vps ? t.vps : t.net_imps;
}

// A pair's place in a ranking: its rank and whether it shares it.
struct ButlerPlace {
  const ButlerPairTotal* total = nullptr;
  int rank = 0;
  bool tied = false;
};

// `totals` ranked best first, equal figures sharing the rank, then by pair
// number (the order given, pairs ascending).
std::vector<ButlerPlace> RankTotals(
    const ButlerSessionScores& scores,
    std::vector<const ButlerPairTotal*> totals) {
  auto key = [&](const ButlerPairTotal* t) { return RankingKey(scores, *t); };
  std::stable_sort(totals.begin(), totals.end(),
                   [&](const ButlerPairTotal* a, const ButlerPairTotal* b) {
                     return key(a) > key(b);
                   });
  std::vector<ButlerPlace> places;
  for (size_t i = 0; i < totals.size(); ++i) {
    size_t first = i;
    while (first > 0 && key(totals[first - 1]) == key(totals[i])) --first;
    places.push_back(
        {totals[i], static_cast<int>(first) + 1,
         (i > 0 && key(totals[i - 1]) == key(totals[i])) ||
             (i + 1 < totals.size() && key(totals[i + 1]) == key(totals[i]))});
  }
  return places;
}

// The pairs of field `name` ("NS", "EW" or "ALL"), of `section` when it is
// not "" (a session in sections), in pair order.
std::vector<const ButlerPairTotal*> FieldTotals(
    const ButlerSessionScores& scores, const std::string& name,
    const SessionSections& sections, const std::string& section) {
  std::vector<const ButlerPairTotal*> totals;
  for (const auto& [pair, total] : scores.pairs) {
    if (!section.empty() && sections.OfPair(pair) != section) continue;
    if (name == kOneField ||
        total.north_south == (name == kNorthSouthField)) {
      totals.push_back(&total);
    }
  }
  return totals;
}

// Fills `field` with its ranked pairs; in sections each row names its
// section and its number there ("B3").
void FillField(const CompetitionState& c, const ButlerSessionScores& scores,
               const std::vector<ButlerPlace>& places,
               const SessionSections& sections, v1::StandingsField& field) {
  for (const ButlerPlace& place : places) {
    const ButlerPairTotal& t = *place.total;
    v1::StandingsRow* row = field.add_rows();
    row->set_rank(place.rank);
    row->set_tied(place.tied);
    row->set_pair(t.pair);
    if (!sections.empty()) {
      row->set_section(sections.OfPair(t.pair));
      row->set_section_pair(sections.PairLabel(t.pair));
    }
    for (const std::string& p : Players(c, t.pair)) row->add_players(p);
    row->set_boards_played(t.boards_played);
    *row->mutable_net_imps() = ToProtoFraction(t.net_imps);
    if (scores.ranks_on_vps) *row->mutable_vps() = Vps(t.vps);
    row->set_matches(t.matches);
    row->set_matches_complete(t.matches_complete);
    row->set_provisional(t.provisional);
  }
}

// Whether every section's movement plays the same number of boards: IMP
// totals (or VPs) over different numbers of boards have no common scale
// (unlike a matchpoint percentage), so only then is an overall rank given.
bool SectionsPlayAsManyBoards(const SessionState& session,
                              const SessionSections& sections) {
  std::map<std::string, std::set<int>> boards;
  for (const auto& [table_board, slot] : session.slots) {
    boards[sections.OfTable(table_board.first)].insert(table_board.second);
  }
  std::optional<size_t> count;
  for (const core::MovementSection& section : sections.all()) {
    const size_t n = boards[section.name].size();
    if (count.has_value() && *count != n) return false;
    count = n;
  }
  return true;
}

}  // namespace

const CompetitionState* FindButlerCompetition(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id) {
  absl::StatusOr<const CompetitionState*> c =
      FindCompetition(state, tournament_id, competition_id);
  return c.ok() && (*c)->kind == v1::COMPETITION_KIND_BUTLER_PAIRS ? *c
                                                                   : nullptr;
}

absl::StatusOr<v1::Standings> BuildButlerStandings(
    const State& state, const CompetitionState& c,
    const v1::GetStandingsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      ScoredButlerSession scored,
      Score(state, c, request.tournament_id(), request.session()));
  const ButlerSessionScores& scores = scored.scores;
  v1::Standings out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(request.competition_id());
  out.set_session(request.session());
  out.set_as_of_sequence(state.last_sequence);
  out.set_results_entered(static_cast<int>(scored.session->results.size()));
  out.set_results_expected(static_cast<int>(scored.session->slots.size()));
  out.set_scoring(ScoringName(scores.cross_imps));
  out.set_ranked_on(scores.ranks_on_vps ? "vps" : "net_imps");
  out.set_provisional(scores.provisional);
  const SessionSections sections(*scored.session);
  if (sections.empty()) {
    for (const char* name : FieldNames(scores.one_field)) {
      v1::StandingsField* field = out.add_fields();
      field->set_name(name);
      FillField(c, scores,
                RankTotals(scores, FieldTotals(scores, name, sections, "")),
                sections, *field);
    }
    return out;
  }
  // In sections: one ranking per section and field ("A NS", "B EW"), as a
  // matchpoint session in sections has, and each pair's overall rank over
  // every section's pairs of its field on the same figure (net IMPs or
  // VPs), given only where the sections play as many boards.
  std::map<std::string, std::vector<const ButlerPairTotal*>> across;
  for (const core::MovementSection& section : sections.all()) {
    for (const char* name : FieldNames(scores.one_field)) {
      std::vector<const ButlerPairTotal*> totals =
          FieldTotals(scores, name, sections, section.name);
      v1::StandingsField* field = out.add_fields();
      field->set_name(absl::StrCat(section.name, " ", name));
      FillField(c, scores, RankTotals(scores, totals), sections, *field);
      std::vector<const ButlerPairTotal*>& all = across[name];
      all.insert(all.end(), totals.begin(), totals.end());
    }
  }
  if (!SectionsPlayAsManyBoards(*scored.session, sections)) return out;
  std::map<int, ButlerPlace> overall;
  for (auto& [name, totals] : across) {
    std::sort(totals.begin(), totals.end(),
              [](const ButlerPairTotal* a, const ButlerPairTotal* b) {
                return a->pair < b->pair;
              });
    for (const ButlerPlace& place : RankTotals(scores, totals)) {
      overall[place.total->pair] = place;
    }
  }
  for (v1::StandingsField& field : *out.mutable_fields()) {
    for (v1::StandingsRow& row : *field.mutable_rows()) {
      row.set_overall_rank(overall.at(row.pair()).rank);
      row.set_overall_tied(overall.at(row.pair()).tied);
    }
  }
  return out;
}

absl::StatusOr<v1::Traveller> BuildButlerTraveller(
    const State& state, const CompetitionState& c,
    const v1::GetTravellerRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      ScoredButlerSession scored,
      Score(state, c, request.tournament_id(), request.session()));
  auto it = scored.scores.boards.find(request.board());
  if (it == scored.scores.boards.end()) {
    return absl::NotFoundError(absl::StrCat("board ", request.board(),
                                            " is not played in session ",
                                            request.session()));
  }
  const ButlerBoard& board = it->second;
  TALLY_ASSIGN_OR_RETURN(core::BoardConditions conditions,
                         core::ConditionsForBoard(request.board()));
  v1::Traveller out;
  out.set_board(request.board());
  out.set_dealer(ToProtoSeat(conditions.dealer));
  out.set_vulnerability(ToProtoVulnerability(conditions.vulnerability));
  out.set_times_expected(board.times_expected);
  out.set_scoring(ScoringName(scored.scores.cross_imps));
  if (board.datum.has_value()) *out.mutable_datum() = BoardDatumView(
        *board.datum, static_cast<int>(board.lines.size()), !board.complete);
  // Within sections each section's datum, over its own tables.
  for (const ButlerSectionBoard& s : board.sections) {
    if (!s.datum.has_value()) continue;
    const int results_in = static_cast<int>(std::count_if(
        board.lines.begin(), board.lines.end(),
        [&](const ButlerLine& l) { return l.section == s.section; }));
    v1::BoardDatum* datum = out.add_section_datums();
    *datum = BoardDatumView(*s.datum, results_in, !s.complete);
    datum->set_section(s.section);
  }
  const SessionSections sections(*scored.session);
  for (const ButlerLine& l : board.lines) {
    v1::TravellerLine* line = out.add_lines();
    line->set_round(l.result->slot.round);
    line->set_table(l.result->slot.table);
    line->set_ns_pair(l.result->slot.ns_pair);
    line->set_ew_pair(l.result->slot.ew_pair);
    if (!sections.empty()) {
      line->set_section(sections.OfTable(l.result->slot.table));
      line->set_section_table(sections.TableLabel(l.result->slot.table));
      line->set_section_ns_pair(sections.PairLabel(l.result->slot.ns_pair));
      line->set_section_ew_pair(sections.PairLabel(l.result->slot.ew_pair));
    }
    ToTableResult(l.result->result, *line->mutable_result());
    line->set_ns_score(l.result->ns_score);
    line->set_sequence(l.result->sequence);
    line->set_confirmed(l.result->confirmed);
    if (l.ns_imps.has_value()) {
      line->set_ns_imps(*l.ns_imps);
      line->set_datum_role(RoleName(l.role));
    }
    line->set_pending_appeal(l.pending_appeal);
    line->set_fouled(l.fouled);
    if (l.adjusted != nullptr) *line->mutable_adjusted() = *l.adjusted;
    if (l.fouled && l.ns_imps.has_value() && board.fouled.has_value() &&
        board.fouled->scored && !board.fouled->datum.has_value()) {
      line->set_datum_role("not in datum");  // 2 IMPs to both sides
    }
    if (l.ew_imps.has_value()) line->set_ew_imps(*l.ew_imps);
    if (l.ns_cross_imps.has_value()) {
      *line->mutable_ns_cross_imps() = ToProtoFraction(*l.ns_cross_imps);
      *line->mutable_ew_cross_imps() =
          ToProtoFraction(l.ew_cross_imps.value_or(-*l.ns_cross_imps));
    }
  }
  if (board.fouled.has_value()) {
    const int fouled_in = static_cast<int>(
        std::count_if(board.lines.begin(), board.lines.end(),
                      [](const ButlerLine& l) { return l.fouled; }));
    *out.mutable_fouled() = FouledNoteToProto(*board.fouled, fouled_in);
  }
  return out;
}

absl::StatusOr<v1::Scorecard> BuildButlerScorecard(
    const State& state, const CompetitionState& c,
    const v1::GetScorecardRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      ScoredButlerSession scored,
      Score(state, c, request.tournament_id(), request.session()));
  const ButlerSessionScores& scores = scored.scores;
  auto total = scores.pairs.find(request.pair());
  if (total == scores.pairs.end()) {
    return absl::NotFoundError(absl::StrCat("pair ", request.pair(),
                                            " does not play in session ",
                                            request.session()));
  }
  v1::Scorecard out;
  out.set_pair(request.pair());
  for (const std::string& p : Players(c, request.pair())) out.add_players(p);
  out.set_scoring(ScoringName(scores.cross_imps));
  for (const ButlerMatch& m : scores.matches) {
    const bool north_south = m.ns_pair == request.pair();
    if (!north_south && m.ew_pair != request.pair()) continue;
    for (int number : m.boards) {
      const ButlerBoard& board = scores.boards.at(number);
      v1::ScorecardLine* line = out.add_lines();
      line->set_round(m.round);
      line->set_table(m.table);
      line->set_board(number);
      line->set_direction(north_south ? v1::SEAT_NORTH : v1::SEAT_EAST);
      line->set_opponents(north_south ? m.ew_pair : m.ns_pair);
      for (const ButlerLine& l : board.lines) {
        if (l.result->slot.table != m.table) continue;
        // The seat on this board: an arrow switch (one field) turns it.
        const bool ns_here = l.result->slot.ns_pair == request.pair();
        const int here = ns_here ? 1 : -1;
        line->set_direction(ns_here ? v1::SEAT_NORTH : v1::SEAT_EAST);
        line->set_played(true);
        ToTableResult(l.result->result, *line->mutable_result());
        line->set_score(here * l.result->ns_score);
        if (l.ns_cross_imps.has_value()) {
          *line->mutable_cross_imps() = ToProtoFraction(
              ns_here ? *l.ns_cross_imps
                      : l.ew_cross_imps.value_or(-*l.ns_cross_imps));
        }
        const std::optional<core::DatumResult>& datum = board.DatumOf(l);
        if (l.ns_imps.has_value()) line->set_imps(here * *l.ns_imps);
        if (l.ns_imps.has_value() && datum.has_value()) {
          line->set_datum(datum->datum);
          line->set_datum_provisional(!board.CompleteFor(l) ||
                                      datum->provisional);
        }
      }
    }
    v1::ScorecardMatch* match = out.add_matches();
    match->set_round(m.round);
    match->set_table(m.table);
    match->set_direction(north_south ? v1::SEAT_NORTH : v1::SEAT_EAST);
    match->set_opponents(north_south ? m.ew_pair : m.ns_pair);
    match->set_boards(static_cast<int>(m.boards.size()));
    match->set_boards_final(m.boards_final);
    match->set_complete(m.complete);
    match->set_provisional(m.provisional);
    *match->mutable_imps() = ToProtoFraction(north_south ? m.ns_imps
                                                         : -m.ns_imps);
    if (m.vps.has_value()) {
      const core::Decimal& own = north_south ? m.vps->vps : m.vps->opponent_vps;
      const core::Decimal& other =
          north_south ? m.vps->opponent_vps : m.vps->vps;
      *match->mutable_vps() = ToProtoDecimal(own);
      *match->mutable_opponent_vps() = ToProtoDecimal(other);
    }
  }
  *out.mutable_net_imps() = ToProtoFraction(total->second.net_imps);
  if (scores.ranks_on_vps) *out.mutable_vps() = Vps(total->second.vps);
  out.set_provisional(total->second.provisional);
  return out;
}

absl::StatusOr<v1::CompetitionStandings> BuildButlerCompetitionStandings(
    const State& state, const CompetitionState& c,
    const v1::GetCompetitionStandingsRequest& request) {
  if (request.after_session() < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "after session ", request.after_session(), " is not a session"));
  }
  ButlerRankingOptions options;
  options.after_session = request.after_session();
  switch (request.purpose()) {
    case v1::TIE_BREAK_PURPOSE_DRAW:
      options.purpose = core::TieBreakPurpose::kDraw;
      break;
    case v1::TIE_BREAK_PURPOSE_FINAL_PLACING:
      options.purpose = core::TieBreakPurpose::kFinalPlacing;
      break;
    default:
      options.purpose = core::TieBreakPurpose::kQualification;
      break;
  }
  TALLY_ASSIGN_OR_RETURN(ButlerRanking ranking,
                         RankButlerMovementEntrants(c, options));
  v1::CompetitionStandings out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(c.id);
  out.set_as_of_sequence(state.last_sequence);
  for (int s : ranking.sessions_counted) out.add_sessions_counted(s);
  out.set_combination(
      ranking.ranks_on_vps ? "VPs of the complete matches (ANC SR 16.10)"
      : OneField(c.profile)
          ? "net IMPs of the complete rounds, one field"
          : "net IMPs of the complete matches (ANC SR 16.4)");
  out.set_ranked_on(ranking.ranks_on_vps ? "vps" : "net_imps");
  out.set_tie_break_clause(ranking.clause);
  out.set_after_session(ranking.after_session);
  out.set_provisional(ranking.provisional);
  std::map<std::string, v1::ButlerStandingsField*> fields;
  for (const char* name : FieldNames(OneField(c.profile))) {
    v1::ButlerStandingsField* field = out.add_fields();
    field->set_name(name);
    fields[name] = field;
  }
  for (const ButlerEntrantStanding& r : ranking.rows) {
    v1::ButlerStandingsRow* row = fields.at(r.field)->add_rows();
    row->set_rank(r.place);
    row->set_tied(r.tied);
    row->set_pair(r.entrant);
    for (const std::string& p : Players(c, r.entrant)) row->add_players(p);
    *row->mutable_total() = ranking.ranks_on_vps ? Vps(r.total) : Imps(r.total);
    if (ranking.ranks_on_vps) {
      *row->mutable_vps() = Vps(r.vps);
      *row->mutable_opponents_vps() = Vps(r.opponents_vps);
    }
    *row->mutable_net_imps() = ToProtoFraction(r.net_imps);
    row->set_matches(r.matches);
    row->set_matches_won(r.matches_won);
    row->set_decided_by(r.decided_by);
    row->set_clause(r.clause);
  }
  return out;
}

}  // namespace tally::replay
