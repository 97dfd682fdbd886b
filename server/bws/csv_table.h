// A table as `mdb-export` (mdbtools) prints it: a header row of column
// names, then one row a record; fields separated by commas, text-like
// fields (text, memo, date) wrapped in double quotes with a quote inside
// doubled, so a field may hold commas, quotes and line breaks; numbers and
// booleans (0/1) bare; rows ended by "\n" (a "\r\n" is taken too). Pure.
// Thread-safe.

#ifndef TALLY_SERVER_BWS_CSV_TABLE_H_
#define TALLY_SERVER_BWS_CSV_TABLE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tally::bws {

struct CsvRow {
  int line = 0;      // 1-based line of the text where the row starts
  std::string text;  // the row as it stands in the text, without its end
  std::vector<std::string> fields;
};

// Intentionally copyable.
struct CsvTable {
  std::string name;  // e.g. "ReceivedData"
  std::vector<std::string> columns;
  std::vector<CsvRow> rows;

  // The index of column `column` (matched without regard to case), or
  // nullopt when the table has no such column.
  std::optional<size_t> Column(absl::string_view column) const;
  // Column(), or INVALID_ARGUMENT naming the column and the table ("is
  // this a Bridgemate scoring file's ... table?") when it is missing.
  absl::StatusOr<size_t> RequiredColumn(absl::string_view column) const;
};

// A whole-number field (spaces around it allowed); an empty one (NULL)
// reads as 0 when `blank_is_zero`, and is refused otherwise.
bool ReadWholeNumber(const std::string& text, bool blank_is_zero,
                     long long* out);

// The table `name` from `text`. INVALID_ARGUMENT, naming the table and the
// line, for a quote left open, a quote in the middle of a bare field, a
// row with more or fewer fields than the header, or no header at all.
absl::StatusOr<CsvTable> ParseCsv(absl::string_view text, std::string name);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_CSV_TABLE_H_
