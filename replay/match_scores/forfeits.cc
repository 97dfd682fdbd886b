#include "replay/match_scores/forfeits.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/forfeit/abandoned_match.h"
#include "core/forfeit/forfeit_rules.h"
#include "core/movement/itc_draw.h"
#include "core/profile/named_rules.h"
#include "core/vp/vp_scale.h"
#include "replay/rounds/rounds_in_event.h"
#include "replay/rulings/pending_appeals.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

constexpr absl::string_view kNswRule = "nsw_tr_12_9";
constexpr absl::string_view kItcRule = "anc_sr_10_12";
constexpr absl::string_view kSabfRule = "sabf_tr_13_9";

bool IsKnockout(const CompetitionState& c) {
  return c.kind == v1::COMPETITION_KIND_KNOCKOUT_TEAMS;
}

// An entrant's completed matches and byes, each with its round, in round
// order: what "the mean VP score ... for its completed matches" is over.
using Records = std::vector<std::pair<int, core::MatchRecord>>;

std::vector<core::MatchRecord> UpTo(const std::map<int, Records>& records,
                                    int entrant, int round) {
  std::vector<core::MatchRecord> out;
  auto it = records.find(entrant);
  if (it == records.end()) return out;
  for (const auto& [r, record] : it->second) {
    if (r <= round) out.push_back(record);
  }
  return out;
}

// The forfeit and bye rules of the profile, prepared once per scoring.
struct Rules {
  std::string id;  // the forfeit rule id; empty: none
  std::optional<core::ForfeitRule> rule;
  std::optional<core::ByeScore> bye;
  std::string bye_clause;
  std::vector<ForfeitAdjustmentPoint> points;
  bool has_vps = false;
  // IMP scales: the winner's VPs for margins 0.. up to the blitz (NSW TR
  // 12.9.4); empty for the ITC (its own formula) or a percentage scale.
  std::vector<core::Rational> vps_by_margin;
  std::optional<core::VpScaleForBoards> scale;
};

// The profile's rules, without the adjustment points (which need the
// competition's rounds).
absl::StatusOr<Rules> RulesOfProfile(const core::RegulationProfile& profile) {
  Rules rules;
  TALLY_ASSIGN_OR_RETURN(rules.rule, core::ForfeitRuleForProfile(profile));
  if (rules.rule.has_value()) rules.id = profile.forfeit->rule;
  if (profile.forfeit.has_value() && !profile.forfeit->bye.empty()) {
    TALLY_ASSIGN_OR_RETURN(rules.bye, core::ByeScoreById(profile.forfeit->bye));
    for (const core::NamedRule& named : core::ByeRules()) {
      if (named.id == profile.forfeit->bye) {
        rules.bye_clause = std::string(named.clause);
      }
    }
  }
  rules.has_vps = profile.vp.has_value();
  const int boards =
      profile.matches.has_value() ? profile.matches->boards_per_match : 0;
  if (!rules.has_vps || boards < 1) return rules;
  TALLY_ASSIGN_OR_RETURN(core::VpScaleForBoards scale,
                         core::VpScaleForMatch(profile, boards));
  TALLY_ASSIGN_OR_RETURN(core::VpScaleInfo info,
                         core::FindVpScale(scale.scale.id));
  rules.scale = scale;
  if (info.margin_kind != core::VpMarginKind::kImps || rules.id == kItcRule) {
    return rules;
  }
  TALLY_ASSIGN_OR_RETURN(const int64_t blitz,
                         core::BlitzMargin(scale.scale, scale.boards));
  for (int64_t margin = 0; margin <= blitz; ++margin) {
    TALLY_ASSIGN_OR_RETURN(
        core::VpResult vps,
        core::VpForMargin(scale.scale, core::Rational(margin), scale.boards));
    rules.vps_by_margin.push_back(vps.vps.ToRational());
  }
  return rules;
}

