// The forfeit, bye and withdrawal rules of the regulations as ForfeitRules
// and small functions: ITC byes and forfeits (ANC SR 10.11-10.12), SABF
// teams forfeits (13.9), Bridge NSW forfeits in IMP-scored events (12.9).
// A side that withdraws or cannot play is in default of its remaining
// matches (NSW TR 12.9.1), so withdrawals are scored as forfeits; SABF TR
// 13.18 and 13.9's no-fault cancellation are in abandoned_match.h.
//
// Readings chosen (each a field of the rule, which a profile may change):
// - ITC "complement of the offender's average": 70 minus it (a drawn match
//   is 35-35 and a score and its opponents' sum to 70 for margins up to 30).
// - ITC "completed other rounds": played matches only, byes not counted;
//   adjusted "at the conclusion of each round robin" over all rounds
//   completed so far (the caller passes them).
// - ITC IMPs "determined from the formula in 10.10": the non-offenders get
//   the margin that 10.10 turns into their VPs; the offenders its negative
//   (one margin per match).
// - SABF 13.9 has no interim score in the text (it refers to a 14.2 that is
//   not printed): the base, the VPs for +12 IMPs, stands until the end.
// - No rule rounds the adjusted score; it is kept exact.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_FORFEIT_FORFEIT_RULES_H_
#define TALLY_CORE_FORFEIT_FORFEIT_RULES_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/forfeit/forfeit.h"

namespace tally::core {

// A bye's score: IMPs, and VPs where the rule fixes them.
struct ByeScore {
  // nullopt: convert `imps` on the event's VP scale for the match length
  // (NSW TR 12.8's board average, core/profile/named_rules.h).
  std::optional<Rational> vps;
  Rational imps;
};

// ANC SR 10.11: "35 VPs and 0 IMPs are awarded for a bye."
ByeScore ItcByeScore();

// ANC SR 10.12: non-offenders 56.5 VPs, adjusted at the end of each round
// robin to the highest of 56.5, their average over completed other rounds,
// and 70 minus the offenders' average; offenders 0 VPs.
ForfeitRule ItcForfeitRule();

// ANC SR 10.12 "IMPs scores are determined from the formula in 10.10": the
// net IMPs that earn `non_offender_vps` on the ITC scale (VPs = 35 + IMPs up
// to 30; 65 + (IMPs - 30) / 10 above, at most 67.5), so IMPs = VPs - 35 up
// to 65 VPs and 30 + 10 * (VPs - 65) above; the offenders get the negative.
// 56.5 VPs -> +21.5 / -21.5 IMPs. InvalidArgument outside 35..67.5 VPs.
absl::StatusOr<ImpEquivalent> ItcForfeitImps(const Rational& non_offender_vps);

// SABF TR 13.9: offenders 0 VPs; non-offenders the greatest of +12 IMPs
// (`vps_for_12_imps`, the event's WBF scale for its match length), their
// mean VPs after all rounds, and the mean VPs the offenders' opponents
// scored against them, forfeits not counted.
ForfeitRule SabfForfeitRule(const Rational& vps_for_12_imps);

// NSW TR 12.9.1-12.9.2 for a VP-scored event: offenders 0 VPs;
// non-offenders `base_vps` (12 in a match of 20 VPs; "in other cases, a
// score that the Tournament Committee determines to be equivalent"), at the
// end the highest of that, their mean VPs for completed matches, and the
// mean VPs of the offenders' opponents in completed matches.
ForfeitRule NswForfeitRule(const Rational& base_vps = 12);

// NSW TR 12.9.5, events not scored by VPs: the 12.9.2 formula in the
// event's own score (`base` being the Tournament Committee's equivalent of
// 12 VPs), the offenders getting "the corresponding negative score".
ForfeitRule NswForfeitRuleForUnscaledEvents(const Rational& base);

// How "after 50% and 75% of matches have been played" reads when that is
// not a whole number of matches.
enum class ShareOfMatches {
  kAtLeast,  // the first round by which at least that share is played (ceil)
  kAtMost,   // the last round by which no more than that share is (floor)
};

// NSW TR 12.9.3: the rounds of a Swiss event of `rounds` rounds after which
// the Director makes the 12.9.2 adjustment for the next draw, in order,
// without repeats, excluding the last round (after which 12.9.2 itself
// applies) and round 0. Default kAtLeast: of 7 rounds, after rounds 4 and 6
// (3.5 and 5.25 matches). InvalidArgument if rounds < 1.
absl::StatusOr<std::vector<int>> NswDrawAdjustmentRounds(
    int rounds, ShareOfMatches share = ShareOfMatches::kAtLeast);

}  // namespace tally::core

#endif  // TALLY_CORE_FORFEIT_FORFEIT_RULES_H_
