#include "core/scoring/imps.h"

#include <array>
#include <cstdint>

namespace tally::core {
namespace {

// WBF IMP scale: the lowest difference that earns 1, 2, ..., 24 IMPs.
constexpr std::array<int64_t, kMaxImps> kBandStarts = {
    20,  50,  90,   130,  170,  220,  270,  320,  370,  430,  500,  600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000};

}  // namespace

int ImpsForDifference(int points_difference) {
  // Widened so that the magnitude of INT_MIN is representable.
  const int64_t diff = points_difference;
  const int64_t magnitude = diff < 0 ? -diff : diff;
  int imps = 0;
  while (imps < kMaxImps && magnitude >= kBandStarts[imps]) ++imps;
  return diff < 0 ? -imps : imps;
}

}  // namespace tally::core