absl::StatusOr<Rules> RulesOf(const CompetitionState& c) {
  TALLY_ASSIGN_OR_RETURN(Rules rules, RulesOfProfile(c.profile));
  rules.points = ForfeitAdjustmentPoints(c);
  return rules;
}

// The IMPs credited to the side awarded `vps` (the better-scored side):
// NSW TR 12.9.4 (the most IMPs that earn them; read into SABF TR 13.9 as
// well), ANC SR 10.12 (the 10.10 formula inverted). 0 at or below a drawn
// match's VPs.
absl::StatusOr<core::Rational> ImpsFor(const Rules& rules,
                                       const core::Rational& vps) {
  if (rules.id == kItcRule) {
    if (vps <= core::Rational(35)) return core::Rational(0);
    TALLY_ASSIGN_OR_RETURN(core::ImpEquivalent imps, core::ItcForfeitImps(vps));
    return imps.non_offender;
  }
  if (rules.vps_by_margin.empty() || vps <= rules.vps_by_margin.front()) {
    return core::Rational(0);
  }
  TALLY_ASSIGN_OR_RETURN(core::ImpEquivalent imps,
                         core::MaxImpsForVps(rules.vps_by_margin, vps));
  return imps.non_offender;
}

// The latest adjustment point at or after `round` and no later than `k`.
const ForfeitAdjustmentPoint* PointInForce(const Rules& rules, int round,
                                           int k) {
  const ForfeitAdjustmentPoint* found = nullptr;
  for (const ForfeitAdjustmentPoint& p : rules.points) {
    if (p.after_round >= round && p.after_round <= k) found = &p;
  }
  return found;
}

std::string InterimClause(const Rules& rules) {
  if (rules.id == kNswRule) {
    return rules.has_vps ? "NSW TR 12.9.1" : "NSW TR 12.9.5";
  }
  return rules.rule->clause;
}

// Sets `side`'s score and its opponents' in `out`, with `side`'s IMPs.
void Award(ForfeitOutcome& out, int side, const core::Rational& side_vps,
           const core::Rational& other_vps, const core::Rational& side_imps) {
  const bool home = side == out.home;
  out.home_vps = home ? side_vps : other_vps;
  out.away_vps = home ? other_vps : side_vps;
  out.home_imps = home ? side_imps : -side_imps;
}

// Awards with the IMPs of the better-scored side (its opponents the
// negative).
absl::Status AwardWithImps(const Rules& rules, ForfeitOutcome& out, int side,
                           const core::Rational& side_vps,
                           const core::Rational& other_vps) {
  core::Rational imps;
  if (side_vps >= other_vps) {
    TALLY_ASSIGN_OR_RETURN(imps, ImpsFor(rules, side_vps));
  } else {
    TALLY_ASSIGN_OR_RETURN(core::Rational other, ImpsFor(rules, other_vps));
    imps = -other;
  }
  Award(out, side, side_vps, other_vps, imps);
  return absl::OkStatus();
}

// A forfeit in a profile with no forfeit rule.
absl::Status ScoreWithoutRule(const core::RegulationProfile& profile,
                              const Rules& rules, int non_offender,
                              ForfeitOutcome& out) {
  if (!rules.bye.has_value()) {
    out.basis =
        "no score: the profile names no forfeit or bye rule (the director "
        "rules)";
    return absl::OkStatus();
  }
  if (non_offender == 0) {  // both sides in default
    Award(out, out.home, core::Rational(0), core::Rational(0),
          core::Rational(0));
    out.basis = "both sides in default: neither scores";
    out.clause = rules.bye_clause;
    return absl::OkStatus();
  }
  core::Rational vps;
  if (rules.bye->vps.has_value()) {
    vps = *rules.bye->vps;
  } else if (rules.scale.has_value()) {
    TALLY_ASSIGN_OR_RETURN(
        core::VpResult converted,
        core::VpForMargin(rules.scale->scale, rules.bye->imps,
                          rules.scale->boards));
    vps = converted.vps.ToRational();
  } else {
    return absl::FailedPreconditionError(
        absl::StrCat("profile ", profile.name,
                     ": a forfeit scored as a bye needs VPs for the bye"));
  }
  Award(out, non_offender, vps, core::Rational(0), rules.bye->imps);
  out.basis =
      "the bye's score to the side that was present, 0 to the side in "
      "default (the profile names no forfeit rule)";
  out.clause = rules.bye_clause;
  return absl::OkStatus();
}

