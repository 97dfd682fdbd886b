// String ids of the settings a regulation profile states as text: how an
// exact half is rounded, how the ITC scale reads the loser's VPs and how
// each round is drawn. The textproto uses these ids
// (replay/profile/profile_loader.h parses them with the functions below).
//
//   HalfRounding   "away_from_zero", "toward_zero", "up", "down", "even"
//   ItcLoserRule   "mirrored", "complement_of_seventy",
//                  "thirty_five_minus_margin"
//   DrawMethod     "swiss", "round_robin", "sabf_butler_round_robin",
//                  "itc_round_robin", "explicit", "itc_final",
//                  "sabf_final_five", "sabf_final_four" (DrawMethodId:
//                  profile.h)
//   FirstRound     "quarters", "top_half_v_bottom_half"
//   OddField       "share_match", "bye", "half_matches"
//   HomeRule       "higher_ranked", "by_lot"
//
// Thread-safe: pure functions.

#ifndef TALLY_CORE_PROFILE_SETTING_IDS_H_
#define TALLY_CORE_PROFILE_SETTING_IDS_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "core/draw/draw.h"
#include "core/draw/swiss_draw.h"
#include "core/profile/profile.h"
#include "core/vp/itc_vp.h"

namespace tally::core {

absl::string_view HalfRoundingId(HalfRounding half);
// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<HalfRounding> ParseHalfRounding(absl::string_view id);

absl::string_view ItcLoserRuleId(ItcLoserRule rule);
// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<ItcLoserRule> ParseItcLoserRule(absl::string_view id);

// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<DrawMethod> ParseDrawMethod(absl::string_view id);

absl::string_view FirstRoundId(FirstRound first_round);
// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<FirstRound> ParseFirstRound(absl::string_view id);

absl::string_view OddFieldId(OddField odd_field);
// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<OddField> ParseOddField(absl::string_view id);

absl::string_view HomeRuleId(HomeRule home);
// InvalidArgument listing the ids if `id` is none of them.
absl::StatusOr<HomeRule> ParseHomeRule(absl::string_view id);

}  // namespace tally::core

#endif  // TALLY_CORE_PROFILE_SETTING_IDS_H_
