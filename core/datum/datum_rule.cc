#include "core/datum/datum_rule.h"

#include <array>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tally::core {
namespace {

constexpr std::array<std::pair<DatumMethod, absl::string_view>, 7> kMethods = {{
    {DatumMethod::kAncSr16_4, "anc_sr_16_4"},
    {DatumMethod::kAncSr16_11To16_13, "anc_sr_16_11_16_13"},
    {DatumMethod::kAncSr22_3To22_4, "anc_sr_22_3_22_4"},
    {DatumMethod::kSabfTr12_1, "sabf_tr_12_1"},
    {DatumMethod::kSabfTr12_2, "sabf_tr_12_2"},
    {DatumMethod::kAncSr7_2a, "anc_sr_7_2a"},
    {DatumMethod::kSabfTr12_3, "sabf_tr_12_3"},
}};

constexpr std::array<std::pair<TrimCountRounding, absl::string_view>, 3>
    kTrimRoundings = {{
        {TrimCountRounding::kDown, "down"},
        {TrimCountRounding::kHalfUp, "half_up"},
        {TrimCountRounding::kUp, "up"},
    }};

constexpr std::array<std::pair<PendingAppealPolicy, absl::string_view>, 3>
    kPendingPolicies = {{
        {PendingAppealPolicy::kNswTr13, "nsw_tr_13"},
        {PendingAppealPolicy::kInclude, "include"},
        {PendingAppealPolicy::kExclude, "exclude"},
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
  std::string known_ids =
      absl::StrJoin(table, ", ", [](std::string* out, const auto& p) {
        absl::StrAppend(out, "\"", p.second, "\"");
      });
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown ", what, " \"", id, "\"; expected one of ", known_ids));
}

}  // namespace

DatumRule DatumRuleForMethod(DatumMethod method) {
  DatumRule rule;
  rule.method = method;
  return rule;
}

absl::string_view DatumMethodId(DatumMethod method) {
  return IdOf(kMethods, method);
}

absl::StatusOr<DatumRule> DatumRuleFromId(absl::string_view id) {
  absl::StatusOr<DatumMethod> method = Parse(kMethods, "datum rule", id);
  if (!method.ok()) return method.status();
  return DatumRuleForMethod(*method);
}

absl::string_view TrimCountRoundingId(TrimCountRounding rounding) {
  return IdOf(kTrimRoundings, rounding);
}

absl::StatusOr<TrimCountRounding> ParseTrimCountRounding(absl::string_view id) {
  return Parse(kTrimRoundings, "trim count rounding", id);
}

absl::string_view PendingAppealPolicyId(PendingAppealPolicy policy) {
  return IdOf(kPendingPolicies, policy);
}

absl::StatusOr<PendingAppealPolicy> ParsePendingAppealPolicy(
    absl::string_view id) {
  return Parse(kPendingPolicies, "pending appeal policy", id);
}

}  // namespace tally::core