// SABF TR 13.18: averages over the matches completed after round k.
absl::Status ScoreAbandoned(const Rules& rules,
                            const std::map<int, Records>& records, int k,
                            int concerned, int opponents, ForfeitOutcome& out) {
  out.clause = "SABF TR 13.18";
  absl::StatusOr<core::AbandonedMatchScores> s = core::SabfAbandonedMatchScores(
      UpTo(records, concerned, k), UpTo(records, opponents, k));
  if (absl::IsFailedPrecondition(s.status())) {
    out.basis = absl::StrCat("no score yet: ", s.status().message());
    return absl::OkStatus();
  }
  TALLY_RETURN_IF_ERROR(s.status());
  out.basis = absl::StrCat(
      "abandoned through no fault: the side concerned the lesser of its "
      "average and the complement of its opponents', they the greater, over "
      "the matches completed after round ",
      k);
  return AwardWithImps(rules, out, concerned, s->concerned, s->opponents);
}

// SABF TR 13.9, last paragraph: the team present "the score for a
// forfeit", the absent team the greater of its mean and the complement of
// the present team's score.
absl::Status ScoreCancelled(const Rules& rules,
                            const std::map<int, Records>& records, int round,
                            int k, int present, int absent,
                            ForfeitOutcome& out) {
  out.clause = "SABF TR 13.9";
  core::Rational present_vps, absent_vps;
  if (const ForfeitAdjustmentPoint* p = PointInForce(rules, round, k)) {
    TALLY_ASSIGN_OR_RETURN(
        core::CancelledMatchScores s,
        core::SabfCancelledMatchScores(*rules.rule,
                                       UpTo(records, present, p->after_round),
                                       UpTo(records, absent, p->after_round)));
    present_vps = s.present.non_offender;
    absent_vps = s.absent;
    out.limb = s.present.limb;
    out.basis = absl::StrCat("cancelled through no fault, ", p->basis);
  } else {
    // Before the end the present team has the forfeit's interim score, and
    // the absent team the greater of its mean so far and its complement.
    present_vps = core::InterimForfeitScore(*rules.rule).non_offender;
    absent_vps = core::Rational(20) - present_vps;
    std::optional<core::Rational> mean = core::MeanOwnScore(
        UpTo(records, absent, k), rules.rule->byes_count_as_completed);
    if (mean.has_value() && *mean > absent_vps) absent_vps = *mean;
    out.basis =
        "cancelled through no fault, interim (until the forfeit score is "
        "determined after the last round)";
  }
  return AwardWithImps(rules, out, present, present_vps, absent_vps);
}

