#include "core/draw/draw.h"

#include <array>

namespace tally::core {

std::array<ShareLeg, 3> ShareMatchLegs(const ShareMatch& share) {
  // SABF TR 14.1.
  return {ShareLeg{1, share.a, share.b}, ShareLeg{2, share.c, share.a},
          ShareLeg{3, share.b, share.c}};
}

}  // namespace tally::core
