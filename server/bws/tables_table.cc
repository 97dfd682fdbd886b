// The Tables table and its check against tally's session (see
// tables_table.h).

#include "server/bws/tables_table.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tally::bws {

absl::StatusOr<std::vector<TablesRow>> ReadTables(const CsvTable& table) {
  absl::StatusOr<size_t> section = table.RequiredColumn("Section");
  if (!section.ok()) return section.status();
  absl::StatusOr<size_t> number = table.RequiredColumn("Table");
  if (!number.ok()) return number.status();
  std::vector<TablesRow> rows;
  for (const CsvRow& csv : table.rows) {
    long long s = 0;
    long long t = 0;
    if (!ReadWholeNumber(csv.fields[*section], false, &s) ||
        !ReadWholeNumber(csv.fields[*number], false, &t) || s < 0 ||
        s > 100000 || t < 1 || t > 100000) {
      return absl::InvalidArgumentError(absl::StrCat(
          table.name, " line ", csv.line, ": Section '", csv.fields[*section],
          "' and Table '", csv.fields[*number],
          "' are not a section ID and a table number"));
    }
    rows.push_back({csv.line, static_cast<int>(s), static_cast<int>(t)});
  }
  return rows;
}

std::vector<std::string> ExtraTables(const std::vector<TablesRow>& rows,
                                     int section, const std::string& letter,
                                     const v1::Movement& movement) {
  std::set<int> tallys;
  for (const v1::MovementRound& r : movement.rounds()) {
    for (const v1::TableAssignment& t : r.tables()) tallys.insert(t.table());
  }
  std::vector<std::string> out;
  for (const TablesRow& row : rows) {
    if (row.section != section || tallys.contains(row.table)) continue;
    out.push_back(absl::StrCat(
        "Tables line ", row.line, ": the Bridgemates have table ", row.table,
        " in section ", letter, ", which tally's session does not have (its ",
        tallys.empty() ? "movement has no tables"
        : *tallys.rbegin() - *tallys.begin() + 1 ==
                static_cast<int>(tallys.size())
            ? absl::StrCat("tables are ", *tallys.begin(), "-",
                           *tallys.rbegin())
            : absl::StrCat("tables are ", absl::StrJoin(tallys, ", ")),
        "): a result entered there would be refused"));
  }
  return out;
}

}  // namespace tally::bws
