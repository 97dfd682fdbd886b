// The ABF Butler / Swiss pairs IMP-to-VP scales, as the data tables the
// regulations print:
//
// * SABF TR 21.2 "ABF Butler VP scales from 01/10/2019", for matches of 7, 8,
//   9, 10, 12 and 14 boards (the "ABF Swiss Pairs VP scale" of ANC SR 16.10
//   and 22.2 appears to be the same family; a profile names the board count);
// * ANC 2025 SR appendix "ABF VP Scale for Swiss Pairs - 12 boards", printed
//   with both sides' VPs. Its numbers equal SABF TR 21.2's 12-board column.
//
// Both print the winner's VPs to 2 decimals for each whole-IMP margin up to
// the first that earns 20.00 ("39 +" in the ANC table); larger margins earn
// 20.00 too, and the loser gets 20 minus the winner's VPs, as the ANC table
// prints.
//
// Thread-safe: pure functions over constant data.

#ifndef TALLY_CORE_VP_ABF_BUTLER_VP_H_
#define TALLY_CORE_VP_ABF_BUTLER_VP_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "core/vp/vp_result.h"

namespace tally::core {

// SABF TR 21.2. `imp_margin` is the side's signed net IMPs. Returns VPs to 2
// decimals totalling 20.00; InvalidArgument (naming the clause) unless
// boards is 7, 8, 9, 10, 12 or 14.
absl::StatusOr<VpResult> AbfButlerVp(int64_t imp_margin, int boards);

// ANC 2025 SR appendix, ABF VP scale for Swiss Pairs, 12 boards. Returns VPs
// to 2 decimals totalling 20.00; InvalidArgument unless boards is 12.
absl::StatusOr<VpResult> AncSwissPairs12Vp(int64_t imp_margin, int boards);

}  // namespace tally::core

#endif  // TALLY_CORE_VP_ABF_BUTLER_VP_H_
