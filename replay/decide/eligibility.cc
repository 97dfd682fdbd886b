#include "replay/decide/eligibility.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/eligibility/eligibility.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_lineup.h"
#include "replay/draws/draw_maker.h"

namespace tally::replay {
namespace {

using core::EligibilityMeasure;

bool Contains(const google::protobuf::RepeatedField<int32_t>& list, int v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

// The rounds (sessions of a movement) that count: the posted ones.
std::vector<int> PostedRounds(const CompetitionState& c) {
  std::vector<int> out;
  if (c.PlaysMatches()) {
    for (const auto& [number, round] : c.rounds) {
      if (round.posted) out.push_back(number);
    }
  } else {
    for (const auto& [number, session] : c.sessions) {
      if (session.phase == SessionPhase::kPosted) out.push_back(number);
    }
  }
  return out;
}

bool SessionHasResults(const SessionState& s, int pair) {
  return std::any_of(s.results.begin(), s.results.end(), [&](const auto& r) {
    return r.second.slot.ns_pair == pair || r.second.slot.ew_pair == pair;
  });
}

bool TableHasResults(const MatchRoundState& round, int table) {
  return std::any_of(
      round.results.begin(), round.results.end(),
      [&](const auto& r) { return std::get<1>(r.first) == table; });
}

// Who of `players` played, given the record (if any) for the round.
std::vector<bool> PlayedWith(const std::vector<std::string>& players,
                             const v1::EventPayload* record) {
  std::vector<bool> played(players.size(), true);
  if (record == nullptr) return played;
  for (size_t i = 0; i < players.size(); ++i) {
    played[i] = record->has_substitute_recorded() &&
                players[i] != record->substitute_recorded().replaced_player();
  }
  return played;
}

const v1::EventPayload* RecordFor(const CompetitionState& c, int round,
                                  int pair) {
  auto it = c.attendance.find({round, pair});
  return it == c.attendance.end() ? nullptr : &it->second;
}

// The label of the knock-out match at `table` in `round` ("" if none).
std::string MatchLabelAt(const MatchRoundState& round, int table) {
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (m.table() == table) return m.label();
  }
  return "";
}

// A pair's record over the posted sessions of a movement.
core::PairRecord MovementPairRecord(const CompetitionState& c, int pair) {
  core::PairRecord record;
  record.players = c.pairs.at(pair);
  const size_t n = record.players.size();
  for (const auto& [number, session] : c.sessions) {
    if (session.phase != SessionPhase::kPosted) continue;
    core::PairRound r;
    r.number = number;
    r.rounds = session.movement.rounds_size();
    const bool results = SessionHasResults(session, pair);
    const v1::EventPayload* rec = RecordFor(c, number, pair);
    if (rec != nullptr && rec->has_substitute_recorded() && results) {
      r.played = PlayedWith(record.players, rec);
    } else {
      // No record, an absence (overtaken by results if the pair played),
      // or a substitute with no results (nobody played).
      r.played.assign(n, results);
    }
    r.represented = results;
    record.rounds.push_back(std::move(r));
  }
  return record;
}

// A pair's record over the posted rounds of an event of matches.
core::PairRecord MatchPairRecord(const CompetitionState& c, int pair,
                                 v1::EntrantEligibility& out) {
  core::PairRecord record;
  record.players = c.pairs.at(pair);
  for (const auto& [number, round] : c.rounds) {
    if (!round.posted) continue;
    const int table = MatchTableOf(round, pair);
    if (table == 0) continue;  // a bye: no match
    core::PairRound r;
    r.number = number;
    if (auto f = round.forfeits.find(table); f != round.forfeits.end()) {
      if (!Contains(f->second.offenders(), pair)) continue;
      r.played.assign(record.players.size(), false);
      r.represented = false;
      out.add_forfeited_rounds(number);
    } else {
      const v1::EventPayload* rec = RecordFor(c, number, pair);
      r.played = PlayedWith(record.players, rec);
      r.represented = rec == nullptr || rec->has_substitute_recorded() ||
                      TableHasResults(round, table);
    }
    record.rounds.push_back(std::move(r));
  }
  return record;
}

// A team's record over the posted rounds of `c`; `out` (if given) gets the
// missing line-ups and forfeited rounds.
core::TeamRecord TeamRecordOf(const CompetitionState& c, int team,
                              v1::EntrantEligibility* out) {
  core::TeamRecord record;
  if (auto it = c.pairs.find(team); it != c.pairs.end()) {
    record.players = it->second;
  }
  // A knock-out match is drawn as one round per stanza, the rounds sharing
  // the match's label (ANC SR 11.3: five stanzas of one final).
  std::map<std::string, size_t> match_of_label;
  for (const auto& [number, round] : c.rounds) {
    if (!round.posted) continue;
    const int table = MatchTableOf(round, team);
    if (table == 0) continue;
    const std::vector<std::vector<int>> stanzas = StanzaBoards(c, round);
    const std::string label = MatchLabelAt(round, table);
    if (!label.empty()) {
      auto [it, is_new] = match_of_label.emplace(label, record.matches.size());
      if (is_new) record.matches.push_back(core::TeamMatch{number, {}});
    }
    core::TeamMatch match;
    match.round = number;
    bool forfeited = false;
    if (auto f = round.forfeits.find(table); f != round.forfeits.end()) {
      if (!Contains(f->second.offenders(), team)) continue;
      forfeited = true;
      if (out != nullptr) out->add_forfeited_rounds(number);
    }
    for (size_t s = 0; s < stanzas.size(); ++s) {
      core::TeamStanza stanza;
      stanza.boards = static_cast<int>(stanzas[s].size());
      auto lineup = c.lineups.find({number, static_cast<int>(s) + 1, team});
      if (forfeited) {
        // Played by nobody.
      } else if (lineup != c.lineups.end()) {
        for (const auto* room :
             {&lineup->second.open_room(), &lineup->second.closed_room()}) {
          stanza.players.insert(stanza.players.end(), room->begin(),
                                room->end());
        }
      } else if (out != nullptr) {
        out->add_missing_lineups(
            stanzas.size() > 1
                ? absl::StrCat("round ", number, " stanza ", s + 1)
                : absl::StrCat("round ", number));
      }
      match.stanzas.push_back(std::move(stanza));
    }
    if (label.empty()) {
      record.matches.push_back(std::move(match));
    } else {
      std::vector<core::TeamStanza>& into =
          record.matches[match_of_label.at(label)].stanzas;
      for (core::TeamStanza& s : match.stanzas) into.push_back(std::move(s));
    }
  }
  return record;
}

v1::PlayedCounts PairCounts(const core::PairRecord& r, int player,
                            bool totals) {
  auto pick = [&](EligibilityMeasure m) {
    core::PlayCount c = core::CountPair(r, m, player);
    return totals ? c.of : c.counted;
  };
  v1::PlayedCounts out;
  out.set_rounds(pick(EligibilityMeasure::kPlayerRounds));
  out.set_sessions(pick(EligibilityMeasure::kPlayerSessions));
  return out;
}

v1::PlayedCounts TeamCounts(const core::TeamRecord& r,
                            const std::string& player, bool totals) {
  auto pick = [&](EligibilityMeasure m) {
    core::PlayCount c = core::CountTeam({&r}, m, player);
    return totals ? c.of : c.counted;
  };
  v1::PlayedCounts out;
  out.set_matches(pick(EligibilityMeasure::kPlayerMatches));
  out.set_boards(pick(EligibilityMeasure::kPlayerBoards));
  out.set_stanzas(pick(EligibilityMeasure::kPlayerStanzas));
  return out;
}

v1::EligibilityVerdict ToProto(core::EligibilityVerdict v) {
  switch (v) {
    case core::EligibilityVerdict::kEligible:
      return v1::ELIGIBILITY_VERDICT_ELIGIBLE;
    case core::EligibilityVerdict::kNotEligible:
      return v1::ELIGIBILITY_VERDICT_NOT_ELIGIBLE;
    case core::EligibilityVerdict::kUndetermined:
      return v1::ELIGIBILITY_VERDICT_UNDETERMINED;
  }
  return v1::ELIGIBILITY_VERDICT_UNSPECIFIED;
}

std::string AbsenceText(const core::AbsenceCheck& a,
                        const std::string& clause) {
  if (!a.maximum.has_value()) return "at most the player absences of " + clause;
  return absl::StrCat("at most ", *a.maximum, " player absences (", clause,
                      ": a ", a.sessions, "-session ",
                      core::EventScheduleId(*a.schedule), " event)");
}

v1::RuleVerdict VerdictView(int index, const core::EligibilityRule& rule,
                            const core::RuleCheck& check) {
  v1::RuleVerdict out;
  out.set_rule(index);
  out.set_purpose(std::string(core::EligibilityPurposeId(rule.purpose)));
  out.set_clause(rule.clause);
  out.set_verdict(ToProto(check.verdict));
  if (check.verdict == core::EligibilityVerdict::kNotEligible) {
    out.set_otherwise(rule.otherwise);
  }
  for (const core::RequirementCheck& r : check.requirements) {
    const core::EligibilityRequirement& req = rule.requirements[r.requirement];
    v1::RequirementCheck* c = out.add_checks();
    c->set_player(r.player);
    c->set_requirement(core::DescribeRequirement(req));
    c->set_measure(std::string(core::EligibilityMeasureId(req.measure)));
    c->set_scope(std::string(core::EligibilityScopeId(req.scope)));
    c->set_counted(r.count.counted);
    c->set_of(r.count.of);
    if (r.needed.has_value()) c->set_needed(*r.needed);
    c->set_met(r.met);
    c->set_undetermined(r.undetermined);
  }
  if (check.absences.has_value()) {
    const core::AbsenceCheck& a = *check.absences;
    v1::RequirementCheck* c = out.add_checks();
    c->set_requirement(AbsenceText(a, rule.clause));
    c->set_measure("player_absences");
    c->set_scope("this");
    c->set_counted(a.absences);
    if (a.maximum.has_value()) c->set_needed(*a.maximum);
    c->set_at_most(true);
    c->set_met(a.met);
    c->set_undetermined(a.undetermined);
  }
  return out;
}

// SABF TR 12.5's inputs: the request's schedule and sessions, checked
// against what the profile and the draw fix.
absl::Status ResolveSchedule(const CompetitionState& c,
                             const v1::GetEligibilityRequest& request,
                             core::PairContext& context) {
  if (request.sessions() < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("sessions is a count of the event's sessions, not ",
                     request.sessions()));
  }
  const int fixed =
      c.PlaysMatches() ? RoundsInEvent(c) : static_cast<int>(c.sessions.size());
  if (request.sessions() > 0 && c.PlaysMatches() && fixed > 0 &&
      request.sessions() != fixed) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", c.id, "' has ", fixed, " rounds (sessions) fixed by ",
                     "its profile and draw, not ", request.sessions()));
  }
  context.scheduled_sessions =
      request.sessions() > 0 ? request.sessions() : fixed;
  std::optional<core::EventSchedule> asked;
  if (!request.schedule().empty()) {
    absl::StatusOr<core::EventSchedule> s =
        core::ParseEventSchedule(request.schedule());
    if (!s.ok()) return s.status();
    asked = *s;
  }
  if (c.profile.eligibility.has_value()) {
    for (const core::EligibilityRule& rule : c.profile.eligibility->rules) {
      if (!rule.absence_limit.has_value() ||
          !rule.absence_limit->schedule.has_value()) {
        continue;
      }
      if (asked.has_value() && *asked != *rule.absence_limit->schedule) {
        return absl::InvalidArgumentError(absl::StrCat(
            "profile ", c.profile.name, " fixes a ",
            core::EventScheduleId(*rule.absence_limit->schedule), " event (",
            rule.clause, "), not ", request.schedule()));
      }
    }
  }
  context.schedule = asked;
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<v1::Eligibility> BuildEligibility(
    const State& state, const v1::GetEligibilityRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  core::PairContext context;
  TALLY_RETURN_IF_ERROR(ResolveSchedule(*c, request, context));
  const std::vector<core::EligibilityRule> no_rules;
  const std::vector<core::EligibilityRule>& rules =
      c->profile.eligibility.has_value() ? c->profile.eligibility->rules
                                         : no_rules;

  v1::Eligibility out;
  out.set_tournament_id(request.tournament_id());
  out.set_competition_id(c->id);
  out.set_as_of_sequence(state.last_sequence);
  for (int round : PostedRounds(*c)) out.add_rounds_counted(round);
  out.set_rounds_scheduled(c->PlaysMatches()
                               ? RoundsInEvent(*c)
                               : static_cast<int>(c->sessions.size()));
  if (context.schedule.has_value()) {
    out.set_schedule(std::string(core::EventScheduleId(*context.schedule)));
  }
  for (const core::EligibilityRule& rule : rules) {
    v1::EligibilityRuleView* view = out.add_rules();
    view->set_purpose(std::string(core::EligibilityPurposeId(rule.purpose)));
    view->set_purpose_text(
        std::string(core::EligibilityPurposeText(rule.purpose)));
    view->set_clause(rule.clause);
    view->set_otherwise(rule.otherwise);
    for (const core::EligibilityRequirement& r : rule.requirements) {
      view->add_requirements(core::DescribeRequirement(r));
    }
    if (rule.absence_limit.has_value()) {
      view->add_requirements(
          "at most the player absences its table allows for the event's "
          "sessions and schedule");
      out.set_sessions(context.scheduled_sessions);
    }
  }

  // The qualifying competition, for teams rules in that scope.
  const CompetitionState* qualifying = nullptr;
  std::string no_qualifying = absl::StrCat(
      "no qualification into '", c->id,
      "' is recorded (EntrantsQualified): its qualifying competition is not "
      "known");
  if (c->qualification.has_value()) {
    const TournamentState* t = state.FindTournament(request.tournament_id());
    auto it = t->competitions.find(c->qualification->from_competition_id());
    if (it == t->competitions.end()) {
      no_qualifying = absl::StrCat("the qualifying competition '",
                                   c->qualification->from_competition_id(),
                                   "' is not in the tournament");
    } else {
      qualifying = &it->second;
      out.set_qualifying_competition_id(qualifying->id);
      for (int round : PostedRounds(*qualifying)) {
        out.add_qualifying_rounds_counted(round);
      }
    }
  }

  for (const auto& [number, players] : c->pairs) {
    v1::EntrantEligibility* e = out.add_entrants();
    e->set_entrant(number);
    if (auto name = c->team_names.find(number); name != c->team_names.end()) {
      e->set_name(name->second);
    }
    if (c->IsTeams()) {
      const core::TeamRecord here = TeamRecordOf(*c, number, e);
      std::optional<core::TeamRecord> there;
      core::TeamRecords records{&here, nullptr, no_qualifying};
      if (qualifying != nullptr) {
        int from = 0;
        for (const v1::QualifiedEntrant& q : c->qualification->entrants()) {
          if (q.entrant() == number) from = q.from_entrant();
        }
        if (from == 0) {
          records.no_qualifying = absl::StrCat(
              "team ", number, " is not among the qualifiers from '",
              qualifying->id, "'");
        } else {
          there = TeamRecordOf(*qualifying, from, nullptr);
          records.qualifying = &*there;
          e->set_qualifying_entrant(from);
        }
      }
      *e->mutable_totals() = TeamCounts(here, "", true);
      if (there.has_value()) {
        *e->mutable_qualifying_totals() = TeamCounts(*there, "", true);
      }
      for (const std::string& player : players) {
        v1::PlayerEligibility* p = e->add_players();
        p->set_player(player);
        *p->mutable_played() = TeamCounts(here, player, false);
        if (there.has_value()) {
          *p->mutable_qualifying_played() = TeamCounts(*there, player, false);
        }
        for (size_t i = 0; i < rules.size(); ++i) {
          *p->add_verdicts() =
              VerdictView(static_cast<int>(i), rules[i],
                          core::CheckTeamRule(rules[i], records, player));
        }
      }
      continue;
    }
    const core::PairRecord record = c->PlaysMatches()
                                        ? MatchPairRecord(*c, number, *e)
                                        : MovementPairRecord(*c, number);
    *e->mutable_totals() = PairCounts(record, 0, true);
    for (size_t i = 0; i < players.size(); ++i) {
      v1::PlayerEligibility* p = e->add_players();
      p->set_player(players[i]);
      *p->mutable_played() = PairCounts(record, static_cast<int>(i), false);
      p->set_absences(core::PlayerAbsences(record, static_cast<int>(i)));
    }
    for (size_t i = 0; i < rules.size(); ++i) {
      *e->add_verdicts() =
          VerdictView(static_cast<int>(i), rules[i],
                      core::CheckPairRule(rules[i], record, context));
    }
  }
  return out;
}

}  // namespace tally::replay
