#include "replay/match_scores/round_results.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/three_way_tables.h"

namespace tally::replay {

std::vector<std::string> MissingResults(const CompetitionState& competition,
                                        const MatchRoundState& round) {
  std::vector<v1::Room> rooms = {v1::ROOM_UNSPECIFIED};
  if (competition.IsTeams()) rooms = {v1::ROOM_OPEN, v1::ROOM_CLOSED};
  std::vector<std::string> missing;
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (ForfeitAt(competition, round, m).has_value()) continue;  // forfeited
    for (int board : round.draw.boards()) {
      for (v1::Room room : rooms) {
        if (!round.results.contains({board, m.table(), room})) {
          missing.push_back(absl::StrCat("table ", m.table(), " board ", board,
                                         RoomName(room)));
        }
      }
    }
  }
  for (std::string& m : MissingThreeWayResults(round)) {
    missing.push_back(std::move(m));
  }
  return missing;
}

}  // namespace tally::replay
