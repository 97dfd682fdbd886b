// What changed (issue #5 items 7 and 9): the published figures of every
// competition of a tournament (results, datums, board scores, match IMPs and
// VPs, totals, ranking positions, draws) taken as a Snapshot of the existing
// projections, and the exact list of figures that differ between two
// States.
//
//   * A Snapshot is an ordered map from a typed key (competition, session or
//     round, kind, board/pair/table/entrant, figure) to the figure as text
//     (exact fractions "7/2", decimals as the regulations round them). One
//     function per projection fills it (what_changed.cc: matchpoint
//     sessions and competitions, Butler sessions and competitions, events of
//     matches); a new projection is one more such function.
//   * Diff walks two Snapshots in key order: the output order is the key
//     order (never a hash map's), each change with its old and new value.
//   * WhatChangedAt: the log before event N and after it. WhatIf: a command
//     decided against a State and folded into a copy, nothing appended.
//
// Pure functions of their arguments, except WhatChangedAt, which reads the
// store. Thread-compatible.

#ifndef TALLY_REPLAY_WHAT_CHANGED_H_
#define TALLY_REPLAY_WHAT_CHANGED_H_

#include <compare>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "replay/log/event_store.h"
#include "replay/state/state.h"
#include "tally/v1/common.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// What a figure is; the order of presentation within a session or round.
enum class FactKind {
  kDraw = 0,       // who meets whom at a table (events of matches)
  kResult = 1,     // a table's result and North-South score
  kDatum = 2,      // a Butler or IMPs-against-datum board's datum
  kBoardScore = 3, // a table's matchpoints or IMPs on a board
  kMatch = 4,      // a match's IMPs and VPs
  kTotal = 5,      // a pair's or entrant's total
  kPosition = 6,   // its ranking position
  kNote = 7,       // the projection could not be computed (why)
};

// "draw", "result", "datum", "board score", "match", "total", "position",
// "note".
std::string FactKindName(FactKind kind);

struct FactKey {
  std::string tournament_id;
  std::string competition_id;
  // The session (matchpoint or Butler pairs) or round (events of matches);
  // 0 for the competition as a whole, listed after its sessions.
  int session = 0;
  FactKind kind = FactKind::kNote;
  std::string subject;  // "board", "pair", "table", "entrant" or ""
  int number = 0;       // the board, pair, table or entrant
  int table = 0;        // a board's table; 0 for the board as a whole
  std::string figure;   // "NS score", "NS matchpoints", "datum", "VPs", ...

  friend std::strong_ordering operator<=>(const FactKey& a, const FactKey& b);
  friend bool operator==(const FactKey& a, const FactKey& b) = default;
};

struct Snapshot {
  // competition -> "session" or "round", for the text.
  std::map<std::pair<std::string, std::string>, std::string> units;
  std::map<FactKey, std::string> facts;
};

struct Change {
  FactKey key;
  std::optional<std::string> before;  // absent: the figure is new
  std::optional<std::string> after;   // absent: the figure is gone
  std::string unit;                   // "session" or "round"

  // "c session 1 board 7 datum: 420 -> 450",
  // "c overall pair 3 position: 4 -> 2=" ("-" for an absent value).
  std::string ToString() const;
};

// Every competition of `tournament_id` (every tournament when empty), as
// the projections publish it in `state`. Never fails: a projection that
// cannot be computed is one kNote fact with the reason.
Snapshot TakeSnapshot(const State& state, const std::string& tournament_id);

// The figures that differ, in key order.
std::vector<Change> Diff(const Snapshot& before, const Snapshot& after);

// Only the totals and positions (the standings difference).
std::vector<Change> StandingsOnly(std::vector<Change> changes);

struct EventChanges {
  v1::Event event;  // the event examined, or the one a what-if proposes
  uint64_t before_sequence = 0;  // the last event of the State before
  std::vector<Change> changes;
};

// Replays event `sequence`'s tournament to `sequence` - 1 and folds the
// event into a copy: the changes it made to its tournament's figures. `now`
// is the current State (its index of the tournament's events). Invalid
// Argument for 0, NotFound for a sequence beyond `now`, DataLoss for a
// damaged log.
absl::StatusOr<EventChanges> WhatChangedAt(const EventStore& store,
                                           const State& now,
                                           uint64_t sequence);

using DecideAt = std::function<absl::StatusOr<v1::EventPayload>(
    const State&, absl::Time)>;

// What `decide` (any command's decide step) would change if received at
// `at` from `actor` in `tournament_id`: decided against `state`, folded into
// a copy as the next event, compared. Nothing is appended. The command's
// own refusal is returned unchanged (a command that would be refused
// changes nothing); Internal if the event does not fold (a bug).
absl::StatusOr<EventChanges> WhatIf(const State& state,
                                    const std::string& tournament_id,
                                    const v1::Actor& actor, absl::Time at,
                                    const DecideAt& decide);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_WHAT_CHANGED_H_
