#include "replay/rulings/offence_deduction.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/scoring/matchpoints.h"

namespace tally::replay {
namespace {

// The amount `step` prints in `unit`, or nullopt where it prints none.
absl::StatusOr<std::optional<core::Rational>> AmountIn(
    const core::PenaltyStep& step, core::PenaltyUnit unit, int boards) {
  absl::StatusOr<core::Rational> amount = core::DeductionIn(step, unit, boards);
  if (absl::IsNotFound(amount.status())) return std::nullopt;
  TALLY_RETURN_IF_ERROR(amount.status());
  if (*amount <= core::Rational(0)) return std::nullopt;
  return *amount;
}

// Session `session` of `c`, in which pair `entrant` plays. NotFound for a
// session not defined; InvalidArgument, naming `clause`, for a pair not
// seated in it.
absl::StatusOr<const SessionState*> SessionSeating(const CompetitionState& c,
                                                   const std::string& clause,
                                                   int entrant, int session) {
  auto s = c.sessions.find(session);
  if (s == c.sessions.end()) {
    return absl::NotFoundError(
        absl::StrCat("session ", session, " of '", c.id, "' is not defined"));
  }
  bool seated = false;
  for (const auto& [where, slot] : s->second.slots) {
    seated |= slot.ns_pair == entrant || slot.ew_pair == entrant;
  }
  if (!seated) {
    return absl::InvalidArgumentError(absl::StrCat(
        "pair ", entrant, " does not play in session ", session, " of '", c.id,
        "', so the deduction (", clause, ") cannot come off its total there"));
  }
  return &s->second;
}

absl::StatusOr<OffenceDeductionAmount> InVps(const core::PenaltyStep& step,
                                             const std::string& clause,
                                             int entrant, int boards) {
  OffenceDeductionAmount out;
  TALLY_ASSIGN_OR_RETURN(
      std::optional<core::Rational> vps,
      AmountIn(step, core::PenaltyUnit::kVictoryPoints, boards));
  if (!vps.has_value()) return out;
  out.vps = core::Decimal::Round(*vps, 2, core::HalfRounding::kAwayFromZero);
  out.where = absl::StrCat(out.vps->ToString(), " VPs off entrant ", entrant,
                           "'s total (", clause, ")");
  return out;
}

absl::StatusOr<OffenceDeductionAmount> InMatchpoints(
    const CompetitionState& c, const core::PenaltyStep& step,
    const std::string& clause, int entrant, int session, int boards) {
  OffenceDeductionAmount out;
  // SABF TR 11.10 "Mis-scoring: 1% deducted from the final score": points
  // off the pair's final percentage, whichever session it happened in.
  TALLY_ASSIGN_OR_RETURN(
      std::optional<core::Rational> points,
      AmountIn(step, core::PenaltyUnit::kScorePercentagePoints, boards));
  if (points.has_value()) {
    out.percentage_points = *points;
    out.where =
        absl::StrCat(points->ToString(), " percentage point",
                     *points == core::Rational(1) ? "" : "s", " off pair ",
                     entrant, "'s final score (", clause, ")");
    return out;
  }
  TALLY_ASSIGN_OR_RETURN(
      std::optional<core::Rational> percent,
      AmountIn(step, core::PenaltyUnit::kPercentOfTop, boards));
  if (!percent.has_value()) return out;
  if (session == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a deduction of ", percent->ToString(), "% of a top (", clause,
        ") comes off one session's total: say which session"));
  }
  TALLY_ASSIGN_OR_RETURN(const SessionState* s,
                         SessionSeating(c, clause, entrant, session));
  // A board's top in the session (the most-played board's).
  int times = 0;
  for (const auto& [board, n] : s->times_scheduled) {
    times = std::max(times, n);
  }
  const core::Rational top(core::MatchpointTop(times));
  TALLY_ASSIGN_OR_RETURN(core::Rational mp,
                         core::MatchpointsForPercentOfTop(*percent, top));
  out.matchpoints = mp;
  out.where = absl::StrCat(percent->ToString(), "% of a top of ",
                           top.ToString(), " = ", mp.ToString(),
                           " MP off pair ", entrant, "'s session ", session,
                           " total (", clause, ")");
  return out;
}

absl::StatusOr<OffenceDeductionAmount> InKnockoutImps(
    const CompetitionState& c, const core::PenaltyStep& step,
    const std::string& clause, int entrant, int round, int boards) {
  OffenceDeductionAmount out;
  TALLY_ASSIGN_OR_RETURN(std::optional<core::Rational> imps,
                         AmountIn(step, core::PenaltyUnit::kImps, boards));
  if (!imps.has_value()) return out;
  if (round == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a deduction of ", imps->ToString(), " IMPs (", clause,
        ") comes off the knock-out match the team plays in one round: say "
        "which round"));
  }
  auto r = c.rounds.find(round);
  if (r == c.rounds.end()) {
    return absl::NotFoundError(
        absl::StrCat("round ", round, " of '", c.id, "' is not drawn yet"));
  }
  for (const v1::DrawnMatch& m : r->second.draw.matches()) {
    if (m.home() != entrant && m.away() != entrant) continue;
    out.imps = *imps;
    out.where = absl::StrCat(imps->ToString(), " IMPs off team ", entrant,
                             "'s total in ",
                             m.label().empty() ? absl::StrCat("round ", round)
                                               : "'" + m.label() + "'",
                             " (", clause, ")");
    return out;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("team ", entrant, " plays no match in round ", round,
                   " of '", c.id, "', so the deduction (", clause,
                   ") cannot come off a match total there"));
}

