// VpResult: the victory points both sides of one match receive. Every VP
// scale in core/vp/ answers with one, as exact Decimals at the places the
// scale publishes (2 for the WBF and ABF scales, 1 for the ITC scale, 0 for
// whole-VP scales).
//
// Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_VP_VP_RESULT_H_
#define TALLY_CORE_VP_VP_RESULT_H_

#include <cstdint>
#include <limits>
#include <ostream>

#include "core/base/decimal.h"

namespace tally::core {

struct VpResult {
  Decimal vps;           // The side whose margin or percentage was given.
  Decimal opponent_vps;  // Its opponents in that match.

  friend bool operator==(const VpResult& a, const VpResult& b) {
    return a.vps == b.vps && a.opponent_vps == b.opponent_vps;
  }
};

// "12.61 - 7.39".
inline std::ostream& operator<<(std::ostream& os, const VpResult& r) {
  return os << r.vps << " - " << r.opponent_vps;
}

// |margin|, for the IMP scales' look-ups (every scale is symmetric);
// INT64_MIN maps to INT64_MAX, which every scale caps like any huge margin.
inline int64_t MarginMagnitude(int64_t margin) {
  if (margin >= 0) return margin;
  if (margin == std::numeric_limits<int64_t>::min()) {
    return std::numeric_limits<int64_t>::max();
  }
  return -margin;
}

}  // namespace tally::core

#endif  // TALLY_CORE_VP_VP_RESULT_H_
