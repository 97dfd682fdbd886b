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

constexpr EnumIdTable<DrawMethod, 8> kDrawMethods = {{
    {DrawMethod::kSwiss, "swiss"},
    {DrawMethod::kRoundRobin, "round_robin"},
    {DrawMethod::kSabfButlerRoundRobin, "sabf_butler_round_robin"},
    {DrawMethod::kItcRoundRobin, "itc_round_robin"},
    {DrawMethod::kExplicit, "explicit"},
    {DrawMethod::kItcFinal, "itc_final"},
    {DrawMethod::kSabfFinalFive, "sabf_final_five"},
    {DrawMethod::kSabfFinalFour, "sabf_final_four"},
}};

constexpr EnumIdTable<FirstRound, 2> kFirstRounds = {{
    {FirstRound::kQuarters, "quarters"},
    {FirstRound::kTopHalfVersusBottomHalf, "top_half_v_bottom_half"},
}};

constexpr EnumIdTable<OddField, 3> kOddFields = {{
    {OddField::kShareMatch, "share_match"},
    {OddField::kBye, "bye"},
    {OddField::kHalfMatches, "half_matches"},
}};

constexpr EnumIdTable<HomeRule, 2> kHomeRules = {{
    {HomeRule::kHigherRankedHome, "higher_ranked"},
    {HomeRule::kByLot, "by_lot"},
}};

}  // namespace

// Declared in profile.h, beside the enum; the ids live with the others.
absl::string_view DrawMethodId(DrawMethod method) {
  return EnumId(kDrawMethods, method);
}

absl::StatusOr<DrawMethod> ParseDrawMethod(absl::string_view id) {
  return ParseEnumId(kDrawMethods, "draw method", id);
}

absl::string_view FirstRoundId(FirstRound first_round) {
  return EnumId(kFirstRounds, first_round);
}

absl::StatusOr<FirstRound> ParseFirstRound(absl::string_view id) {
  return ParseEnumId(kFirstRounds, "first-round draw", id);
}

absl::string_view OddFieldId(OddField odd_field) {
  return EnumId(kOddFields, odd_field);
}

absl::StatusOr<OddField> ParseOddField(absl::string_view id) {
  return ParseEnumId(kOddFields, "odd-field rule", id);
}

absl::string_view HomeRuleId(HomeRule home) { return EnumId(kHomeRules, home); }

absl::StatusOr<HomeRule> ParseHomeRule(absl::string_view id) {
  return ParseEnumId(kHomeRules, "home rule", id);
}

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
