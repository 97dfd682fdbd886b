#include "replay/draws/itc_draw_order.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "core/movement/itc_draw.h"
#include "core/movement/itc_final_draw.h"
#include "core/movement/round_robin_schedule.h"
#include "replay/match_scores/match_standings.h"
#include "replay/match_scores/round_results.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

// The seed stream for a lot among teams level after the penultimate round
// robin, apart from any other use of the draw's seed.
constexpr uint64_t kLotStream = 0x6c6f742d69746321ULL;  // "lot-itc!"

// The teams in order of placing after event round `after_round` (the end
// of the penultimate round robin), recorded in `out.ranking`.
//
// 10.3 places the teams "after the penultimate round robin": that is a
// placing as the standings show it, so the final-placing chain ranks them
// (ANC SR 12.2: "Ties are broken after each round robin by the number of
// wins in VPs, then net IMPs, then lot"), with penalties counted (ANC SR
// 5.1 leaves penalties out of the draw only in a Swiss movement). The
// qualification chain is for who reaches the final (11.3), decided at the
// end of the qualifying, not after the penultimate round robin. A lot the
// director recorded for exactly the tied teams (LotDrawn) is applied; one
// still wanting is drawn from the draw's seed, as the draw needs a strict
// order, and recorded with the placing.
absl::StatusOr<std::vector<int>> PlaceAfter(const CompetitionState& competition,
                                            int after_round, uint64_t seed,
                                            v1::DrawMade& out) {
  RankingOptions options;
  options.after_round = after_round;
  options.purpose = core::TieBreakPurpose::kFinalPlacing;
  options.exclude_penalties = false;
  TALLY_ASSIGN_OR_RETURN(MatchRanking ranking,
                         RankMatchEntrants(competition, options));
  if (!ranking.pending.empty()) {
    options.lot_seed = seed ^ kLotStream;
    TALLY_ASSIGN_OR_RETURN(ranking, RankMatchEntrants(competition, options));
  }
  std::vector<int> placing;
  for (const EntrantStanding& row : ranking.rows) {
    placing.push_back(row.entrant);
    v1::DrawRankingEntry* entry = out.add_ranking();
    entry->set_entrant(row.entrant);
    *entry->mutable_score() = ToProtoFraction(row.total);
    if (row.placing.decision == core::PlaceDecision::kTieBreak) {
      entry->set_decided_by(row.placing.criterion);
    }
  }
  return placing;
}

}  // namespace

