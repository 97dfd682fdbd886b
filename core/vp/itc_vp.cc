#include "core/vp/itc_vp.h"

#include <algorithm>

namespace tally::core {
namespace {

// All values in tenths of a VP.
constexpr int64_t kDraw = 350;
constexpr int64_t kMaximumWin = 675;  // ANC SR 10.10
constexpr int64_t kMaximumLoss = 0;   // ANC SR 10.10
// The mirror of the maximum win about the draw: 35 - (67.5 - 35).
constexpr int64_t kMirroredMaximumWin = 2 * kDraw - kMaximumWin;

int64_t Winner(int64_t margin) {
  if (margin <= 30) return kDraw + 10 * margin;  // 35 + net IMPs
  return std::min(kMaximumWin, 650 + std::min<int64_t>(margin - 30, 1000));
}

int64_t Loser(int64_t margin, int64_t winner, ItcLoserRule rule) {
  switch (rule) {
    case ItcLoserRule::kMirrored:
      // 35 - M, then 5 - (M-30)/10, never below 2.5: each line and the cap
      // of the winner's formula mirrored about 35.
      if (margin <= 30) return kDraw - 10 * margin;
      return std::max(kMirroredMaximumWin,
                      50 - std::min<int64_t>(margin - 30, 1000));
    case ItcLoserRule::kComplementOfSeventy:
      return 2 * kDraw - winner;
    case ItcLoserRule::kThirtyFiveMinusMargin:
      return std::max(kMaximumLoss, kDraw - 10 * std::min<int64_t>(margin, 35));
  }
  return 2 * kDraw - winner;
}

}  // namespace

absl::StatusOr<VpResult> ItcVp(int64_t imp_margin, const ItcOptions& options) {
  const int64_t margin = MarginMagnitude(imp_margin);
  const int64_t winner = Winner(margin);
  const Decimal w(winner, 1), l(Loser(margin, winner, options.loser), 1);
  return imp_margin >= 0 ? VpResult{w, l} : VpResult{l, w};
}

}  // namespace tally::core
