#include "core/matchplay/share_match.h"

#include <map>
#include <utility>

#include "absl/status/status.h"
#include "core/base/status_macros.h"
#include "core/scoring/imps.h"
#include "core/vp/vp_scale.h"

namespace tally::core {

absl::StatusOr<ShareMatchScore> ScoreShareMatch(
    const RegulationProfile& profile, const RoundInput& input) {
  if (!input.share.has_value()) {
    return absl::InvalidArgumentError("the round has no share match to score");
  }
  TALLY_RETURN_IF_ERROR(ValidateRoundInput(input, profile.scoring));
  const ShareMatchAt& share = *input.share;
  // SABF TR 14.1: Table 1 (room +0) A v B; Table 2 (+1) C v A; Table 3 (+2)
  // B v C, the first named sitting NS.
  ShareMatchScore out;
  out.table = share.table;
  const int seats[3][3] = {{share.a, kShareRoom1 + 0, kShareRoom1 + 1},
                           {share.b, kShareRoom1 + 2, kShareRoom1 + 0},
                           {share.c, kShareRoom1 + 1, kShareRoom1 + 2}};
  for (int i = 0; i < 3; ++i) {
    out.teams[i].team = seats[i][0];
    out.teams[i].ns_room = seats[i][1];
    out.teams[i].ew_room = seats[i][2];
  }

  std::map<std::pair<int, int>, int> ns_scores;  // (board, room) -> NS score
  for (const BoardResultAt& r : input.results) {
    if (r.table == share.table) ns_scores[{r.board, r.room}] = r.ns_score;
  }
  const int boards = static_cast<int>(input.boards.size());
  std::optional<VpScaleForBoards> scale;
  if (profile.vp.has_value()) {
    TALLY_ASSIGN_OR_RETURN(scale, VpScaleForMatch(profile, boards));
  }
  for (ShareTeamScore& team : out.teams) {
    for (int board : input.boards) {
      auto ns = ns_scores.find({board, team.ns_room});
      auto ew = ns_scores.find({board, team.ew_room});
      if (ns == ns_scores.end() || ew == ns_scores.end()) continue;
      // Its NS pair's score, and its EW pair's (the negative of that
      // room's NS score): the two tables compared as in a two-way match.
      team.imps += ImpsForDifference(ns->second - ew->second);
      ++team.boards_scored;
    }
    team.complete = team.boards_scored == boards;
    if (team.complete && scale.has_value()) {
      TALLY_ASSIGN_OR_RETURN(
          team.vps, VpForMargin(scale->scale, team.imps, scale->boards));
    }
  }
  return out;
}

}  // namespace tally::core
