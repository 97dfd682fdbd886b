#include "replay/match_scores/few_comparisons.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/adjust/fouled_board_anc.h"
#include "core/base/status_macros.h"
#include "replay/state/rulings.h"

namespace tally::replay {

int BoardsComparedAt(core::ScoringMethod scoring, const MatchRoundState& round,
                     const core::RoundInput& input, int table) {
  std::vector<v1::Room> rooms = {v1::ROOM_UNSPECIFIED};
  if (scoring == core::ScoringMethod::kImpsTwoTables) {
    rooms = {v1::ROOM_OPEN, v1::ROOM_CLOSED};
  }
  int compared = 0;
  for (int board : input.boards) {
    bool direct = true;
    for (v1::Room room : rooms) {
      const bool entered =
          std::any_of(input.results.begin(), input.results.end(),
                      [&](const core::BoardResultAt& r) {
                        return r.board == board && r.table == table &&
                               r.room == static_cast<int>(room);
                      });
      std::optional<AdjustmentInForce> a =
          AdjustmentAt(round.rulings, board, table, room);
      if (!entered || (a.has_value() && a->score->has_artificial())) {
        direct = false;
      }
    }
    if (direct) ++compared;
  }
  return compared;
}

absl::StatusOr<std::map<int, std::string>> TakeMatchesWithFewComparisons(
    const CompetitionState& competition, const MatchRoundState& round,
    const core::RoundInput& input, core::RoundScore& score) {
  std::map<int, std::string> taken;
  if (competition.profile.artificial.few_comparisons != kAncSr7_7 ||
      competition.kind == v1::COMPETITION_KIND_KNOCKOUT_TEAMS) {
    return taken;
  }
  const int boards = static_cast<int>(input.boards.size());
  for (const core::MatchScore& m : score.matches) {
    if (!m.complete) continue;
    const int compared =
        BoardsComparedAt(competition.profile.scoring, round, input, m.table);
    TALLY_ASSIGN_OR_RETURN(bool forfeit,
                           core::AncMatchScoredAsForfeit(boards, compared));
    if (!forfeit) continue;
    taken[m.table] =
        absl::StrCat("direct comparisons on ", compared, " of ", boards,
                     " boards, less than one half (ANC SR 7.7)");
  }
  std::erase_if(score.matches, [&](const core::MatchScore& m) {
    return taken.contains(m.table);
  });
  return taken;
}

}  // namespace tally::replay
