#include "replay/pairs/queries.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/scoring/board.h"
#include "core/scoring/matchpoints.h"
#include "replay/butler/butler_queries.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/pairs/session_scores.h"
#include "replay/profile/profile_loader.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"
#include "replay/state/session_sections.h"

namespace tally::replay {
namespace {

v1::SessionStatus ToProtoStatus(SessionPhase phase) {
  switch (phase) {
    case SessionPhase::kDefined:
      return v1::SESSION_STATUS_DEFINED;
    case SessionPhase::kInPlay:
      return v1::SESSION_STATUS_IN_PLAY;
    case SessionPhase::kPosted:
      return v1::SESSION_STATUS_POSTED;
  }
  return v1::SESSION_STATUS_UNSPECIFIED;
}

std::vector<std::string> Players(const CompetitionState& c, int pair) {
  auto it = c.pairs.find(pair);
  return it == c.pairs.end() ? std::vector<std::string>() : it->second;
}

// A pair's place in a ranking: its rank and whether it shares it.
struct Place {
  const PairTotal* total = nullptr;
  int rank = 0;
  bool tied = false;
};

// `pairs` ranked by percentage, best first.
std::vector<Place> Rank(const SessionScores& scores,
                        const std::vector<int>& pairs) {
  std::vector<const PairTotal*> totals;
  for (int pair : pairs) totals.push_back(&scores.pairs.at(pair));
  // Unplayed pairs last; then by percentage; then by pair number, so the
  // order never depends on anything but the data.
  auto key = [](const PairTotal* t) {
    return t->ranking_percentage.value_or(core::Rational(-1));
  };
  std::stable_sort(totals.begin(), totals.end(),
                   [&](const PairTotal* a, const PairTotal* b) {
                     if (key(a) != key(b)) return key(a) > key(b);
                     return a->pair < b->pair;
                   });
  std::vector<Place> places;
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

// Fills `field` with `pairs` ranked by percentage, best first; in a session
// in sections each row names its section and its number there ("B3").
void RankField(const CompetitionState& c, const SessionScores& scores,
               const std::vector<int>& pairs, v1::StandingsField& field,
               const SessionSections& sections, const ComparisonTimes& times) {
  for (const Place& place : Rank(scores, pairs)) {
    const PairTotal& t = *place.total;
    v1::StandingsRow* row = field.add_rows();
    row->set_rank(place.rank);
    row->set_tied(place.tied);
    if (!sections.empty()) {
      row->set_section(sections.OfPair(t.pair));
      row->set_section_pair(sections.PairLabel(t.pair));
    }
    row->set_pair(t.pair);
    for (const std::string& p : Players(c, t.pair)) row->add_players(p);
    *row->mutable_matchpoints() = ToProtoFraction(t.matchpoints);
    row->set_maximum(t.maximum);
    if (t.percentage.has_value()) {
      *row->mutable_percentage() = ToProtoDecimal(*t.percentage);
      *row->mutable_exact_percentage() = ToProtoFraction(*t.exact_percentage);
    }
    row->set_boards_played(t.boards_played);
    if (c.profile.club.has_value()) {
      const core::ClubConventions& club = *c.profile.club;
      *row->mutable_shown_matchpoints() = ToProtoDecimal(core::ShownMatchpoints(
          t.matchpoints, club.scale, club.places, club.half));
      *row->mutable_shown_maximum() = ToProtoDecimal(core::ShownMatchpoints(
          core::Rational(t.maximum), club.scale, club.places, club.half));
      if (club.scaled_total && t.maximum > 0) {
        // Compscore: the total (on the shown scale) factored to the session
        // (its section's boards and tops when scored within sections).
        absl::StatusOr<core::Decimal> scaled = core::ScaledSessionTotal(
            club.scale == core::MatchpointScale::kOnePerPair
                ? t.matchpoints / core::Rational(2)
                : t.matchpoints,
            times.FullTopOf(t.pair), t.maximum, 2, club.half);
        if (scaled.ok()) *row->mutable_scaled_total() = ToProtoDecimal(*scaled);
      }
    }
    if (!t.adjustment_notes.empty()) {
      *row->mutable_adjustments() = ToProtoFraction(t.adjustments);
      for (const std::string& note : t.adjustment_notes) {
        row->add_adjustment_notes(note);
      }
    }
  }
}

// A session with its competition, scored under the competition's profile.
struct ScoredSession {
  const CompetitionState* competition;
  const SessionState* session;
  SessionScores scores;
};

absl::StatusOr<ScoredSession> ScoreSessionOf(const State& state,
                                             const std::string& tournament_id,
                                             const std::string& competition_id,
                                             int session) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, tournament_id, competition_id));
  TALLY_ASSIGN_OR_RETURN(
      const SessionState* s,
      FindSession(state, tournament_id, competition_id, session));
  return ScoredSession{c, s, ScoreSessionForProfile(*s, c->profile)};
}

}  // namespace

