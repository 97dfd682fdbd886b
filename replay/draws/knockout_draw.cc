#include "replay/draws/knockout_draw.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/carryover/finals_carry_forward.h"
#include "core/draw/prng.h"
#include "replay/draws/knockout_results.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

using core::FinalsMatch;

std::string LabelOf(FinalsMatch match) {
  return std::string(core::FinalsMatchName(match));
}

using Outcomes = std::map<std::string, const KnockoutMatchScore*>;

// The team a finals slot sends to a match: the team numbered by the
// qualifying place, or the winner or loser of an earlier match (0 when
// that match was abandoned or a walkover has no loser).
absl::StatusOr<int> TeamFor(const core::FinalsSlot& slot,
                            const Outcomes& outcomes,
                            absl::string_view clause) {
  if (slot.from == core::FinalsSlot::From::kQualifyingPlace) return slot.place;
  const std::string label = LabelOf(slot.match);
  auto it = outcomes.find(label);
  if (it == outcomes.end()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the ", label, " is not drawn yet, and this match takes its ",
        slot.from == core::FinalsSlot::From::kWinnerOf ? "winner" : "loser",
        " (", clause, ")"));
  }
  const KnockoutMatchScore& m = *it->second;
  switch (m.outcome) {
    case KnockoutOutcome::kInProgress:
      return absl::FailedPreconditionError(absl::StrCat(
          "the ", label, " has no winner yet: ",
          m.complete ? "it is undecided" : "its results are not all in", " (",
          clause, ")"));
    case KnockoutOutcome::kTied:
      return absl::FailedPreconditionError(absl::StrCat(
          "the ", label, " is tied at ", m.home_total.ToString(), " IMPs ",
          "each; the director decides it before the next match is drawn (",
          clause, ")"));
    default:
      return slot.from == core::FinalsSlot::From::kWinnerOf ? m.winner
                                                            : m.loser;
  }
}

absl::Status DrawItcFinal(const CompetitionState& competition,
                          const DrawOrder& order, v1::DrawMade& out) {
  if (order.round < 1 || order.round > kItcFinalStanzas) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the final is played in five stanzas (ANC SR 11.3); there is no "
        "stanza ",
        order.round));
  }
  TALLY_ASSIGN_OR_RETURN(ItcFinalists finalists, ItcFinalistsOf(competition));
  if (order.round > 1) {
    TALLY_ASSIGN_OR_RETURN(std::vector<KnockoutMatchScore> matches,
                           ScoreKnockoutMatches(competition));
    for (const KnockoutMatchScore& m : matches) {
      if (m.label == kItcFinalLabel &&
          (m.outcome == KnockoutOutcome::kForfeit ||
           m.outcome == KnockoutOutcome::kAbandoned)) {
        return absl::FailedPreconditionError(
            absl::StrCat("the Final is decided (", KnockoutOutcomeId(m.outcome),
                         ", ", m.clause, "); no stanza is left to play"));
      }
    }
  }
  v1::DrawnMatch* m = out.add_matches();
  m->set_table(1);
  // ANC SR 10.8: "The first numbered team in the draw will sit NS in the
  // Open Room": the higher placed team is drawn first.
  m->set_home(finalists.higher);
  m->set_away(finalists.lower);
  m->set_label(kItcFinalLabel);
  m->set_stanza(order.round);
  m->set_stanzas(kItcFinalStanzas);
  if (finalists.carry_over != core::Rational(0)) {
    // ANC SR 11.2: the higher placed team's IMP carry-over.
    *m->mutable_carry_over() = ToProtoFraction(finalists.carry_over);
    m->set_carry_over_holder(finalists.higher);
  }
  out.add_ranking()->set_entrant(finalists.higher);
  out.add_ranking()->set_entrant(finalists.lower);
  return absl::OkStatus();
}

