// A plain-text table with aligned columns, for the CLI's default output.
// Columns are padded by display width (utf8proc), so names with accents or
// wide characters line up. Thread-compatible.

#ifndef TALLY_SERVER_CLI_TEXT_TABLE_H_
#define TALLY_SERVER_CLI_TEXT_TABLE_H_

#include <string>
#include <vector>

namespace tally::cli {

// The number of terminal columns `text` (UTF-8) takes: a combining accent
// 0, a CJK character 2; an invalid byte counts as 1.
size_t DisplayWidth(const std::string& text);

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
