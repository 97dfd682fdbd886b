// DatumRule: which regulation trims the field's scores before the Butler /
// IMP-pairs datum is taken, and the settings where a regulation leaves room
// for reading. A regulation profile names a rule by its string id (for
// example "anc_sr_16_11_16_13") and may override the settings; ComputeDatum
// (core/datum/datum.h) applies it.
//
// Every rule takes the arithmetic mean of the scores it keeps and rounds it
// once to the nearest multiple of `rounding_step` ("rounded to the closest
// 10", ANC SR 16.4, 16.11-16.13, 22.3-22.4).
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_DATUM_DATUM_RULE_H_
#define TALLY_CORE_DATUM_DATUM_RULE_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"

namespace tally::core {

// The trimming rules in the regulations. The comment after each gives its id.
enum class DatumMethod {
  // ANC SR 16.4 (ABPC Open Stage 1): the (n-6) middle scores, i.e. three
  // dropped at each end. "anc_sr_16_4"
  kAncSr16_4,
  // ANC SR 16.11-16.13 (ABPC, ANC Swiss Pairs): fewer than 15 tables, the
  // (n-2) middle scores; 15 to 24 tables, the (n-4) middle scores; more than
  // 24 tables, the highest and lowest 10% deleted. "anc_sr_16_11_16_13"
  kAncSr16_11To16_13,
  // ANC SR 22.3-22.4 (WSP, Swiss): fewer than 24 tables, the (n-4) middle
  // scores; 24 or more, the scores under consideration (matches 1-2 all
  // tables, 3-4 the top n/2 tables, 5-8 the top 12) less the highest and
  // lowest x/10 (0.5 rounded up). "anc_sr_22_3_22_4"
  kAncSr22_3To22_4,
  // SABF TR 12.1 (round robin): all scores under 6 tables, otherwise the top
  // and bottom 16.67% (rounded down) excluded. "sabf_tr_12_1"
  kSabfTr12_1,
  // SABF TR 12.2 (Swiss): rounds 1-2 as 12.1; later rounds the top twelve
  // tables, dropping two at each end. "sabf_tr_12_2"
  kSabfTr12_2,
  // ANC SR 7.2(a) (ABPC and WSP fouled board, each form its own datum): two
  // extreme scores eliminated for 3-7 results, four for more than 7.
  // "anc_sr_7_2a"
  kAncSr7_2a,
  // SABF TR 12.3 (fouled board in Butler, each form its own datum): the two
  // extreme scores eliminated, for 3 or more results. "sabf_tr_12_3"
  kSabfTr12_3,
  // Club Butler (the NBB's published club rule, "alle in dezelfde
  // windrichting gespeelde spellen minus de beste en de slechtste score"):
  // the highest and the lowest score dropped whatever the number of tables,
  // i.e. ANC SR 16.11's (n-2) middle scores at any size; 3 scores or more.
  // "club_top_and_bottom"
  kClubTopAndBottom,
};

// How a fractional count of scores to drop is made whole where the
// regulation does not say ("10%" of 25 scores is 2.5).
enum class TrimCountRounding {
  kDown,    // 2.5 -> 2, 2.9 -> 2.  Id "down".
  kHalfUp,  // nearest; 2.5 -> 3, 2.4 -> 2.  Id "half_up".
  kUp,      // 2.1 -> 3.  Id "up".
};

// What happens to a score flagged as pending appeal.
enum class PendingAppealPolicy {
  // NSW TR 13.2 and 13.3: where the datum is taken from all scores (extremes
  // eliminated or not) the pending score is used as it stands and the datum
  // is provisional (13.2); where only a selected number of scores is used
  // (the top tables of a Swiss) it is left out (13.3). Id "nsw_tr_13".
  kNswTr13,
  // Always used as it stands; the datum is provisional. Id "include".
  kInclude,
  // Always left out. Id "exclude".
  kExclude,
};

// A trimming rule with its settings. Build one with DatumRuleForMethod or
// DatumRuleFromId and change settings as a profile says.
struct DatumRule {
  DatumMethod method = DatumMethod::kAncSr16_11To16_13;

  // The datum is the mean rounded to the nearest multiple of this (> 0).
  // Default: 10 ("rounded to the closest 10").
  int64_t rounding_step = 10;

  // A mean exactly halfway between two multiples (425, -425). The
  // regulations say only "closest 10". Away from zero makes the datum
  // symmetric (NS 425 -> 430 and EW -425 -> -430), so the result does not
  // depend on which direction is called NS.
  // Default: HalfRounding::kAwayFromZero.
  HalfRounding half = HalfRounding::kAwayFromZero;

  // ANC SR 16.13 only: how 10% of a count not divisible by 10 is made whole.
  // The same regulations round x/10 "0.5 rounded up" in 22.4, so the default
  // reads 16.13 the same way: 25 scores -> 3 dropped at each end.
  // Default: TrimCountRounding::kHalfUp.
  TrimCountRounding ten_percent_rounding = TrimCountRounding::kHalfUp;

  // SABF TR 12.2 only: after round two with fewer than twelve tables in play,
  // the "top twelve tables" are all tables. If true they are trimmed as in
  // 12.1 (16.67% rounded down: which is exactly two of twelve), if false two
  // are dropped at each end whatever the count.
  // Default: true.
  bool sabf_short_field_as_12_1 = true;

  // Scores flagged as pending appeal. Default: PendingAppealPolicy::kNswTr13.
  PendingAppealPolicy pending_appeals = PendingAppealPolicy::kNswTr13;
};

// The rule `method` with every setting at its default.
DatumRule DatumRuleForMethod(DatumMethod method);

// The string id of `method`, e.g. "anc_sr_16_11_16_13".
absl::string_view DatumMethodId(DatumMethod method);

// The rule named by `id` with every setting at its default. InvalidArgument,
// listing the known ids, if `id` names no rule.
absl::StatusOr<DatumRule> DatumRuleFromId(absl::string_view id);

// Ids of the settings' values, as named in the enums above, for profiles.
absl::string_view TrimCountRoundingId(TrimCountRounding rounding);
absl::StatusOr<TrimCountRounding> ParseTrimCountRounding(absl::string_view id);
absl::string_view PendingAppealPolicyId(PendingAppealPolicy policy);
absl::StatusOr<PendingAppealPolicy> ParsePendingAppealPolicy(
    absl::string_view id);

}  // namespace tally::core

#endif  // TALLY_CORE_DATUM_DATUM_RULE_H_