// ANC SR 7.7: a match scored as a forfeit "treating both units as
// non-offenders": each side the score the profile's forfeit rule gives the
// non-offenders (adjusted over each side's own record and its opponents'
// at an adjustment point), with the IMPs that go with it; without a forfeit
// rule, each side the bye's score as a forfeit is scored then.
absl::Status ScoreBothNonOffending(const core::RegulationProfile& profile,
                                   const Rules& rules,
                                   const std::map<int, Records>& records,
                                   int round, int k, ForfeitOutcome& out) {
  const std::string clause = out.clause;
  core::Rational home_vps, away_vps, home_imps, away_imps;
  if (rules.rule.has_value()) {
    if (const ForfeitAdjustmentPoint* p = PointInForce(rules, round, k)) {
      TALLY_ASSIGN_OR_RETURN(
          core::ForfeitScore home,
          core::AdjustedForfeitScore(*rules.rule,
                                     UpTo(records, out.home, p->after_round),
                                     UpTo(records, out.away, p->after_round)));
      TALLY_ASSIGN_OR_RETURN(
          core::ForfeitScore away,
          core::AdjustedForfeitScore(*rules.rule,
                                     UpTo(records, out.away, p->after_round),
                                     UpTo(records, out.home, p->after_round)));
      home_vps = home.non_offender;
      away_vps = away.non_offender;
      out.basis = absl::StrCat("both sides non-offending, each ", p->basis);
      out.clause = absl::StrCat(clause, "; ", p->clause);
    } else {
      home_vps = away_vps = core::InterimForfeitScore(*rules.rule).non_offender;
      out.basis = absl::StrCat("both sides non-offending, each the interim "
                               "score ",
                               home_vps.ToString());
      out.clause = absl::StrCat(clause, "; ", InterimClause(rules));
    }
    if (rules.has_vps) {
      TALLY_ASSIGN_OR_RETURN(home_imps, ImpsFor(rules, home_vps));
      TALLY_ASSIGN_OR_RETURN(away_imps, ImpsFor(rules, away_vps));
    } else {  // NSW TR 12.9.5: the score is in the event's own unit
      out.home_imps = home_vps;
      out.away_imps = away_vps;
      return absl::OkStatus();
    }
  } else {
    TALLY_RETURN_IF_ERROR(ScoreWithoutRule(profile, rules, out.home, out));
    if (!out.home_vps.has_value()) return absl::OkStatus();
    home_vps = away_vps = *out.home_vps;
    home_imps = away_imps = out.home_imps;
    out.basis = "both sides non-offending: each the bye's score (the "
                "profile names no forfeit rule)";
    out.clause = absl::StrCat(clause, "; ", rules.bye_clause);
  }
  out.home_vps = home_vps;
  out.away_vps = away_vps;
  out.home_imps = home_imps;
  out.away_imps = away_imps;
  return absl::OkStatus();
}

absl::StatusOr<ForfeitOutcome> ScoreForfeit(
    const CompetitionState& c, const Rules& rules,
    const std::map<int, Records>& records, int round, int k,
    const v1::DrawnMatch& match, const ForfeitDeclaration& d) {
  ForfeitOutcome out;
  out.round = round;
  out.table = match.table();
  out.home = match.home();
  out.away = match.away();
  out.offenders = d.offenders;
  out.kind = d.kind;
  out.by_withdrawal = d.by_withdrawal;
  out.reason = d.reason;
  if (d.offenders.empty()) {  // ANC SR 7.7
    out.clause = d.clause;
    TALLY_RETURN_IF_ERROR(
        ScoreBothNonOffending(c.profile, rules, records, round, k, out));
    return out;
  }
  const bool both = d.offenders.size() > 1;
  const int offender = d.offenders.front();
  const int other = offender == match.home() ? match.away() : match.home();

  if (d.kind != v1::MATCH_FORFEIT_KIND_UNSPECIFIED) {
    if (rules.id != kSabfRule || both) {
      out.basis =
          "no score: SABF TR 13.18 and 13.9's cancelled match apply "
          "under the SABF forfeit rule to one side";
      return out;
    }
    if (d.kind == v1::MATCH_FORFEIT_KIND_ABANDONED_ILLNESS) {
      TALLY_RETURN_IF_ERROR(
          ScoreAbandoned(rules, records, k, offender, other, out));
    } else {
      TALLY_RETURN_IF_ERROR(
          ScoreCancelled(rules, records, round, k, other, offender, out));
    }
    return out;
  }

  if (!rules.rule.has_value()) {
    TALLY_RETURN_IF_ERROR(
        ScoreWithoutRule(c.profile, rules, both ? 0 : other, out));
    return out;
  }
  const core::ForfeitRule& rule = *rules.rule;
  if (both) {
    const core::Rational zero = core::InterimForfeitScore(rule).offender;
    Award(out, out.home, zero, zero, core::Rational(0));
    out.basis = "both sides in default: each scores the offenders' score";
    out.clause = InterimClause(rules);
    return out;
  }
  core::ForfeitScore score;
  if (const ForfeitAdjustmentPoint* p = PointInForce(rules, round, k)) {
    TALLY_ASSIGN_OR_RETURN(
        score,
        core::AdjustedForfeitScore(rule, UpTo(records, other, p->after_round),
                                   UpTo(records, offender, p->after_round)));
    out.basis = p->basis;
    out.clause = p->clause;
    out.limb = score.limb;
  } else {
    score = core::InterimForfeitScore(rule);
    out.basis = absl::StrCat("interim score ", score.non_offender.ToString(),
                             " (stands for the draw until adjusted)");
    out.clause = InterimClause(rules);
  }
  if (!rules.has_vps) {
    // NSW TR 12.9.5: the scores are in the event's own score (IMPs).
    out.home_imps =
        other == out.home ? score.non_offender : -score.non_offender;
    return out;
  }
  TALLY_ASSIGN_OR_RETURN(core::Rational imps,
                         ImpsFor(rules, score.non_offender));
  Award(out, other, score.non_offender, score.offender, imps);
  return out;
}

