#include "core/matchplay/half_match_group.h"

#include <map>
#include <utility>

#include "absl/status/status.h"
#include "core/base/status_macros.h"
#include "core/matchplay/round_score.h"
#include "core/vp/half_match.h"
#include "core/vp/vp_scale.h"

namespace tally::core {
namespace {

// NSW TR 12.7: (a) under 12 boards, (b) from 12.
bool DoublesTheImps(int match_boards) { return match_boards < 12; }

absl::Status ConvertPivot(const VpScaleForBoards& scale,
                          HalfMatchPairScore& pivot) {
  TALLY_ASSIGN_OR_RETURN(pivot.vps,
                         VpForMargin(scale.scale, pivot.imps, scale.boards));
  absl::StatusOr<int64_t> blitz = BlitzMargin(scale.scale, scale.boards);
  if (blitz.ok()) pivot.blitz_margin = *blitz;
  return absl::OkStatus();
}

absl::Status ConvertHalf(const VpScaleForBoards& scale, int match_boards,
                         HalfMatchPairScore& pair) {
  const int played = static_cast<int>(pair.boards.size());
  // The IMPs are a sum of whole IMPs: whole.
  TALLY_ASSIGN_OR_RETURN(pair.vps,
                         VpForHalfMatch(scale.scale, pair.imps.numerator(),
                                        match_boards, played));
  absl::StatusOr<int64_t> blitz =
      DoublesTheImps(match_boards) ? BlitzMargin(scale.scale, match_boards)
                                   : BlitzMargin(scale.scale, played);
  if (blitz.ok()) {
    // 12.7(a): doubled IMPs reach the margin from half of it, rounded up.
    pair.blitz_margin =
        DoublesTheImps(match_boards) ? (*blitz + 1) / 2 : *blitz;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<HalfMatchesScore> ScoreHalfMatches(
    const RegulationProfile& profile, const RoundInput& input,
    const std::vector<BoardScore>& boards) {
  if (!input.half_matches.has_value()) {
    return absl::InvalidArgumentError("the round has no half matches to score");
  }
  TALLY_RETURN_IF_ERROR(ValidateRoundInput(input, profile.scoring));
  const int n = static_cast<int>(input.boards.size());
  if (static_cast<int>(boards.size()) != n) {
    return absl::InvalidArgumentError(
        "the board scores are not the round's boards");
  }
  const HalfMatchesAt& group = *input.half_matches;
  HalfMatchesScore out;
  out.table = group.table;
  out.pivot.pair = group.pivot;
  out.first.pair = group.first;
  out.second.pair = group.second;
  const std::string clause =
      DoublesTheImps(n) ? "NSW TR 12.7(a)" : "NSW TR 12.7(b)";
  out.first.clause = clause;
  out.second.clause = clause;

  std::map<int, int> results_in;  // board -> results entered on it
  for (const BoardResultAt& r : input.results) ++results_in[r.board];
  for (int i = 0; i < n; ++i) {
    const BoardScore& board = boards[i];
    if (board.board != input.boards[i]) {
      return absl::InvalidArgumentError(
          "the board scores are not in the round's board order");
    }
    // The first half of the boards (in the round's order) is `first`'s.
    HalfMatchPairScore& ew = i < n / 2 ? out.first : out.second;
    out.pivot.boards.push_back(board.board);
    ew.boards.push_back(board.board);
    auto ns = board.ns_points.find({group.table, 0});
    if (ns == board.ns_points.end()) continue;
    out.pivot.imps += ns->second;
    ew.imps -= ns->second;
    if (results_in[board.board] == TablesInPlay(input)) {
      ++out.pivot.boards_scored;
      ++ew.boards_scored;
    }
  }
  for (HalfMatchPairScore* pair : {&out.pivot, &out.first, &out.second}) {
    pair->complete = pair->boards_scored == static_cast<int>(pair->boards.size());
  }
  if (!profile.vp.has_value()) return out;
  TALLY_ASSIGN_OR_RETURN(VpScaleForBoards scale, VpScaleForMatch(profile, n));
  if (out.pivot.complete) TALLY_RETURN_IF_ERROR(ConvertPivot(scale, out.pivot));
  for (HalfMatchPairScore* pair : {&out.first, &out.second}) {
    if (pair->complete) TALLY_RETURN_IF_ERROR(ConvertHalf(scale, n, *pair));
  }
  return out;
}

}  // namespace tally::core
