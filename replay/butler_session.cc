#include "replay/butler_session.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/scoring/imps.h"
#include "core/vp/vp_scale.h"

namespace tally::replay {
namespace {

// The board's datum from the results in, and each table's IMPs against it.
absl::Status ScoreBoard(const SessionState& session,
                        const core::DatumRule& rule, ButlerBoard& board) {
  core::DatumInput input;
  // "n being the number of tables" (ANC SR 16.11): the tables the movement
  // plays the board at, which is the whole field in a Mitchell.
  input.tables_in_play = board.times_expected;
  for (auto it = session.results.lower_bound({board.board, 0});
       it != session.results.end() && it->first.first == board.board; ++it) {
    board.lines.push_back({&it->second, std::nullopt, core::ScoreRole::kUsed});
    input.scores.push_back(
        {.ns_score = it->second.ns_score, .table = it->second.slot.table});
  }
  board.complete =
      static_cast<int>(board.lines.size()) == board.times_expected;
  if (board.lines.empty()) return absl::OkStatus();
  absl::StatusOr<core::DatumResult> datum = core::ComputeDatum(rule, input);
  if (!datum.ok()) {
    // Provisional: not enough scores in yet to leave any to average.
    if (!board.complete) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat("session ", session.number, ", board ", board.board,
                     ": no datum: ", datum.status().message()));
  }
  // |datum| <= 2 * 7600 (Law 77's range, rounded to a step), so it fits.
  const int datum_points = static_cast<int>(datum->datum);
  for (size_t i = 0; i < board.lines.size(); ++i) {
    ButlerLine& line = board.lines[i];
    line.ns_imps =
        core::ImpsForDifference(line.result->ns_score - datum_points);
    line.role = datum->roles[i];
  }
  board.datum = *std::move(datum);
  return absl::OkStatus();
}

// The match's IMPs over its boards scored, and its VPs once complete.
absl::Status ScoreMatch(const std::map<int, ButlerBoard>& boards,
                        const core::RegulationProfile& profile,
                        ButlerMatch& match) {
  for (int number : match.boards) {
    const ButlerBoard& board = boards.at(number);
    for (const ButlerLine& line : board.lines) {
      if (line.result->slot.table != match.table) continue;
      ++match.boards_entered;
      if (!line.ns_imps.has_value()) break;
      ++match.boards_scored;
      match.ns_imps += *line.ns_imps;
      if (board.complete) {
        ++match.boards_final;
      } else {
        match.provisional = true;
      }
      break;
    }
  }
  const int length = static_cast<int>(match.boards.size());
  match.complete = match.boards_final == length;
  if (match.boards_scored < length || !profile.vp.has_value()) {
    return absl::OkStatus();
  }
  // ANC SR 16.10: the match's net IMPs on the ABF Swiss Pairs scale
  // (provisional while a datum is).
  TALLY_ASSIGN_OR_RETURN(core::VpScaleForBoards scale,
                         core::VpScaleForMatch(profile, length));
  TALLY_ASSIGN_OR_RETURN(
      core::VpResult vps,
      core::VpForMargin(scale.scale, match.ns_imps, scale.boards));
  match.vps = vps;
  return absl::OkStatus();
}

void AddToPair(ButlerPairTotal& total, const ButlerMatch& match,
               bool north_south) {
  const core::Rational imps = north_south ? match.ns_imps : -match.ns_imps;
  total.north_south = north_south;
  total.net_imps += imps;
  total.provisional = total.provisional || match.provisional;
  total.boards_played += match.boards_entered;
  ++total.matches;
  if (match.vps.has_value()) {
    total.vps += north_south ? match.vps->vps.ToRational()
                             : match.vps->opponent_vps.ToRational();
  }
  if (!match.complete) return;
  ++total.matches_complete;
  total.complete_imps += imps;
}

}  // namespace

absl::StatusOr<ButlerSessionScores> ScoreButlerSession(
    const SessionState& session, const core::RegulationProfile& profile) {
  if (!profile.datum.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("datum: profile ", profile.name,
                     " scores Butler pairs but names no datum rule"));
  }
  ButlerSessionScores scores;
  scores.ranks_on_vps = profile.vp.has_value();
  for (const auto& [board, times] : session.times_scheduled) {
    ButlerBoard& scored = scores.boards[board];
    scored.board = board;
    scored.times_expected = times;
    TALLY_RETURN_IF_ERROR(ScoreBoard(session, *profile.datum, scored));
  }
  for (const v1::MovementRound& round : session.movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      ButlerMatch match;
      match.round = round.round();
      match.table = t.table();
      match.ns_pair = t.ns_pair();
      match.ew_pair = t.ew_pair();
      match.boards.assign(t.boards().begin(), t.boards().end());
      TALLY_RETURN_IF_ERROR(ScoreMatch(scores.boards, profile, match));
      scores.provisional = scores.provisional || match.provisional;
      ButlerPairTotal& ns = scores.pairs[match.ns_pair];
      ns.pair = match.ns_pair;
      AddToPair(ns, match, /*north_south=*/true);
      ButlerPairTotal& ew = scores.pairs[match.ew_pair];
      ew.pair = match.ew_pair;
      AddToPair(ew, match, /*north_south=*/false);
      scores.matches.push_back(std::move(match));
    }
  }
  return scores;
}

}  // namespace tally::replay
