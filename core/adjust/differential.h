// Differential (split) adjusted scores: the Director assigns the two sides at
// one table different results on the same deal, so the board need not
// balance (Fouled-board guide, "Differential Adjustments"; Law 12).
//
// Ranking play (matchpoints), as the guide says: "the non-offender's result
// is used for the purposes of computing and balancing the scores, with the
// offending side being temporarily ascribed the complement of the
// non-offender's score. Subsequently, the offender's score is adjusted so
// that they are credited instead with the score earned by their adjusted
// result at other tables." So every other table is compared with one result
// of the split table (`field_side` says whose: the non-offender's; when both
// sides offended the Director names it), and each side of the split table is
// matchpointed on its own result against the other tables, on the full top.
//
// Match play (teams): each side's own result is IMPed against the other
// room, which "may result in both sides winning, or both sides losing" and
// the VPs not balancing (the guide's example: non-offenders lose 3 IMPs, the
// offenders square the board). Butler: each side IMPs its own result against
// the datum.
//
// Scores here are North-South signed throughout: a side "credited with" a
// result gets that NS score's matchpoints or IMPs from its own seat, so an
// East-West side credited with NS -100 scored +100.
//
// Intentionally copyable. Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_DIFFERENTIAL_H_
#define TALLY_CORE_ADJUST_DIFFERENTIAL_H_

#include <vector>

#include "core/adjust/table_award.h"

namespace tally::core {

// One table of a traveller. At an ordinary table both sides are credited
// with the same result (use PlayedTable).
struct DifferentialTable {
  int ns_credited = 0;  // the NS-signed result North-South are credited with
  int ew_credited = 0;  // the NS-signed result East-West are credited with
  // Whose result the other tables are compared with (the non-offender's).
  PairSide field_side = PairSide::kNorthSouth;

  friend bool operator==(const DifferentialTable&,
                         const DifferentialTable&) = default;
};

// An ordinary table: both sides credited with `ns_score`.
DifferentialTable PlayedTable(int ns_score);

// Matchpoints of every table of one board, in order, on the top 2 * (n - 1):
// North-South of table i get 2 per other table whose field result is below
// ns_credited and 1 per one equal to it; East-West get the top less what
// ew_credited would have earned for North-South the same way. At ordinary
// tables NS + EW = top; at a split table they need not. Every input is valid.
std::vector<TableAward> DifferentialMatchpoints(
    const std::vector<DifferentialTable>& tables);

// One room of a teams match, NS-signed results credited to each side.
struct RoomResult {
  int ns_credited = 0;
  int ew_credited = 0;
};

// IMPs of one board to each team of a match: team A sits North-South in
// room 1 and East-West in room 2; team B the other way round. Team A gets
// IMPs(room1.ns_credited - room2.ew_credited), team B gets
// IMPs(room2.ns_credited - room1.ew_credited). With no split the two are
// opposite numbers; with a split they need not be. Every input is valid.
struct DifferentialTeamsImps {
  int team_a = 0;
  int team_b = 0;

  friend bool operator==(const DifferentialTeamsImps&,
                         const DifferentialTeamsImps&) = default;
};
DifferentialTeamsImps DifferentialTeamsBoard(const RoomResult& room1,
                                             const RoomResult& room2);

// Butler: North-South get IMPs(ns_credited - datum), East-West get
// -IMPs(ew_credited - datum). Every input is valid.
TableAward DifferentialButlerImps(int datum, int ns_credited, int ew_credited);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_DIFFERENTIAL_H_
