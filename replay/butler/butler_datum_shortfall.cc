#include "replay/butler/butler_datum_shortfall.h"

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/datum/datum.h"
#include "core/datum/datum_rule.h"
#include "replay/butler/butler_session.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/state/rulings.h"
#include "replay/state/session_sections.h"

namespace tally::replay {
namespace {

// True when an adjusted score of this kind leaves its table out of the
// datum (replay/rulings/adjusted_boards.h DatumScoreOf: weighted and
// artificial).
bool LeavesTableOut(const v1::AdjustedScore& score) {
  return score.has_artificial() || score.has_weighted();
}

// Butler: board `board` of `session` with `excluded_table` left out (0:
// none), in each comparison the datum is taken over: the whole session's,
// or within sections (profile sections.scored) the excluded table's
// section, or every section when none is excluded.
absl::Status DatumPossible(const CompetitionState& c,
                           const SessionState& session, int board,
                           int excluded_table) {
  const ComparisonTimes comparisons(session,
                                    SectionsScoredAcrossTheField(c.profile));
  for (const std::string& comparison : comparisons.ComparisonsOfBoard(board)) {
    if (excluded_table != 0 &&
        comparisons.ComparisonOfTable(excluded_table) != comparison) {
      continue;
    }
    core::DatumInput input;
    input.tables_in_play = comparisons.In(comparison, board);
    int left_out = 0;
    for (const auto& [table_board, slot] : session.slots) {
      const auto [table, b] = table_board;
      if (b != board || comparisons.ComparisonOfTable(table) != comparison) {
        continue;
      }
      if (table == excluded_table) {
        ++left_out;
        continue;
      }
      auto it = session.results.find({board, table});
      TALLY_ASSIGN_OR_RETURN(
          std::optional<int> score,
          DatumScoreAt(it == session.results.end() ? nullptr : &it->second,
                       session.rulings, board, table));
      if (!score.has_value()) {
        ++left_out;
        continue;
      }
      input.scores.push_back({.ns_score = *score, .table = table});
    }
    TALLY_RETURN_IF_ERROR(DatumPossibleOver(
        *c.profile.datum,
        absl::StrCat(
            "session ", session.number,
            comparison.empty() ? "" : absl::StrCat(", section ", comparison)),
        board, input, left_out));
  }
  return absl::OkStatus();
}

}  // namespace

// The datum rule's refusal for the scores in `input` of `board` (`where`:
// "session 2", "round 3"), `left_out` tables being left out by adjusted
// scores, or OK.
absl::Status DatumPossibleOver(const core::DatumRule& rule,
                               absl::string_view where, int board,
                               const core::DatumInput& input, int left_out) {
  const int tables = *input.tables_in_play;
  const std::string method(core::DatumMethodId(rule.method));
  if (input.scores.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "board ", board, " of ", where,
        " would have no score left for its datum: all ", tables,
        " tables are left out (datum rule ", method, ")"));
  }
  absl::StatusOr<core::DatumResult> datum = core::ComputeDatum(rule, input);
  if (datum.ok()) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "board ", board, " of ", where, " would keep only ", input.scores.size(),
      " of its ", tables, " scores for the datum, ", left_out,
      " being left out by adjusted scores: ", datum.status().message(),
      ". The board cannot be scored that way; the Chief Director decides "
      "how it is (a fouled-board treatment, or an adjusted score kept in "
      "the datum)"));
}

// The score table `table` puts in the board's datum (0 for one not in
// yet: the scores' values do not matter to how many a rule keeps, only
// their number and tables), or nullopt when an adjusted score leaves it
// out.
absl::StatusOr<std::optional<int>> DatumScoreAt(
    const EnteredResult* entered, const std::vector<RulingRecord>& rulings,
    int board, int table) {
  if (entered == nullptr) return std::optional<int>(0);
  return DatumScoreOf(
      AdjustedTable{entered, AdjustmentAt(rulings, board, table)}, board);
}

absl::Status CheckRulingLeavesADatum(const CompetitionState& competition,
                                     const SessionState& session,
                                     const v1::RecordRulingRequest& r) {
  if (competition.PlaysMatches() || !competition.profile.datum.has_value() ||
      !r.has_adjusted() || !LeavesTableOut(r.adjusted()) ||
      !session.times_scheduled.contains(r.board())) {
    return absl::OkStatus();
  }
  return DatumPossible(competition, session, r.board(), r.table());
}

absl::Status CheckEveryBoardHasADatum(const CompetitionState& competition,
                                      const SessionState& session) {
  if (competition.PlaysMatches() || !competition.profile.datum.has_value()) {
    return absl::OkStatus();
  }
  TALLY_ASSIGN_OR_RETURN(ButlerSessionScores scores,
                         ScoreButlerSession(competition, session));
  for (const auto& [number, board] : scores.boards) {
    if (!board.complete || board.datum.has_value() || board.fouled) continue;
    bool needs_datum = false;
    for (const ButlerLine& line : board.lines) {
      needs_datum = needs_datum || !line.ns_imps.has_value();
    }
    if (!needs_datum) continue;
    TALLY_RETURN_IF_ERROR(DatumPossible(competition, session, number, 0));
    return absl::FailedPreconditionError(
        absl::StrCat("board ", number, " of session ", session.number,
                     " has no datum: it cannot be posted unscored"));
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
