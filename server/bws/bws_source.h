// Where the tables of a Bridgemate scoring file (.bws, a Microsoft Access
// database) come from: `mdb-export` (mdbtools, Debian) run on the file, or
// a directory of CSV files, one a table (ReceivedData.csv, Section.csv),
// holding exactly what `mdb-export` prints (the test fixture, or a copy
// taken on another machine). Each read is of the table as it is now, so a
// follower sees the rows added since. Thread-compatible.

#ifndef TALLY_SERVER_BWS_BWS_SOURCE_H_
#define TALLY_SERVER_BWS_BWS_SOURCE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace tally::bws {

class BwsSource {
 public:
  virtual ~BwsSource() = default;

  // The text of table `table` as `mdb-export` prints it. NOT_FOUND naming
  // the file (or directory) when it is not there; UNAVAILABLE, with the
  // program's own words, when it cannot be read.
  virtual absl::StatusOr<std::string> ExportTable(const std::string& table) = 0;

  // The file's name as the provenance of what it enters ("club.bws";
  // a directory's own name).
  virtual std::string FileName() const = 0;
};

// The argument vector of `mdb-export` for one table of `bws_path`: header
// row, quotes doubled, booleans 0/1, dates as ISO 8601 text. Run without a
// shell, so no file name is ever interpreted.
std::vector<std::string> MdbExportArguments(const std::string& program,
                                            const std::string& bws_path,
                                            const std::string& table);

// `program` (default "mdb-export", found on PATH) on the file at `path`.
std::unique_ptr<BwsSource> MdbExportSource(std::string path,
                                           std::string program = "mdb-export");

// The directory `path` of TABLE.csv files.
std::unique_ptr<BwsSource> CsvDirectorySource(std::string path);

// The source for `path`: a directory is read as CSV files, anything else
// through `mdb-export`.
std::unique_ptr<BwsSource> SourceFor(const std::string& path);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_BWS_SOURCE_H_
