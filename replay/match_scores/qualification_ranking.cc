#include "replay/match_scores/qualification_ranking.h"

#include <algorithm>
#include <deque>
#include <map>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "replay/butler/butler_ranking.h"
#include "replay/match_scores/match_standings.h"
#include "replay/pairs/pairs_event_queries.h"
#include "replay/pairs/queries.h"
#include "replay/rounds/rounds_in_event.h"

namespace tally::replay {
namespace {

constexpr char kAtTheEnd[] =
    "entrants qualify from a finished stage (ANC SR 17.3 \"at the conclusion "
    "of an event or stage\", 19.1 \"at the end of any preliminary stage\")";

core::Rational FromFraction(const v1::Fraction& f) {
  if (f.denominator() == 0) return core::Rational(0);
  return core::Rational(f.numerator(), f.denominator());
}

// Each lot a ranking waits for, in the field of its entrants.
void AddLotsDue(const std::vector<core::PendingDecision>& pending,
                QualifyingRanking& ranking) {
  for (const core::PendingDecision& p : pending) {
    if (p.criterion != "lot") continue;
    LotDue due{{}, p.clause};
    for (const std::string& id : p.entrants) {
      int n = 0;
      if (absl::SimpleAtoi(id, &n)) due.entrants.push_back(n);
    }
    if (due.entrants.empty()) continue;
    for (QualifyingField& field : ranking.fields) {
      if (std::any_of(field.rows.begin(), field.rows.end(),
                      [&](const QualifyingRow& row) {
                        return row.entrant == due.entrants.front();
                      })) {
        field.lots_due.push_back(std::move(due));
        break;
      }
    }
  }
}

// An event of matches: its standings after every round, ranked by the
// qualification chain (RankMatchEntrants falls back to the final-placing
// chain where the profile gives none).
absl::StatusOr<QualifyingRanking> RankMatches(const CompetitionState& c) {
  RankingOptions options;
  options.purpose = core::TieBreakPurpose::kQualification;
  TALLY_ASSIGN_OR_RETURN(MatchRanking ranking, RankMatchEntrants(c, options));
  QualifyingRanking out;
  out.scored_in_vps = c.profile.vp.has_value();
  out.unit = out.scored_in_vps ? "VPs" : "IMPs";
  out.clause = ranking.clause;
  QualifyingField& field = out.fields.emplace_back();
  for (const EntrantStanding& s : ranking.rows) {
    field.rows.push_back({s.entrant, s.placing.position, s.total});
  }
  AddLotsDue(ranking.pending, out);
  return out;
}

// A matchpoint pairs competition: one session's standings by field, or the
// standings over several sessions as one field.
absl::StatusOr<QualifyingRanking> RankMatchpointPairs(
    const State& state, const std::string& tournament_id,
    const CompetitionState& c) {
  QualifyingRanking out;
  out.unit = "%";
  if (c.sessions.size() <= 1) {
    if (c.sessions.empty()) {
      out.fields.emplace_back();
      return out;
    }
    v1::GetStandingsRequest request;
    request.set_tournament_id(tournament_id);
    request.set_competition_id(c.id);
    request.set_session(c.sessions.begin()->first);
    TALLY_ASSIGN_OR_RETURN(v1::Standings standings,
                           BuildStandings(state, request));
    for (const v1::StandingsField& f : standings.fields()) {
      QualifyingField& field = out.fields.emplace_back();
      field.name = f.name() == "All" ? "" : f.name();
      for (const v1::StandingsRow& row : f.rows()) {
        field.rows.push_back(
            {row.pair(), row.rank(), FromFraction(row.exact_percentage())});
      }
    }
    return out;
  }
  v1::GetCompetitionStandingsRequest request;
  request.set_tournament_id(tournament_id);
  request.set_competition_id(c.id);
  TALLY_ASSIGN_OR_RETURN(v1::CompetitionStandings standings,
                         BuildCompetitionStandings(state, request));
  out.state_pairs_average = SessionCombinationOf(c.profile) ==
                            core::SessionCombination::kSabfTr18_1Qualifying;
  for (const core::TieBreakChain& chain : c.profile.tie_breaks.chains) {
    if (chain.purpose == core::TieBreakPurpose::kFinalPlacing) {
      out.clause = chain.clause;
    }
  }
  QualifyingField& field = out.fields.emplace_back();
  for (const v1::CompetitionStandingsRow& row : standings.rows()) {
    // Position 0: not eligible for a final placing (SABF TR 11.6).
    if (row.position() == 0) continue;
    field.rows.push_back(
        {row.pair(), row.position(), FromFraction(row.aggregate())});
  }
  return out;
}

// A Butler movement's NS and EW fields (replay/butler/butler_ranking.h), on VPs
// (ANC SR 16.10) or net IMPs (16.4), by the qualification chain.
absl::StatusOr<QualifyingRanking> RankButlerMovement(
    const CompetitionState& c) {
  TALLY_ASSIGN_OR_RETURN(ButlerRanking butler, RankButlerMovementEntrants(c));
  QualifyingRanking out;
  out.scored_in_vps = butler.ranks_on_vps;
  out.unit = butler.ranks_on_vps ? "VPs" : "IMPs";
  out.clause = butler.clause;
  for (const char* name : {kNorthSouthField, kEastWestField}) {
    QualifyingField& field = out.fields.emplace_back();
    field.name = name;
    for (const ButlerEntrantStanding& row : butler.rows) {
      if (row.field == name) {
        field.rows.push_back({row.entrant, row.place, row.total});
      }
    }
  }
  AddLotsDue(butler.pending, out);
  return out;
}

// Orders each group of rows sharing a place by the latest lot the director
// recorded among exactly its members, if any.
void ApplyRecordedLots(const CompetitionState& c, QualifyingField& field) {
  std::vector<QualifyingRow>& rows = field.rows;
  for (size_t i = 0; i < rows.size();) {
    size_t j = i + 1;
    while (j < rows.size() && rows[j].position == rows[i].position) ++j;
    if (j - i >= 2) {
      std::map<int, QualifyingRow> members;
      for (size_t k = i; k < j; ++k) members[rows[k].entrant] = rows[k];
      for (auto lot = c.lots.rbegin(); lot != c.lots.rend(); ++lot) {
        if (lot->size() != members.size() ||
            !std::all_of(lot->begin(), lot->end(),
                         [&](int e) { return members.contains(e); })) {
          continue;
        }
        const int first = rows[i].position;
        for (size_t k = 0; k < lot->size(); ++k) {
          rows[i + k] = members[(*lot)[k]];
          rows[i + k].position = first + static_cast<int>(k);
        }
        break;
      }
    }
    i = j;
  }
}

std::string FieldText(const std::string& field) {
  return field.empty() ? "" : absl::StrCat(" of field ", field);
}

}  // namespace

absl::StatusOr<QualifyingRanking> RankForQualification(
    const State& state, const std::string& tournament_id,
    const CompetitionState& source) {
  QualifyingRanking ranking;
  // The one place that says how each kind of competition is ranked for
  // qualification.
  if (source.kind == v1::COMPETITION_KIND_BUTLER_PAIRS) {
    // ANC SR 16.4-16.5: the NS and EW fields of a Butler movement.
    TALLY_ASSIGN_OR_RETURN(ranking, RankButlerMovement(source));
  } else if (source.kind == v1::COMPETITION_KIND_MATCHPOINT_PAIRS) {
    TALLY_ASSIGN_OR_RETURN(ranking,
                           RankMatchpointPairs(state, tournament_id, source));
  } else if (source.PlaysMatches()) {
    TALLY_ASSIGN_OR_RETURN(ranking, RankMatches(source));
  } else {
    return absl::UnimplementedError(
        absl::StrCat("tally cannot rank '", source.id, "' for qualification"));
  }
  for (QualifyingField& field : ranking.fields) {
    ApplyRecordedLots(source, field);
  }
  return ranking;
}

absl::Status CheckStageFinished(const CompetitionState& source) {
  if (source.PlaysMatches()) {
    if (source.rounds.empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "'", source.id, "' has not drawn its first round; ", kAtTheEnd));
    }
    const int rounds = RoundsInEvent(source);
    if (rounds > 0 && static_cast<int>(source.rounds.size()) < rounds) {
      return absl::FailedPreconditionError(
          absl::StrCat("'", source.id, "' has drawn ", source.rounds.size(),
                       " of its ", rounds, " rounds; ", kAtTheEnd));
    }
    for (const auto& [number, round] : source.rounds) {
      if (!round.posted) {
        return absl::FailedPreconditionError(
            absl::StrCat("round ", number, " of '", source.id,
                         "' is not posted; ", kAtTheEnd));
      }
    }
    return absl::OkStatus();
  }
  if (source.sessions.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("'", source.id, "' has no session; ", kAtTheEnd));
  }
  for (const auto& [number, session] : source.sessions) {
    if (session.phase != SessionPhase::kPosted) {
      return absl::FailedPreconditionError(
          absl::StrCat("session ", number, " of '", source.id,
                       "' is not posted; ", kAtTheEnd));
    }
  }
  return absl::OkStatus();
}