absl::StatusOr<v1::Tournament> BuildTournament(const State& state,
                                               const std::string& id) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* t, FindTournament(state, id));
  v1::Tournament out;
  out.set_tournament_id(t->id);
  out.set_name(t->name);
  out.set_stream_version(t->version);
  out.set_time_zone(t->time_zone_name.empty() ? "UTC" : t->time_zone_name);
  for (const auto& [cid, c] : t->competitions) {
    v1::Competition* comp = out.add_competitions();
    comp->set_competition_id(cid);
    comp->set_name(c.name);
    comp->set_kind(c.kind);
    comp->set_regulation_profile(c.profile.name);
    comp->set_regulation_profile_title(c.profile.title);
    comp->set_rounds_drawn(static_cast<int>(c.rounds.size()));
    for (const auto& [pair, players] : c.pairs) {
      v1::Pair* p = comp->add_pairs();
      p->set_pair(pair);
      for (const std::string& name : players) p->add_players(name);
      if (auto it = c.team_names.find(pair); it != c.team_names.end()) {
        p->set_name(it->second);
      }
    }
    for (const auto& [number, s] : c.sessions) {
      v1::SessionSummary* summary = comp->add_sessions();
      summary->set_session(number);
      summary->set_status(ToProtoStatus(s.phase));
      summary->set_rounds(s.movement.rounds_size());
      std::set<int> tables;
      for (const auto& [table_board, slot] : s.slots) {
        tables.insert(table_board.first);
      }
      summary->set_tables(static_cast<int>(tables.size()));
      for (const auto& [board, times] : s.times_scheduled) {
        summary->add_boards(board);
      }
      summary->set_results_expected(static_cast<int>(s.slots.size()));
      summary->set_results_entered(static_cast<int>(s.results.size()));
      summary->set_movement_source(s.movement_source);
    }
  }
  return out;
}

v1::ListTournamentsResponse BuildTournamentList(const State& state) {
  v1::ListTournamentsResponse out;
  for (const auto& [id, t] : state.tournaments) {
    *out.add_tournaments() = *BuildTournament(state, id);
  }
  return out;
}

absl::StatusOr<v1::Standings> BuildStandings(
    const State& state, const v1::GetStandingsRequest& request) {
  if (const CompetitionState* butler = FindButlerCompetition(
          state, request.tournament_id(), request.competition_id())) {
    return BuildButlerStandings(state, *butler, request);
  }
  TALLY_ASSIGN_OR_RETURN(
      ScoredSession scored,
      ScoreSessionOf(state, request.tournament_id(), request.competition_id(),
                     request.session()));
  const CompetitionState* c = scored.competition;
  const SessionState* s = scored.session;
  const SessionScores& scores = scored.scores;
  v1::Standings out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(request.competition_id());
  out.set_session(request.session());
  out.set_as_of_sequence(state.last_sequence);
  out.set_results_entered(static_cast<int>(s->results.size()));
  out.set_results_expected(static_cast<int>(s->slots.size()));
  const SessionSections sections(*s);
  const ComparisonTimes times(*s, c->profile);
  // Without sections one ranking of the whole session; with them one per
  // section (two in a two-winner Mitchell section), named "B NS".
  std::vector<std::string> names = {""};
  if (!sections.empty()) {
    names.clear();
    for (const core::MovementSection& section : sections.all()) {
      names.push_back(section.name);
    }
  }
  // field name -> its pairs, across the sections (for the overall rank).
  std::map<std::string, std::vector<int>> across;
  for (const std::string& name : names) {
    std::set<int> ns, ew;
    for (const auto& [table_board, slot] : s->slots) {
      if (sections.OfTable(table_board.first) != name) continue;
      ns.insert(slot.ns_pair);
      ew.insert(slot.ew_pair);
    }
    const bool two_fields = std::none_of(ns.begin(), ns.end(),
                                         [&](int p) { return ew.contains(p); });
    const std::string prefix = name.empty() ? "" : absl::StrCat(name, " ");
    std::vector<std::pair<std::string, std::vector<int>>> fields;
    if (two_fields) {
      fields.push_back({"NS", {ns.begin(), ns.end()}});
      fields.push_back({"EW", {ew.begin(), ew.end()}});
    } else {
      std::set<int> all = ns;
      all.insert(ew.begin(), ew.end());
      fields.push_back({"All", {all.begin(), all.end()}});
    }
    for (const auto& [field_name, pairs] : fields) {
      v1::StandingsField* field = out.add_fields();
      field->set_name(absl::StrCat(prefix, field_name));
      RankField(*c, scores, pairs, *field, sections, times);
      std::vector<int>& overall = across[field_name];
      overall.insert(overall.end(), pairs.begin(), pairs.end());
    }
  }
  // In sections, each pair's overall rank over every section's pairs of
  // its field (the NS pairs of every section, ...), by percentage: scored
  // apart, a percentage is the total factored to a common top, so sections
  // of different sizes rank together as the scoring programs combine them.
  if (!sections.empty()) {
    std::map<int, Place> overall;
    for (const auto& [field_name, pairs] : across) {
      for (const Place& place : Rank(scores, pairs)) {
        overall[place.total->pair] = place;
      }
    }
    for (v1::StandingsField& field : *out.mutable_fields()) {
      for (v1::StandingsRow& row : *field.mutable_rows()) {
        row.set_overall_rank(overall.at(row.pair()).rank);
        row.set_overall_tied(overall.at(row.pair()).tied);
      }
    }
  }
  return out;
}

