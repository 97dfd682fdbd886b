#include "replay/rulings/knockout_rulings.h"

#include <algorithm>

#include "replay/state/fouled_ruling.h"
#include "replay/state/rulings.h"

namespace tally::replay {
namespace {

// A team's credit on the board: the IMPs its own result wins, less what its
// own result loses beyond the opponents' own gain.
core::Rational Credit(const core::Rational& own, const core::Rational& other) {
  const core::Rational zero(0);
  return std::max(own, zero) + std::min(zero, own + std::max(other, zero));
}

}  // namespace

KnockoutBoardImps KnockoutImpsOnBoard(
    const core::Rational& home, const std::optional<core::Rational>& away) {
  const core::Rational other = away.value_or(-home);
  return {Credit(home, other), Credit(other, home)};
}

core::Rational KnockoutImpPenalties(const MatchRoundState& round, int team) {
  core::Rational total;
  for (const RulingRecord* r : PenaltiesInForce(round.rulings)) {
    const v1::RulingPenalty& p = r->ruling.penalty();
    if (p.unit() != v1::SCORE_UNIT_IMPS || p.entrant() != team ||
        p.amount().denominator() <= 0) {
      continue;
    }
    total += core::Rational(p.amount().numerator(), p.amount().denominator());
  }
  // The Fouled-board guide's (Match Play) fines: the corrected board's, (b)'s.
  for (const RulingRecord* r : RulingsInForce(round.rulings)) {
    if (!IsGuideMatchRuling(r->ruling) ||
        r->ruling.fouled().offending_team() != team) {
      continue;
    }
    if (absl::StatusOr<core::GuideMatchPlayOutcome> outcome =
            GuideMatchPlayOf(r->ruling.fouled());
        outcome.ok()) {
      total += core::Rational(outcome->fine_imps);
    }
  }
  return total;
}

}  // namespace tally::replay
