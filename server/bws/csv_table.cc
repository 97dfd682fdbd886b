// The CSV of `mdb-export` (see csv_table.h).

#include "server/bws/csv_table.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace tally::bws {
namespace {

// Splits `text` into rows of fields; a quoted field runs to its closing
// quote whatever it holds.
class Splitter {
 public:
  Splitter(absl::string_view text, const std::string& name)
      : text_(text), name_(name) {}

  // The next row, or nullopt at the end of the text.
  absl::StatusOr<std::optional<CsvRow>> Next() {
    // Blank lines between rows (a trailing "\n") hold no record.
    while (pos_ < text_.size() &&
           (text_[pos_] == '\n' || text_[pos_] == '\r')) {
      if (text_[pos_] == '\n') ++line_;
      ++pos_;
    }
    if (pos_ >= text_.size()) return std::optional<CsvRow>();
    CsvRow row;
    row.line = line_;
    const size_t start = pos_;
    std::string field;
    bool quoted = false;  // the field being read was quoted
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] == '\n' ||
          (text_[pos_] == '\r' && pos_ + 1 < text_.size() &&
           text_[pos_ + 1] == '\n') ||
          (text_[pos_] == '\r' && pos_ + 1 == text_.size())) {
        row.fields.push_back(std::move(field));
        row.text = std::string(text_.substr(start, pos_ - start));
        if (pos_ < text_.size() && text_[pos_] == '\r') ++pos_;
        if (pos_ < text_.size()) {
          ++pos_;
          ++line_;
        }
        return std::optional<CsvRow>(std::move(row));
      }
      const char c = text_[pos_];
      if (c == ',') {
        row.fields.push_back(std::move(field));
        field.clear();
        quoted = false;
        ++pos_;
        continue;
      }
      if (c == '"') {
        if (quoted || !field.empty()) {
          return absl::InvalidArgumentError(absl::StrCat(
              name_, " line ", line_,
              ": a quote inside a field that is not quoted, or text after "
              "a quoted field's closing quote"));
        }
        quoted = true;
        const int opened_at = line_;
        ++pos_;
        while (true) {
          if (pos_ >= text_.size()) {
            return absl::InvalidArgumentError(
                absl::StrCat(name_, " line ", opened_at,
                             ": a quoted field is never closed"));
          }
          const char q = text_[pos_];
          if (q == '"') {
            if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
              field.push_back('"');
              pos_ += 2;
              continue;
            }
            ++pos_;
            break;
          }
          if (q == '\n') ++line_;
          field.push_back(q);
          ++pos_;
        }
        continue;
      }
      if (quoted) {
        return absl::InvalidArgumentError(
            absl::StrCat(name_, " line ", line_,
                         ": text after a quoted field's closing quote"));
      }
      field.push_back(c);
      ++pos_;
    }
  }

 private:
  absl::string_view text_;
  const std::string& name_;
  size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace

std::optional<size_t> CsvTable::Column(absl::string_view column) const {
  for (size_t i = 0; i < columns.size(); ++i) {
    if (absl::EqualsIgnoreCase(columns[i], column)) return i;
  }
  return std::nullopt;
}

absl::StatusOr<CsvTable> ParseCsv(absl::string_view text, std::string name) {
  CsvTable table;
  table.name = std::move(name);
  Splitter splitter(text, table.name);
  absl::StatusOr<std::optional<CsvRow>> header = splitter.Next();
  if (!header.ok()) return header.status();
  if (!header->has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        table.name, ": no header row (the names of the table's columns)"));
  }
  table.columns = std::move((*header)->fields);
  while (true) {
    absl::StatusOr<std::optional<CsvRow>> row = splitter.Next();
    if (!row.ok()) return row.status();
    if (!row->has_value()) break;
    if ((*row)->fields.size() != table.columns.size()) {
      return absl::InvalidArgumentError(absl::StrCat(
          table.name, " line ", (*row)->line, ": ", (*row)->fields.size(),
          " fields where the header names ", table.columns.size()));
    }
    table.rows.push_back(std::move(**row));
  }
  return table;
}

absl::StatusOr<size_t> CsvTable::RequiredColumn(
    absl::string_view column) const {
  std::optional<size_t> at = Column(column);
  if (!at.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        name, " has no column ", column,
        " (is this a Bridgemate scoring file's ", name, " table?)"));
  }
  return *at;
}

bool ReadWholeNumber(const std::string& text, bool blank_is_zero,
                     long long* out) {
  absl::string_view t = absl::StripAsciiWhitespace(text);
  if (t.empty()) {
    *out = 0;
    return blank_is_zero;
  }
  return absl::SimpleAtoi(t, out);
}

}  // namespace tally::bws
