#include "core/vp/vp_testdata.h"

#include <fstream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"

namespace tally::core::testdata {
namespace {

std::string TestdataPath(absl::string_view name) {
  return absl::StrCat(TALLY_VP_TESTDATA_DIR, "/", name);
}

bool AllDigits(absl::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!absl::ascii_isdigit(c)) return false;
  }
  return true;
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

std::vector<std::string> NonEmptyCells(absl::string_view line) {
  std::vector<std::string> cells;
  for (std::string& cell : Cells(line)) {
    if (!cell.empty()) cells.push_back(std::move(cell));
  }
  return cells;
}

std::optional<int64_t> ParseHundredths(absl::string_view text) {
  const size_t dot = text.find('.');
  if (dot == absl::string_view::npos || text.size() != dot + 3) {
    return std::nullopt;
  }
  const absl::string_view whole = text.substr(0, dot);
  const absl::string_view frac = text.substr(dot + 1);
  if (!AllDigits(whole) || !AllDigits(frac)) return std::nullopt;
  int64_t w = 0, f = 0;
  if (!absl::SimpleAtoi(whole, &w) || !absl::SimpleAtoi(frac, &f)) {
    return std::nullopt;
  }
  return w * 100 + f;
}

std::optional<int64_t> ParseWhole(absl::string_view text) {
  int64_t v = 0;
  if (!AllDigits(text) || !absl::SimpleAtoi(text, &v)) return std::nullopt;
  return v;
}

}  // namespace tally::core::testdata
