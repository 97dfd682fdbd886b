// The VP scale registry: a regulation profile names a scale by a string id
// (with the scale's options), and VpForMargin converts one match's margin
// under it. The scales themselves live one family per file:
//
//   id                          clause                            margin
//   wbf2013_continuous          SABF TR 21.1, 21.3-21.12 (WBF)    IMPs
//   wbf2013_discrete            WBF 2013 discrete scale           IMPs
//   abf_butler_sabf_21_2        SABF TR 21.2                      IMPs
//   abf_swiss_pairs_12_anc      ANC 2025 SR appendix              IMPs
//   itc_anc_10_10               ANC 2025 SR 10.10                 IMPs
//   ipc_anc_appendix            ANC 2025 SR appendix (IPC)        percentage
//   mp_swiss_pairs_sabf_21_13   SABF TR 21.13                     percentage
//
// Thread-safe: the registry is constant data; the functions are pure.

#ifndef TALLY_CORE_VP_VP_SCALE_H_
#define TALLY_CORE_VP_VP_SCALE_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/base/rational.h"
#include "core/vp/ipc_vp.h"
#include "core/vp/itc_vp.h"
#include "core/vp/mp_swiss_vp.h"
#include "core/vp/vp_result.h"

namespace tally::core {

inline constexpr absl::string_view kWbf2013Continuous = "wbf2013_continuous";
inline constexpr absl::string_view kWbf2013Discrete = "wbf2013_discrete";
inline constexpr absl::string_view kAbfButlerSabf212 = "abf_butler_sabf_21_2";
inline constexpr absl::string_view kAbfSwissPairs12Anc =
    "abf_swiss_pairs_12_anc";
inline constexpr absl::string_view kItcAnc1010 = "itc_anc_10_10";
inline constexpr absl::string_view kIpcAncAppendix = "ipc_anc_appendix";
inline constexpr absl::string_view kMpSwissPairsSabf2113 =
    "mp_swiss_pairs_sabf_21_13";

// What a scale converts.
enum class VpMarginKind {
  kImps,        // the side's signed net IMPs, a whole number
  kPercentage,  // the side's own match percentage, 0-100
};

// One registered scale, for listing (e.g. by the calculator) and checking.
struct VpScaleInfo {
  absl::string_view id;
  absl::string_view clause;  // where the regulations define it
  absl::string_view title;
  VpMarginKind margin_kind;
};

// The settings of the scales that have any; each scale reads only its own.
struct VpScaleOptions {
  ItcOptions itc;           // itc_anc_10_10
  IpcOptions ipc;           // ipc_anc_appendix
  MpSwissOptions mp_swiss;  // mp_swiss_pairs_sabf_21_13
};

// A scale as a regulation profile names it.
struct VpScaleSpec {
  std::string id;
  VpScaleOptions options;  // Default: every option at its documented default.
};

// Every registered scale, in the order of the table above.
absl::Span<const VpScaleInfo> AllVpScales();

// The scale registered as `id`; NotFound (listing the known ids) otherwise.
absl::StatusOr<VpScaleInfo> FindVpScale(absl::string_view id);

// Converts one match under `spec`: `margin` is the side's signed net IMPs
// for an IMP scale (it must be whole) or its own match percentage for a
// percentage scale; `boards` is the number of boards in the match. Returns
// the side's and its opponents' VPs. NotFound for an unknown id;
// InvalidArgument, naming the clause, for a margin or number of boards the
// scale does not cover.
absl::StatusOr<VpResult> VpForMargin(const VpScaleSpec& spec,
                                     const Rational& margin, int boards);

// The smallest IMP margin from which more IMPs change neither side's VPs
// under an IMP scale (e.g. 37 for wbf2013_continuous at 6 boards: "the
// minimum required for a 20-0 VP win", NSW TR 11.2(c)). NotFound for an
// unknown id; InvalidArgument for a percentage scale or boards the scale
// does not cover.
absl::StatusOr<int64_t> BlitzMargin(const VpScaleSpec& spec, int boards);

}  // namespace tally::core

#endif  // TALLY_CORE_VP_VP_SCALE_H_
