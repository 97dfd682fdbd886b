// The tables of a BWS file's Tables table (one row a table the Bridgemates
// may log on at: Section, Table, and the terminal's state, which tally does
// not use), checked against tally's session: a table the scoring program
// set up that tally's session does not have is reported, since results
// entered there would be refused. RoundData (round_data.h) already names
// every table that plays; Tables adds the tables set up without a round in
// RoundData. Columns are found by name. Pure. Thread-safe.

#ifndef TALLY_SERVER_BWS_TABLES_TABLE_H_
#define TALLY_SERVER_BWS_TABLES_TABLE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "server/bws/csv_table.h"
#include "tally/v1/common.pb.h"

namespace tally::bws {

// Intentionally copyable.
struct TablesRow {
  int line = 0;
  int section = 0;
  int table = 0;
};

// The rows of Tables. INVALID_ARGUMENT naming the column when Section or
// Table is missing, or the line when either is not a whole number.
absl::StatusOr<std::vector<TablesRow>> ReadTables(const CsvTable& table);

// One sentence for each table of `section` that `movement` (tally's
// session, its tables numbered as the Bridgemates number them) has in no
// round ("Tables line 5: the Bridgemates have table 4 in section A; ...").
std::vector<std::string> ExtraTables(const std::vector<TablesRow>& rows,
                                     int section, const std::string& letter,
                                     const v1::Movement& movement);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_TABLES_TABLE_H_
