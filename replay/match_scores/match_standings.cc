#include "replay/match_scores/match_standings.h"

#include <map>
#include <set>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/draw/prng.h"
#include "core/profile/named_rules.h"
#include "core/tiebreak/chains.h"
#include "core/vp/vp_scale.h"
#include "replay/match_scores/carry_over.h"
#include "replay/match_scores/few_comparisons.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/match_adjustments.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/rulings.h"

namespace tally::replay {
namespace {

// The bye's score under the profile's bye rule: IMPs, and fixed VPs when
// the rule gives them (else the IMPs are converted on the event's scale).
struct ByeRule {
  core::Rational imps;
  std::optional<core::Rational> vps;
};

absl::StatusOr<ByeRule> ByeRuleOf(const core::RegulationProfile& profile) {
  if (!profile.forfeit.has_value() || profile.forfeit->bye.empty()) {
    // No bye rule: a bye scores nothing until the director rules.
    return ByeRule{core::Rational(0), core::Rational(0)};
  }
  TALLY_ASSIGN_OR_RETURN(core::ByeScore bye,
                         core::ByeScoreById(profile.forfeit->bye));
  return ByeRule{bye.imps, bye.vps};
}

std::string EntrantId(int entrant) { return absl::StrCat(entrant); }

int EntrantNumber(const std::string& id) {
  int n = 0;
  return absl::SimpleAtoi(id, &n) ? n : 0;
}

}  // namespace

// The chain the profile gives for `purpose`; qualification falls back to
// the final placing's chain, and a draw to the final placing's as well.
std::optional<core::TieBreakChain> TieBreakChainFor(
    const core::RegulationProfile& profile, core::TieBreakPurpose purpose) {
  std::optional<core::TieBreakChain> final_placing;
  for (const core::TieBreakChain& chain : profile.tie_breaks.chains) {
    if (chain.purpose == purpose) return chain;
    if (chain.purpose == core::TieBreakPurpose::kFinalPlacing) {
      final_placing = chain;
    }
  }
  return final_placing;
}

core::RoundInput RoundInputOf(const MatchRoundState& round) {
  core::RoundInput input;
  input.round = round.number;
  input.boards.assign(round.draw.boards().begin(), round.draw.boards().end());
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    input.matches.push_back({m.table(), m.home(), m.away()});
  }
  for (const auto& [key, result] : round.results) {
    core::BoardResultAt r;
    r.board = result.board;
    r.table = result.slot.table;
    r.room = static_cast<int>(result.room);
    r.ns_score = result.ns_score;
    // An assigned adjusted score in force is scored as played (Law
    // 12C1(b)); decide accepts no other form in events of matches yet.
    if (std::optional<AdjustmentInForce> a = AdjustmentAt(
            round.rulings, result.board, result.slot.table, result.room);
        a.has_value() && a->score->has_assigned()) {
      if (absl::StatusOr<int> s =
              NorthSouthScoreOf(a->score->assigned(), result.board);
          s.ok()) {
        r.ns_score = *s;
      }
    }
    input.results.push_back(r);
  }
  if (round.draw.bye() != 0) input.bye = round.draw.bye();
  AddThreeWayTable(round.draw, input);  // SABF TR 14.1, NSW TR 12.7
  return input;
}

absl::StatusOr<std::vector<ScoredRound>> ScoreRounds(
    const CompetitionState& competition, int up_to_round) {
  TALLY_ASSIGN_OR_RETURN(ByeRule bye, ByeRuleOf(competition.profile));
  std::vector<ScoredRound> scored;
  for (const auto& [number, round] : competition.rounds) {
    if (up_to_round > 0 && number > up_to_round) break;
    const core::RoundInput input = PlayedRoundInputOf(competition, round);
    TALLY_ASSIGN_OR_RETURN(
        core::RoundScore score,
        core::ScoreRound(competition.profile, input, bye.imps, bye.vps));
    // The rulings RoundInputOf does not carry
    // (replay/match_scores/match_adjustments.h).
    TALLY_RETURN_IF_ERROR(
        ApplyRoundRulings(competition.profile, round, input, score));
    // ANC SR 7.7 (replay/match_scores/few_comparisons.h).
    absl::StatusOr<std::map<int, std::string>> few =
        TakeMatchesWithFewComparisons(competition, round, input, score);
    if (!few.ok()) return few.status();
    scored.push_back({&round, std::move(score), {}, *std::move(few)});
  }
  TALLY_RETURN_IF_ERROR(ScoreForfeits(competition, scored));
  return scored;
}