absl::Status DrawSabfFinals(const CompetitionState& competition,
                            const DrawOrder& order, v1::DrawMade& out) {
  const bool five =
      competition.profile.draw->method == core::DrawMethod::kSabfFinalFive;
  const core::FinalsFormat& format =
      five ? core::SabfFinalFive() : core::SabfFinalFour();
  const FinalsWeeks& weeks = five ? SabfFinalFiveWeeks() : SabfFinalFourWeeks();
  const absl::string_view clause = five ? "SABF TR 17.3" : "SABF TR 13.11";
  if (order.round < 1 || order.round > static_cast<int>(weeks.size())) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the ", format.name, " is played in ", weeks.size(), " rounds (",
        clause, "); there is no round ", order.round));
  }
  // The team numbered p qualified in place p (SABF TR 17.2).
  std::vector<int> registered, expected;
  for (const auto& [team, players] : competition.pairs) {
    registered.push_back(team);
  }
  for (int place = 1; place <= format.teams; ++place) {
    expected.push_back(place);
  }
  if (registered != expected) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the ", format.name, " is contested by the teams placed 1 to ",
        format.teams, ", numbered by their place (SABF TR 17.2, ", clause,
        "): register or qualify exactly teams 1-", format.teams,
        " (registered: ",
        registered.empty() ? "none" : absl::StrJoin(registered, ", "), ")"));
  }
  for (int place : expected) out.add_ranking()->set_entrant(place);

  TALLY_ASSIGN_OR_RETURN(std::vector<KnockoutMatchScore> matches,
                         ScoreKnockoutMatches(competition));
  Outcomes outcomes;
  for (const KnockoutMatchScore& m : matches) outcomes[m.label] = &m;
  core::DrawRng rng(order.seed);
  int table = 0;
  for (const ScheduledFinalsMatch& s : weeks[order.round - 1]) {
    const std::string label = LabelOf(s.match);
    if (s.stanza > 1) {
      // A later stanza of a match still in play: as its first was drawn.
      auto it = outcomes.find(label);
      if (it == outcomes.end() ||
          it->second->outcome != KnockoutOutcome::kInProgress) {
        continue;  // decided without play or by forfeit
      }
      auto previous = competition.rounds.find(order.round - 1);
      if (previous == competition.rounds.end()) continue;
      for (const v1::DrawnMatch& m : previous->second.draw.matches()) {
        if (m.label() != label) continue;
        v1::DrawnMatch* next = out.add_matches();
        *next = m;
        next->set_table(++table);
        next->set_stanza(s.stanza);
      }
      continue;
    }
    const core::FinalsMatchFormat* f = nullptr;
    for (const core::FinalsMatchFormat& candidate : format.matches) {
      if (candidate.match == s.match) f = &candidate;
    }
    if (f == nullptr) {
      return absl::InternalError(absl::StrCat(format.name, " has no ", label));
    }
    TALLY_ASSIGN_OR_RETURN(int holder, TeamFor(f->holder, outcomes, clause));
    TALLY_ASSIGN_OR_RETURN(int other, TeamFor(f->other, outcomes, clause));
    v1::DrawnMatch m;
    m.set_label(label);
    m.set_stanza(1);
    m.set_stanzas(s.stanzas);
    if (holder != 0 && other != 0) {
      // SABF TR 13.6: "In all teams matches the home team shall be decided
      // by lot."
      const bool holder_home = rng.UniformBelow(2) == 0;
      m.set_table(++table);
      m.set_home(holder_home ? holder : other);
      m.set_away(holder_home ? other : holder);
      // SABF TR 13.11-13.12: 0.1 IMP to the holder.
      *m.mutable_carry_over() = ToProtoFraction(format.carry_forward);
      m.set_carry_over_holder(holder);
      *out.add_matches() = std::move(m);
    } else {
      // SABF TR 16.1: "the team that would have played the winner or loser
      // of the abandoned match shall receive a forfeit" (home 0: nobody is
      // left to play it).
      m.set_home(holder != 0 ? holder : other);
      *out.add_walkovers() = std::move(m);
    }
  }
  if (out.matches().empty() && out.walkovers().empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "nothing is left to play in round ", order.round, " of the ",
        format.name, ": its match was decided without play (SABF TR 16.1)"));
  }
  return absl::OkStatus();
}

bool SameTeams(const v1::DrawnMatch& a, const v1::DrawnMatch& b) {
  return std::minmax(a.home(), a.away()) == std::minmax(b.home(), b.away());
}

}  // namespace

int StanzasCutFromMatch(core::DrawMethod method) {
  // ANC SR 11.3: "a 60 board final, played in five 12 board stanzas".
  return method == core::DrawMethod::kItcFinal ? kItcFinalStanzas : 1;
}

absl::StatusOr<ItcFinalists> ItcFinalistsOf(
    const CompetitionState& competition) {
  if (auto first = competition.rounds.find(1);
      first != competition.rounds.end()) {
    for (const v1::DrawnMatch& m : first->second.draw.matches()) {
      if (m.label() != kItcFinalLabel) continue;
      ItcFinalists f{m.home(), m.away(), core::Rational(0)};
      if (m.carry_over_holder() != 0) {
        TALLY_ASSIGN_OR_RETURN(f.carry_over, RationalOf(m.carry_over()));
      }
      return f;
    }
  }
  if (competition.qualification.has_value()) {
    const v1::EntrantsQualified& q = *competition.qualification;
    if (q.entrants_size() != 2) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the two leading teams play the final (ANC SR 11.3); the "
          "qualification from '",
          q.from_competition_id(), "' names ", q.entrants_size(), " teams"));
    }
    const v1::QualifiedEntrant* higher = &q.entrants(0);
    const v1::QualifiedEntrant* lower = &q.entrants(1);
    if (std::make_pair(lower->place(), lower->entrant()) <
        std::make_pair(higher->place(), higher->entrant())) {
      std::swap(higher, lower);
    }
    TALLY_ASSIGN_OR_RETURN(core::Rational carry,
                           RationalOf(higher->carry_over()));
    if (carry < core::Rational(0)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "team ", higher->entrant(), "'s carry-over of ", carry.ToString(),
          " IMPs is negative; ANC SR 11.2 gives the higher placed team 10% "
          "of its VP margin"));
    }
    return ItcFinalists{higher->entrant(), lower->entrant(), carry};
  }
  if (competition.pairs.size() != 2) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the two leading teams play the final (ANC SR 11.3): qualify them, "
        "or register exactly two teams, not ",
        competition.pairs.size()));
  }
  return ItcFinalists{competition.pairs.begin()->first,
                      std::next(competition.pairs.begin())->first,
                      core::Rational(0)};
}

