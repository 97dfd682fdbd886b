#include "core/vp/mp_swiss_vp.h"

#include <array>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"

namespace tally::core {
namespace {

struct Band {
  int max_boards;
  // In hundredths of a percent: the highest percentage earning 10, 11, ...,
  // 19 VPs.
  std::array<int, 10> limits;
};

// SABF TR 21.13, one entry per column.
constexpr Band kBands[] = {
    {4, {5092, 5280, 5471, 5670, 5880, 6108, 6363, 6661, 7036, 7595}},
    {6, {5078, 5239, 5402, 5572, 5751, 5945, 6162, 6417, 6737, 7213}},
    {9, {5065, 5198, 5333, 5474, 5623, 5783, 5964, 6175, 6440, 6835}},
    {13, {5054, 5165, 5278, 5395, 5519, 5653, 5804, 5980, 6201, 6530}},
    {19, {5045, 5138, 5232, 5330, 5434, 5545, 5671, 5818, 6003, 6278}},
    {27, {5038, 5116, 5194, 5277, 5363, 5457, 5562, 5685, 5840, 6071}},
    {39, {5032, 5097, 5163, 5232, 5304, 5383, 5471, 5574, 5704, 5897}},
    {55, {5027, 5081, 5137, 5195, 5256, 5321, 5395, 5482, 5591, 5753}},
};

// VPs for a percentage of 50 or more.
int64_t WinnerVps(const Band& band, const Rational& percentage) {
  for (int k = 0; k < 10; ++k) {
    if (percentage <= Rational(band.limits[k], 100)) return 10 + k;
  }
  return 20;  // "More than" the 19-1 limit
}

}  // namespace

absl::StatusOr<VpResult> SabfMpSwissVp(const Rational& percentage, int boards,
                                       const MpSwissOptions& options) {
  if (boards < 1 || boards > 55) {
    return absl::InvalidArgumentError(absl::StrCat(
        "SABF TR 21.13 has matchpoint Swiss pairs VP scales for matches of 1 "
        "to 55 boards, not ",
        boards));
  }
  if (percentage < Rational(0) || percentage > Rational(100)) {
    return absl::InvalidArgumentError(
        absl::StrCat("a match percentage must be between 0 and 100, got ",
                     percentage.ToString(), " (SABF TR 21.13)"));
  }
  if (options.percentage_places.has_value() &&
      (*options.percentage_places < 0 || *options.percentage_places > 6)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a match percentage can be rounded to 0-6 decimal places, not ",
        *options.percentage_places));
  }
  const Band* band = &kBands[0];
  while (boards > band->max_boards) ++band;
  // The table gives the split by the higher of the two percentages; the
  // lower side gets the complement. Rounding the higher percentage (not
  // each side's) keeps an exact half from giving the match 21 VPs.
  const bool higher = percentage >= Rational(50);
  const Rational winner = higher ? percentage : Rational(100) - percentage;
  const Rational compared =
      options.percentage_places.has_value()
          ? Decimal::Round(winner, *options.percentage_places,
                           options.percentage_half)
                .ToRational()
          : winner;
  const Decimal w(WinnerVps(*band, compared), 0);
  const Decimal l(20 - w.units(), 0);
  return higher ? VpResult{w, l} : VpResult{l, w};
}

}  // namespace tally::core
