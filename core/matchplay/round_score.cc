#include "core/matchplay/round_score.h"

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/scoring/imps.h"
#include "core/scoring/matchpoints.h"
#include "core/vp/vp_scale.h"

namespace tally::core {
namespace {

// One board's results by (table, room), in ascending order.
using BoardResults = std::map<std::pair<int, int>, const BoardResultAt*>;

// What one match has earned so far.
struct MatchTally {
  int boards_scored = 0;
  Rational imps;
  Rational matchpoints;
  Rational tops;
};

// The scale a complete match is converted on, and what kind of margin it
// takes.
struct MatchScale {
  VpScaleForBoards scale;
  VpMarginKind kind = VpMarginKind::kImps;
};

absl::StatusOr<std::optional<MatchScale>> ScaleFor(
    const RegulationProfile& profile, int boards) {
  if (!profile.vp.has_value()) return std::optional<MatchScale>();
  TALLY_ASSIGN_OR_RETURN(VpScaleForBoards scale,
                         VpScaleForMatch(profile, boards));
  TALLY_ASSIGN_OR_RETURN(VpScaleInfo info, FindVpScale(scale.scale.id));
  const VpMarginKind wanted = profile.scoring == ScoringMethod::kMatchpoints
                                  ? VpMarginKind::kPercentage
                                  : VpMarginKind::kImps;
  if (info.margin_kind != wanted) {
    return absl::InvalidArgumentError(absl::StrCat(
        "vp.scale.id: the ", scale.scale.id, " VP scale (", info.clause,
        ") converts ",
        info.margin_kind == VpMarginKind::kImps ? "IMP margins"
                                                : "match percentages",
        ", but the event is scored by ", ScoringMethodId(profile.scoring)));
  }
  return std::optional<MatchScale>(MatchScale{std::move(scale), wanted});
}

// imps_vs_datum: the datum of the results in and NS's IMPs against it. A
// board not yet complete whose results leave nothing to average has no
// datum yet; a complete board must have one.
absl::Status ScoreAgainstDatum(const RegulationProfile& profile,
                               const RoundInput& input,
                               const BoardResults& results, BoardScore& board,
                               std::map<int, MatchTally>& tallies) {
  if (results.empty()) return absl::OkStatus();
  DatumInput datum_input;
  datum_input.match = input.round;
  datum_input.tables_in_play = TablesInPlay(input);
  datum_input.director_substitutes_pending =
      input.director_substitutes_boards.contains(board.board);  // NSW TR 13.3
  for (const auto& [key, r] : results) {
    datum_input.scores.push_back({.ns_score = r->ns_score,
                                  .table = r->table,
                                  .pending_appeal = r->pending_appeal,
                                  .appeal_decided = r->appeal_decided});
  }
  const bool complete =
      static_cast<int>(results.size()) == TablesInPlay(input);
  absl::StatusOr<DatumResult> datum = ComputeDatum(*profile.datum, datum_input);
  if (!datum.ok()) {
    if (!complete) return absl::OkStatus();  // provisional: not enough in yet
    return absl::InvalidArgumentError(
        absl::StrCat("round ", input.round, ", board ", board.board,
                     ": no datum: ", datum.status().message()));
  }
  // |datum| <= 2 * 7600 (the nearest multiple of the step to a mean within
  // Law 77's range is no farther from it than 0 is), so this fits an int.
  const int datum_points = static_cast<int>(datum->datum);
  for (const auto& [key, r] : results) {
    const int imps = ImpsForDifference(r->ns_score - datum_points);
    board.ns_points[key] = imps;
    MatchTally& tally = tallies[r->table];
    tally.imps += imps;
    if (complete) ++tally.boards_scored;
  }
  board.datum = *std::move(datum);
  return absl::OkStatus();
}

// imps_two_tables: each match with both rooms in scores the difference.
void ScoreTwoRooms(const RoundInput& input, const BoardResults& results,
                   BoardScore& board, std::map<int, MatchTally>& tallies) {
  for (const MatchAtTable& m : input.matches) {
    auto open = results.find({m.table, 1});    // home NS
    auto closed = results.find({m.table, 2});  // away NS
    if (open == results.end() || closed == results.end()) continue;
    // Home scores open NS's points and the negative of closed NS's.
    const int imps =
        ImpsForDifference(open->second->ns_score - closed->second->ns_score);
    board.ns_points[{m.table, 1}] = imps;
    MatchTally& tally = tallies[m.table];
    tally.imps += imps;
    ++tally.boards_scored;
  }
}

// matchpoints: across every table in so far, home sitting NS.
void ScoreMatchpoints(const RoundInput& input, const BoardResults& results,
                      BoardScore& board, std::map<int, MatchTally>& tallies) {
  std::vector<int> scores;
  for (const auto& [key, r] : results) scores.push_back(r->ns_score);
  const std::vector<int> mps = MatchpointNorthSouth(scores);
  const int top = MatchpointTop(static_cast<int>(scores.size()));
  board.top = top;
  const bool complete =
      static_cast<int>(results.size()) == TablesInPlay(input);
  size_t i = 0;
  for (const auto& [key, r] : results) {
    board.ns_points[key] = mps[i];
    MatchTally& tally = tallies[r->table];
    tally.matchpoints += mps[i];
    tally.tops += top;
    if (complete) ++tally.boards_scored;
    ++i;
  }
}

// `value` as a Decimal with no more places than it needs; InvalidArgument
// beyond 6 places.
absl::StatusOr<Decimal> ExactDecimal(const Rational& value) {
  Rational scaled = value;
  for (int places = 0; places <= 6; ++places) {
    if (scaled.is_integer()) {
      return Decimal::Round(value, places, HalfRounding::kAwayFromZero);
    }
    scaled *= 10;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("the bye's fixed VPs ", value.ToString(),
                   " are not a decimal of at most 6 places"));
}

absl::StatusOr<ByeOutcome> ScoreBye(const RegulationProfile& profile,
                                    int entrant,
                                    const std::optional<MatchScale>& scale,
                                    const Rational& bye_imps,
                                    const std::optional<Rational>& fixed_vps) {
  ByeOutcome bye{entrant, bye_imps, std::nullopt};
  if (!scale.has_value()) return bye;
  Decimal vps;
  if (fixed_vps.has_value()) {
    TALLY_ASSIGN_OR_RETURN(vps, ExactDecimal(*fixed_vps));
  } else if (scale->kind == VpMarginKind::kImps) {
    TALLY_ASSIGN_OR_RETURN(
        VpResult converted,
        VpForMargin(scale->scale.scale, bye_imps, scale->scale.boards));
    vps = converted.vps;
  } else {
    return absl::FailedPreconditionError(absl::StrCat(
        "profile ", profile.name,
        ": a bye in an event scored by match percentage needs a fixed VP "
        "award; its IMPs cannot be converted on the ",
        scale->scale.scale.id, " scale"));
  }
  bye.vps = VpResult{vps, Decimal(0, vps.places())};
  return bye;
}

}  // namespace

absl::StatusOr<RoundScore> ScoreRound(const RegulationProfile& profile,
                                      const RoundInput& input,
                                      const Rational& bye_imps,
                                      std::optional<Rational> bye_fixed_vps) {
  if (profile.scoring == ScoringMethod::kCrossImps) {
    return absl::FailedPreconditionError(
        "cross_imps scoring of matches is not yet supported");
  }
  TALLY_RETURN_IF_ERROR(ValidateRoundInput(input, profile.scoring));
  if (profile.scoring == ScoringMethod::kImpsVsDatum &&
      !profile.datum.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("datum: profile ", profile.name,
                     " scores IMPs against a datum but names no datum rule"));
  }
  const int round_boards = static_cast<int>(input.boards.size());
  TALLY_ASSIGN_OR_RETURN(std::optional<MatchScale> scale,
                         ScaleFor(profile, round_boards));

