#include "core/vp/ipc_vp.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"

namespace tally::core {
namespace {

// The appendix's VP for one pair's exact percentage, before the VP rounding.
Rational UnroundedVps(const Rational& percentage) {
  // "rounded to 2 decimal places - 0.005 rounded up"
  const Rational x =
      Decimal::Round(percentage, 2, HalfRounding::kUp).ToRational();
  if (x > Rational(70)) return Rational(20);
  if (x > Rational(115, 2)) return (x - Rational(20)) * Rational(2, 5);
  if (x > Rational(85, 2)) return (x - Rational(35)) * Rational(2, 3);
  if (x >= Rational(30)) return (x - Rational(30)) * Rational(2, 5);
  return Rational(0);
}

}  // namespace

absl::StatusOr<VpResult> IpcVp(const Rational& percentage,
                               const IpcOptions& options) {
  if (percentage < Rational(0) || percentage > Rational(100)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "an IPC match percentage must be between 0 and 100, got ",
        percentage.ToString(), " (ANC SR appendix, VP scale for IPC)"));
  }
  if (options.vp_places < 0 || options.vp_places > 6) {
    return absl::InvalidArgumentError(
        absl::StrCat("IPC VPs can be rounded to 0-6 decimal places, not ",
                     options.vp_places));
  }
  auto vps = [&options](const Rational& p) {
    return Decimal::Round(UnroundedVps(p), options.vp_places, options.vp_half);
  };
  return VpResult{vps(percentage), vps(Rational(100) - percentage)};
}

}  // namespace tally::core
