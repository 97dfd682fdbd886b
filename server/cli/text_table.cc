#include "server/cli/text_table.h"

#include <utf8proc.h>

#include <algorithm>

namespace tally::cli {

size_t DisplayWidth(const std::string& text) {
  size_t width = 0;
  const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
  utf8proc_ssize_t left = static_cast<utf8proc_ssize_t>(text.size());
  while (left > 0) {
    utf8proc_int32_t code_point = 0;
    utf8proc_ssize_t used = utf8proc_iterate(bytes, left, &code_point);
    if (used <= 0) {  // not UTF-8: one column for the byte
      ++width;
      used = 1;
    } else {
      width += static_cast<size_t>(std::max(0, utf8proc_charwidth(code_point)));
    }
    bytes += used;
    left -= used;
  }
  return width;
}

std::string TextTable::Render() const {
  std::vector<size_t> widths;
  for (const auto& row : rows_) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) {
      widths[i] = std::max(widths[i], DisplayWidth(row[i]));
    }
  }
  std::string out;
  for (const auto& row : rows_) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size())
        line += std::string(widths[i] - DisplayWidth(row[i]) + 2, ' ');
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace tally::cli
