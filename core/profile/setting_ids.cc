#include "core/profile/setting_ids.h"

#include <array>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tally::core {
namespace {

constexpr std::array<std::pair<HalfRounding, absl::string_view>, 5> kHalves = {{
    {HalfRounding::kAwayFromZero, "away_from_zero"},
    {HalfRounding::kTowardZero, "toward_zero"},
    {HalfRounding::kUp, "up"},
    {HalfRounding::kDown, "down"},
    {HalfRounding::kEven, "even"},
}};

constexpr std::array<std::pair<ItcLoserRule, absl::string_view>, 3> kItcLosers =
    {{
        {ItcLoserRule::kMirrored, "mirrored"},
        {ItcLoserRule::kComplementOfSeventy, "complement_of_seventy"},
        {ItcLoserRule::kThirtyFiveMinusMargin, "thirty_five_minus_margin"},
    }};

template <typename Enum, size_t N>
absl::string_view IdOf(
    const std::array<std::pair<Enum, absl::string_view>, N>& table,
    Enum value) {
  for (const auto& [v, id] : table) {
    if (v == value) return id;
  }
  return "unknown";
}

template <typename Enum, size_t N>
absl::StatusOr<Enum> Parse(
    const std::array<std::pair<Enum, absl::string_view>, N>& table,
    absl::string_view what, absl::string_view id) {
  for (const auto& [v, known] : table) {
    if (known == id) return v;
  }
  std::string ids =
      absl::StrJoin(table, ", ", [](std::string* out, const auto& p) {
        absl::StrAppend(out, "\"", p.second, "\"");
      });
  return absl::InvalidArgumentError(
      absl::StrCat("unknown ", what, " \"", id, "\"; expected one of ", ids));
}

}  // namespace

absl::string_view HalfRoundingId(HalfRounding half) {
  return IdOf(kHalves, half);
}

absl::StatusOr<HalfRounding> ParseHalfRounding(absl::string_view id) {
  return Parse(kHalves, "half rounding", id);
}

absl::string_view ItcLoserRuleId(ItcLoserRule rule) {
  return IdOf(kItcLosers, rule);
}

absl::StatusOr<ItcLoserRule> ParseItcLoserRule(absl::string_view id) {
  return Parse(kItcLosers, "ITC loser rule", id);
}

}  // namespace tally::core