absl::Status DrawItcRound(const CompetitionState& competition,
                          const DrawOrder& order, v1::DrawMade& out) {
  const int teams = static_cast<int>(competition.pairs.size());
  absl::StatusOr<int> round_robins = core::ItcRoundRobins(teams);
  if (!round_robins.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the ITC qualifying is drawn for 5 to 8 teams (ANC SR 10.6-10.7); '",
        competition.id, "' has ", teams));
  }
  TALLY_ASSIGN_OR_RETURN(const core::RoundRobinSchedule first,
                         core::ItcRoundRobinDraw(teams, 1));
  const int per_round_robin = static_cast<int>(first.rounds.size());
  if (order.round < 1 || order.round > *round_robins * per_round_robin) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the ITC qualifying of ", teams, " teams has ", *round_robins,
        " round robins of ", per_round_robin,
        " rounds (ANC SR 10.6-10.7); there is no round ", order.round));
  }
  const int round_robin = (order.round - 1) / per_round_robin + 1;
  core::RoundRobinSchedule schedule;
  if (round_robin < *round_robins) {
    if (!order.ctd_round_order.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ANC SR 10.5: the CTD orders the rounds of the final round robin "
          "only (round robin ",
          *round_robins, ", from round ",
          (*round_robins - 1) * per_round_robin + 1, "); round ", order.round,
          " is in round robin ", round_robin));
    }
    // Before the final round robin, draw numbers are team numbers (10.3)
    // and the printed rounds are already numbered through the qualifying.
    TALLY_ASSIGN_OR_RETURN(schedule,
                           core::ItcRoundRobinDraw(teams, round_robin));
  } else {
    const int penultimate_end = (round_robin - 1) * per_round_robin;
    const int final_start = penultimate_end + 1;
    std::vector<int> placing;
    std::vector<int> ctd_order = order.ctd_round_order;
    auto stored = competition.rounds.find(final_start);
    if (order.round > final_start && stored != competition.rounds.end() &&
        stored->second.draw.ranking_size() > 0) {
      // 10.3: "Once team numbers are set, they will not be altered by
      // subsequent results of outstanding appeals, score corrections or
      // adjustments": the placing stored with the final round robin's
      // first round, not the standings as they are now.
      for (const v1::DrawRankingEntry& e : stored->second.draw.ranking()) {
        placing.push_back(e.entrant());
        *out.add_ranking() = e;
      }
      // 10.5: likewise the CTD's order of rounds, set with that round.
      const std::vector<int> set(stored->second.draw.ctd_round_order().begin(),
                                 stored->second.draw.ctd_round_order().end());
      if (!ctd_order.empty() && ctd_order != set) {
        return absl::InvalidArgumentError(absl::StrCat(
            "ANC SR 10.5: the order of round robin ", round_robin,
            "'s rounds was set with round ", final_start, " (",
            set.empty() ? "the printed order" : absl::StrJoin(set, ", "),
            ") and is not altered afterwards (10.3)"));
      }
      ctd_order = set;
    } else if (order.round > final_start) {
      return absl::InternalError(absl::StrCat(
          "round ", final_start, " of '", competition.id,
          "' is not stored with the placing the final round robin was "
          "numbered by (ANC SR 10.3)"));
    } else {
      for (const auto& [number, round] : competition.rounds) {
        if (number > penultimate_end) break;
        std::vector<std::string> missing = MissingResults(competition, round);
        if (!missing.empty()) {
          return absl::FailedPreconditionError(absl::StrCat(
              "the final round robin is numbered by the placing after "
              "round robin ",
              round_robin - 1, " (ANC SR 10.3); round ", number,
              " still lacks ", core::Counted(missing.size(), "result"),
              ", the first being ", missing.front()));
        }
      }
      TALLY_ASSIGN_OR_RETURN(
          placing, PlaceAfter(competition, penultimate_end, order.seed, out));
    }
    // 10.3 with 10.4 (7 teams); 10.5 (5 teams): the CTD's order where the
    // printed one would give a team two byes in one day, refused by core
    // when missing, wrong or not called for.
    core::ItcFinalDrawOptions options;
    options.ctd_round_order = ctd_order;
    absl::StatusOr<core::ItcFinalRoundRobin> final_draw =
        core::ItcFinalRoundRobinDraw(placing, options);
    if (!final_draw.ok() && ctd_order.empty() &&
        absl::IsFailedPrecondition(final_draw.status())) {
      return absl::FailedPreconditionError(absl::StrCat(
          final_draw.status().message(), ": give it with the draw of round ",
          final_start,
          " (MakeDraw ctd_round_order; tally draw --ctd-round-order=...)"));
    }
    TALLY_RETURN_IF_ERROR(final_draw.status());
    schedule = final_draw->schedule;
    for (int row : ctd_order) out.add_ctd_round_order(row);
  }
  const core::RoundRobinRound* round = nullptr;
  for (const core::RoundRobinRound& r : schedule.rounds) {
    if (r.round == order.round) round = &r;
  }
  if (round == nullptr) {
    return absl::InternalError(absl::StrCat(
        "the ITC draw for ", teams, " teams has no round ", order.round));
  }
  for (const core::Pairing& p : round->pairings) {
    // 10.8: the first numbered team in the draw sits NS in the Open Room
    // (the home team); 10.6.2/10.7.3 (who posts first) are not recorded in
    // the draw.
    TALLY_ASSIGN_OR_RETURN(const core::ItcMatchSeating seating,
                           core::ItcSeating(teams, round_robin, p));
    v1::DrawnMatch* match = out.add_matches();
    match->set_table(p.table);
    match->set_home(seating.open_room_ns);
    match->set_away(seating.closed_room_ns);
  }
  if (round->bye.has_value()) out.set_bye(*round->bye);
  return absl::OkStatus();
}

}  // namespace tally::replay
