// Test helpers: terse builders for tie-break records. Test-only.

#ifndef TALLY_CORE_TIEBREAK_TIEBREAK_TEST_UTIL_H_
#define TALLY_CORE_TIEBREAK_TIEBREAK_TEST_UTIL_H_

#include <optional>
#include <string>
#include <vector>

#include "core/base/rational.h"
#include "core/tiebreak/chains.h"
#include "core/tiebreak/criteria.h"
#include "core/tiebreak/tiebreak_entrant.h"

namespace tally::core::testing {

inline Rational R(const char* text) { return *Rational::Parse(text); }

inline TieBreakEntrant E(const std::string& id, const char* score) {
  TieBreakEntrant e;
  e.id = id;
  e.score = R(score);
  return e;
}

// A match against `opponent` scored `score` - `opponent_score`.
inline TieBreakMatch M(int round, const std::string& opponent,
                       const char* score, const char* opponent_score,
                       const char* imps = "0") {
  TieBreakMatch m;
  m.round = round;
  m.opponent = opponent;
  m.score = R(score);
  m.opponent_score = R(opponent_score);
  m.imps = R(imps);
  return m;
}

inline TieBreakMatch Bye(int round, const char* score) {
  TieBreakMatch m;
  m.round = round;
  m.score = R(score);
  return m;
}

// A chain of one criterion, for testing that criterion alone.
inline TieBreakChainSpec OneStep(absl::string_view criterion) {
  TieBreakChainSpec c;
  c.id = "test";
  c.steps.push_back({std::string(criterion), "test clause"});
  return c;
}

}  // namespace tally::core::testing

#endif  // TALLY_CORE_TIEBREAK_TIEBREAK_TEST_UTIL_H_