absl::StatusOr<v1::Traveller> BuildTraveller(
    const State& state, const v1::GetTravellerRequest& request) {
  if (const CompetitionState* butler = FindButlerCompetition(
          state, request.tournament_id(), request.competition_id())) {
    return BuildButlerTraveller(state, *butler, request);
  }
  TALLY_ASSIGN_OR_RETURN(
      ScoredSession scored,
      ScoreSessionOf(state, request.tournament_id(), request.competition_id(),
                     request.session()));
  const SessionScores& scores = scored.scores;
  if (!scores.boards.contains(request.board())) {
    return absl::NotFoundError(absl::StrCat("board ", request.board(),
                                            " is not played in session ",
                                            request.session()));
  }
  const ScoredBoard& board = scores.boards.at(request.board());
  TALLY_ASSIGN_OR_RETURN(core::BoardConditions conditions,
                         core::ConditionsForBoard(request.board()));
  v1::Traveller out;
  out.set_board(request.board());
  out.set_dealer(ToProtoSeat(conditions.dealer));
  out.set_vulnerability(ToProtoVulnerability(conditions.vulnerability));
  out.set_times_expected(board.times_expected);
  const SessionSections sections(*scored.session);
  for (const ScoredResult& r : board.results) {
    v1::TravellerLine* line = out.add_lines();
    line->set_round(r.result->slot.round);
    line->set_table(r.result->slot.table);
    line->set_ns_pair(r.result->slot.ns_pair);
    line->set_ew_pair(r.result->slot.ew_pair);
    ToTableResult(r.result->result, *line->mutable_result());
    line->set_ns_score(r.result->ns_score);
    *line->mutable_ns_matchpoints() = ToProtoFraction(r.ns_matchpoints);
    *line->mutable_ew_matchpoints() = ToProtoFraction(r.ew_matchpoints);
    line->set_sequence(r.result->sequence);
    line->set_confirmed(r.result->confirmed);
    line->set_fouled(r.fouled);
    line->set_top(r.top);
    if (!sections.empty()) {
      line->set_section(sections.OfTable(r.result->slot.table));
      line->set_section_table(sections.TableLabel(r.result->slot.table));
      line->set_section_ns_pair(sections.PairLabel(r.result->slot.ns_pair));
      line->set_section_ew_pair(sections.PairLabel(r.result->slot.ew_pair));
    }
    if (r.adjusted != nullptr) *line->mutable_adjusted() = *r.adjusted;
    const bool unfactored =
        r.unfactored_top > 0 && r.ns_unfactored.has_value();
    if (unfactored) {
      *line->mutable_ns_unfactored_matchpoints() =
          ToProtoFraction(*r.ns_unfactored);
      *line->mutable_ew_unfactored_matchpoints() =
          ToProtoFraction(*r.ew_unfactored);
      line->set_unfactored_top(r.unfactored_top);
    }
    if (const auto& club = scored.competition->profile.club; club) {
      // Compscore: a factored board's traveller on its own top.
      const bool own_top = unfactored && club->traveller_unfactored;
      line->set_shown_unfactored(own_top);
      *line->mutable_ns_shown_matchpoints() = ToProtoDecimal(
          core::ShownMatchpoints(own_top ? *r.ns_unfactored : r.ns_matchpoints,
                                 club->scale, club->places, club->half));
      *line->mutable_ew_shown_matchpoints() = ToProtoDecimal(
          core::ShownMatchpoints(own_top ? *r.ew_unfactored : r.ew_matchpoints,
                                 club->scale, club->places, club->half));
    }
  }
  if (board.fouled.has_value()) {
    *out.mutable_fouled() = FouledNoteToProto(*board.fouled, 0);
  }
  return out;
}

