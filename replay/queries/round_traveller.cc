#include "replay/queries/round_traveller.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/profile/profile.h"
#include "core/scoring/board.h"
#include "core/scoring/imps.h"
#include "replay/match_scores/match_standings.h"
#include "replay/rulings/datum_view.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"
#include "replay/state/rulings.h"

namespace tally::replay {
namespace {

// The points of `key` on `board`: North-South's (or the home side's) and,
// where a ruling unbalanced the board, the away side's own.
std::optional<core::Rational> PointsAt(
    const std::map<std::pair<int, int>, core::Rational>& points,
    std::pair<int, int> key) {
  auto it = points.find(key);
  if (it == points.end()) return std::nullopt;
  return it->second;
}

// Fills `line`'s figures from the round's scored `board` (nullptr: the
// round's scoring has no such board yet).
void AddFigures(const core::RegulationProfile& profile,
                const core::BoardScore* board, const EnteredResult& r,
                v1::TravellerLine& line) {
  if (board == nullptr) return;
  const int table = r.slot.table;
  switch (profile.scoring) {
    case core::ScoringMethod::kImpsTwoTables: {
      // The open-room row holds the home team's IMPs (core/matchplay).
      std::optional<core::Rational> home =
          PointsAt(board->ns_points, {table, 1});
      if (!home.has_value()) return;
      if (r.room == v1::ROOM_OPEN) {
        *line.mutable_match_imps() = ToProtoFraction(*home);
      } else if (r.room == v1::ROOM_CLOSED) {
        *line.mutable_match_imps() = ToProtoFraction(
            PointsAt(board->away_points, {table, 1}).value_or(-*home));
      }
      return;
    }
    case core::ScoringMethod::kMatchpoints: {
      std::optional<core::Rational> ns = PointsAt(board->ns_points, {table, 0});
      if (!ns.has_value()) return;
      *line.mutable_ns_matchpoints() = ToProtoFraction(*ns);
      *line.mutable_ew_matchpoints() = ToProtoFraction(
          PointsAt(board->away_points, {table, 0}).value_or(board->top - *ns));
      return;
    }
    default: {
      std::optional<core::Rational> ns = PointsAt(board->ns_points, {table, 0});
      if (ns.has_value()) *line.mutable_match_imps() = ToProtoFraction(*ns);
      return;
    }
  }
}

// SABF TR 14.1's share match: the IMPs on `board` of the team sitting
// North-South in `room` (ROOM_SHARE_1..3 of the round's share table), its
// North-South table's score against the North-South score at the table
// where its other pair sits East-West (A: Table 1 against Table 2, B: 3
// against 1, C: 2 against 3; core/matchplay/share_match.h). The scores are
// those the round's scoring reads (RoundInputOf: an assigned adjusted
// score in force as played). None until both tables are in.
std::optional<core::Rational> ShareTeamImps(const core::RoundInput& input,
                                            int table, int board,
                                            v1::Room room) {
  // Room k's North-South team sits East-West in room k + 1 (3 -> 1).
  const int ns_room = static_cast<int>(room);
  const int ew_room =
      ns_room == v1::ROOM_SHARE_3 ? v1::ROOM_SHARE_1 : ns_room + 1;
  std::optional<int> ns, ew;
  for (const core::BoardResultAt& r : input.results) {
    if (r.board != board || r.table != table) continue;
    if (r.room == ns_room) ns = r.ns_score;
    if (r.room == ew_room) ew = r.ns_score;
  }
  if (!ns.has_value() || !ew.has_value()) return std::nullopt;
  return core::Rational(core::ImpsForDifference(*ns - *ew));
}

// Why the match at `table` does not count as played, or "".
std::string MatchNote(const ScoredRound& round, int table) {
  for (const ForfeitOutcome& f : round.forfeits) {
    if (f.table != table) continue;
    return absl::StrCat(
        f.offenders.empty() ? "match scored as a forfeit, both sides "
                              "non-offending"
                            : "match forfeited",
        f.reason.empty() ? "" : absl::StrCat(": ", f.reason),
        f.clause.empty() ? "" : absl::StrCat(" (", f.clause, ")"));
  }
  return "";
}

}  // namespace

bool PlaysRoundsOfMatches(const State& state, const std::string& tournament_id,
                          const std::string& competition_id) {
  absl::StatusOr<const CompetitionState*> c =
      FindCompetition(state, tournament_id, competition_id);
  return c.ok() && (*c)->PlaysMatches();
}

absl::StatusOr<v1::Traveller> BuildRoundTraveller(
    const State& state, const v1::GetTravellerRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindMatchCompetition(state, request.tournament_id(),
                                              request.competition_id()));
  TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                         FindDrawnRound(*c, request.session()));
  const int board = request.board();
  bool plays = false;
  for (int b : round->draw.boards()) plays = plays || b == board;
  if (!plays) {
    return absl::NotFoundError(absl::StrCat(
        "board ", board, " is not played in round ", round->number));
  }
  // Every round drawn, as GetMatchResults: a forfeit's score as it stands.
  TALLY_ASSIGN_OR_RETURN(std::vector<ScoredRound> scored, ScoreRounds(*c, 0));
  const ScoredRound* this_round = nullptr;
  for (const ScoredRound& r : scored) {
    if (r.round == round) this_round = &r;
  }
  if (this_round == nullptr) {
    return absl::InternalError(
        absl::StrCat("round ", round->number, " was not scored"));
  }
  const core::BoardScore* scores = nullptr;
  for (const core::BoardScore& b : this_round->score.boards) {
    if (b.board == board) scores = &b;
  }
  TALLY_ASSIGN_OR_RETURN(core::BoardConditions conditions,
                         core::ConditionsForBoard(board));
  v1::Traveller out;
  out.set_board(board);
  out.set_round(round->number);
  out.set_dealer(ToProtoSeat(conditions.dealer));
  out.set_vulnerability(ToProtoVulnerability(conditions.vulnerability));
  out.set_scoring(std::string(core::ScoringMethodId(c->profile.scoring)));
  const bool teams = c->profile.scoring == core::ScoringMethod::kImpsTwoTables;
  const int share_table = round->draw.share().table();
  out.set_times_expected(round->draw.matches_size() * (teams ? 2 : 1));
  const core::RoundInput input = RoundInputOf(*round);
  // The results are keyed (board, table, room): this board's, in table and
  // room order.
  for (auto it = round->results.lower_bound({board, 0, 0});
       it != round->results.end() && std::get<0>(it->first) == board; ++it) {
    const EnteredResult& r = it->second;
    v1::TravellerLine* line = out.add_lines();
    line->set_round(round->number);
    line->set_table(r.slot.table);
    line->set_room(r.room);
    line->set_ns_pair(r.slot.ns_pair);
    line->set_ew_pair(r.slot.ew_pair);
    ToTableResult(r.result, *line->mutable_result());
    line->set_ns_score(r.ns_score);
    line->set_sequence(r.sequence);
    line->set_confirmed(r.confirmed);
    if (std::optional<AdjustmentInForce> a =
            AdjustmentAt(round->rulings, board, r.slot.table, r.room)) {
      if (const RulingRecord* ruling =
              FindRuling(round->rulings, a->sequence)) {
        line->set_ruling_law(ruling->ruling.law());
        line->set_ruling_sequence(ruling->sequence);
      }
      if (a->score != nullptr) *line->mutable_adjusted() = *a->score;
    }
    line->set_match_note(MatchNote(*this_round, r.slot.table));
    if (share_table != 0 && r.slot.table == share_table) {
      // A share match's line: its North-South team's IMPs (SABF TR 14.1).
      if (std::optional<core::Rational> imps =
              ShareTeamImps(input, share_table, board, r.room)) {
        *line->mutable_match_imps() = ToProtoFraction(*imps);
      }
    } else if (line->match_note().empty()) {
      AddFigures(c->profile, scores, r, *line);
    }
  }
  if (scores != nullptr && scores->datum.has_value()) {
    *out.mutable_datum() = BoardDatumView(
        *scores->datum, static_cast<int>(scores->ns_points.size()), false);
  }
  return out;
}

}  // namespace tally::replay
