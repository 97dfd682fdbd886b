#include "core/draw/modified_swiss.h"

namespace tally::core {

SmallFieldPlan PlanSmallField(int entrants, int rounds) {
  SmallFieldPlan plan;
  // ANC SR appendix: "fewer than twice the number of rounds".
  plan.applies = entrants < 2 * rounds;
  plan.round_robin_rounds = entrants % 2 == 0 ? entrants - 1 : entrants;
  plan.round_robin_fits = plan.round_robin_rounds <= rounds;
  plan.placing_rounds =
      plan.round_robin_fits ? rounds - plan.round_robin_rounds : 0;
  // "Round n/2 + 1 (even number of rounds) or Round (n+1)/2 (odd ...)":
  // both are floor(n/2) + 1.
  plan.standard_swiss_through_round = rounds / 2 + 1;
  // "previously played in the first n/2 rounds (fractions rounded down)".
  plan.repeatable_through_round = rounds / 2;
  return plan;
}

bool MayMeetAgain(RepeatRule rule, int total_rounds, int round, int met_round) {
  switch (rule) {
    case RepeatRule::kNever:
      return false;
    case RepeatRule::kModifiedSwiss: {
      const SmallFieldPlan plan = PlanSmallField(0, total_rounds);
      if (round <= plan.standard_swiss_through_round) return false;
      return met_round <= plan.repeatable_through_round;
    }
  }
  return false;
}

}  // namespace tally::core
