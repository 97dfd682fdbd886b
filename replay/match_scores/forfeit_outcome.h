// ForfeitOutcome: one forfeited match of a drawn round (declared by the
// director, abandoned, cancelled, or the match of an entrant that had
// withdrawn) and the scores that stand for it at a point of the event, as
// replay/match_scores/forfeits.h scores it under the profile's forfeit rule.
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_FORFEIT_OUTCOME_H_
#define TALLY_REPLAY_MATCH_SCORES_FORFEIT_OUTCOME_H_

#include <optional>
#include <string>
#include <vector>

#include "core/base/rational.h"
#include "core/forfeit/forfeit.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

struct ForfeitOutcome {
  int round = 0;
  int table = 0;
  int home = 0;
  int away = 0;
  // The side(s) in default (none: ANC SR 7.7, both non-offending); SABF TR
  // 13.18: the side concerned; SABF TR
  // 13.9's cancelled match: the absent side.
  std::vector<int> offenders;
  v1::MatchForfeitKind kind = v1::MATCH_FORFEIT_KIND_UNSPECIFIED;
  bool by_withdrawal = false;  // the match of a withdrawn entrant
  std::string reason;
  // Which score stands and why, in a director's words, and the clause.
  std::string basis;
  std::string clause;
  std::optional<core::ForfeitLimb> limb;  // where "the highest of" chose
  // Each side's VPs, exact; none when no rule scores the match (no forfeit
  // or bye rule in the profile, or a 13.18 average with nothing to average).
  std::optional<core::Rational> home_vps;
  std::optional<core::Rational> away_vps;
  core::Rational home_imps;
  // Away's own IMPs where they are not -home_imps: a match scored as a
  // forfeit with both sides non-offending (ANC SR 7.7), each side getting
  // the non-offenders' IMPs.
  std::optional<core::Rational> away_imps;
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_FORFEIT_OUTCOME_H_
