// RankWithTieBreaks: orders a field by score and breaks ties with a chain
// (chains.h), reporting for each entrant how its place was decided, so the
// standings query can show "the tie-break that decided each tie".
//
// The procedure:
//   1. Entrants are sorted by score, best first (input order among equal
//      scores). Consecutive entrants whose scores differ by at most the
//      chain's tie_within form a tie (a margin of 0: equal scores only).
//   2. A tie is broken by applying the chain's criteria in turn until one
//      separates some of the tied entrants ("successively applying the
//      following procedures", NSW TR 11.2). The criterion splits the tie
//      into groups by its key; each group of two or more is a smaller tie
//      and is broken again from the FIRST criterion, looking only at its own
//      members. (This matters for criteria that look at the tied entrants
//      together: a three-way tie reduced to two reaches head-to-head, which
//      applies "in the case of two-way ties", NSW TR 11.2.1(b), 11.2.4(c).)
//   3. A tie no criterion separates is left tied: its entrants share the
//      position. If it reached an outcome the director records (a lot, a
//      playoff) that is not recorded for each member, it stops there and is
//      listed in `pending` (the director draws the lot or the playoff is
//      played, the event log records it, the ranking is made again); its
//      members hold the same position meanwhile, but each is marked
//      kOutcomeDue, never kShared: the regulation places them apart (NSW TR
//      11.2.1(f), ANC SR 12.2 "then lot"), only not yet.
//   4. Positions: 1 + the number of entrants placed strictly ahead; shared
//      by a tie left tied.
//
// Pure. Thread-safe.

#ifndef TALLY_CORE_TIEBREAK_RANK_H_
#define TALLY_CORE_TIEBREAK_RANK_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/tiebreak/chains.h"
#include "core/tiebreak/tiebreak_entrant.h"

namespace tally::core {

struct TieBreakOptions {
  // NSW TR 11.2.4(a): "Where an incomplete movement was used". Default:
  // false (a complete movement).
  bool incomplete_movement = false;
  // Entrants not ranked here whom criteria may look up as opponents: the
  // other field of a two-field movement, where NS pairs meet only EW pairs
  // and each field is ranked on its own (ANC SR 16.4-16.5, 17.3 "sum of VPs
  // of opponents"). Their ids must differ from the ranked entrants'.
  // Default: none.
  std::vector<TieBreakEntrant> opponents_outside_field = {};
};

// How an entrant's place relative to the entrant listed just above it was
// decided.
enum class PlaceDecision {
  kTop,       // listed first
  kScore,     // a better score above it (no tie)
  kTieBreak,  // tied on score, separated by `criterion`
  kShared,    // still tied with the entrant above: the same position
  // In a tie waiting for an outcome the director records (`criterion`, e.g.
  // "lot", and its `clause`): every member of the tie, the first included,
  // holds the tie's best position until the outcome is recorded.
  kOutcomeDue,
};

struct Placing {
  std::string id;
  int position = 0;  // 1-based; equal for entrants sharing it
  PlaceDecision decision = PlaceDecision::kTop;
  // For kTieBreak: the criterion id (criteria.h) and the clause, e.g.
  // "head_to_head", "NSW TR 11.2.1(b)".
  std::string criterion;
  std::string clause;
  // Tied on score with another entrant (whatever broke the tie, if
  // anything did).
  bool tied_on_score = false;

  friend bool operator==(const Placing&, const Placing&) = default;
};

// How `placing` was decided, as listings show it: "" for the top row,
// "score", the criterion id of a tie broken, "shared", or the criterion
// due with "_due" (e.g. "lot_due") for a tie waiting for a recorded
// outcome.
std::string PlaceDecisionText(const Placing& placing);

// A tie waiting for an outcome the director records.
struct PendingDecision {
  std::string criterion;  // "lot" or "four_board_playoff"
  std::string clause;
  std::vector<std::string> entrants;  // in score order, then input order

  friend bool operator==(const PendingDecision&,
                         const PendingDecision&) = default;
};

struct TieBreakResult {
  std::vector<Placing> placings;  // best first
  std::vector<PendingDecision> pending;
};

// Ranks `field` under `chain`. InvalidArgument for an empty or repeated id,
// a negative tie_within, a chain naming an unknown criterion, or data a
// criterion needs and lacks (criteria.h). `field` is every entrant ranked;
// opponents a criterion looks up must be among them.
absl::StatusOr<TieBreakResult> RankWithTieBreaks(
    const TieBreakChainSpec& chain, const std::vector<TieBreakEntrant>& field,
    const TieBreakOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_TIEBREAK_RANK_H_