std::string LimbId(core::ForfeitLimb limb) {
  switch (limb) {
    case core::ForfeitLimb::kBase:
      return "base";
    case core::ForfeitLimb::kOwnMean:
      return "own_mean";
    case core::ForfeitLimb::kOffendersOpponents:
      return "offenders_opponents";
  }
  return "";
}

}  // namespace

bool WithdrawnBefore(const CompetitionState& competition, int entrant,
                     int round) {
  auto it = competition.withdrawals.find(entrant);
  return it != competition.withdrawals.end() &&
         it->second.after_round() < round;
}

std::vector<int> EntrantsDrawnIn(const CompetitionState& competition,
                                 int round) {
  std::vector<int> out;
  for (const auto& [number, players] : competition.pairs) {
    if (!WithdrawnBefore(competition, number, round)) out.push_back(number);
  }
  return out;
}

std::optional<ForfeitDeclaration> ForfeitAt(const CompetitionState& competition,
                                            const MatchRoundState& round,
                                            const v1::DrawnMatch& match) {
  ForfeitDeclaration d;
  if (auto it = round.forfeits.find(match.table());
      it != round.forfeits.end()) {
    d.offenders.assign(it->second.offenders().begin(),
                       it->second.offenders().end());
    d.kind = it->second.kind();
    d.clause = it->second.clause();
    d.reason = it->second.reason();
    return d;
  }
  std::vector<std::string> reasons, clauses;
  for (int entrant : {match.home(), match.away()}) {
    if (!WithdrawnBefore(competition, entrant, round.number)) continue;
    const v1::EntrantWithdrawn& w = competition.withdrawals.at(entrant);
    d.offenders.push_back(entrant);
    reasons.push_back(absl::StrCat("entrant ", entrant,
                                   " withdrew after round ", w.after_round(),
                                   w.reason().empty() ? "" : ": ", w.reason()));
    if (!w.clause().empty()) clauses.push_back(w.clause());
  }
  if (d.offenders.empty()) return std::nullopt;
  d.by_withdrawal = true;
  d.reason = absl::StrJoin(reasons, "; ");
  d.clause = absl::StrJoin(clauses, "; ");
  return d;
}

core::RoundInput PlayedRoundInputOf(const CompetitionState& competition,
                                    const MatchRoundState& round) {
  core::RoundInput input = RoundInputOf(round);
  MarkAppeals(competition,
              input);  // NSW TR 13 (replay/rulings/pending_appeals.h)
  if (IsKnockout(competition)) return input;
  std::set<int> forfeited;
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (ForfeitAt(competition, round, m).has_value()) {
      forfeited.insert(m.table());
    }
  }
  if (forfeited.empty()) return input;
  std::erase_if(input.matches, [&](const core::MatchAtTable& m) {
    return forfeited.contains(m.table);
  });
  std::erase_if(input.results, [&](const core::BoardResultAt& r) {
    return forfeited.contains(r.table);
  });
  return input;
}

