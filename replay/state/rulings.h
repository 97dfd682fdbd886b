// Which of the director's rulings are in force (issue #5, item 4). Every
// projection that scores a board asks here, so a later kind of adjustment
// (an appeal decided with a varied AdjustedScore) slots in as "the latest
// adjustment in force" in one place.
//
// A ruling stays in force until a later ruling names it in
// `supersedes_sequence` (NZ LIRG Law 82C: the director's own error is put
// right by a new ruling, never an edit); the superseded ruling stays in the
// log. At one table on one board at most one adjusted score is in force
// (decide refuses a second that does not supersede the first), and at one
// board of a session at most one fouled-board treatment.
//
// Pure functions of the State. Thread-compatible.

#ifndef TALLY_REPLAY_RULINGS_H_
#define TALLY_REPLAY_RULINGS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "replay/state/state.h"
#include "tally/v1/common.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The rulings of `competition`'s session (or round) `session`, in log
// order; empty when it has none.
const std::vector<RulingRecord>& RulingsOfSession(
    const CompetitionState& competition, int session);

// The rulings no later ruling supersedes, in log order.
std::vector<const RulingRecord*> RulingsInForce(
    const std::vector<RulingRecord>& rulings);

// The ruling with event `sequence` among `rulings`, or nullptr.
const RulingRecord* FindRuling(const std::vector<RulingRecord>& rulings,
                               uint64_t sequence);

// True when `sequence` is among `rulings` and no later ruling supersedes it.
bool InForce(const std::vector<RulingRecord>& rulings, uint64_t sequence);

// An adjusted score in force at one table on one board.
struct AdjustmentInForce {
  uint64_t sequence = 0;  // the event that put it in force
  const v1::AdjustedScore* score = nullptr;
  // The non-offending side the ruling names (SIDE_UNSPECIFIED: none).
  v1::Side non_offending = v1::SIDE_UNSPECIFIED;
};

// The ruling is NSW TR 12.6(b)'s wrong-side treatment
// (replay/state/fouled_ruling.h kWrongSideTreatment).
bool IsWrongSideRuling(const v1::RulingMade& ruling);

// The adjusted score in force for `board` at `table` (and `room`, teams),
// or nullopt when the table's result stands. A wrong-side ruling (NSW TR
// 12.6(b)) in force at the table reads as an artificial score of average
// to both sides.
std::optional<AdjustmentInForce> AdjustmentAt(
    const std::vector<RulingRecord>& rulings, int board, int table,
    v1::Room room = v1::ROOM_UNSPECIFIED);

// The penalties in force (RulingMade with a penalty), in log order.
std::vector<const RulingRecord*> PenaltiesInForce(
    const std::vector<RulingRecord>& rulings);

// The fouled-board treatment in force for `board` (wrong-side rulings
// aside: they are adjustments at their tables; and the guide's match play,
// which is per match: GuideMatchRulingAt), or nullptr.
const RulingRecord* FouledTreatmentAt(const std::vector<RulingRecord>& rulings,
                                      int board);

// The ruling is the Fouled-board guide's match play at a teams match's
// table (replay/state/fouled_ruling.h GuideMatchPlayOf).
bool IsGuideMatchRuling(const v1::RulingMade& ruling);

// The guide's match-play ruling in force for `board` at the match at
// `table`, or nullptr.
const RulingRecord* GuideMatchRulingAt(const std::vector<RulingRecord>& rulings,
                                       int board, int table);

// The ruling an appeals committee's varied decision amounts to: its
// adjusted score at the appealed table and board, superseding the
// adjustment in force there (if any), as event `decided`'s record. nullopt
// for a decision that is not VARIED. A decided appeal changes the score
// even after results are official (issue #5 item 6; NSW TR 12.4).
// The deduction a penalty for an appeal without merit (SABF TR 7 "a fine
// of up to three Victory Points, or a full top if match points"; NZ LIRG
// 92A) amounts to off the appellant's session or match total, as a
// ruling's penalty (Laws 90, 91 are deducted the same way): IMPs, VPs or
// the fraction of a top times the board's `top` in matchpoints. nullopt
// for a decision without such a penalty, a forfeited deposit (no points),
// or VPs in an event of matches (`vps_as_ruling` false: the caller records
// a PenaltyAwarded instead).
std::optional<v1::RulingMade> RulingOfMeritPenalty(
    const v1::AppealLodged& lodged, const v1::AppealDecided& decided, int top,
    bool vps_as_ruling);

std::optional<v1::RulingMade> RulingOfVariedDecision(
    const v1::AppealLodged& lodged, const v1::AppealDecided& decided,
    const std::vector<RulingRecord>& rulings);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_RULINGS_H_
