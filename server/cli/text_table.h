// A plain-text table with aligned columns, for the CLI's default output.
// Thread-compatible.

#ifndef TALLY_SERVER_CLI_TEXT_TABLE_H_
#define TALLY_SERVER_CLI_TEXT_TABLE_H_

#include <string>
#include <vector>

namespace tally::cli {

class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header)
      : rows_{std::move(header)} {}
  void AddRow(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  // Columns padded to their widest cell, two spaces apart.
  std::string Render() const;

 private:
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_TEXT_TABLE_H_
