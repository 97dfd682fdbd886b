// Short constructors for writing penalty scales as readable data
// (anc_penalties.cc, sabf_penalties.cc, nsw_penalties.cc, tests). Internal to
// core/penalty.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_PENALTY_PENALTY_BUILDERS_H_
#define TALLY_CORE_PENALTY_PENALTY_BUILDERS_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/rational.h"
#include "core/penalty/penalty_scale.h"

namespace tally::core::penalty_builders {

inline PenaltyAmount Vps(Rational v) {
  return {PenaltyUnit::kVictoryPoints, v};
}
inline PenaltyAmount Imps(Rational v) { return {PenaltyUnit::kImps, v}; }
inline PenaltyAmount PercentOfTop(Rational v) {
  return {PenaltyUnit::kPercentOfTop, v};
}
inline PenaltyAmount PercentagePoints(Rational v) {
  return {PenaltyUnit::kScorePercentagePoints, v};
}

inline PenaltyStep Warning(std::string text) {
  PenaltyStep s;
  s.kind = PenaltyKind::kWarning;
  s.text = std::move(text);
  return s;
}

inline PenaltyStep Deduct(std::vector<PenaltyAmount> amounts,
                          std::string text) {
  PenaltyStep s;
  s.kind = PenaltyKind::kDeduction;
  s.amounts = std::move(amounts);
  s.text = std::move(text);
  return s;
}

inline PenaltyStep DeductPerBoard(std::vector<PenaltyAmount> amounts,
                                  std::vector<PenaltyAmount> further_boards,
                                  std::string text) {
  PenaltyStep s = Deduct(std::move(amounts), std::move(text));
  s.per_board = true;
  s.further_board_amounts = std::move(further_boards);
  return s;
}

inline PenaltyStep DeductAtMost(std::vector<PenaltyAmount> amounts,
                                std::string text) {
  PenaltyStep s = Deduct(std::move(amounts), std::move(text));
  s.is_maximum = true;
  return s;
}

inline PenaltyStep Discretion(std::string text) {
  PenaltyStep s;
  s.kind = PenaltyKind::kDirectorsDiscretion;
  s.text = std::move(text);
  return s;
}

inline PenaltyStep Other(PenaltyKind kind, std::string text) {
  PenaltyStep s;
  s.kind = kind;
  s.text = std::move(text);
  return s;
}

inline PenaltyOffence Offence(std::string key, std::string counter,
                              std::string description, std::string clause,
                              std::vector<PenaltyStep> ladder) {
  PenaltyOffence o;
  o.key = std::move(key);
  o.counter = std::move(counter);
  o.description = std::move(description);
  o.clause = std::move(clause);
  o.ladder = std::move(ladder);
  return o;
}

// A late-arrival band covering [first, last] whole minutes (last unset: and
// beyond).
inline PenaltyOffence LateBand(std::string key, std::string counter,
                               std::string description, std::string clause,
                               int first, std::optional<int> last,
                               std::vector<PenaltyStep> ladder) {
  PenaltyOffence o =
      Offence(std::move(key), std::move(counter), std::move(description),
              std::move(clause), std::move(ladder));
  o.minutes_late = MinutesLate{first, last};
  return o;
}

inline OffenceCounter Counter(std::string key, std::string description,
                              Offender offender, CountingScope scope,
                              std::string clause,
                              std::optional<ResetRule> reset = std::nullopt) {
  OffenceCounter c;
  c.key = std::move(key);
  c.description = std::move(description);
  c.offender = offender;
  c.scope = scope;
  c.clause = std::move(clause);
  c.reset = std::move(reset);
  return c;
}

}  // namespace tally::core::penalty_builders

#endif  // TALLY_CORE_PENALTY_PENALTY_BUILDERS_H_
