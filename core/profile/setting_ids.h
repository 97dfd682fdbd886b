// String ids of the settings a regulation profile states as text: how an
// exact half is rounded and how the ITC scale reads the loser's VPs. The
// textproto uses these ids (replay/profile_loader.h parses them with the
// functions below).
//
//   HalfRounding   "away_from_zero", "toward_zero", "up", "down", "even"
//   ItcLoserRule   "mirrored", "complement_of_seventy",
//                  "thirty_five_minus_margin"
//
// Thread-safe: pure functions.

#ifndef TALLY_CORE_PROFILE_SETTING_IDS_H_
#define TALLY_CORE_PROFILE_SETTING_IDS_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "core/vp/itc_vp.h"

namespace tally::core {

absl::string_view HalfRoundingId(HalfRounding half);
// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<HalfRounding> ParseHalfRounding(absl::string_view id);

absl::string_view ItcLoserRuleId(ItcLoserRule rule);
// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<ItcLoserRule> ParseItcLoserRule(absl::string_view id);

}  // namespace tally::core

#endif  // TALLY_CORE_PROFILE_SETTING_IDS_H_