absl::Status DrawKnockoutRound(const CompetitionState& competition,
                               const DrawOrder& order, v1::DrawMade& out) {
  switch (competition.profile.draw->method) {
    case core::DrawMethod::kItcFinal:
      return DrawItcFinal(competition, order, out);
    case core::DrawMethod::kSabfFinalFive:
    case core::DrawMethod::kSabfFinalFour:
      return DrawSabfFinals(competition, order, out);
    default:
      return absl::InvalidArgumentError(
          absl::StrCat(core::DrawMethodId(competition.profile.draw->method),
                       " is not a finals draw"));
  }
}

absl::Status CheckKnockoutMatches(const CompetitionState& competition,
                                  const v1::DrawMade& draw) {
  std::set<std::string> labels;
  for (const v1::DrawnMatch& m : draw.matches()) {
    if (m.label().empty()) {
      if (m.stanza() != 0 || m.stanzas() != 0 || m.carry_over_holder() != 0 ||
          m.has_carry_over()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "table ", m.table(),
            ": a stanza or a carry-over belongs to a "
            "knock-out match; give the match its label (e.g. \"Final\")"));
      }
      continue;
    }
    const std::string name = absl::StrCat("'", m.label(), "'");
    if (!labels.insert(m.label()).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, " is drawn twice in round ", draw.round(),
                       ": a match plays one stanza a round"));
    }
    if (m.stanza() < 1 || m.stanzas() < m.stanza()) {
      return absl::InvalidArgumentError(absl::StrCat(
          name, ": stanza ", m.stanza(), " of ", m.stanzas(),
          " is not a stanza of the match (give stanza 1 to stanzas)"));
    }
    absl::StatusOr<core::Rational> carry = RationalOf(m.carry_over());
    if (!carry.ok() || *carry < core::Rational(0)) {
      return absl::InvalidArgumentError(absl::StrCat(
          name, ": a carry-over is a number of IMPs of at least 0"));
    }
    if (m.carry_over_holder() != 0 && m.carry_over_holder() != m.home() &&
        m.carry_over_holder() != m.away()) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": team ", m.carry_over_holder(),
                       " holds the carry-over but does not play the match"));
    }
    if (*carry != core::Rational(0) && m.carry_over_holder() == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": say which team holds the carry-over"));
    }
    const v1::DrawnMatch* previous = nullptr;
    int previous_round = 0;
    for (const auto& [number, round] : competition.rounds) {
      if (number >= draw.round()) break;
      for (const v1::DrawnMatch& e : round.draw.matches()) {
        if (e.label() == m.label()) {
          previous = &e;
          previous_round = number;
        }
      }
      for (const v1::DrawnMatch& w : round.draw.walkovers()) {
        if (w.label() == m.label()) {
          return absl::InvalidArgumentError(
              absl::StrCat(name, " was decided without play in round ", number,
                           " (SABF TR 16.1)"));
        }
      }
    }
    if (m.stanza() == 1) {
      if (previous != nullptr) {
        return absl::InvalidArgumentError(absl::StrCat(
            name, " was drawn in round ", previous_round,
            ": a new match needs a new label, a later stanza stanza ",
            previous->stanza() + 1));
      }
      continue;
    }
    if (previous == nullptr || previous_round != draw.round() - 1 ||
        previous->stanza() != m.stanza() - 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          name, ": stanza ", m.stanza(), " follows stanza ", m.stanza() - 1,
          " in the round before (the consecutive rounds of one label are "
          "one match)"));
    }
    absl::StatusOr<core::Rational> before = RationalOf(previous->carry_over());
    if (!SameTeams(*previous, m) || m.stanzas() != previous->stanzas() ||
        m.carry_over_holder() != previous->carry_over_holder() ||
        !before.ok() || *before != *carry) {
      return absl::InvalidArgumentError(absl::StrCat(
          name, ": stanza ", m.stanza(),
          " keeps the teams, length and carry-over the match was drawn "
          "with (",
          previous->home(), " v ", previous->away(), ", ", previous->stanzas(),
          " stanzas)"));
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
