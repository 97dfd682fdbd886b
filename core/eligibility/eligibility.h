// Eligibility counted: what each player and pair played, as plain records,
// checked against a profile's rules (core/eligibility/eligibility_rules.h).
// The caller (replay/decide/eligibility.h) builds the records from the log;
// this file counts and compares.
//
// Readings (written beside the code as well):
//   * Only what the caller puts in a record counts: the rounds (sessions,
//     matches) already played, as they stand. A share is of the entrant's
//     own total in the scope: the rounds the pair was due to play, the
//     boards, matches and stanzas the team was due to play (byes are not in
//     the records; see replay/decide/eligibility.h).
//   * A share of a total that is not whole: "at least" the exact share
//     unless the rule rounds down (ANC SR 20.3 "fractions rounded down");
//     rounding up (SABF TR 11.6 "decimals rounded up") is the same as "at
//     least" exactly, since counts are whole. "More than half" (11.6) is
//     the share's floor plus one.
//   * A count threshold ("at least four matches", ANC SR 11.1) is absolute,
//     whatever the total.
//   * SABF TR 12.5 "player absences": one for each registered player for
//     each session (round) counted that the player did not play.
//
// Pure. Thread-safe.

#ifndef TALLY_CORE_ELIGIBILITY_ELIGIBILITY_H_
#define TALLY_CORE_ELIGIBILITY_ELIGIBILITY_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/eligibility/eligibility_rules.h"

namespace tally::core {

// One round (or session of a movement) a pair entrant is counted for.
struct PairRound {
  int number = 0;
  // The rounds it stands for in the "..._rounds" measures: 1 for a round of
  // matches, the movement's rounds for a session (SABF TR 11.6).
  int rounds = 1;
  // Whether each registered player played, in the pair's order.
  std::vector<bool> played;
  // Someone played under the pair's number (its players or stand-ins).
  bool represented = true;
};

struct PairRecord {
  std::vector<std::string> players;  // registered, in order
  std::vector<PairRound> rounds;
};

// One stanza (or the whole, when it is one) of a team's match.
struct TeamStanza {
  int boards = 0;
  // Who played it (the line-up's four); empty when nobody did (a forfeit)
  // or nobody is known to have (no line-up posted).
  std::vector<std::string> players;
};

struct TeamMatch {
  int round = 0;
  std::vector<TeamStanza> stanzas;
};

struct TeamRecord {
  std::vector<std::string> players;  // registered: the team's size
  std::vector<TeamMatch> matches;
};

// A measure: how many counted, out of how many.
struct PlayCount {
  int counted = 0;
  int of = 0;
};

// The pair measure `measure` for the pair's registered player `player`
// (player measures) or the pair (others; `player` ignored).
PlayCount CountPair(const PairRecord& record, EligibilityMeasure measure,
                    int player);

// The team measure `measure` for `player` over `records` added together.
PlayCount CountTeam(const std::vector<const TeamRecord*>& records,
                    EligibilityMeasure measure, const std::string& player);

// The sessions (rounds) counted in which `player` of the pair did not play.
int PlayerAbsences(const PairRecord& record, int player);

// The count a requirement asks for out of `of`, for a team of `team_size`
// players (shares by team size). FailedPrecondition naming the clause when
// the rule has no share for that size.
absl::StatusOr<int> NeededCount(const EligibilityRequirement& requirement,
                                int of, int team_size);

enum class EligibilityVerdict {
  kEligible,     // every requirement met
  kNotEligible,  // a requirement not met
  kUndetermined,  // none unmet, but one cannot be answered (see why)
};

struct RequirementCheck {
  int requirement = 0;  // index in the rule's requirements
  std::string player;   // empty: the pair as a whole
  PlayCount count;
  std::optional<int> needed;  // at least this many; nullopt: undetermined
  bool met = false;
  std::string undetermined;  // why it cannot be answered
};

// SABF TR 12.5 for one pair.
struct AbsenceCheck {
  int absences = 0;  // player absences so far
  int sessions = 0;  // the event's sessions (0: not known)
  std::optional<EventSchedule> schedule;
  std::optional<int> maximum;  // the row's; nullopt: undetermined
  bool met = false;
  std::string undetermined;
};

struct RuleCheck {
  EligibilityVerdict verdict = EligibilityVerdict::kUndetermined;
  std::vector<RequirementCheck> requirements;
  std::optional<AbsenceCheck> absences;
};

// What a pair rule needs beyond the record (SABF TR 12.5).
struct PairContext {
  int scheduled_sessions = 0;  // sessions in the event; 0: not known
  std::optional<EventSchedule> schedule;  // when the rule does not fix it
};

// A pairs rule for one pair: player measures checked for each registered
// player, the others for the pair, and the absence limit.
RuleCheck CheckPairRule(const EligibilityRule& rule, const PairRecord& record,
                        const PairContext& context);

// A team's records by scope. `qualifying` null: no qualification is known
// (requirements in that scope are undetermined, `no_qualifying` says why).
struct TeamRecords {
  const TeamRecord* this_competition = nullptr;
  const TeamRecord* qualifying = nullptr;
  std::string no_qualifying;
};

// A teams rule for one player of the team.
RuleCheck CheckTeamRule(const EligibilityRule& rule, const TeamRecords& records,
                        const std::string& player);

}  // namespace tally::core

#endif  // TALLY_CORE_ELIGIBILITY_ELIGIBILITY_H_
