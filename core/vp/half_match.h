// Half matches in Swiss pairs events with an odd number of pairs, NSW TR
// 12.7: the VPs of a pair that sat out half of a match, from the IMP
// difference on the boards it played.
//
//   (a) matches of fewer than 12 boards: double the IMP difference and
//       convert it on the event's scale for the full match;
//   (b) matches of 12 boards or more: convert the IMP difference on a scale
//       for a match of the boards played, "or any such similar scale which
//       the director deems to be appropriate" (HalfMatchOptions).
//
// Thread-safe: pure functions.

#ifndef TALLY_CORE_VP_HALF_MATCH_H_
#define TALLY_CORE_VP_HALF_MATCH_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "core/vp/vp_result.h"
#include "core/vp/vp_scale.h"

namespace tally::core {

struct HalfMatchOptions {
  // NSW TR 12.7(b): the scale the director deems appropriate, applied at the
  // number of boards played. Default: nullopt, the event's own scale at the
  // number of boards played.
  std::optional<VpScaleSpec> reduced_scale;
};

// NSW TR 12.7. `event_scale` is the event's IMP scale, `imp_margin` the
// pair's signed IMP difference on the `boards_played` boards it played of a
// `match_boards`-board match. Returns the pair's and its opponents' VPs.
// InvalidArgument if the scale converts percentages, if boards_played is not
// between 1 and match_boards - 1, or if the scale has no version for the
// boards (the message then names NSW TR 12.7(b)'s "similar scale").
absl::StatusOr<VpResult> VpForHalfMatch(const VpScaleSpec& event_scale,
                                        int64_t imp_margin, int match_boards,
                                        int boards_played,
                                        const HalfMatchOptions& options = {});

}  // namespace tally::core

#endif  // TALLY_CORE_VP_HALF_MATCH_H_
