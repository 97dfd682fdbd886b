#include "replay/rulings/offence_register.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/civil_time.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/penalty/offence_occurrence.h"
#include "core/penalty/penalty_scale.h"
#include "core/profile/named_rules.h"
#include "replay/rulings/offence_deduction.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

absl::StatusOr<const core::PenaltyScale*> ScaleOf(const CompetitionState& c) {
  if (c.profile.penalties.scale.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the profile of '", c.id, "' has no penalty scale to count offences"));
  }
  return core::PenaltyScaleByName(c.profile.penalties.scale);
}

// "late_5_10: 5-10 minutes late (NSW TR 6.2)", one per offence of `scale`.
std::vector<std::string> OffenceList(const core::PenaltyScale& scale) {
  std::vector<std::string> out;
  for (const core::PenaltyOffence& o : scale.offences) {
    out.push_back(
        absl::StrCat(o.key, ": ", o.description, " (", o.clause, ")"));
  }
  return out;
}

// Whom the register counts the offence against (see the header).
absl::StatusOr<std::string> OffenderName(const CompetitionState& c, int entrant,
                                         const std::string& player,
                                         core::Offender offender) {
  const std::vector<std::string>& players = c.pairs.at(entrant);
  if (!player.empty() &&
      std::find(players.begin(), players.end(), player) == players.end()) {
    return absl::InvalidArgumentError(
        absl::StrCat(player, " is not a player of entrant ", entrant, " (",
                     absl::StrJoin(players, ", "), ")"));
  }
  if (offender == core::Offender::kPlayer) {
    if (player.empty()) {
      return absl::InvalidArgumentError(
          "this offence is counted per player: name the player");
    }
    return absl::StrCat("player ", player);
  }
  if (auto team = c.team_names.find(entrant); team != c.team_names.end()) {
    return absl::StrCat("team ", team->second);
  }
  std::vector<std::string> sorted = players;
  std::sort(sorted.begin(), sorted.end());
  return absl::StrCat("pair ", absl::StrJoin(sorted, " & "));
}

// The event a same-event counter counts within: the first stage of the
// competition's qualification chain (every stage of one event shares it).
std::string EventOf(const TournamentState& t, const std::string& tournament_id,
                    const CompetitionState& c) {
  const CompetitionState* stage = &c;
  for (int hops = 0; hops < 16 && stage->qualification.has_value(); ++hops) {
    auto from =
        t.competitions.find(stage->qualification->from_competition_id());
    if (from == t.competitions.end()) break;
    stage = &from->second;
  }
  return absl::StrCat(tournament_id, "/", stage->id);
}

