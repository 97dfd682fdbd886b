// Seats, vulnerability and the conditions of a numbered board: who deals and
// who is vulnerable, by the standard 16-board cycle printed on every duplicate
// board (Laws of Duplicate Bridge 2017, Law 2).
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_SCORING_BOARD_H_
#define TALLY_CORE_SCORING_BOARD_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tally::core {

enum class Seat { kNorth, kEast, kSouth, kWest };
enum class Vulnerability { kNone, kNorthSouth, kEastWest, kBoth };

struct BoardConditions {
  Seat dealer;
  Vulnerability vulnerability;

  friend bool operator==(const BoardConditions&,
                         const BoardConditions&) = default;
};

// Dealer and vulnerability of board `board_number` by the 16-board cycle
// (board 1: N none, 2: E NS, 3: S EW, 4: W both, 5: N NS, ...; board 17 is
// dealt as board 1). InvalidArgument if board_number < 1.
absl::StatusOr<BoardConditions> ConditionsForBoard(int board_number);

// True if the side of `seat` is vulnerable under `v`.
bool IsVulnerable(Vulnerability v, Seat seat);

// True for North and South, false for East and West.
bool IsNorthSouth(Seat seat);

// "N", "E", "S" or "W".
absl::string_view SeatName(Seat seat);

// "None", "NS", "EW" or "All" (as PBN writes it).
absl::string_view VulnerabilityName(Vulnerability v);

// The vulnerability as a traveller says it: "neither side vulnerable",
// "NS vulnerable", "EW vulnerable" or "both sides vulnerable".
absl::string_view VulnerabilityWords(Vulnerability v);

}  // namespace tally::core

#endif  // TALLY_CORE_SCORING_BOARD_H_
