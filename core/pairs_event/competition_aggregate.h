// The overall result of a matchpoint pairs competition played over several
// sessions: for each nominated pair, the score counted for each session
// (its own percentage, a substitute's score within the SABF TR 11.4 limits,
// an absent pair's score under 11.4/11.5), the aggregate (SABF TR 11.3),
// eligibility for a final placing (11.6), and the final ranking with ties
// within the profile's margin broken by its chain (11.7).
//
// Readings (written beside the code as well):
//   * 11.3 "the highest aggregate of sessional percentage scores": the sum
//     of the sessions' published percentages (each already rounded to 2
//     places by the session scoring), not an average.
//   * 11.4 "the average score gained in sessions played by the nominated
//     pair": the exact mean of the percentages of the sessions the pair
//     played itself (no substitute), among the sessions counted. No clause
//     rounds it, so it is kept exact; the figures derived from it (the cap,
//     the floor, 100% and 90% of it) are exact too.
//   * A pair that has played no session itself has no average: a
//     substitute's score then stands as gained, and 100%/90% of the average
//     is 0. Such a pair is never eligible (11.6 "more than half").
//   * 11.5 absent pairs did not play: their sessions count toward neither
//     part of 11.6 ("played in"). "Treated as having had valid substitutes"
//     is read as a scoring rule only.
//   * 11.5 last paragraph: the 100%/90% scores of absent pairs count only
//     for an eligible pair; an ineligible pair scores 0 for those sessions.
//     The 11.4 representative substitute (one member replaced) is not an
//     absent pair and counts whatever the eligibility.
//   * 11.6 "rounds": the rounds of each session's movement; a session
//     played counts all its rounds. "At least 75% (decimals rounded up)":
//     the threshold ceil(3/4 x required) is the one rounding; "more than
//     half": own rounds x 2 > required (no rounding needed).
//   * The required rounds are those of the sessions counted (the posted
//     sessions): before the last session, eligibility is "as it stands".
//   * NSW TR says nothing about combining sessions, substitutes, absent
//     pairs or eligibility (NSW TR 11 only breaks ties): under
//     kTotalPercentages the session percentages are totalled as SABF TR
//     11.3 does, a substitute's score stands as gained, an absent pair
//     scores 0 whatever the reason, and every pair is eligible.
//
// Pure. Thread-safe.

#ifndef TALLY_CORE_PAIRS_EVENT_COMPETITION_AGGREGATE_H_
#define TALLY_CORE_PAIRS_EVENT_COMPETITION_AGGREGATE_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/tiebreak/chains.h"
#include "core/tiebreak/rank.h"

namespace tally::core {

// How the nominated pair took part in one session.
enum class SessionAttendance {
  kPlayed,      // the nominated pair itself
  kSubstitute,  // one member replaced (SABF TR 11.4, second paragraph)
  // One member replaced because that member was representing the state or
  // Australia, or in a national team selection event (11.4, third para).
  kRepresentativeSubstitute,
  // Stand-ins for both members, or nobody: scores 0 (11.4, first para).
  kAbsent,
  kAbsentRepresentative,             // both representing (11.5, first para)
  kAbsentOtherNationalChampionship,  // both in another NC (11.5, second)
  // One member replaced because that member is competing in the National
  // Playoffs that day: SABF TR 18.1.2 in the State Pairs Final
  // (core/pairs_event/state_pairs.h); elsewhere an ordinary substitute.
  kNationalPlayoffsSubstitute,
};

// How a profile combines sessions.
enum class SessionCombination {
  kSabfTr11,          // SABF TR 11.3-11.6
  kTotalPercentages,  // totals only (NSW TR: no rule; see above)
  // SABF TR 18.1.1 and 18.1.2, the State Open Pairs qualifying and final
  // (core/pairs_event/state_pairs.h).
  kSabfTr18_1Qualifying,
  kSabfTr18_1Final,
};

// One session of one pair, as the caller knows it.
struct PairSessionInput {
  int session = 0;
  int rounds = 0;  // rounds in the session's movement (11.6)
  SessionAttendance attendance = SessionAttendance::kPlayed;
  // The session's percentage gained under the pair's number (by the pair or
  // with its substitute), as published (SABF TR 11.3: 2 places). Required
  // for kPlayed and kSubstitute; ignored for absences.
  std::optional<Rational> percentage;
};

// The figure counted for one session.
struct SessionFigure {
  int session = 0;
  SessionAttendance attendance = SessionAttendance::kPlayed;
  std::optional<Rational> gained;  // the percentage gained at the table
  Rational counted;                // the score in the aggregate
  std::string clause;              // the rule that set `counted`
  bool played = true;  // the pair (incl. one substitute) played (11.7)
};

struct PairAggregate {
  std::string id;
  std::vector<SessionFigure> sessions;  // in input order
  Rational aggregate;                   // sum of `counted` (11.3)
  std::optional<Rational> own_average;  // 11.4: sessions played itself
  int rounds_required = 0;              // 11.6
  int rounds_with_substitutes = 0;      // pair incl. one-player substitutes
  int rounds_own = 0;                   // the nominated pair itself
  int rounds_needed = 0;                // ceil(75% of required)
  bool eligible = true;                 // 11.6
  // SABF TR 18.1.2: the carry-over from the qualifying, included in
  // `aggregate`; unset elsewhere.
  std::optional<Rational> carry_over;
  // Why the pair is not eligible, with the clause; empty when eligible or
  // where 11.6's round counts say it.
  std::string ineligible_reason;
};

// Checks pair `id`'s sessions: none listed twice, no negative round count,
// a percentage within 0-100 where one is given, and one wherever
// `needs_percentage` says the session's attendance was scored. OK, or
// InvalidArgument naming the pair and the session.
absl::Status CheckPairSessions(
    const std::string& id, const std::vector<PairSessionInput>& sessions,
    const std::function<bool(SessionAttendance)>& needs_percentage);

// The counted figures, aggregate and eligibility of pair `id` from its
// sessions. InvalidArgument (naming the session and clause) for a played or
// substituted session without a percentage, a percentage outside 0-100, a
// negative round count or a session listed twice.
absl::StatusOr<PairAggregate> AggregatePair(
    const std::string& id, const std::vector<PairSessionInput>& sessions,
    SessionCombination combination);

// One row of the competition ranking.
struct CompetitionPlacing {
  PairAggregate pair;
  // 0 for a pair not eligible for a final placing (11.6): ineligible pairs
  // are listed after the eligible ones, by aggregate, unplaced.
  int position = 0;
  bool tied = false;  // tied on aggregate (within the chain's tie_within)
  PlaceDecision decision = PlaceDecision::kTop;
  std::string criterion;  // the tie-break that decided, if one did
  std::string clause;
};

struct CompetitionRanking {
  std::vector<CompetitionPlacing> placings;
  std::vector<PendingDecision> pending;
};

// Ranks the eligible pairs by aggregate under `chain` (its tie_within and
// criteria: SABF TR 11.7), each entrant's tie-break data being
// `extra_data` (matched by id; may be empty) with `score` set to the
// aggregate and `sessions` to the counted figures. Ineligible pairs follow,
// unplaced. InvalidArgument as RankWithTieBreaks.
absl::StatusOr<CompetitionRanking> RankCompetition(
    const TieBreakChainSpec& chain, const std::vector<PairAggregate>& pairs,
    const std::vector<TieBreakEntrant>& extra_data = {},
    const TieBreakOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_PAIRS_EVENT_COMPETITION_AGGREGATE_H_