  std::map<int, BoardResults> by_board;
  for (const BoardResultAt& r : input.results) {
    by_board[r.board][{r.table, r.room}] = &r;
  }

  RoundScore out;
  std::map<int, MatchTally> tallies;  // by table
  for (int board_number : input.boards) {
    BoardScore board;
    board.board = board_number;
    const BoardResults& results = by_board[board_number];
    switch (profile.scoring) {
      case ScoringMethod::kImpsVsDatum:
        TALLY_RETURN_IF_ERROR(
            ScoreAgainstDatum(profile, input, results, board, tallies));
        break;
      case ScoringMethod::kImpsTwoTables:
        ScoreTwoRooms(input, results, board, tallies);
        break;
      case ScoringMethod::kMatchpoints:
        ScoreMatchpoints(input, results, board, tallies);
        break;
      case ScoringMethod::kCrossImps:
        break;  // refused above
    }
    out.boards.push_back(std::move(board));
  }

  for (const MatchAtTable& m : input.matches) {
    const MatchTally& tally = tallies[m.table];
    MatchScore match;
    match.table = m.table;
    match.home = m.home;
    match.away = m.away;
    match.boards_scored = tally.boards_scored;
    match.complete = tally.boards_scored == round_boards;
    Rational margin;
    if (profile.scoring == ScoringMethod::kMatchpoints) {
      if (tally.tops > 0) {
        match.home_percentage = tally.matchpoints * 100 / tally.tops;
        margin = *match.home_percentage;
      }
    } else {
      match.home_imps = tally.imps;
      margin = tally.imps;
    }
    const bool has_margin = profile.scoring != ScoringMethod::kMatchpoints ||
                            match.home_percentage.has_value();
    if (match.complete && scale.has_value() && has_margin) {
      TALLY_ASSIGN_OR_RETURN(
          VpResult vps,
          VpForMargin(scale->scale.scale, margin, scale->scale.boards));
      match.vps = vps;
    }
    out.matches.push_back(std::move(match));
  }

  if (input.bye.has_value()) {
    TALLY_ASSIGN_OR_RETURN(ByeOutcome bye, ScoreBye(profile, *input.bye, scale,
                                                    bye_imps, bye_fixed_vps));
    out.bye = std::move(bye);
  }
  if (input.share.has_value()) {
    TALLY_ASSIGN_OR_RETURN(out.share, ScoreShareMatch(profile, input));
  }
  if (input.half_matches.has_value()) {
    TALLY_ASSIGN_OR_RETURN(out.half_matches,
                           ScoreHalfMatches(profile, input, out.boards));
  }
  return out;
}

}  // namespace tally::core
