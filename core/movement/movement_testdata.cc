#include "core/movement/movement_testdata.h"

#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"

namespace tally::core::testdata {
namespace {

std::string TestdataPath(absl::string_view name) {
  return absl::StrCat(TALLY_MOVEMENT_TESTDATA_DIR, "/", name);
}

}  // namespace

std::optional<std::vector<std::string>> ReadLines(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    absl::StripTrailingAsciiWhitespace(&line);
    lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> TableLines(absl::string_view name) {
  std::optional<std::vector<std::string>> lines = ReadLines(TestdataPath(name));
  if (!lines.has_value()) {
    ADD_FAILURE() << "cannot read " << TestdataPath(name);
    return {};
  }
  std::vector<std::string> table;
  for (const std::string& line : *lines) {
    if (!absl::StartsWith(line, "//")) table.push_back(line);
  }
  return table;
}

std::string SourcePath(absl::string_view name) {
  std::optional<std::vector<std::string>> lines = ReadLines(TestdataPath(name));
  if (lines.has_value()) {
    for (const std::string& line : *lines) {
      absl::string_view rest = line;
      if (absl::ConsumePrefix(&rest, "// source:")) {
        return absl::StrCat(TALLY_REGULATIONS_DIR, "/",
                            absl::StripAsciiWhitespace(rest));
      }
    }
  }
  ADD_FAILURE() << "testdata/" << name << " names no source";
  return "";
}

std::vector<std::string> Cells(absl::string_view line) {
  std::vector<std::string> cells = absl::StrSplit(line, '\t');
  for (std::string& cell : cells) absl::StripAsciiWhitespace(&cell);
  return cells;
}

}  // namespace tally::core::testdata

namespace tally::core {

void PrintTo(const Pairing& pairing, std::ostream* os) {
  *os << "table " << pairing.table << ": " << pairing.home << " v "
      << pairing.away;
}

}  // namespace tally::core
