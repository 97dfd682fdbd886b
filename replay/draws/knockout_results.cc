#include "replay/draws/knockout_results.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/carryover/finals_carry_forward.h"
#include "core/tiebreak/chains.h"
#include "core/tiebreak/rank.h"
#include "replay/match_scores/match_standings.h"
#include "replay/rulings/knockout_rulings.h"

namespace tally::replay {
namespace {

// SABF TR 16.1: forfeits and abandoned finals matches.
constexpr absl::string_view kForfeitClause = "SABF TR 16.1";

// The IMPs each side of the match at `table` won on the scored boards of
// `score`, from the round's home team's side (each team its own IMPs where
// a ruling left a board unbalanced: replay/rulings/knockout_rulings.h).
std::pair<core::Rational, core::Rational> ImpsWon(const core::RoundScore& score,
                                                  int table) {
  core::Rational home, away;
  for (const core::BoardScore& board : score.boards) {
    auto it = board.ns_points.find({table, 1});  // the open-room row
    if (it == board.ns_points.end()) continue;
    auto own = board.away_points.find({table, 1});
    const KnockoutBoardImps won = KnockoutImpsOnBoard(
        it->second, own == board.away_points.end()
                        ? std::nullopt
                        : std::optional<core::Rational>(own->second));
    home += won.home;
    away += won.away;
  }
  return {home, away};
}

const core::MatchScore* MatchAtTable(const core::RoundScore& score, int table) {
  for (const core::MatchScore& m : score.matches) {
    if (m.table == table) return &m;
  }
  return nullptr;
}

// The final-placing chain's verdict on a complete match with `totals`:
// the winner, or none when it leaves the teams tied.
absl::Status DecideOnTotals(const core::RegulationProfile& profile,
                            KnockoutMatchScore& match) {
  std::vector<std::string> criteria;
  std::string clause = profile.tie_breaks.tie_clause;
  for (const core::TieBreakChain& chain : profile.tie_breaks.chains) {
    if (chain.purpose == core::TieBreakPurpose::kFinalPlacing) {
      criteria = chain.criteria;
      clause = chain.clause;
    }
  }
  TALLY_ASSIGN_OR_RETURN(core::TieBreakChainSpec spec,
                         core::ChainSpecFromCriteria(
                             criteria, clause, profile.tie_breaks.tie_within));
  std::vector<core::TieBreakEntrant> field(2);
  field[0].id = absl::StrCat(match.home);
  field[0].score = match.home_total;
  field[1].id = absl::StrCat(match.away);
  field[1].score = match.away_total;
  if (match.holder == match.home) field[0].carry_over = match.carry_over;
  if (match.holder == match.away) field[1].carry_over = match.carry_over;
  TALLY_ASSIGN_OR_RETURN(core::TieBreakResult result,
                         core::RankWithTieBreaks(spec, field));
  const core::Placing& second = result.placings[1];
  if (second.decision == core::PlaceDecision::kShared ||
      !result.pending.empty()) {
    // ANC SR 12.3 "If still tied, the title will be shared."
    match.outcome = KnockoutOutcome::kTied;
    match.decided_by = "shared";
    match.clause = clause;
    return absl::OkStatus();
  }
  const bool home_wins = result.placings[0].id == field[0].id;
  match.outcome = KnockoutOutcome::kWon;
  match.winner = home_wins ? match.home : match.away;
  match.loser = home_wins ? match.away : match.home;
  if (second.decision == core::PlaceDecision::kTieBreak) {
    match.decided_by = second.criterion;  // e.g. remove_carry_over, 12.3
    match.clause = second.clause;
  } else {
    match.decided_by = "imps";
  }
  return absl::OkStatus();
}

// Settles a match's outcome from its forfeits or its complete stanzas.
absl::Status Decide(const core::RegulationProfile& profile,
                    const std::string& forfeit_clause,
                    KnockoutMatchScore& match) {
  if (match.outcome == KnockoutOutcome::kWalkover) return absl::OkStatus();
  std::set<int> offenders;
  for (int team : match.forfeited_by) {
    if (team == match.home || team == match.away) offenders.insert(team);
  }
  if (offenders.size() == 2) {
    // SABF TR 16.1: "If neither of the two teams ... are present ... the
    // match shall be abandoned and there shall be no winner of that match."
    match.outcome = KnockoutOutcome::kAbandoned;
    match.decided_by = "abandoned";
    match.clause = forfeit_clause;
    return absl::OkStatus();
  }
  if (offenders.size() == 1) {
    // SABF TR 16.1: the team that does not present itself "shall be deemed
    // to have forfeited the match".
    match.outcome = KnockoutOutcome::kForfeit;
    match.loser = *offenders.begin();
    match.winner = match.loser == match.home ? match.away : match.home;
    match.decided_by = "forfeit";
    match.clause = forfeit_clause;
    return absl::OkStatus();
  }
  if (!match.complete) return absl::OkStatus();
  return DecideOnTotals(profile, match);
}

}  // namespace

absl::string_view KnockoutOutcomeId(KnockoutOutcome outcome) {
  switch (outcome) {
    case KnockoutOutcome::kInProgress:
      return "in progress";
    case KnockoutOutcome::kWon:
      return "won";
    case KnockoutOutcome::kTied:
      return "tied";
    case KnockoutOutcome::kForfeit:
      return "forfeit";
    case KnockoutOutcome::kAbandoned:
      return "abandoned";
    case KnockoutOutcome::kWalkover:
      return "walkover";
  }
  return "";
}

absl::StatusOr<core::Rational> RationalOf(const v1::Fraction& fraction) {
  if (fraction.denominator() == 0) {
    if (fraction.numerator() == 0) return core::Rational(0);
    return absl::InvalidArgumentError(
        absl::StrCat("the fraction ", fraction.numerator(), "/0 has no value"));
  }
  return core::Rational(fraction.numerator(), fraction.denominator());
}

std::string DecidingMatchLabel(const CompetitionState& competition) {
  if (!competition.profile.draw.has_value()) return "";
  switch (competition.profile.draw->method) {
    case core::DrawMethod::kItcFinal:
      return "Final";  // ANC SR 11.3
    case core::DrawMethod::kSabfFinalFive:
    case core::DrawMethod::kSabfFinalFour:
      // SABF TR 17.3.4 "The winner of the Grand Final is the winner of the
      // event."
      return std::string(core::FinalsMatchName(core::FinalsMatch::kGrandFinal));
    default:
      return "";
  }
}

absl::StatusOr<std::vector<KnockoutMatchScore>> ScoreKnockoutMatches(
    const CompetitionState& competition) {
  TALLY_ASSIGN_OR_RETURN(std::vector<ScoredRound> rounds,
                         ScoreRounds(competition, 0));
  std::vector<KnockoutMatchScore> matches;
  std::map<std::string, size_t> index;  // label -> its place in `matches`
  std::map<std::string, std::string> forfeit_clauses;
  for (const ScoredRound& scored : rounds) {
    const MatchRoundState& round = *scored.round;
    for (const v1::DrawnMatch& m : round.draw.matches()) {
      if (m.label().empty()) continue;
      auto [it, is_new] = index.emplace(m.label(), matches.size());
      if (is_new) {
        KnockoutMatchScore match;
        match.label = m.label();
        match.home = m.home();
        match.away = m.away();
        match.holder = m.carry_over_holder();
        TALLY_ASSIGN_OR_RETURN(match.carry_over, RationalOf(m.carry_over()));
        match.stanzas = std::max(1, m.stanzas());
        matches.push_back(std::move(match));
      }
      KnockoutMatchScore& match = matches[it->second];
      KnockoutStanzaScore stanza;
      stanza.stanza = m.stanza();
      stanza.round = round.number;
      stanza.table = m.table();
      stanza.boards.assign(round.draw.boards().begin(),
                           round.draw.boards().end());
      if (const core::MatchScore* s = MatchAtTable(scored.score, m.table())) {
        stanza.boards_scored = s->boards_scored;
        stanza.complete = s->complete;
      }
      auto [home, away] = ImpsWon(scored.score, m.table());
      if (m.home() != match.home) std::swap(home, away);
      stanza.home_imps = home;
      stanza.away_imps = away;
      match.stanza_scores.push_back(std::move(stanza));
      // The offence register's IMPs off the offending team's match total.
      for (const OffenceDeduction& d : round.offence_deductions) {
        const v1::OffenceRecorded& o = d.offence;
        TALLY_ASSIGN_OR_RETURN(core::Rational imps, RationalOf(o.imps()));
        if (o.entrant() == match.home) match.home_deducted += imps;
        if (o.entrant() == match.away) match.away_deducted += imps;
      }
      // The rulings' IMP penalties (Laws 90, 91), off the same totals.
      match.home_deducted += KnockoutImpPenalties(round, match.home);
      match.away_deducted += KnockoutImpPenalties(round, match.away);
      if (auto f = round.forfeits.find(m.table()); f != round.forfeits.end()) {
        match.forfeited_by.insert(match.forfeited_by.end(),
                                  f->second.offenders().begin(),
                                  f->second.offenders().end());
        forfeit_clauses[m.label()] = f->second.clause().empty()
                                         ? std::string(kForfeitClause)
                                         : f->second.clause();
      }
    }
    for (const v1::DrawnMatch& w : round.draw.walkovers()) {
      if (index.contains(w.label())) continue;  // a bug: drawn twice
      index.emplace(w.label(), matches.size());
      KnockoutMatchScore match;
      match.label = w.label();
      match.home = w.home();
      match.stanzas = std::max(1, w.stanzas());
      match.winner = w.home();
      // SABF TR 16.1: "the team that would have played the winner or loser
      // of the abandoned match shall receive a forfeit"; with nobody left
      // to play, the match is not contested.
      match.outcome = w.home() != 0 ? KnockoutOutcome::kWalkover
                                    : KnockoutOutcome::kAbandoned;
      match.decided_by = w.home() != 0 ? "forfeit" : "abandoned";
      match.clause = std::string(kForfeitClause);
      matches.push_back(std::move(match));
    }
  }
  for (KnockoutMatchScore& match : matches) {
    if (match.outcome == KnockoutOutcome::kWalkover ||
        match.outcome == KnockoutOutcome::kAbandoned) {
      continue;
    }
    std::sort(match.stanza_scores.begin(), match.stanza_scores.end(),
              [](const KnockoutStanzaScore& a, const KnockoutStanzaScore& b) {
                return a.stanza < b.stanza;
              });
    bool complete =
        static_cast<int>(match.stanza_scores.size()) == match.stanzas;
    for (const KnockoutStanzaScore& s : match.stanza_scores) {
      match.home_total += s.home_imps;
      match.away_total += s.away_imps;
      complete &= s.complete;
    }
    match.complete = complete;
    if (match.holder == match.home) match.home_total += match.carry_over;
    if (match.holder == match.away) match.away_total += match.carry_over;
    match.home_total -= match.home_deducted;
    match.away_total -= match.away_deducted;
    const auto clause = forfeit_clauses.find(match.label);
    TALLY_RETURN_IF_ERROR(Decide(competition.profile,
                                 clause == forfeit_clauses.end()
                                     ? std::string(kForfeitClause)
                                     : clause->second,
                                 match));
  }
  return matches;
}

absl::StatusOr<KnockoutEventResult> ScoreKnockoutEvent(
    const CompetitionState& competition) {
  KnockoutEventResult out;
  TALLY_ASSIGN_OR_RETURN(out.matches, ScoreKnockoutMatches(competition));
  const std::string deciding = DecidingMatchLabel(competition);
  if (deciding.empty()) return out;
  for (const KnockoutMatchScore& m : out.matches) {
    if (m.label != deciding) continue;
    switch (m.outcome) {
      case KnockoutOutcome::kInProgress:
        break;
      case KnockoutOutcome::kWon:
        out.winners = {m.winner};
        out.result = "won";
        // ANC SR 11.3 (the two leading teams play the final); SABF TR
        // 17.3.4 "The winner of the Grand Final is the winner of the event."
        out.clause =
            competition.profile.draw->method == core::DrawMethod::kItcFinal
                ? "ANC SR 11.3"
                : "SABF TR 17.3.4";
        break;
      case KnockoutOutcome::kForfeit:
      case KnockoutOutcome::kWalkover:
        out.winners = {m.winner};
        out.result = "won";
        out.clause = m.clause;
        break;
      case KnockoutOutcome::kTied:
        // ANC SR 12.3 "If still tied, the title will be shared."
        out.winners = {std::min(m.home, m.away), std::max(m.home, m.away)};
        out.result = "shared";
        out.clause = m.clause;
        break;
      case KnockoutOutcome::kAbandoned:
        // SABF TR 16.1 "If the abandoned match is the Grand Final, there
        // shall be no winner of the event."
        out.result = "no winner";
        out.clause = m.clause;
        break;
    }
  }
  return out;
}

}  // namespace tally::replay
