#include "replay/session_scores.h"

#include "core/scoring/matchpoints.h"

namespace tally::replay {

SessionScores ScoreSession(const SessionState& session,
                           const core::RoundingChoices& rounding) {
  SessionScores scores;
  for (const auto& [table_board, slot] : session.slots) {
    for (int pair : {slot.ns_pair, slot.ew_pair}) {
      scores.pairs[pair].pair = pair;
    }
  }
  for (const auto& [board, times] : session.times_scheduled) {
    ScoredBoard& scored = scores.boards[board];
    scored.board = board;
    scored.times_expected = times;
    scored.top = core::MatchpointTop(times);
    std::vector<const EnteredResult*> played;
    std::vector<int> ns_scores;
    for (auto it = session.results.lower_bound({board, 0});
         it != session.results.end() && it->first.first == board; ++it) {
      played.push_back(&it->second);
      ns_scores.push_back(it->second.ns_score);
    }
    if (played.empty()) continue;
    std::vector<int> raw = core::MatchpointNorthSouth(ns_scores);
    const int times_played = static_cast<int>(played.size());
    for (size_t i = 0; i < played.size(); ++i) {
      // Neuberg: a board with fewer results than the movement schedules is
      // factored up to the full field; with all results in, F = M.
      core::Rational ns =
          core::NeubergFactor(core::Rational(raw[i]), times_played, times);
      ScoredResult r{played[i], ns, core::Rational(scored.top) - ns};
      scored.results.push_back(r);
      PairTotal& north_south = scores.pairs[played[i]->slot.ns_pair];
      PairTotal& east_west = scores.pairs[played[i]->slot.ew_pair];
      north_south.matchpoints += r.ns_matchpoints;
      east_west.matchpoints += r.ew_matchpoints;
      for (PairTotal* t : {&north_south, &east_west}) {
        t->maximum += scored.top;
        ++t->boards_played;
      }
    }
  }
  for (auto& [pair, total] : scores.pairs) {
    if (total.maximum == 0) continue;
    const core::Rational exact =
        core::Rational(100) * total.matchpoints / core::Rational(total.maximum);
    total.exact_percentage = exact;
    if (rounding.session_percentage_places.has_value()) {
      total.percentage =
          core::Decimal::Round(exact, *rounding.session_percentage_places,
                               rounding.session_percentage_half);
      total.ranking_percentage = total.percentage->ToRational();
    } else {
      total.percentage =
          core::Decimal::Round(exact, 2, core::HalfRounding::kAwayFromZero);
      total.ranking_percentage = exact;
    }
  }
  return scores;
}

}  // namespace tally::replay
