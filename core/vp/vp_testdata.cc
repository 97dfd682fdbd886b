#include "core/vp/vp_testdata.h"

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"

namespace tally::core::testdata {
namespace {

bool AllDigits(absl::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!absl::ascii_isdigit(c)) return false;
  }
  return true;
}

}  // namespace

std::vector<std::string> VpTableLines(absl::string_view name) {
  return TableLines(TALLY_VP_TESTDATA_DIR, name);
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
