// ANC SR 7.7 in an event of matches: "Where due to the fouling of multiple
// boards, direct comparisons are available on less than one-half the boards
// in the match, the match will be scored in accordance with ABF TR 15.1
// (Forfeits), treating both units as non-offenders." Applied where the
// profile sets `artificial.few_comparisons: "anc_sr_7_7"` (Swiss and round
// robins; a knock-out's matches are decided by their stanzas).
//
// A board is directly compared in a match when every room of the match
// (teams: both; pairs: its one table) has a result on it and no artificial
// adjusted score (Law 12C2: a board not played or cancelled as fouled, an
// NSW TR 12.6(b) wrong-side table) is in force there; an assigned or
// weighted score is a result and compares. Only a complete match is judged,
// so a match still in play is never taken for a forfeit. Such a match is
// taken out of the round's scored matches (its results stay in the boards'
// datums and matchpoints, as the other tables played them) and scored by
// replay/match_scores/forfeits.h with no side in default.
//
// Pure functions. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_FEW_COMPARISONS_H_
#define TALLY_REPLAY_MATCH_SCORES_FEW_COMPARISONS_H_

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "core/matchplay/round_input.h"
#include "core/matchplay/round_score.h"
#include "replay/state/state.h"

namespace tally::replay {

// The rule id of ANC SR 7.7 (core/profile/named_rules.h).
inline constexpr char kAncSr7_7[] = "anc_sr_7_7";

// The number of boards of `input` directly compared at the match at
// `table` of `round` (see above).
int BoardsComparedAt(core::ScoringMethod scoring, const MatchRoundState& round,
                     const core::RoundInput& input, int table);

// Under a profile with the few-comparisons rule: removes from
// `score.matches` each complete match of `round` (scored from `input`)
// that ANC SR 7.7 scores as a forfeit, and returns them by table with the
// reason in words ("direct comparisons on 5 of 16 boards, less than one
// half"). Empty, and `score` unchanged, without the rule or in a
// knock-out.
absl::StatusOr<std::map<int, std::string>> TakeMatchesWithFewComparisons(
    const CompetitionState& competition, const MatchRoundState& round,
    const core::RoundInput& input, core::RoundScore& score);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_FEW_COMPARISONS_H_
