// Carry-overs between stages: what each qualifier brings into the next
// stage or final, under the carry-over rule of the TARGET competition's
// profile (core/carryover), and what the target's VP standings add for it.
//
//   anc_sr_18_1  10, 8, 6, 4, 2 VPs by place among the contending pairs of
//                the qualifier's field (ANC SR 18.1); 0 from lower down
//                (18.3).
//   anc_sr_18_2  c(n) = 1 + 6 (z - y) / (x - y), rounded to 2 decimals as
//                the profile says, x, y and z the VP totals of the 1st,
//                10th and n'th placed contending pairs of the stage (18.2);
//                0 from below 10th (18.3).
//   anc_sr_11_2  the higher placed of the two finalists carries 10% of the
//                qualifying VP margin in IMPs, unrounded; the other 0.
//   sabf_tr_13_11, sabf_tr_13_12
//                0 here: the 0.1 IMP is carried per finals match when that
//                match is drawn (SABF TR 13.11-13.12).
// Places are as the stage ended: withdrawals move nobody up (18.3), so a
// replacement qualifies from a place below the cut and carries 0.
//
// Pure functions. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_CARRY_OVER_H_
#define TALLY_REPLAY_MATCH_SCORES_CARRY_OVER_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/profile/profile.h"
#include "replay/match_scores/qualification_ranking.h"
#include "replay/state/state.h"

namespace tally::replay {

struct CarryOver {
  core::Rational amount;  // in the target's units: VPs or IMPs
  std::string clause;     // the clause that set it; "" when no rule applies
};

// The carry-over of every qualifier in `fields`, field by field in the
// same order, under `target`'s carry-over rule. FailedPrecondition, naming
// the clause, when the rule cannot be applied to this stage: 18.2 or 11.2
// on a stage not scored in VPs, 18.2 with fewer than ten contending pairs
// or the first and tenth level on VPs, 11.2 with other than two
// qualifiers, or a tie only a lot can break that decides an 18.1
// carry-over (the message says to record the lot). UNIMPLEMENTED for a
// rule tally does not apply at qualification.
absl::StatusOr<std::vector<std::vector<CarryOver>>> CarryOversAtQualification(
    const core::RegulationProfile& target, const QualifyingRanking& ranking,
    const std::vector<FieldQualifiers>& fields,
    const std::string& tournament_id, const std::string& source_id);

// The VPs each entrant of `competition` carries into its totals (ANC SR
// 18.1-18.2): from its EntrantsQualified, where the competition converts
// its matches to VPs. Empty when its entrants did not qualify from an
// earlier stage or its matches are not scored in VPs (a knock-out's IMP
// carry-over counts in its matches instead).
std::map<int, core::Rational> VpCarryOvers(const CompetitionState& competition);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_CARRY_OVER_H_