absl::StatusOr<v1::Scorecard> BuildScorecard(
    const State& state, const v1::GetScorecardRequest& request) {
  if (const CompetitionState* butler = FindButlerCompetition(
          state, request.tournament_id(), request.competition_id())) {
    return BuildButlerScorecard(state, *butler, request);
  }
  TALLY_ASSIGN_OR_RETURN(
      ScoredSession scored,
      ScoreSessionOf(state, request.tournament_id(), request.competition_id(),
                     request.session()));
  const CompetitionState* c = scored.competition;
  const SessionState* s = scored.session;
  const SessionScores& scores = scored.scores;
  auto total = scores.pairs.find(request.pair());
  if (total == scores.pairs.end()) {
    return absl::NotFoundError(absl::StrCat("pair ", request.pair(),
                                            " does not play in session ",
                                            request.session()));
  }
  v1::Scorecard out;
  out.set_pair(request.pair());
  for (const std::string& p : Players(*c, request.pair())) out.add_players(p);
  // A board not played yet shows the top of the pair's comparison.
  const ComparisonTimes times(*s, c->profile);
  // Walk the movement in round order so the card reads as it was played.
  for (const v1::MovementRound& round : s->movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      if (t.ns_pair() != request.pair() && t.ew_pair() != request.pair()) {
        continue;
      }
      for (int board : t.boards()) {
        // The slot, not the table's seating: an arrow switch swaps the
        // directions on some boards.
        const TableSlot& slot = s->slots.at({t.table(), board});
        const bool north_south = slot.ns_pair == request.pair();
        v1::ScorecardLine* line = out.add_lines();
        line->set_round(round.round());
        line->set_table(t.table());
        line->set_board(board);
        line->set_direction(north_south ? v1::SEAT_NORTH : v1::SEAT_EAST);
        line->set_opponents(north_south ? slot.ew_pair : slot.ns_pair);
        const ScoredBoard& scored = scores.boards.at(board);
        line->set_top(times.TopOf(request.pair(), board));
        for (const ScoredResult& r : scored.results) {
          if (r.result->slot.table != t.table()) continue;
          line->set_played(true);
          line->set_top(r.top);  // its section's, where scored apart
          ToTableResult(r.result->result, *line->mutable_result());
          line->set_score(north_south ? r.result->ns_score
                                      : -r.result->ns_score);
          *line->mutable_matchpoints() = ToProtoFraction(
              north_south ? r.ns_matchpoints : r.ew_matchpoints);
        }
      }
    }
  }
  *out.mutable_matchpoints() = ToProtoFraction(total->second.matchpoints);
  out.set_maximum(total->second.maximum);
  if (total->second.percentage.has_value()) {
    *out.mutable_percentage() = ToProtoDecimal(*total->second.percentage);
  }
  return out;
}

absl::StatusOr<v1::RegulationProfile> BuildRegulationProfile(
    const std::string& name) {
  TALLY_ASSIGN_OR_RETURN(v1::RegulationProfileSpec spec,
                         FindBuiltInProfileSpec(name));
  v1::RegulationProfile out;
  out.set_name(spec.name());
  out.set_title(spec.title());
  out.set_event_kind(spec.event_kind());
  out.set_scoring(spec.scoring());
  out.set_source(absl::StrCat(spec.source().document(), " ",
                              absl::StrJoin(spec.source().clauses(), ", ")));
  out.set_text(BuiltInProfileTexts().at(name));
  *out.mutable_spec() = std::move(spec);
  return out;
}

absl::StatusOr<v1::ListRegulationProfilesResponse>
BuildRegulationProfileList() {
  v1::ListRegulationProfilesResponse out;
  for (const auto& [name, text] : BuiltInProfileTexts()) {
    TALLY_ASSIGN_OR_RETURN(v1::RegulationProfile profile,
                           BuildRegulationProfile(name));
    profile.clear_spec();
    profile.clear_text();
    *out.add_profiles() = std::move(profile);
  }
  return out;
}

}  // namespace tally::replay