std::vector<ForfeitAdjustmentPoint> ForfeitAdjustmentPoints(
    const CompetitionState& competition) {
  std::vector<ForfeitAdjustmentPoint> points;
  const core::RegulationProfile& p = competition.profile;
  const int rounds = RoundsInEvent(competition);
  if (!p.forfeit.has_value() || rounds <= 0) return points;
  const std::string& id = p.forfeit->rule;
  if (id == kNswRule) {
    // NSW TR 12.9.3: "in a Swiss event ... after 50% and 75% of matches".
    if (p.draw.has_value() && p.draw->method == core::DrawMethod::kSwiss) {
      absl::StatusOr<std::vector<int>> after =
          core::NswDrawAdjustmentRounds(rounds);
      for (int r : after.ok() ? *after : std::vector<int>()) {
        std::vector<std::string> shares;
        for (auto [share, fraction] :
             {std::pair{"50%", core::Rational(1, 2)},
              std::pair{"75%", core::Rational(3, 4)}}) {
          if ((fraction * core::Rational(rounds)).Ceil() == r) {
            shares.push_back(share);
          }
        }
        points.push_back(
            {r,
             absl::StrCat("re-adjusted for the draw after round ", r, " of ",
                          rounds, " (", absl::StrJoin(shares, " and "),
                          " of the matches played)"),
             "NSW TR 12.9.3"});
      }
    }
    points.push_back({rounds, "adjusted at the end of the event",
                      p.vp.has_value() ? "NSW TR 12.9.2" : "NSW TR 12.9.5"});
  } else if (id == kItcRule) {
    // ANC SR 10.12: "at the conclusion of each round robin".
    absl::StatusOr<int> round_robins =
        core::ItcRoundRobins(static_cast<int>(competition.pairs.size()));
    if (!round_robins.ok() || *round_robins < 1) return points;
    const int length = rounds / *round_robins;
    for (int rr = 1; rr <= *round_robins; ++rr) {
      points.push_back(
          {rr * length,
           absl::StrCat("adjusted at the conclusion of round robin ", rr),
           "ANC SR 10.12"});
    }
  } else if (id == kSabfRule) {
    // SABF TR 13.9: "determined after the last minor round match".
    points.push_back(
        {rounds, "determined after the last round", "SABF TR 13.9"});
  }
  return points;
}

absl::Status ScoreForfeits(const CompetitionState& competition,
                           std::vector<ScoredRound>& rounds) {
  if (IsKnockout(competition) || rounds.empty()) return absl::OkStatus();
  std::vector<std::pair<
      ScoredRound*,
      std::vector<std::pair<const v1::DrawnMatch*, ForfeitDeclaration>>>>
      found;
  for (ScoredRound& r : rounds) {
    for (const v1::DrawnMatch& m : r.round->draw.matches()) {
      std::optional<ForfeitDeclaration> d = ForfeitAt(competition, *r.round, m);
      if (auto it = r.scored_as_forfeit.find(m.table());
          !d.has_value() && it != r.scored_as_forfeit.end()) {
        // ANC SR 7.7, no side in default
        // (replay/match_scores/few_comparisons.h).
        d = ForfeitDeclaration{{}, v1::MATCH_FORFEIT_KIND_UNSPECIFIED, false,
                               "ANC SR 7.7", it->second};
      }
      if (!d.has_value()) continue;
      if (found.empty() || found.back().first != &r) {
        found.push_back({&r, {}});
      }
      found.back().second.push_back({&m, std::move(*d)});
    }
  }
  if (found.empty()) return absl::OkStatus();

  TALLY_ASSIGN_OR_RETURN(const Rules rules, RulesOf(competition));
  std::map<int, Records> records;
  for (const ScoredRound& r : rounds) {
    const int n = r.round->number;
    for (const core::MatchScore& m : r.score.matches) {
      if (!m.complete || !m.vps.has_value()) continue;
      const core::Rational home = m.vps->vps.ToRational();
      const core::Rational away = m.vps->opponent_vps.ToRational();
      records[m.home].push_back(
          {n, core::MatchRecord{core::MatchKind::kPlayed, home, away}});
      records[m.away].push_back(
          {n, core::MatchRecord{core::MatchKind::kPlayed, away, home}});
    }
    if (r.score.bye.has_value() && r.score.bye->vps.has_value()) {
      records[r.score.bye->entrant].push_back(
          {n, core::MatchRecord{core::MatchKind::kBye,
                                r.score.bye->vps->vps.ToRational(),
                                core::Rational(0)}});
    }
  }
  const int k = rounds.back().round->number;
  for (auto& [round, forfeits] : found) {
    for (const auto& [match, declaration] : forfeits) {
      TALLY_ASSIGN_OR_RETURN(
          ForfeitOutcome outcome,
          ScoreForfeit(competition, rules, records, round->round->number, k,
                       *match, declaration));
      round->forfeits.push_back(std::move(outcome));
    }
  }
  return absl::OkStatus();
}

