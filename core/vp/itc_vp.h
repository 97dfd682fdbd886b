// The Interstate Teams Championship VP scale, ANC 2025 SR 10.10:
//
//   "margin of 30 IMPs or less VPs = 35 + net IMPs
//    margin of 31 IMPs or more VPs = 65 + 1/10 * (net IMPs - 30)
//    with a maximum win of 67.5 VPs and a maximum loss of 0 VPs."
//
// The winner's VPs are unambiguous: 35 + M up to 30 IMPs, then 65 + (M-30)/10,
// capped at 67.5 (reached at 55 IMPs). The loser's are not: the first line
// gives 35 - M up to 30 IMPs (5 VPs at 30), but the second line cannot be
// applied to a negative net IMPs (it would give the loser more than 58), and
// "a maximum loss of 0 VPs" contradicts a loser's share of 70 minus the
// winner's (never below 2.5). ItcLoserRule names the readings; the default
// is the one a chief director would expect from the text (see kMirrored).
// Note ANC SR 10.11 (a bye: 35 VPs) and 10.12 (forfeits) are not this scale.
//
// VPs are exact tenths (one decimal place); no rounding is needed.
//
// Thread-safe: pure functions.

#ifndef TALLY_CORE_VP_ITC_VP_H_
#define TALLY_CORE_VP_ITC_VP_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "core/vp/vp_result.h"

namespace tally::core {

// The loser's VPs for a margin of M IMPs under ANC SR 10.10.
enum class ItcLoserRule {
  // Each line of 10.10 mirrored for the loser, each cap for its own side:
  // 35 - M up to 30 IMPs, then 5 - (M-30)/10, never below 0 (reached at 80
  // IMPs). The match totals 70 until the winner's 67.5 cap (55 IMPs); beyond
  // it the loser keeps losing to the stated "maximum loss of 0 VPs", as in
  // the old WBF 25-VP scales (25-2, 25-1, 25-0).
  kMirrored,
  // 70 minus the winner's VPs: 35 - M, then 5 - (M-30)/10, never below 2.5.
  // Ignores "a maximum loss of 0 VPs".
  kComplementOfSeventy,
  // The first line for every margin: 35 - M, never below 0 (reached at 35
  // IMPs).
  kThirtyFiveMinusMargin,
};

struct ItcOptions {
  // Default: kMirrored.
  ItcLoserRule loser = ItcLoserRule::kMirrored;
};

// ANC SR 10.10. `imp_margin` is the side's signed net IMPs (negative if it
// lost). Returns both sides' VPs to 1 decimal; always succeeds for the three
// loser rules (the StatusOr matches the other scales).
absl::StatusOr<VpResult> ItcVp(int64_t imp_margin,
                               const ItcOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_VP_ITC_VP_H_
