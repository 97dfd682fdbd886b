// The Interstate Teams Championship VP scale, ANC 2025 SR 10.10:
//
//   "margin of 30 IMPs or less VPs = 35 + net IMPs
//    margin of 31 IMPs or more VPs = 65 + 1/10 * (net IMPs - 30)
//    with a maximum win of 67.5 VPs and a maximum loss of 0 VPs."
//
// The winner's VPs are unambiguous: 35 + M up to 30 IMPs, then 65 + (M-30)/10,
// capped at 67.5 (reached at 55 IMPs). The loser's are not: 10.10 prints
// only the winner's formula. The first line gives 35 - M up to 30 IMPs (5
// VPs at 30), but the second line cannot be applied to a negative net IMPs
// (it would give the loser more than 58), and "a maximum loss of 0 VPs"
// contradicts a loser's share of 70 minus the winner's (never below 2.5).
// ItcLoserRule names the readings a profile may choose; each is one formula
// for every margin M (tenths exact), written out below and in
// docs/calculator.md:
//
//   M      winner  mirrored  complement_of_seventy  thirty_five_minus_margin
//   0      35.0    35.0      35.0                   35.0
//   30     65.0     5.0       5.0                    5.0
//   31     65.1     4.9       4.9                    4.0
//   35     65.5     4.5       4.5                    0.0
//   55     67.5     2.5       2.5                    0.0
//   56-60  67.5     2.5       2.5                    0.0
//   80     67.5     2.5       2.5                    0.0
//
// (Before issue #16 "mirrored" mirrored the lines but not the 67.5 cap, so
// past 55 IMPs the winner stood at 67.5 while the loser kept falling, e.g.
// 67.5-2.3 at 57 IMPs: a mirror of neither the winner's VPs nor any line.)
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
  // The winner's VPs mirrored about the draw's 35, line by line and cap by
  // cap: 35 - M up to 30 IMPs (the first line's mirror), then
  // 5 - (M-30)/10 (the second line's), never below 2.5 (the mirror of the
  // 67.5 maximum win, reached at 55 IMPs). So loser = 70 - winner at every
  // margin and the match always shares 70 VPs; "a maximum loss of 0 VPs" is
  // never reached. Profile id "mirrored".
  kMirrored,
  // 70 minus the winner's VPs, computed as the complement: the same figures
  // as kMirrored at every margin (35 - M, 5 - (M-30)/10, never below 2.5),
  // reached from the sum rather than from the lines. Profile id
  // "complement_of_seventy".
  kComplementOfSeventy,
  // The first line for every margin: 35 - M, never below 0 (reached at 35
  // IMPs, where the winner has 65.5): the "maximum loss of 0 VPs" read
  // literally. The match shares 70 VPs only up to 30 IMPs. Profile id
  // "thirty_five_minus_margin".
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
