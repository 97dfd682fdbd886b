// The results a drawn round of an event of matches still lacks: every
// board of every match not forfeited, in each room of a teams match, and
// the rooms of a three-way table (replay/match_scores/three_way_tables.h).
// Posting a round (replay/matches/decide_matches.h) and the ITC's final
// round robin, drawn from the ranking after the round robin before
// (replay/draws/itc_draw_order.h), both wait for it.
//
// Pure function of its arguments. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_ROUND_RESULTS_H_
#define TALLY_REPLAY_MATCH_SCORES_ROUND_RESULTS_H_

#include <string>
#include <vector>

#include "replay/state/state.h"

namespace tally::replay {

// The results a drawn round still lacks, as "table 3 board 5 (closed
// room)", in table and board order.
std::vector<std::string> MissingResults(const CompetitionState& competition,
                                        const MatchRoundState& round);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_ROUND_RESULTS_H_
