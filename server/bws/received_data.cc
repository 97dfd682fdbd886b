// ReceivedData and Section rows from CSV (see received_data.h).

#include "server/bws/received_data.h"

#include <algorithm>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace tally::bws {
namespace {

// Access booleans as mdb-export prints them: 1/0 (TRUE/FALSE with -B).
bool ReadBool(const std::string& text, bool* out) {
  std::string t = absl::AsciiStrToLower(absl::StripAsciiWhitespace(text));
  if (t == "1" || t == "true" || t == "-1") {
    *out = true;
    return true;
  }
  if (t == "0" || t == "false" || t.empty()) {
    *out = false;
    return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<std::vector<ReceivedRow>> ReadReceivedData(
    const CsvTable& table) {
  struct IntColumn {
    const char* name;
    int ReceivedRow::*field;
    bool blank_is_zero;
  };
  const IntColumn kInts[] = {
      {"Section", &ReceivedRow::section, false},
      {"Table", &ReceivedRow::table, false},
      {"Round", &ReceivedRow::round, false},
      {"Board", &ReceivedRow::board, false},
      {"PairNS", &ReceivedRow::pair_ns, false},
      {"PairEW", &ReceivedRow::pair_ew, false},
      {"Declarer", &ReceivedRow::declarer, true},
  };
  std::vector<size_t> ints;
  for (const IntColumn& c : kInts) {
    absl::StatusOr<size_t> at = table.RequiredColumn(c.name);
    if (!at.ok()) return at.status();
    ints.push_back(*at);
  }
  absl::StatusOr<size_t> id = table.RequiredColumn("ID");
  absl::StatusOr<size_t> seat = table.RequiredColumn("NS/EW");
  absl::StatusOr<size_t> contract = table.RequiredColumn("Contract");
  absl::StatusOr<size_t> result = table.RequiredColumn("Result");
  absl::StatusOr<size_t> erased = table.RequiredColumn("Erased");
  for (const auto* s : {&id, &seat, &contract, &result, &erased}) {
    if (!s->ok()) return s->status();
  }
  const std::optional<size_t> remarks = table.Column("Remarks");
  std::vector<ReceivedRow> rows;
  for (const CsvRow& csv : table.rows) {
    ReceivedRow row;
    row.line = csv.line;
    row.text = csv.text;
    if (!ReadWholeNumber(csv.fields[*id], false, &row.id)) {
      row.problem = absl::StrCat("ID '", csv.fields[*id], "' is not a number");
    }
    for (size_t i = 0; i < ints.size() && row.problem.empty(); ++i) {
      long long value = 0;
      if (!ReadWholeNumber(csv.fields[ints[i]], kInts[i].blank_is_zero,
                           &value) ||
          value < 0 || value > 100000) {
        row.problem = absl::StrCat(kInts[i].name, " '", csv.fields[ints[i]],
                                   "' is not a number");
      } else {
        row.*(kInts[i].field) = static_cast<int>(value);
      }
    }
    row.declarer_seat =
        absl::AsciiStrToUpper(absl::StripAsciiWhitespace(csv.fields[*seat]));
    row.contract =
        std::string(absl::StripAsciiWhitespace(csv.fields[*contract]));
    row.result = std::string(absl::StripAsciiWhitespace(csv.fields[*result]));
    if (remarks.has_value()) {
      row.remarks =
          std::string(absl::StripAsciiWhitespace(csv.fields[*remarks]));
    }
    if (row.problem.empty() && !ReadBool(csv.fields[*erased], &row.erased)) {
      row.problem = absl::StrCat("Erased '", csv.fields[*erased],
                                 "' is neither true nor false");
    }
    rows.push_back(std::move(row));
  }
  std::stable_sort(
      rows.begin(), rows.end(),
      [](const ReceivedRow& a, const ReceivedRow& b) { return a.id < b.id; });
  return rows;
}

absl::StatusOr<std::map<int, std::string>> ReadSections(const CsvTable& table) {
  absl::StatusOr<size_t> id = table.RequiredColumn("ID");
  if (!id.ok()) return id.status();
  absl::StatusOr<size_t> letter = table.RequiredColumn("Letter");
  if (!letter.ok()) return letter.status();
  std::map<int, std::string> sections;
  for (const CsvRow& row : table.rows) {
    long long value = 0;
    if (!ReadWholeNumber(row.fields[*id], false, &value)) {
      return absl::InvalidArgumentError(
          absl::StrCat(table.name, " line ", row.line, ": ID '",
                       row.fields[*id], "' is not a number"));
    }
    sections[static_cast<int>(value)] =
        std::string(absl::StripAsciiWhitespace(row.fields[*letter]));
  }
  return sections;
}

}  // namespace tally::bws
