// The rows of a BWS file's ReceivedData table (one a result entered on a
// Bridgemate) and its Section table, read from their CSV (csv_table.h).
// Columns are found by name, so an older or newer Bridgemate Control
// Software that adds columns is read the same. What each column means:
// docs/interchange.md, "Bridgemate BWS". Pure. Thread-safe.

#ifndef TALLY_SERVER_BWS_RECEIVED_DATA_H_
#define TALLY_SERVER_BWS_RECEIVED_DATA_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "server/bws/csv_table.h"

namespace tally::bws {

// Intentionally copyable.
struct ReceivedRow {
  long long id = 0;  // the ID column: Access numbers rows as they arrive
  int line = 0;      // the row's line in the exported CSV
  std::string text;  // the row as exported (its hash is its provenance)
  int section = 0;   // the Section table's ID
  int table = 0;
  int round = 0;
  int board = 0;
  int pair_ns = 0;
  int pair_ew = 0;
  int declarer = 0;           // the declaring pair's number; 0 passed out
  std::string declarer_seat;  // the "NS/EW" column: N, E, S or W
  std::string contract;       // "4 S x", "3 NT", "PASS"
  std::string result;         // "=", "+1", "-2"
  // "60%-40%" (an arbitral score), "Not played", ...: arbitral_score.h.
  // Empty when the table has no Remarks column.
  std::string remarks;
  bool erased = false;
  // Set when a field is not what the column holds (e.g. a board "x"): the
  // row is then reported, never entered.
  std::string problem;
};

// The rows of ReceivedData in the order of their ID. INVALID_ARGUMENT,
// naming the column, when the table lacks one tally needs (ID, Section,
// Table, Round, Board, PairNS, PairEW, Declarer, NS/EW, Contract, Result,
// Erased); Remarks is read when there. A row whose fields cannot be read
// keeps its `problem`.
absl::StatusOr<std::vector<ReceivedRow>> ReadReceivedData(
    const CsvTable& table);

// The Section table: each ID with its letter ("A"). INVALID_ARGUMENT
// without the columns ID and Letter, or for an ID that is not a number.
absl::StatusOr<std::map<int, std::string>> ReadSections(const CsvTable& table);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_RECEIVED_DATA_H_
