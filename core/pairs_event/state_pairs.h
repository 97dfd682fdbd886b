// The SABF State Open Pairs (SABF TR 18.1): three qualifying rounds whose
// average is carried into a three-round final, with the 18.1 rules for a
// round played with a one-player substitute or missed for the Spring
// Nationals or the National Playoffs. Each round is one matchpoint pairs
// session whose percentage is published to 2 places (SABF TR 11.3); every
// figure derived from those percentages here is kept exact.
//
// 18.1.1, the qualifying, per pair:
//   * played together: the percentage gained;
//   * a one-player substitute (at most one round): the score gained, not
//     more than the average of the pair's other two scores and not less
//     than the lower of 90% of that average and 50%;
//   * both absent for the Spring Nationals (the existing
//     kAbsentOtherNationalChampionship), having played the other two
//     together: 90% of their average, and still eligible for the final;
//   * a representative substitute or both members absent representing
//     (11.4 third paragraph "This rule shall apply to all events", 11.5):
//     100% of the average, as the one substituted round;
//   * absent otherwise, or more than one round not played together: not
//     eligible for the final (the round scores 0).
//   The carry-over (the ranking score, `aggregate`) is the average of the
//   counted scores. How many qualify (14 for a 7-table Howell final if the
//   qualifying averaged at least 30 pairs, else 10) is the final profile's
//   qualifiers rule (core::QualifiersPerField).
// 18.1.2, the final, per qualified pair: the same substitute cap and floor
// for at most one round (a second makes the pair ineligible for a final
// placing); a member competing in the National Playoffs that day:
// the greater of 55% and the pair's average (that round is the pair's one
// substitute round); both absent for another National Championship: 0 and
// not eligible (11.5: "This rule does not apply to the State Pairs
// Final"); the aggregate is the carry-over plus the counted scores.
//
// Readings (also in the profiles' notes):
//   * "the average of the nominated pair's other two scores" is the exact
//     mean of the rounds the pair played together other than this one;
//     before all three rounds are scored, of those there are so far. With
//     none, a substitute's score stands as gained and 90%/100% of the
//     average is 0.
//   * 18.1.2 "their average": the same average of the pair's other final
//     rounds (the paragraph before defines it), not the carry-over.
//   * The final's aggregate adds the carry-over to the sum of the final's
//     rounds (11.3: the highest aggregate of sessional percentages), the
//     carry-over counting as one more sessional score.
//
// Pure. Thread-safe.

#ifndef TALLY_CORE_PAIRS_EVENT_STATE_PAIRS_H_
#define TALLY_CORE_PAIRS_EVENT_STATE_PAIRS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/pairs_event/competition_aggregate.h"

namespace tally::core {

// The counted scores, carry-over (as `aggregate`) and eligibility for the
// final of one pair of the State Open Pairs qualifying (SABF TR 18.1.1).
// InvalidArgument as AggregatePair, or for more than three rounds.
absl::StatusOr<PairAggregate> AggregateStatePairsQualifying(
    const std::string& id, const std::vector<PairSessionInput>& sessions);

// The counted scores, aggregate (carry_over plus the rounds) and
// eligibility for a final placing of one pair of the State Open Pairs
// final (SABF TR 18.1.2). InvalidArgument as AggregatePair, for more than
// three rounds, or a carry-over outside 0-100.
absl::StatusOr<PairAggregate> AggregateStatePairsFinal(
    const std::string& id, const std::vector<PairSessionInput>& sessions,
    const Rational& carry_over);

}  // namespace tally::core

#endif  // TALLY_CORE_PAIRS_EVENT_STATE_PAIRS_H_
