// Match standings: an event of matches (Swiss, round robin, knock-out)
// scored round by round from its State (core/matchplay) and ranked after
// any round: VPs of the completed matches and byes, less the penalties
// awarded, ties broken by the profile's tie-break chain for the purpose
// (core/tiebreak). The same ranking, with penalties left out where the
// profile says (ANC SR 5.1) and any remaining lot drawn from the draw's
// seed, is the ranking a Swiss draw is made from.
//
// VPs carried over from an earlier stage (ANC SR 18.1-18.2) count in the
// total (replay/match_scores/carry_over.h).
//
// Computed on demand; deterministic (ordered containers, no clock).
// Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_MATCH_STANDINGS_H_
#define TALLY_REPLAY_MATCH_SCORES_MATCH_STANDINGS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/matchplay/round_score.h"
#include "core/profile/profile.h"
#include "core/tiebreak/rank.h"
#include "replay/match_scores/forfeit_outcome.h"
#include "replay/state/state.h"

namespace tally::replay {

struct ScoredRound {
  const MatchRoundState* round = nullptr;
  core::RoundScore score;  // the matches played (forfeited ones left out)
  // Its forfeited matches, scored as they stand after the last round
  // scored (replay/match_scores/forfeits.h).
  std::vector<ForfeitOutcome> forfeits;
  // Matches played but scored as forfeits with both sides non-offending
  // (ANC SR 7.7, replay/match_scores/few_comparisons.h), by table: why.
  // They are in `forfeits`, not in `score.matches`.
  std::map<int, std::string> scored_as_forfeit;
};

// Scores rounds 1..up_to_round (0: every round drawn) from their results,
// and their forfeits as they stand after the last of them.
// InvalidArgument/FailedPrecondition only for data the profile cannot
// score (a bug or an unsupported method), never for missing results.
absl::StatusOr<std::vector<ScoredRound>> ScoreRounds(
    const CompetitionState& competition, int up_to_round);

struct RankingOptions {
  int after_round = 0;  // 0: every round drawn
  core::TieBreakPurpose purpose = core::TieBreakPurpose::kFinalPlacing;
  // Rank on VPs without the penalties (ANC SR 5.1, for a draw).
  bool exclude_penalties = false;
  // Draw any lot the chain leaves pending from this seed (a draw's ranking
  // must be a total order). Unset: a pending lot is settled by the latest
  // lot the director recorded among exactly the tied entrants (LotDrawn),
  // or else leaves the tie shared and listed in `pending`.
  std::optional<uint64_t> lot_seed;
};

struct EntrantStanding {
  int entrant = 0;
  core::Rational vps;        // won in completed matches and byes
  core::Rational penalties;  // deducted (0 when excluded)
  core::Rational net_imps;
  int matches = 0;  // completed matches and byes
  // VPs brought from an earlier stage (ANC SR 18.1-18.2;
  // replay/match_scores/carry_over.h)
  core::Rational carry_over;
  core::Rational total;  // what it is ranked on: vps - penalties + carry_over
  core::Placing placing;
};

struct MatchRanking {
  int after_round = 0;
  std::vector<EntrantStanding> rows;           // best first
  std::string clause;                          // the chain's clause
  std::vector<core::PendingDecision> pending;  // lots not yet drawn
  std::vector<ForfeitOutcome> forfeits;        // counted as they stand
};

// The tie-break chain `profile` gives for `purpose`; a draw and
// qualification fall back to the final placing's chain (nullopt: none,
// scores alone rank). The calculator's tie-break function reads it too.
std::optional<core::TieBreakChain> TieBreakChainFor(
    const core::RegulationProfile& profile, core::TieBreakPurpose purpose);

// Ranks every registered entrant after the rounds asked for.
absl::StatusOr<MatchRanking> RankMatchEntrants(
    const CompetitionState& competition, const RankingOptions& options);

// The round's matches, boards and results as core/matchplay reads them.
core::RoundInput RoundInputOf(const MatchRoundState& round);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_MATCH_STANDINGS_H_