// A Butler pairs event in a movement (ANC SR 16.4-16.5): the unit the
// pairs are ranked in, off the pair's total of the session named. Where
// the profile converts matches to VPs (ANC SR 16.10) the scale's VPs come
// off the pair's VPs, and so off the standings; in a stage ranked on net
// IMPs (16.4, Open Stage 1) its IMPs come off the pair's net IMPs (the ANC
// SR appendix prints "1 VP (3 IMPs)" for ABPC and Swiss Pairs). A step the
// regulation prints only in the other unit (ANC SR 5.3 c) "ABPC - 3 VPs"
// in a stage scored in IMPs) stays in words.
absl::StatusOr<OffenceDeductionAmount> InButler(const CompetitionState& c,
                                                const core::PenaltyStep& step,
                                                const std::string& clause,
                                                int entrant, int session,
                                                int boards) {
  OffenceDeductionAmount out;
  const bool in_vps = c.profile.vp.has_value();
  TALLY_ASSIGN_OR_RETURN(std::optional<core::Rational> amount,
                         AmountIn(step,
                                  in_vps ? core::PenaltyUnit::kVictoryPoints
                                         : core::PenaltyUnit::kImps,
                                  boards));
  if (!amount.has_value()) return out;
  const std::string unit = in_vps ? "VPs" : "IMPs";
  if (session == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a deduction of ", amount->ToString(), " ", unit, " (", clause,
        ") comes off the pair's total in one session of a Butler pairs "
        "event: say which session"));
  }
  TALLY_RETURN_IF_ERROR(SessionSeating(c, clause, entrant, session).status());
  std::string figure = amount->ToString();
  if (in_vps) {
    out.vps =
        core::Decimal::Round(*amount, 2, core::HalfRounding::kAwayFromZero);
    figure = out.vps->ToString();
  } else {
    out.imps = *amount;
  }
  out.where = absl::StrCat(figure, " ", unit, " off pair ", entrant,
                           "'s session ", session, " total (", clause, ")");
  return out;
}

}  // namespace

absl::StatusOr<OffenceDeductionAmount> OffenceDeductionFor(
    const CompetitionState& competition, const core::PenaltyStep& step,
    const std::string& clause, int entrant, int round, int boards) {
  if (step.kind != core::PenaltyKind::kDeduction) {
    return OffenceDeductionAmount();
  }
  if (competition.kind == v1::COMPETITION_KIND_KNOCKOUT_TEAMS) {
    return InKnockoutImps(competition, step, clause, entrant, round, boards);
  }
  if (competition.PlaysMatches()) {
    return InVps(step, clause, entrant, boards);
  }
  if (competition.kind == v1::COMPETITION_KIND_MATCHPOINT_PAIRS) {
    return InMatchpoints(competition, step, clause, entrant, round, boards);
  }
  if (competition.kind == v1::COMPETITION_KIND_BUTLER_PAIRS) {
    return InButler(competition, step, clause, entrant, round, boards);
  }
  return OffenceDeductionAmount();
}

}  // namespace tally::replay
