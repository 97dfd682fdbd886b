// TableAward: what the two sides at one table receive on one board after a
// director's adjustment, in whatever unit the event scores (matchpoints,
// IMPs or a percentage). Adjusted boards need not balance: both sides may get
// average plus, and a differential (split) score gives each side its own
// result (Fouled-board guide, "Differential Adjustments").
//
// Also the Butler helper every fouled-board and split-score rule shares: IMPs
// for each table against a datum.
//
// Intentionally copyable. Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_TABLE_AWARD_H_
#define TALLY_CORE_ADJUST_TABLE_AWARD_H_

#include <ostream>
#include <vector>

#include "core/base/rational.h"

namespace tally::core {

// The two sides of a table.
enum class PairSide { kNorthSouth, kEastWest };

struct TableAward {
  Rational north_south;
  Rational east_west;

  friend bool operator==(const TableAward&, const TableAward&) = default;
};

// "NS 12.6 / EW 9.4" style, exact: "NS 63/5 / EW 47/5".
std::ostream& operator<<(std::ostream& os, const TableAward& a);

// Each table's IMPs against `datum` on the WBF scale: North-South get
// ImpsForDifference(ns_score - datum), East-West its negation. Every input is
// valid; an empty list gives an empty result.
std::vector<TableAward> ImpsAgainstDatum(const std::vector<int>& ns_scores,
                                         int datum);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_TABLE_AWARD_H_