v1::ForfeitedMatchView ForfeitView(const ForfeitOutcome& outcome) {
  v1::ForfeitedMatchView v;
  v.set_round(outcome.round);
  v.set_table(outcome.table);
  v.set_home(outcome.home);
  v.set_away(outcome.away);
  for (int e : outcome.offenders) v.add_offenders(e);
  v.set_kind(outcome.kind);
  v.set_by_withdrawal(outcome.by_withdrawal);
  v.set_reason(outcome.reason);
  v.set_basis(outcome.basis);
  v.set_clause(outcome.clause);
  if (outcome.limb.has_value()) v.set_limb(LimbId(*outcome.limb));
  v.set_scored(outcome.home_vps.has_value());
  if (outcome.home_vps.has_value()) {
    *v.mutable_home_vps() = ToProtoFraction(*outcome.home_vps);
    *v.mutable_away_vps() = ToProtoFraction(*outcome.away_vps);
  }
  *v.mutable_home_imps() = ToProtoFraction(outcome.home_imps);
  if (outcome.away_imps.has_value()) {
    *v.mutable_away_imps() = ToProtoFraction(*outcome.away_imps);
  }
  return v;
}

absl::StatusOr<ForfeitAward> ForfeitAwardUnder(
    const core::RegulationProfile& profile, bool adjusted,
    absl::Span<const core::MatchRecord> non_offender,
    absl::Span<const core::MatchRecord> offender) {
  TALLY_ASSIGN_OR_RETURN(Rules rules, RulesOfProfile(profile));
  if (!rules.rule.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("profile ", profile.name,
                     " names no forfeit rule (the director rules)"));
  }
  ForfeitAward award;
  if (adjusted) {
    TALLY_ASSIGN_OR_RETURN(
        award.score,
        core::AdjustedForfeitScore(*rules.rule, non_offender, offender));
    award.clause = rules.rule->clause;
  } else {
    award.score = core::InterimForfeitScore(*rules.rule);
    award.clause = InterimClause(rules);
  }
  award.in_vps = rules.has_vps;
  if (rules.has_vps) {
    TALLY_ASSIGN_OR_RETURN(award.non_offender_imps,
                           ImpsFor(rules, award.score.non_offender));
  } else {
    award.non_offender_imps = award.score.non_offender;  // NSW TR 12.9.5
  }
  return award;
}

absl::StatusOr<ForfeitOutcome> BothNonOffendingUnder(
    const core::RegulationProfile& profile) {
  TALLY_ASSIGN_OR_RETURN(const Rules rules, RulesOfProfile(profile));
  ForfeitOutcome out;
  out.home = 1;
  out.away = 2;
  out.clause = "ANC SR 7.7";
  TALLY_RETURN_IF_ERROR(ScoreBothNonOffending(profile, rules, {}, 1, 1, out));
  return out;
}

}  // namespace tally::replay
