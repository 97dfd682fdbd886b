// Fouled-board treatments in events of matches scored in IMPs against a
// datum (issue #5 item 4: Swiss and round-robin pairs, imps_vs_datum): the
// board's field is the round's tables that play it (core::TablesInPlay:
// every two-way match and any NSW TR 12.7 half-match group), and the board
// is scored exactly as a Butler session's (replay/butler/fouled_scoring.h
// ScoreFouledImpsBoard): NSW TR 7.1.1 (a) separate datum and equalising
// integer, (b) 2 IMPs; ANC SR 7.2 (a) separate datums, (b) and 7.3 2 IMPs;
// SABF TR 12.3 separate datums, 2 IMPs, or of no consequence. The round's
// results carry their NSW TR 13 marks (PlayedRoundInputOf), so each form's
// datum honours a pending appeal as the plain datum does. Each table's IMPs
// then count in its match (replay/match_scores/match_adjustments.h), whose VPs
// follow.
//
// Pure functions of the State. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_FOULED_MATCHES_H_
#define TALLY_REPLAY_MATCH_SCORES_FOULED_MATCHES_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "core/matchplay/round_input.h"
#include "core/profile/profile.h"
#include "replay/butler/butler_session.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// The results of a pairs round `input` on `board`, in table order (as a
// board against a datum lists them).
std::vector<const core::BoardResultAt*> ResultsInTableOrder(
    const core::RoundInput& input, int board);

// Board `board` of `round` (`input`: PlayedRoundInputOf, results marked for
// NSW TR 13) under the fouled-board treatment in force for it: its note
// (board.fouled) and, when the note says it is scored, its lines in table
// order with each table's IMPs and the true form's datum; when it is not
// (of no consequence, or an adjusted score in force at one of its tables,
// which waits as in a Butler session) the board is scored as played.
// nullopt when no treatment is in force. InvalidArgument as
// ScoreFouledImpsBoard (a damaged log).
absl::StatusOr<std::optional<ButlerBoard>> FouledMatchBoard(
    const core::RegulationProfile& profile, const MatchRoundState& round,
    const core::RoundInput& input, int board);

// GetMatchResults: appends to `out.fouled` the note (FouledBoardNote.board
// set) of each board of `round` of `competition` with a fouled-board
// treatment in force, in board order: pairs against a datum only. Fails as
// FouledMatchBoard.
absl::Status AddFouledNotes(const CompetitionState& competition,
                            const MatchRoundState& round,
                            v1::MatchResults& out);

// At decide time: the number of tables that play board `board` in round
// `round` of `competition` (CheckFouledTreatment's field), with each of
// `fouled_tables` one of them. Teams and matchpoint Swiss take no
// fouled-board treatment: InvalidArgument naming the clause and the form
// to rule with instead (ANC SR 7.1: the substitute board's results, or 3
// IMPs to both sides as an artificial score; the Fouled-board guide (Match
// Play): the corrected or redealt board's result, or an adjusted score;
// ANC SR 7.4: the IPC's 60% to both is artificial average plus to both at
// each fouled table, replay/match_scores/matchpoint_rulings.h). NotFound
// for a fouled table with no two-way match in the round (a half-match
// group's, a forfeited match's, or none).
absl::StatusOr<int> FouledFieldInRound(const CompetitionState& competition,
                                       const MatchRoundState& round, int board,
                                       const std::vector<int>& fouled_tables);

// At decide time, a fouled board in a teams match under the Fouled-board
// guide (Match Play), ruled at the match's table `r.table()` for both
// rooms: the FouledBoardRuling to record (fouled_tables that table, the
// rule and the clause, and for a redeal the result events it replaces).
// InvalidArgument naming the clause for a choice the guide does not allow
// (GuideMatchPlayOf), a room given, other tables listed, a team not in
// the match, or a correction of a ruling that is not the guide's at this
// match; NotFound for a board the round does not play or a table with no
// drawn match; FailedPrecondition for a second guide ruling that does not
// supersede the one in force, a redealt board ruled anything but redealt
// (its redealt results stand), (a) or a redeal over an adjusted score in
// force in a room, and a redeal once the round is posted.
absl::StatusOr<v1::FouledBoardRuling> GuideMatchPlayRuling(
    const MatchRoundState& round, const v1::RecordRulingRequest& r);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_FOULED_MATCHES_H_
