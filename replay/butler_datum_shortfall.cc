#include "replay/butler_datum_shortfall.h"

#include <algorithm>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/datum/datum.h"
#include "core/datum/datum_rule.h"
#include "core/matchplay/round_input.h"
#include "replay/adjusted_boards.h"
#include "replay/butler_session.h"
#include "replay/forfeits.h"
#include "replay/match_standings.h"
#include "replay/rulings.h"

namespace tally::replay {
namespace {

// True when an adjusted score of this kind leaves its table out of the
// datum (replay/adjusted_boards.h DatumScoreOf: weighted and artificial).
bool LeavesTableOut(const v1::AdjustedScore& score) {
  return score.has_artificial() || score.has_weighted();
}

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

// Butler: board `board` of `session` with `excluded_table` left out.
absl::Status DatumPossible(const CompetitionState& c,
                           const SessionState& session, int board,
                           int excluded_table) {
  core::DatumInput input;
  input.tables_in_play = session.times_scheduled.at(board);
  int left_out = 0;
  for (const auto& [table_board, slot] : session.slots) {
    const auto [table, b] = table_board;
    if (b != board) continue;
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
  return DatumPossibleOver(*c.profile.datum,
                           absl::StrCat("session ", session.number), board,
                           input, left_out);
}

// Pairs matches against a datum: board `board` of `round`, whose field is
// the round's tables (matches played and any half-match table), with
// `excluded_table` left out.
absl::Status RoundDatumPossible(const CompetitionState& c,
                                const MatchRoundState& round, int board,
                                int excluded_table) {
  const core::RoundInput played = PlayedRoundInputOf(c, round);
  std::vector<int> tables;
  for (const core::MatchAtTable& m : played.matches) tables.push_back(m.table);
  if (played.half_matches.has_value()) {
    tables.push_back(played.half_matches->table);
  }
  std::sort(tables.begin(), tables.end());
  core::DatumInput input;
  input.match = round.number;
  input.tables_in_play = core::TablesInPlay(played);
  int left_out = 0;
  for (int table : tables) {
    if (table == excluded_table) {
      ++left_out;
      continue;
    }
    auto it = round.results.find({board, table, 0});
    TALLY_ASSIGN_OR_RETURN(
        std::optional<int> score,
        DatumScoreAt(it == round.results.end() ? nullptr : &it->second,
                     round.rulings, board, table));
    if (!score.has_value()) {
      ++left_out;
      continue;
    }
    input.scores.push_back({.ns_score = *score, .table = table});
  }
  return DatumPossibleOver(*c.profile.datum,
                           absl::StrCat("round ", round.number), board, input,
                           left_out);
}

bool TakesDatumInMatches(const CompetitionState& c) {
  return c.PlaysMatches() && c.profile.datum.has_value() &&
         c.profile.scoring == core::ScoringMethod::kImpsVsDatum;
}

}  // namespace

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

absl::Status CheckMatchRulingLeavesADatum(const CompetitionState& competition,
                                          const MatchRoundState& round,
                                          const v1::RecordRulingRequest& r) {
  if (!TakesDatumInMatches(competition) || !r.has_adjusted() ||
      !LeavesTableOut(r.adjusted()) ||
      std::find(round.draw.boards().begin(), round.draw.boards().end(),
                r.board()) == round.draw.boards().end()) {
    return absl::OkStatus();
  }
  return RoundDatumPossible(competition, round, r.board(), r.table());
}

absl::Status CheckEveryRoundBoardHasADatum(const CompetitionState& competition,
                                           const MatchRoundState& round) {
  if (!TakesDatumInMatches(competition)) return absl::OkStatus();
  TALLY_ASSIGN_OR_RETURN(std::vector<ScoredRound> scored,
                         ScoreRounds(competition, round.number));
  const core::RoundInput played = PlayedRoundInputOf(competition, round);
  for (const ScoredRound& s : scored) {
    if (s.round != &round) continue;
    for (const core::BoardScore& board : s.score.boards) {
      for (const core::MatchAtTable& m : played.matches) {
        if (board.ns_points.contains({m.table, 0})) continue;
        TALLY_RETURN_IF_ERROR(
            RoundDatumPossible(competition, round, board.board, 0));
        return absl::FailedPreconditionError(absl::StrCat(
            "board ", board.board, " of round ", round.number,
            " has no score at table ", m.table,
            ": it cannot be posted unscored"));
      }
    }
  }
  return absl::OkStatus();
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
