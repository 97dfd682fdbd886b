#include "core/base/testdata_reader.h"

#include <fstream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"

namespace tally::core::testdata {
namespace {

std::string TestdataPath(absl::string_view dir, absl::string_view name) {
  return absl::StrCat(dir, "/", name);
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

std::vector<std::string> TableLines(absl::string_view dir,
                                    absl::string_view name) {
  const std::string path = TestdataPath(dir, name);
  std::optional<std::vector<std::string>> lines = ReadLines(path);
  if (!lines.has_value()) {
    ADD_FAILURE() << "cannot read " << path;
    return {};
  }
  std::vector<std::string> table;
  for (const std::string& line : *lines) {
    if (!absl::StartsWith(line, "//")) table.push_back(line);
  }
  return table;
}

std::string SourcePath(absl::string_view dir, absl::string_view name) {
  std::optional<std::vector<std::string>> lines =
      ReadLines(TestdataPath(dir, name));
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

std::vector<std::string> NonEmptyCells(absl::string_view line) {
  std::vector<std::string> cells;
  for (std::string& cell : Cells(line)) {
    if (!cell.empty()) cells.push_back(std::move(cell));
  }
  return cells;
}

void ExpectRegulationTextInOrder(absl::string_view dir,
                                 absl::string_view name) {
  const std::string source = SourcePath(dir, name);
  const std::optional<std::vector<std::string>> regulation = ReadLines(source);
  if (!regulation.has_value()) {
    GTEST_SKIP() << source << " is not checked out";
  }
  const std::vector<std::string> table = TableLines(dir, name);
  ASSERT_FALSE(table.empty());
  size_t next = 0;
  for (const std::string& line : table) {
    while (next < regulation->size() && (*regulation)[next] != line) ++next;
    ASSERT_LT(next, regulation->size())
        << "not found (in order) in " << source << ": " << line;
    ++next;
  }
}

}  // namespace tally::core::testdata
