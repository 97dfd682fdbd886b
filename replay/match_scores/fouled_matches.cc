#include "replay/match_scores/fouled_matches.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/match_scores/forfeits.h"
#include "replay/state/fouled_ruling.h"
#include "replay/state/rulings.h"

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
    if (rule == "guide_match_play") {
      return absl::InvalidArgumentError(
          "Fouled-board guide (Match Play): rule at the match's table, not "
          "table 0 (tally fouled-match)");
    }
    return absl::InvalidArgumentError(
        "in a teams match a fouled board is corrected and play proceeds, or "
        "it is redealt (enter the result played either way), or the "
        "Director awards an adjusted score: rule at the match's table and "
        "room with --artificial, --assigned, --weighted or --split");
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

absl::StatusOr<v1::FouledBoardRuling> GuideMatchPlayRuling(
    const MatchRoundState& round, const v1::RecordRulingRequest& r) {
  constexpr absl::string_view kGuide = "Fouled-board guide (Match Play)";
  const int board = r.board();
  const int table = r.table();
  if (r.room() != v1::ROOM_UNSPECIFIED) {
    return absl::InvalidArgumentError(absl::StrCat(
        kGuide,
        ": the ruling is on the match's board in both rooms; give no "
        "room"));
  }
  if (std::find(round.draw.boards().begin(), round.draw.boards().end(),
                board) == round.draw.boards().end()) {
    return absl::NotFoundError(
        absl::StrCat("round ", round.number, " does not play board ", board));
  }
  const v1::DrawnMatch* match = nullptr;
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (m.table() == table) match = &m;
  }
  if (match == nullptr) {
    return absl::NotFoundError(absl::StrCat(kGuide, ": round ", round.number,
                                            " has no drawn match at table ",
                                            table, "; name the match's table"));
  }
  const auto& listed = r.fouled().fouled_tables();
  if (!listed.empty() && (listed.size() != 1 || listed[0] != table)) {
    return absl::InvalidArgumentError(
        absl::StrCat(kGuide, ": the ruling is on the match at table ", table,
                     "; list no other fouled tables"));
  }
  TALLY_ASSIGN_OR_RETURN(const core::GuideMatchPlayOutcome outcome,
                         GuideMatchPlayOf(r.fouled()));
  const int offender = r.fouled().offending_team();
  if (offender != 0 && offender != match->home() && offender != match->away()) {
    return absl::InvalidArgumentError(absl::StrCat(
        outcome.clause, ": team ", offender, " is not in the match at table ",
        table, " (", match->home(), " v ", match->away(), ")"));
  }
  const RulingRecord* current = GuideMatchRulingAt(round.rulings, board, table);
  if (current != nullptr && current->sequence != r.supersedes_sequence()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "board ", board, " at table ", table, " already has a ", kGuide,
        " ruling in force (ruling ", current->sequence,
        "); a ruling that corrects it names it as the ruling it supersedes "
        "(NZ LIRG 82C)"));
  }
  if (r.supersedes_sequence() != 0 && current == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ruling ", r.supersedes_sequence(), " is not a ", kGuide,
        " ruling on board ", board, " at table ", table,
        ": a guide ruling corrects only the guide's ruling on the same match"));
  }
  bool redealt = false;  // by the ruling this one corrects
  if (current != nullptr) {
    TALLY_ASSIGN_OR_RETURN(const core::GuideMatchPlayOutcome before,
                           GuideMatchPlayOf(current->ruling.fouled()));
    redealt = before.redeal;
  }
  if (redealt && !outcome.redeal) {
    return absl::FailedPreconditionError(absl::StrCat(
        outcome.clause, ": board ", board, " at table ", table,
        " was redealt (ruling ", current->sequence,
        ") and the redealt board's results stand; correct the ruling with "
        "redealt ((b)) or redealt_both_at_fault ((c))"));
  }
  if (outcome.redeal || outcome.non_offenders_imps.has_value()) {
    for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
      if (redealt) break;
      if (std::optional<AdjustmentInForce> a =
              AdjustmentAt(round.rulings, board, table, room)) {
        return absl::FailedPreconditionError(absl::StrCat(
            outcome.clause, ": the ",
            room == v1::ROOM_OPEN ? "open room" : "closed room", " of board ",
            board, " at table ", table,
            " has an adjusted score in force "
            "(ruling ",
            a->sequence,
            "); the guide's ruling replaces the "
            "board's results at both tables, so it cannot stand beside one"));
      }
    }
  }
  if (outcome.redeal && !redealt && round.posted) {
    return absl::FailedPreconditionError(absl::StrCat(
        outcome.clause, ": round ", round.number,
        " is posted; a board is redealt during play, and its results are "
        "entered before the round is posted"));
  }
  v1::FouledBoardRuling out = r.fouled();
  out.clear_fouled_tables();
  out.add_fouled_tables(table);
  out.set_rule("guide_match_play");
  out.set_rule_clause(outcome.clause);
  out.clear_superseded_results();
  if (outcome.redeal && !redealt) {
    for (int room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
      auto it = round.results.find({board, table, room});
      if (it != round.results.end()) {
        out.add_superseded_results(it->second.sequence);
      }
    }
  }
  return out;
}

}  // namespace tally::replay
