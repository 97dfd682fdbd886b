// Scoring a board under the fouled-board treatment in force for it (issue
// #5 item 4): the director's choice, recorded as a RulingMade with a
// FouledBoardRuling (replay/state/fouled_ruling.h lists the choices; table 0,
// the fouled tables listed), scored by core/adjust exactly as its clause says.
//
// Boards IMPed against a datum (ScoreFouledImpsBoard): Butler sessions,
// and Swiss and round-robin pairs matches, whose field is the round's
// tables (replay/match_scores/fouled_matches.h). Each form's datum reads
// the NSW TR 13 marks of its scores as the plain datum does. The scoring
// itself, by the ruling's rule and treatment (NSW TR 7.1.1(a)-(b), ANC SR
// 7.2(a)-(b) with 7.3, SABF TR 12.3), is the pure ScoreFouledImps of
// replay/butler/fouled_imps_board.h, which the director's calculator calls
// too (CalculatorService.FouledButlerBoard); here it gets the board's
// results from the State and the treatment from the ruling in force.
// SABF TR 12.3's no_consequence is scored as played (the note marks it).
//
// Matchpoint sessions (international scale, top 2 (E - 1)):
//   nsw_tr_7_3_2  separate_deal / sixty_percent  NSW TR 7.3.2
//                   (NswFouledMatchpointBoard): with sufficient pairs each
//                   form is matchpointed on its own plus 1 MP per score in
//                   the other form; otherwise 60% of the top to both sides
//                   at each fouled table, the true form matchpointed on its
//                   own plus 1 per fouled score. Scored once every result
//                   of the board is in (the clause counts the whole field).
//   anc_sr_7_4    sixty_percent  ANC SR 7.4: 60% of the top to both sides
//                   at each fouled table (AncIpcArtificialMatchpointRule);
//   sabf_tr_11_9  sixty_percent  SABF TR 11.9: 60% or the pair's session
//                   average, whichever is the greater
//                   (GuideArtificialMatchpointRule), both sides at each
//                   fouled table counted innocent (the offenders' fine is a
//                   penalty ruling of its own).
//                 In both the other tables are matchpointed among
//                 themselves and factored to the field (Neuberg), as for
//                 any artificial score (Law 12C2).
//   guide_ranking_play  factored  Fouled-board guide (ranking play): each
//                   form matchpointed on its own, factored to the field
//                   (FactorFouledGroups, F to one decimal place).
//
// A board with an adjusted score in force at one of its tables besides
// (replay/state/rulings.h AdjustmentAt) keeps the adjusted scoring, except
// under the 60% treatments (which are artificial scores themselves); the note
// says the treatment waits. A Butler board is scored on the results in: a
// form whose datum cannot be taken yet leaves the board without IMPs
// (provisional).
//
// Pure functions of the State. Thread-compatible.

#ifndef TALLY_REPLAY_BUTLER_FOULED_SCORING_H_
#define TALLY_REPLAY_BUTLER_FOULED_SCORING_H_

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/adjust/artificial.h"
#include "core/adjust/table_award.h"
#include "core/datum/datum_rule.h"
#include "core/profile/profile.h"
#include "replay/butler/butler_session.h"
#include "replay/butler/fouled_note.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// One result of a board IMPed against a datum, with its NSW TR 13 marks
// (replay/rulings/pending_appeals.h): the forms' datums read them as the plain
// datum does (13.2: used as it stands, the datum provisional; 13.3: left
// out).
struct FouledResultIn {
  const EnteredResult* result = nullptr;
  bool pending_appeal = false;
  bool appeal_decided = false;
};

// Scores `board` (board.board and times_expected set, no lines yet: the
// tables that play it, a movement's or a round's) from `results` (its
// results in, in table order) under the fouled-board treatment in force in
// `rulings`, with `rule` the event's datum rule and `match` the round in an
// event of matches (0 in a movement session); sets board.lines,
// board.datum (the true form's) and board.fouled. A separate form is a
// deal of its own: its tables count 1, 2, ... in table order for a rule
// that takes the top tables. Returns true when the board is scored here,
// false when the caller scores it as usual (no treatment in force, a
// treatment of no consequence, or one that waits). InvalidArgument naming
// `where` ("session 2", "round 3") when every result is in and a form's
// datum cannot be taken (decide refuses such rulings: a damaged log).
absl::StatusOr<bool> ScoreFouledImpsBoard(
    const std::vector<RulingRecord>& rulings,
    const std::vector<FouledResultIn>& results, int match,
    absl::string_view where, const core::DatumRule& rule, ButlerBoard& board);

// Butler: ScoreFouledImpsBoard over `session`'s results on board.board
// at the tables `in_comparison` takes (a section's, within sections; every
// table when empty), with the NSW TR 13 marks of `competition`'s appeals
// (none when null).
absl::StatusOr<bool> ScoreFouledButlerBoard(
    const SessionState& session, const CompetitionState* competition,
    const core::DatumRule& rule, ButlerBoard& board,
    const InComparison& in_comparison = {});

// Marks the lines of `board` played in the fouled form (ButlerLine::fouled).
void MarkFouledLines(ButlerBoard& board);

// Matchpoints of a board under its fouled-board treatment.
struct FouledMatchpoints {
  FouledBoardNote note;
  // When note.scored: each table's award in the order of `tables`, as
  // AdjustedMatchpoints gives them; nullopt for a table whose artificial
  // score `artificial` sets (given its pairs' session averages).
  std::vector<std::optional<core::TableAward>> awards;
  core::ArtificialMatchpointRule artificial;
};

// Matchpoints: the fouled-board treatment in force for `board` (played at
// `times_expected` tables) over its `tables` (results in, with the
// adjustments in force), or nullopt when none is in force. Under the 60%
// treatments the fouled tables' entries in `tables` get an artificial
// average-plus adjustment (the ruling's sequence). Never fails: a treatment
// that cannot be scored (a damaged log) is noted as waiting.
std::optional<FouledMatchpoints> FouledBoardMatchpoints(
    const std::vector<RulingRecord>& rulings, int board, int times_expected,
    std::vector<AdjustedTable>& tables);

// At decide time, after CheckFouledTreatment: OkStatus when `treatment`
// under `profile`'s fouled-board rule can be scored for a board played at
// `field_tables` tables, `fouled_tables` of them in the fouled form, in
// round `match` of an event of matches (0: a movement session).
// FailedPrecondition, naming the clause and what to choose instead, when
// NSW TR 7.3.2's 60% is chosen though the fouled form had sufficient pairs
// (the clause then scores it as a separate deal), when a form is too small
// for the event's datum rule to take its separate datum (NSW TR 7.1.1(a)),
// or when a group is too small for the Fouled-board guide to rank on its
// own (its 1-3 fouled tables table needs each side's share of the blame,
// which is not recorded: rule with adjusted scores instead).
absl::Status CheckFouledScoring(const core::RegulationProfile& profile,
                                absl::string_view treatment, int field_tables,
                                int fouled_tables, int match);

// The note as the traveller shows it; `fouled_results_in` is how many of
// the fouled tables have their result in (for the fouled datum's
// provisional flag).
v1::FouledBoardNote FouledNoteToProto(const FouledBoardNote& note,
                                      int fouled_results_in);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BUTLER_FOULED_SCORING_H_
