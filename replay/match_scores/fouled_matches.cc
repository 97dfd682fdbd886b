#include "replay/match_scores/fouled_matches.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/match_scores/forfeits.h"

namespace tally::replay {

std::vector<const core::BoardResultAt*> ResultsInTableOrder(
    const core::RoundInput& input, int board) {
  std::vector<const core::BoardResultAt*> results;
  for (const core::BoardResultAt& r : input.results) {
    if (r.board == board) results.push_back(&r);
  }
  std::sort(results.begin(), results.end(),
            [](const core::BoardResultAt* x, const core::BoardResultAt* y) {
              return x->table < y->table;
            });
  return results;
}

absl::StatusOr<std::optional<ButlerBoard>> FouledMatchBoard(
    const core::RegulationProfile& profile, const MatchRoundState& round,
    const core::RoundInput& input, int board) {
  if (!profile.datum.has_value()) return std::nullopt;
  std::vector<FouledResultIn> results;
  for (const core::BoardResultAt* r : ResultsInTableOrder(input, board)) {
    auto it = round.results.find(
        {board, r->table, static_cast<int>(v1::ROOM_UNSPECIFIED)});
    if (it == round.results.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", input.round, ", board ", board,
                       ": no result at table ", r->table));
    }
    results.push_back({.result = &it->second,
                       .pending_appeal = r->pending_appeal,
                       .appeal_decided = r->appeal_decided});
  }
  ButlerBoard scored;
  scored.board = board;
  // The round's tables that play the board (ANC SR 16.11's n).
  scored.times_expected = core::TablesInPlay(input);
  // True when scored here, as the note's `scored` also says.
  TALLY_RETURN_IF_ERROR(
      ScoreFouledImpsBoard(round.rulings, results, input.round,
                           absl::StrCat("round ", input.round), *profile.datum,
                           scored)
          .status());
  if (!scored.fouled.has_value()) return std::nullopt;
  return scored;
}

absl::Status AddFouledNotes(const CompetitionState& competition,
                            const MatchRoundState& round,
                            v1::MatchResults& out) {
  if (competition.profile.scoring != core::ScoringMethod::kImpsVsDatum) {
    return absl::OkStatus();
  }
  const core::RoundInput input = PlayedRoundInputOf(competition, round);
  std::vector<int> boards = input.boards;
  std::sort(boards.begin(), boards.end());
  for (int b : boards) {
    TALLY_ASSIGN_OR_RETURN(
        std::optional<ButlerBoard> fouled,
        FouledMatchBoard(competition.profile, round, input, b));
    if (!fouled.has_value()) continue;
    const int fouled_in = static_cast<int>(
        std::count_if(fouled->lines.begin(), fouled->lines.end(),
                      [](const ButlerLine& l) { return l.fouled; }));
    v1::FouledBoardNote* note = out.add_fouled();
    *note = FouledNoteToProto(*fouled->fouled, fouled_in);
    note->set_board(b);
  }
  return absl::OkStatus();
}

absl::StatusOr<int> FouledFieldInRound(const CompetitionState& competition,
                                       const MatchRoundState& round, int board,
                                       const std::vector<int>& fouled_tables) {
  const core::RegulationProfile& profile = competition.profile;
  const std::string& rule = profile.artificial.fouled_board;
  if (std::find(round.draw.boards().begin(), round.draw.boards().end(),
                board) == round.draw.boards().end()) {
    return absl::NotFoundError(absl::StrCat("round ", round.number, " of '",
                                            competition.id,
                                            "' does not play board ", board));
  }
  if (profile.scoring == core::ScoringMethod::kImpsTwoTables) {
    if (rule == "anc_sr_7_1") {
      return absl::InvalidArgumentError(
          "ANC SR 7.1: in the ITC a fouled board's result is cancelled and a "
          "substitute board is played at both tables (enter its results as "
          "the board's, correcting the cancelled ones); where the match "
          "result is known or a player has left, each side scores 3 IMPs: "
          "rule at the match's table with --artificial=ns:avg+,ew:avg+ "
          "--room=open (the profile's artificial IMPs are ANC SR 7.1's 3), "
          "or in a knock-out, which is decided on one margin, "
          "--artificial=ns:avg,ew:avg, which leaves the margin as 3 IMPs to "
          "both would");
    }
    return absl::InvalidArgumentError(absl::StrCat(
        rule == "guide_match_play" ? "Fouled-board guide (Match Play)"
                                   : "in a teams match",
        ": a fouled board is corrected and play proceeds, or it is redealt "
        "(enter the result played either way), or the Director awards an "
        "adjusted score: rule at the match's table and room with "
        "--artificial, --assigned, --weighted or --split"));
  }
  if (profile.scoring == core::ScoringMethod::kMatchpoints) {
    // ANC SR 7.4's one figure, 60% of the board's matchpoints to both sides,
    // is the IPC's artificial average plus (7.6; 7.5 and the appendix's
    // multiple average plus when the pair has more such boards in the
    // match), which replay/match_scores/matchpoint_rulings.h scores at the
    // table.
    return absl::InvalidArgumentError(absl::StrCat(
        rule == "anc_sr_7_4" ? "ANC SR 7.4" : "a fouled-board treatment",
        ": in matchpoint Swiss a fouled board gives both sides at each "
        "fouled table 60% of the board's matchpoints, the IPC's artificial "
        "average plus (ANC SR 7.4-7.6, with the appendix's multiple average "
        "plus on a pair's further boards): rule at each fouled table with "
        "--artificial=ns:avg+,ew:avg+"));
  }
  const core::RoundInput input = PlayedRoundInputOf(competition, round);
  for (int table : fouled_tables) {
    const bool match = std::any_of(
        input.matches.begin(), input.matches.end(),
        [table](const core::MatchAtTable& m) { return m.table == table; });
    if (!match) {
      return absl::NotFoundError(absl::StrCat(
          "round ", round.number, " has no match playing board ", board,
          " at table ", table,
          " (a half-match group's or a forfeited match's table is not "
          "listed as fouled: rule an adjusted score there)"));
    }
  }
  return core::TablesInPlay(input);
}

}  // namespace tally::replay
