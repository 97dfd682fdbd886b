// Fouled and unplayable boards at the 2025 Australian National
// Championships (ANC SR 7.1-7.7).
//
//  7.1 ITC: the fouled board is cancelled and a substitute played at both
//      tables, unless the match result is known or a player has left the
//      table; then "a score of 3 IMPs is assigned for both sides"
//      (AncItcArtificialImpsRule). Whether a substitute can be played is the
//      Director's finding, not computed here.
//  7.2 ABPC and WSP: the Director's choice of (a) "treating the board as two
//      separate entities and calculating separate datums after eliminating
//      the two (3-7 results) or four (results >7) extreme scores"
//      (AncFouledGroupExtremesDropped, AncFouledButlerBoard), or (b) 7.3 or
//      7.5.
//  7.3 ABPC and WSP: an artificial adjusted score on a single board is "2
//      IMPs for both sides" (ButlerArtificialImpsRule in
//      core/adjust/artificial.h; AncFouledButlerBoard's kTwoImpsToFouled).
//  7.4 IPC: a single fouled board gives both sides 60% of the board's
//      available matchpoints (AncIpcArtificialMatchpointRule).
//  7.5 Several fouled boards: the appendix formulas
//      (core/adjust/multiple_average_plus.h).
//  7.6 Boards on which no result could be obtained, average plus awarded:
//      7.1-7.5 apply (the same functions).
//  7.7 Direct comparisons on less than one half of a match's boards: the
//      match is scored as a forfeit, both units non-offending
//      (AncMatchScoredAsForfeit; the forfeit scores themselves are ABF TR
//      15.1's, outside these regulations).
//
// Readings. "Eliminating the two ... extreme scores" is the highest and the
// lowest; "four" the two highest and the two lowest. A group of fewer than 3
// results has no rule under 7.2(a), so both groups need at least 3 and the
// Director proceeds under 7.2(b) otherwise. Each group's datum is an input,
// computed by the caller with core/datum from that group's scores alone
// (DatumMethod::kAncSr7_2a). Unlike NSW TR 7.1.1(a), ANC SR 7.2(a) does not
// equalise the groups' averages.
//
// SABF TR 12.3 offers the same two treatments ("datums calculated for each
// separate entity after eliminating the two extreme scores for 3 or more
// results"; cancelled results get "a score of 2 IMPs"), so
// AncFouledButlerBoard serves it as well, with DatumMethod::kSabfTr12_3 for
// the datums; its third treatment ("of no consequence") is ordinary scoring.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_FOULED_BOARD_ANC_H_
#define TALLY_CORE_ADJUST_FOULED_BOARD_ANC_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "core/adjust/artificial.h"
#include "core/adjust/fouled_board.h"

namespace tally::core {

// ANC SR 7.1: 3 IMPs to both sides of an ITC match for a cancelled fouled
// board.
ArtificialImpsRule AncItcArtificialImpsRule();

// ANC SR 7.4: 60% of the board's available matchpoints to both sides at the
// IPC (no session-average alternative).
ArtificialMatchpointRule AncIpcArtificialMatchpointRule();

// ANC SR 7.2(a): how many extreme scores are eliminated from a group of
// `results` scores before its separate datum is taken: 2 (the highest and
// the lowest) for 3-7 results, 4 (two at each end) for more than 7.
// FailedPrecondition, naming 7.2(b), for fewer than 3.
absl::StatusOr<int> AncFouledGroupExtremesDropped(int results);

// The Director's choice under ANC SR 7.2.
enum class AncButlerFouledTreatment {
  kSeparateDatums,   // 7.2(a)
  kTwoImpsToFouled,  // 7.2(b) by 7.3
};

// ANC SR 7.2 for a Butler board (ABPC, WSP): the true group is IMPed
// against `true_datum`; under (a) the fouled group against `fouled_datum`,
// under (b) both sides at each fouled table get +2 IMPs. InvalidArgument if
// either group is empty or (a) is chosen without a fouled datum;
// FailedPrecondition under (a) if a group has fewer than 3 results.
absl::StatusOr<FouledBoardAwards> AncFouledButlerBoard(
    const std::vector<int>& true_ns_scores, int true_datum,
    const std::vector<int>& fouled_ns_scores, std::optional<int> fouled_datum,
    AncButlerFouledTreatment treatment);

// ANC SR 7.7: true if direct comparisons were available on less than one
// half of the `boards_in_match`, so the match is scored as a forfeit with
// both units non-offending. InvalidArgument unless 1 <= boards_in_match and
// 0 <= boards_compared <= boards_in_match.
absl::StatusOr<bool> AncMatchScoredAsForfeit(int boards_in_match,
                                             int boards_compared);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_FOULED_BOARD_ANC_H_