std::vector<LevelGroup> LevelGroups(const QualifyingRanking& ranking) {
  std::vector<LevelGroup> groups;
  for (const QualifyingField& field : ranking.fields) {
    const std::vector<QualifyingRow>& rows = field.rows;
    for (size_t i = 0; i < rows.size();) {
      size_t j = i + 1;
      while (j < rows.size() && rows[j].position == rows[i].position) ++j;
      if (j - i >= 2) {
        LevelGroup group{field.name, rows[i].position, {}};
        for (size_t k = i; k < j; ++k)
          group.entrants.push_back(rows[k].entrant);
        groups.push_back(std::move(group));
      }
      i = j;
    }
  }
  return groups;
}

std::string LotAdvice(const std::string& tournament_id,
                      const std::string& source_id,
                      const std::vector<int>& group) {
  return absl::StrCat("record the lot among them first (tally lot ",
                      tournament_id, " ", source_id, " ",
                      absl::StrJoin(group, " "),
                      ", in the order drawn, first best)");
}

absl::StatusOr<std::vector<FieldQualifiers>> SelectQualifiers(
    const QualifyingRanking& ranking, int per_field, const Passed& passed,
    const std::string& tournament_id, const std::string& source_id) {
  std::vector<FieldQualifiers> out;
  for (const QualifyingField& field : ranking.fields) {
    FieldQualifiers selected;
    selected.field = field.name;
    // The contending entrants and their places among themselves (ANC SR
    // 18.1); rows are in placing order, so a row level with the one before
    // it shares its place.
    struct Placed {
      const QualifyingRow* row;
      int place;
    };
    std::vector<Placed> contending;
    for (const QualifyingRow& row : field.rows) {
      if (passed.non_contending.contains(row.entrant)) continue;
      const int place =
          !contending.empty() && contending.back().row->position == row.position
              ? contending.back().place
              : static_cast<int>(contending.size()) + 1;
      contending.push_back({&row, place});
      selected.contending_scores.push_back(row.score);
    }
    auto level_with = [&](int position) {
      std::vector<int> group;
      for (const QualifyingRow& row : field.rows) {
        if (row.position == position) group.push_back(row.entrant);
      }
      return group;
    };
    // ANC SR 19.1: a withdrawn entrant among the first `per_field` is
    // replaced by the next highest placed entrant of the same field, who
    // would not have qualified otherwise.
    std::deque<int> to_replace;
    std::set<int> chosen;
    for (size_t index = 0; index < contending.size(); ++index) {
      const Placed& p = contending[index];
      if (static_cast<int>(selected.qualifiers.size()) == per_field) break;
      const bool within = static_cast<int>(index) < per_field;
      const int entrant = p.row->entrant;
      if (passed.withdrawn.contains(entrant)) {
        if (within) to_replace.push_back(entrant);
        continue;
      }
      Qualifier q;
      q.entrant = entrant;
      q.field = field.name;
      q.place = p.place;
      q.score = p.row->score;
      q.places_shared = static_cast<int>(
          std::count_if(contending.begin(), contending.end(),
                        [&](const Placed& o) { return o.place == p.place; }));
      if (q.places_shared > 1) q.level_with = level_with(p.row->position);
      if (!within && !to_replace.empty()) {
        q.replaces = to_replace.front();
        to_replace.pop_front();
      }
      chosen.insert(entrant);
      selected.qualifiers.push_back(std::move(q));
    }
    if (static_cast<int>(selected.qualifiers.size()) < per_field) {
      return absl::FailedPreconditionError(absl::StrCat(
          "only ", core::Counted(selected.qualifiers.size(), "entrant"),
          FieldText(field.name), " of '", source_id,
          "' can qualify (withdrawn and non-contending entrants are passed "
          "over), not the ",
          per_field, " asked for"));
    }
    // A level group that both a qualifier and an entrant that could have
    // qualified belong to straddles the cut: only the lot decides who goes.
    for (const Placed& p : contending) {
      const int entrant = p.row->entrant;
      if (chosen.contains(entrant) || passed.withdrawn.contains(entrant)) {
        continue;
      }
      const bool straddles = std::any_of(
          contending.begin(), contending.end(), [&](const Placed& o) {
            return o.place == p.place && chosen.contains(o.row->entrant);
          });
      if (!straddles) continue;
      std::vector<int> group = level_with(p.row->position);
      return absl::FailedPreconditionError(absl::StrCat(
          "entrants ", absl::StrJoin(group, ", "), " are level at place ",
          p.place, FieldText(field.name), " of '", source_id,
          "' with only a lot to separate them",
          ranking.clause.empty() ? "" : absl::StrCat(" (", ranking.clause, ")"),
          ", and the cut for the ", per_field,
          " places that qualify falls among them; ",
          LotAdvice(tournament_id, source_id, group)));
    }
    // ANC SR 12.2 "then lot": qualifiers that only a lot not yet drawn
    // separates wait for it, as their order numbers them in the target.
    for (const LotDue& due : field.lots_due) {
      // Qualifiers of the tie still holding one place (a lot recorded
      // since has placed them apart: ApplyRecordedLots).
      std::map<int, int> at_position;
      for (const QualifyingRow& row : field.rows) {
        if (chosen.contains(row.entrant) &&
            std::find(due.entrants.begin(), due.entrants.end(), row.entrant) !=
                due.entrants.end()) {
          ++at_position[row.position];
        }
      }
      if (std::none_of(at_position.begin(), at_position.end(),
                       [](const auto& p) { return p.second >= 2; })) {
        continue;
      }
      return absl::FailedPreconditionError(absl::StrCat(
          "entrants ", absl::StrJoin(due.entrants, ", "), FieldText(field.name),
          " of '", source_id, "' are level with only a lot to separate them (",
          due.clause,
          "), and the lot decides which of the qualifiers is the higher "
          "placed (its number, and in a final its carry-over, home and "
          "first choice of stanzas, ANC SR 11.2-11.4), not the lower "
          "number; ",
          LotAdvice(tournament_id, source_id, due.entrants)));
    }
    out.push_back(std::move(selected));
  }
  return out;
}

}  // namespace tally::replay