absl::StatusOr<absl::CivilDay> ParseDay(const std::string& text) {
  absl::CivilDay day;
  if (text.empty() || !absl::ParseCivilTime(text, &day)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "give the day of the offence as YYYY-MM-DD, not '", text, "'"));
  }
  return day;
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideRecordOffence(
    const State& state, const v1::RecordOffenceRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* t,
                         FindTournament(state, request.tournament_id()));
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (!c->pairs.contains(request.entrant())) {
    return absl::NotFoundError(absl::StrCat(
        "entrant ", request.entrant(), " is not registered in '", c->id, "'"));
  }
  if (request.reason().empty()) {
    return absl::InvalidArgumentError(
        "an offence gives the director's reason (what happened)");
  }
  // An offence happens in play: the round (or session) it names must have
  // been drawn (or defined) already; 0 names none in particular.
  if (request.round() != 0) {
    const bool known = c->PlaysMatches() ? c->rounds.contains(request.round())
                                         : c->sessions.contains(request.round());
    if (!known) {
      return absl::NotFoundError(absl::StrCat(
          c->PlaysMatches() ? "round " : "session ", request.round(), " of '",
          c->id, "' is not ", c->PlaysMatches() ? "drawn" : "defined",
          " yet: an offence names a round already in play (0: none in "
          "particular)"));
    }
  }
  TALLY_ASSIGN_OR_RETURN(const absl::CivilDay day, ParseDay(request.day()));
  TALLY_ASSIGN_OR_RETURN(const core::PenaltyScale* scale, ScaleOf(*c));
  absl::StatusOr<const core::PenaltyOffence*> offence =
      core::FindOffence(*scale, request.offence());
  if (!offence.ok()) {
    return absl::NotFoundError(absl::StrCat(
        "'", request.offence(), "' is not an offence of ", scale->name,
        "; its offences are: ", absl::StrJoin(OffenceList(*scale), "; ")));
  }
  TALLY_ASSIGN_OR_RETURN(const core::OffenceCounter* counter,
                         core::FindCounter(*scale, (*offence)->counter));
  TALLY_ASSIGN_OR_RETURN(
      const std::string offender,
      OffenderName(*c, request.entrant(), request.player(), counter->offender));
  const std::string event = EventOf(*t, request.tournament_id(), *c);

  // The offender's earlier offences under this scale, from the register.
  std::vector<core::OffenceRecord> history;
  for (const OffenceEntry& entry : state.offences) {
    const v1::OffenceRecorded& o = entry.offence;
    if (o.offender() != offender || o.scale() != scale->name) continue;
    absl::CivilDay earlier;
    if (!absl::ParseCivilTime(o.day(), &earlier)) continue;
    history.push_back({o.offence(), earlier, o.counted_in()});
  }
  const core::OffenceRecord now{request.offence(), day, event};
  TALLY_ASSIGN_OR_RETURN(const core::OffencePenalty penalty,
                         core::PenaltyForOffence(*scale, history, now));
  if (penalty.step.kind == core::PenaltyKind::kDirectorsDiscretion) {
    return absl::FailedPreconditionError(absl::StrCat(
        "offence ", penalty.occurrence, " of '", request.offence(),
        "' is left to the director's discretion (", (*offence)->clause, ": ",
        penalty.step.text,
        "); record the penalty decided with AwardPenalty (tally penalty)"));
  }
  if (request.boards() != 0 && !penalty.step.per_board) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", request.offence(),
                     "' is not penalised per board: give no boards"));
  }
  // Where the deduction comes off, in the event's own unit.
  TALLY_ASSIGN_OR_RETURN(
      const OffenceDeductionAmount deduction,
      OffenceDeductionFor(*c, penalty.step, (*offence)->clause,
                          request.entrant(), request.round(),
                          std::max(1, request.boards())));

  v1::EventPayload payload;
  v1::OffenceRecorded* e = payload.mutable_offence_recorded();
  e->set_competition_id(c->id);
  e->set_round(request.round());
  e->set_entrant(request.entrant());
  e->set_player(request.player());
  e->set_offence(request.offence());
  e->set_day(absl::FormatCivilTime(day));
  e->set_boards(request.boards());
  e->set_reason(request.reason());
  e->set_scale(scale->name);
  e->set_offender(offender);
  e->set_counted_in(counter->scope == core::CountingScope::kSameEvent ? event
                                                                      : "");
  e->set_occurrence(penalty.occurrence);
  e->set_clause((*offence)->clause);
  e->set_penalty(penalty.step.text);
  if (deduction.vps.has_value() && deduction.vps->units() > 0) {
    e->mutable_vps()->set_units(deduction.vps->units());
    e->mutable_vps()->set_places(deduction.vps->places());
  }
  if (deduction.matchpoints.has_value()) {
    *e->mutable_matchpoints() = ToProtoFraction(*deduction.matchpoints);
  }
  if (deduction.imps.has_value()) {
    *e->mutable_imps() = ToProtoFraction(*deduction.imps);
  }
  if (deduction.percentage_points.has_value()) {
    *e->mutable_percentage_points() =
        ToProtoFraction(*deduction.percentage_points);
  }
  e->set_deducted(deduction.where);
  return payload;
}

absl::StatusOr<v1::OffenceRegister> GetOffenceRegister(
    const State& state, const v1::GetOffenceRegisterRequest& request) {
  v1::OffenceRegister out;
  if (!request.competition_id().empty()) {
    TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                           FindCompetition(state, request.tournament_id(),
                                           request.competition_id()));
    if (absl::StatusOr<const core::PenaltyScale*> scale = ScaleOf(*c);
        scale.ok()) {
      out.set_scale((*scale)->name);
      for (std::string& line : OffenceList(**scale)) {
        out.add_scale_offences(std::move(line));
      }
    }
  } else if (!request.tournament_id().empty()) {
    TALLY_RETURN_IF_ERROR(
        FindTournament(state, request.tournament_id()).status());
  }
  for (const OffenceEntry& entry : state.offences) {
    if (!request.tournament_id().empty() &&
        entry.tournament_id != request.tournament_id()) {
      continue;
    }
    if (!request.competition_id().empty() &&
        entry.offence.competition_id() != request.competition_id()) {
      continue;
    }
    if (!request.offender().empty() &&
        entry.offence.offender() != request.offender()) {
      continue;
    }
    v1::OffenceRegisterEntry* row = out.add_entries();
    row->set_sequence(entry.sequence);
    row->set_tournament_id(entry.tournament_id);
    *row->mutable_offence() = entry.offence;
  }
  return out;
}

}  // namespace tally::replay
