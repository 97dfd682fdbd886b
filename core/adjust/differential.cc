#include "core/adjust/differential.h"

#include "core/scoring/imps.h"

namespace tally::core {
namespace {

int FieldResult(const DifferentialTable& t) {
  return t.field_side == PairSide::kNorthSouth ? t.ns_credited : t.ew_credited;
}

// NS matchpoints of `score` against the field results of every table but
// `self`.
int MatchpointsAgainstOthers(int score,
                             const std::vector<DifferentialTable>& tables,
                             size_t self) {
  int mp = 0;
  for (size_t j = 0; j < tables.size(); ++j) {
    if (j == self) continue;
    const int other = FieldResult(tables[j]);
    if (score > other) mp += 2;
    if (score == other) mp += 1;
  }
  return mp;
}

}  // namespace

DifferentialTable PlayedTable(int ns_score) {
  return DifferentialTable{.ns_credited = ns_score, .ew_credited = ns_score};
}

std::vector<TableAward> DifferentialMatchpoints(
    const std::vector<DifferentialTable>& tables) {
  const int top =
      tables.empty() ? 0 : 2 * (static_cast<int>(tables.size()) - 1);
  std::vector<TableAward> awards;
  awards.reserve(tables.size());
  for (size_t i = 0; i < tables.size(); ++i) {
    // Fouled-board guide: each side credited with "the score earned by their
    // adjusted result at other tables".
    const int ns = MatchpointsAgainstOthers(tables[i].ns_credited, tables, i);
    const int ew =
        top - MatchpointsAgainstOthers(tables[i].ew_credited, tables, i);
    awards.push_back({ns, ew});
  }
  return awards;
}

DifferentialTeamsImps DifferentialTeamsBoard(const RoomResult& room1,
                                             const RoomResult& room2) {
  return DifferentialTeamsImps{
      .team_a = ImpsForDifference(room1.ns_credited - room2.ew_credited),
      .team_b = ImpsForDifference(room2.ns_credited - room1.ew_credited)};
}

TableAward DifferentialButlerImps(int datum, int ns_credited, int ew_credited) {
  return TableAward{ImpsForDifference(ns_credited - datum),
                    -ImpsForDifference(ew_credited - datum)};
}

}  // namespace tally::core
