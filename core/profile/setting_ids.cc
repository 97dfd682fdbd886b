#include "core/profile/setting_ids.h"

#include "core/base/enum_ids.h"

namespace tally::core {
namespace {

constexpr EnumIdTable<HalfRounding, 5> kHalves = {{
    {HalfRounding::kAwayFromZero, "away_from_zero"},
    {HalfRounding::kTowardZero, "toward_zero"},
    {HalfRounding::kUp, "up"},
    {HalfRounding::kDown, "down"},
    {HalfRounding::kEven, "even"},
}};

constexpr EnumIdTable<ItcLoserRule, 3> kItcLosers = {{
    {ItcLoserRule::kMirrored, "mirrored"},
    {ItcLoserRule::kComplementOfSeventy, "complement_of_seventy"},
    {ItcLoserRule::kThirtyFiveMinusMargin, "thirty_five_minus_margin"},
}};

}  // namespace

absl::string_view HalfRoundingId(HalfRounding half) {
  return EnumId(kHalves, half);
}

absl::StatusOr<HalfRounding> ParseHalfRounding(absl::string_view id) {
  return ParseEnumId(kHalves, "half rounding", id);
}

absl::string_view ItcLoserRuleId(ItcLoserRule rule) {
  return EnumId(kItcLosers, rule);
}

absl::StatusOr<ItcLoserRule> ParseItcLoserRule(absl::string_view id) {
  return ParseEnumId(kItcLosers, "ITC loser rule", id);
}

}  // namespace tally::core
