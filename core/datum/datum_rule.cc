#include "core/datum/datum_rule.h"

#include "core/base/enum_ids.h"

namespace tally::core {
namespace {

constexpr EnumIdTable<DatumMethod, 8> kMethods = {{
    {DatumMethod::kAncSr16_4, "anc_sr_16_4"},
    {DatumMethod::kAncSr16_11To16_13, "anc_sr_16_11_16_13"},
    {DatumMethod::kAncSr22_3To22_4, "anc_sr_22_3_22_4"},
    {DatumMethod::kSabfTr12_1, "sabf_tr_12_1"},
    {DatumMethod::kSabfTr12_2, "sabf_tr_12_2"},
    {DatumMethod::kAncSr7_2a, "anc_sr_7_2a"},
    {DatumMethod::kSabfTr12_3, "sabf_tr_12_3"},
    {DatumMethod::kClubTopAndBottom, "club_top_and_bottom"},
}};

constexpr EnumIdTable<TrimCountRounding, 3> kTrimRoundings = {{
    {TrimCountRounding::kDown, "down"},
    {TrimCountRounding::kHalfUp, "half_up"},
    {TrimCountRounding::kUp, "up"},
}};

constexpr EnumIdTable<PendingAppealPolicy, 3> kPendingPolicies = {{
    {PendingAppealPolicy::kNswTr13, "nsw_tr_13"},
    {PendingAppealPolicy::kInclude, "include"},
    {PendingAppealPolicy::kExclude, "exclude"},
}};

}  // namespace

DatumRule DatumRuleForMethod(DatumMethod method) {
  DatumRule rule;
  rule.method = method;
  return rule;
}

absl::string_view DatumMethodId(DatumMethod method) {
  return EnumId(kMethods, method);
}

absl::StatusOr<DatumRule> DatumRuleFromId(absl::string_view id) {
  absl::StatusOr<DatumMethod> method = ParseEnumId(kMethods, "datum rule", id);
  if (!method.ok()) return method.status();
  return DatumRuleForMethod(*method);
}

absl::string_view TrimCountRoundingId(TrimCountRounding rounding) {
  return EnumId(kTrimRoundings, rounding);
}

absl::StatusOr<TrimCountRounding> ParseTrimCountRounding(absl::string_view id) {
  return ParseEnumId(kTrimRoundings, "trim count rounding", id);
}

absl::string_view PendingAppealPolicyId(PendingAppealPolicy policy) {
  return EnumId(kPendingPolicies, policy);
}

absl::StatusOr<PendingAppealPolicy> ParsePendingAppealPolicy(
    absl::string_view id) {
  return ParseEnumId(kPendingPolicies, "pending appeal policy", id);
}

}  // namespace tally::core
