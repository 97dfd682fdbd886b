#include "replay/butler/cross_imps_board.h"

#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/datum/cross_imps.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/state/rulings.h"

namespace tally::replay {

absl::Status ScoreCrossImpsBoard(const SessionState& session,
                                 const core::CrossImpsRules& rules,
                                 const core::ArtificialImpsRule& artificial,
                                 ButlerBoard& board,
                                 const InComparison& in_comparison) {
  const std::string where =
      absl::StrCat("session ", session.number, ", board ", board.board);
  if (FouledTreatmentAt(session.rulings, board.board) != nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        where, ": a fouled-board treatment is not scored by cross-IMPs"));
  }
  std::vector<int> scores;
  std::vector<size_t> compared;  // the lines whose scores are compared
  for (auto it = session.results.lower_bound({board.board, 0});
       it != session.results.end() && it->first.first == board.board; ++it) {
    if (in_comparison && !in_comparison(it->second.slot.table)) continue;
    const AdjustedTable table{
        &it->second,
        AdjustmentAt(session.rulings, board.board, it->second.slot.table)};
    ButlerLine line;
    line.result = &it->second;
    if (table.adjustment.has_value()) {
      line.ruling = table.adjustment->sequence;
      line.adjusted = table.adjustment->score;
    }
    if (IsArtificial(table)) {
      // Law 12C2: no comparison; the profile's artificial IMPs to each side.
      TALLY_ASSIGN_OR_RETURN(
          core::TableAward award,
          AdjustedButlerImps(table, board.board, 0, artificial));
      line.ns_cross_imps = award.north_south;
      if (award.east_west != -award.north_south) {
        line.ew_cross_imps = award.east_west;
      }
    } else {
      TALLY_ASSIGN_OR_RETURN(std::optional<int> score,
                             DatumScoreOf(table, board.board));
      if (!score.has_value() || LeavesField(table)) {
        return absl::InvalidArgumentError(absl::StrCat(
            where, ", table ", it->second.slot.table,
            ": a weighted or split adjusted score is not scored by "
            "cross-IMPs; assign one score or an artificial one"));
      }
      scores.push_back(*score);
      compared.push_back(board.lines.size());
    }
    board.lines.push_back(line);
  }
  board.complete =
      static_cast<int>(board.lines.size()) == board.times_expected;
  if (scores.size() < 2) return absl::OkStatus();  // nothing to compare yet
  TALLY_ASSIGN_OR_RETURN(std::vector<core::Rational> imps,
                         core::CrossImps(scores, rules.averaging));
  for (size_t k = 0; k < compared.size(); ++k) {
    board.lines[compared[k]].ns_cross_imps = imps[k];
  }
  return absl::OkStatus();
}

absl::Status CheckCrossImpsRuling(const CompetitionState& competition,
                                  const v1::RecordRulingRequest& r) {
  if (competition.profile.scoring != core::ScoringMethod::kCrossImps) {
    return absl::OkStatus();
  }
  if (r.has_fouled()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", competition.id,
        "' is scored by cross-IMPs, which score no fouled-board treatment: "
        "give each fouled table an assigned or artificial adjusted score"));
  }
  if (r.has_adjusted() && !r.adjusted().has_assigned() &&
      !r.adjusted().has_artificial()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", competition.id,
        "' is scored by cross-IMPs, which compare one score a table: give an "
        "assigned score (Law 12C1) or an artificial one (Law 12C2), not a "
        "weighted, split or per-side score"));
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