absl::StatusOr<MatchRanking> RankMatchEntrants(
    const CompetitionState& competition, const RankingOptions& options) {
  TALLY_ASSIGN_OR_RETURN(std::vector<ScoredRound> rounds,
                         ScoreRounds(competition, options.after_round));
  std::map<int, EntrantStanding> standings;
  std::map<int, core::TieBreakEntrant> entrants;
  for (const auto& [number, players] : competition.pairs) {
    standings[number].entrant = number;
    entrants[number].id = EntrantId(number);
  }
  const int boards_per_match =
      competition.profile.matches.has_value()
          ? competition.profile.matches->boards_per_match
          : 0;
  std::optional<int64_t> blitz;
  if (competition.profile.vp.has_value() && boards_per_match > 0) {
    absl::StatusOr<core::VpScaleForBoards> scale =
        core::VpScaleForMatch(competition.profile, boards_per_match);
    if (scale.ok()) {
      absl::StatusOr<int64_t> margin =
          core::BlitzMargin(scale->scale, scale->boards);
      if (margin.ok()) blitz = *margin;
    }
  }
  auto record = [&](int entrant, int round, int opponent,
                    const core::Rational& vps,
                    std::optional<core::Rational> opponent_vps,
                    const core::Rational& imps) {
    auto it = standings.find(entrant);
    if (it == standings.end()) return;  // not registered: ignore
    it->second.vps += vps;
    it->second.net_imps += imps;
    ++it->second.matches;
    core::TieBreakMatch m;
    m.round = round;
    m.opponent = opponent == 0 ? "" : EntrantId(opponent);
    m.score = vps;
    m.opponent_score = opponent_vps;
    m.imps = imps;
    if (blitz.has_value()) m.blitz_margin = core::Rational(*blitz);
    entrants[entrant].matches.push_back(m);
  };
  for (const ScoredRound& r : rounds) {
    for (const core::MatchScore& m : r.score.matches) {
      if (!m.complete || !m.vps.has_value()) continue;
      core::Rational home_vps = m.vps->vps.ToRational();
      core::Rational away_vps = m.vps->opponent_vps.ToRational();
      record(m.home, r.round->number, m.away, home_vps, away_vps, m.home_imps);
      record(m.away, r.round->number, m.home, away_vps, home_vps,
             m.away_imps.value_or(-m.home_imps));
    }
    if (r.score.bye.has_value() && r.score.bye->vps.has_value()) {
      record(r.score.bye->entrant, r.round->number, 0,
             r.score.bye->vps->vps.ToRational(), std::nullopt,
             r.score.bye->imps);
    }
    for (const ForfeitOutcome& f :
         r.forfeits) {  // replay/match_scores/forfeits.h
      if (!f.home_vps.has_value()) continue;
      record(f.home, r.round->number, f.away, *f.home_vps, f.away_vps,
             f.home_imps);
      record(f.away, r.round->number, f.home, *f.away_vps, f.home_vps,
             f.away_imps.value_or(-f.home_imps));
    }
    // A share match or half matches: records of their own.
    for (ThreeWayRecord& x : ThreeWayRecords(r.score, r.round->number, blitz)) {
      auto it = standings.find(x.entrant);
      if (it == standings.end()) continue;
      it->second.vps += x.match.score;
      it->second.net_imps += x.match.imps;
      if (x.counts_match) ++it->second.matches;
      entrants[x.entrant].matches.push_back(std::move(x.match));
    }
  }
  if (!options.exclude_penalties) {
    for (const PenaltyRecord& p : competition.penalties) {
      if (options.after_round > 0 && p.penalty.round() > options.after_round) {
        continue;
      }
      auto it = standings.find(p.penalty.entrant());
      if (it == standings.end()) continue;
      it->second.penalties +=
          core::Decimal(p.penalty.vps().units(), p.penalty.vps().places())
              .ToRational();
    }
  }
  // ANC SR 18.1-18.2: a carry-over counts in the total ranked on.
  const std::map<int, core::Rational> carry_overs = VpCarryOvers(competition);
  std::vector<core::TieBreakEntrant> field;
  for (auto& [number, s] : standings) {
    if (auto it = carry_overs.find(number); it != carry_overs.end()) {
      s.carry_over = it->second;
    }
    s.total = s.vps - s.penalties + s.carry_over;
    core::TieBreakEntrant& e = entrants[number];
    e.score = s.total;
    e.fines = s.penalties;
    e.carry_over = s.carry_over;
    field.push_back(e);
  }

  MatchRanking ranking;
  ranking.after_round = options.after_round;
  for (const ScoredRound& r : rounds) {
    ranking.forfeits.insert(ranking.forfeits.end(), r.forfeits.begin(),
                            r.forfeits.end());
  }
  std::optional<core::TieBreakChain> chain =
      TieBreakChainFor(competition.profile, options.purpose);
  std::vector<std::string> criteria;
  if (chain.has_value()) {
    criteria = chain->criteria;
    ranking.clause = chain->clause;
  }
  TALLY_ASSIGN_OR_RETURN(
      core::TieBreakChainSpec spec,
      core::ChainSpecFromCriteria(criteria, ranking.clause,
                                  competition.profile.tie_breaks.tie_within));
  TALLY_ASSIGN_OR_RETURN(core::TieBreakResult result,
                         core::RankWithTieBreaks(spec, field));
  std::map<std::string, int> lots;  // entrant id -> its place in its lot
  if (options.lot_seed.has_value()) {
    // A draw needs a total order: every pending lot is drawn now, from the
    // seed stored with the draw, group by group in ranking order.
    core::DrawRng rng(*options.lot_seed);
    for (const core::PendingDecision& pending : result.pending) {
      std::vector<std::string> order = pending.entrants;
      rng.Shuffle(order);
      for (size_t i = 0; i < order.size(); ++i) {
        lots[order[i]] = static_cast<int>(i) + 1;
      }
    }
  } else {
    // Otherwise a tie waiting for a lot takes the latest lot the director
    // recorded among exactly its members (LotDrawn), if any.
    for (const core::PendingDecision& pending : result.pending) {
      std::set<int> members;
      for (const std::string& id : pending.entrants) {
        members.insert(EntrantNumber(id));
      }
      for (auto lot = competition.lots.rbegin(); lot != competition.lots.rend();
           ++lot) {
        if (std::set<int>(lot->begin(), lot->end()) != members) continue;
        for (size_t i = 0; i < lot->size(); ++i) {
          lots[EntrantId((*lot)[i])] = static_cast<int>(i) + 1;
        }
        break;
      }
    }
  }
  if (!lots.empty()) {
    for (core::TieBreakEntrant& e : field) {
      if (auto it = lots.find(e.id); it != lots.end()) e.lot = it->second;
    }
    TALLY_ASSIGN_OR_RETURN(result, core::RankWithTieBreaks(spec, field));
  }
  ranking.pending = result.pending;
  for (const core::Placing& placing : result.placings) {
    EntrantStanding row = standings[EntrantNumber(placing.id)];
    row.placing = placing;
    ranking.rows.push_back(std::move(row));
  }
  return ranking;
}

}  // namespace tally::replay
