// PBN 2.1's syntax (see pbn_syntax.h).

#include "server/interchange/pbn_syntax.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "core/scoring/board.h"

namespace tally::interchange {
namespace {

// Vulnerable tag values by the 16-board cycle's vulnerability.
std::string VulnerableWord(const std::string& v) {
  const std::string u = absl::AsciiStrToUpper(v);
  if (u == "NONE" || u == "LOVE" || u == "-") return "None";
  if (u == "NS") return "NS";
  if (u == "EW") return "EW";
  if (u == "ALL" || u == "BOTH") return "All";
  return v;
}

}  // namespace

std::optional<PbnTag> ParsePbnTag(const std::string& t) {
  const size_t space = t.find_first_of(" \t");
  const size_t open = t.find('"');
  const size_t close = t.rfind('"');
  if (t.empty() || t[0] != '[' || space == std::string::npos ||
      open == std::string::npos || close <= open || t.back() != ']') {
    return std::nullopt;
  }
  return PbnTag{t.substr(1, space - 1), t.substr(open + 1, close - open - 1)};
}

std::optional<std::vector<std::string>> PbnRowValues(const std::string& t) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < t.size()) {
    if (t[i] == ' ' || t[i] == '\t') {
      ++i;
      continue;
    }
    if (t[i] == '"') {
      const size_t end = t.find('"', i + 1);
      if (end == std::string::npos) return std::nullopt;
      out.push_back(t.substr(i + 1, end - i - 1));
      i = end + 1;
    } else {
      size_t end = t.find_first_of(" \t", i);
      if (end == std::string::npos) end = t.size();
      out.push_back(t.substr(i, end - i));
      i = end;
    }
  }
  return out;
}

std::string BoardCycleMismatch(const std::string& name,
                               const std::string& value, int board) {
  if (value.empty() || value == "?") return "";
  const absl::StatusOr<core::BoardConditions> conditions =
      core::ConditionsForBoard(board);
  if (!conditions.ok()) return "";  // not a board: the reader says so
  const core::BoardConditions& cycle = *conditions;
  const bool vulnerable = name == "Vulnerable";
  const std::string expected(vulnerable
                                 ? core::VulnerabilityName(cycle.vulnerability)
                                 : core::SeatName(cycle.dealer));
  const std::string got = vulnerable
                              ? VulnerableWord(value)
                              : absl::AsciiStrToUpper(value.substr(0, 1));
  return got == expected ? "" : expected;
}

}  // namespace tally::interchange
