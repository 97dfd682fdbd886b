#include "core/adjust/table_award.h"

#include "core/scoring/imps.h"

namespace tally::core {

std::ostream& operator<<(std::ostream& os, const TableAward& a) {
  return os << "NS " << a.north_south << " / EW " << a.east_west;
}

std::vector<TableAward> ImpsAgainstDatum(const std::vector<int>& ns_scores,
                                         int datum) {
  std::vector<TableAward> awards;
  awards.reserve(ns_scores.size());
  for (int score : ns_scores) {
    const int imps = ImpsForDifference(score - datum);
    awards.push_back({imps, -imps});
  }
  return awards;
}

}  // namespace tally::core
