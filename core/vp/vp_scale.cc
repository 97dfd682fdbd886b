#include "core/vp/vp_scale.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/vp/abf_butler_vp.h"
#include "core/vp/wbf_vp.h"

namespace tally::core {
namespace {

using Convert = absl::StatusOr<VpResult> (*)(const VpScaleOptions&,
                                             const Rational& margin,
                                             int boards);

struct Entry {
  VpScaleInfo info;
  Convert convert;  // for an IMP scale, `margin` is already known to be whole
};

const Entry kEntries[] = {
    {{kWbf2013Continuous, "SABF TR 21.1, 21.3-21.12",
      "WBF 2013 continuous 20-VP scale, any number of boards",
      VpMarginKind::kImps},
     [](const VpScaleOptions&, const Rational& m, int boards) {
       return WbfContinuousVp(m.numerator(), boards);
     }},
    {{kWbf2013Discrete,
      "WBF 2013 discrete scale (not printed in the regulations)",
      "WBF 2013 discrete (whole-VP) 20-VP scale, any number of boards",
      VpMarginKind::kImps},
     [](const VpScaleOptions&, const Rational& m, int boards) {
       return WbfDiscreteVp(m.numerator(), boards);
     }},
    {{kAbfButlerSabf212, "SABF TR 21.2",
      "ABF Butler VP scales from 01/10/2019, 7-14 boards", VpMarginKind::kImps},
     [](const VpScaleOptions&, const Rational& m, int boards) {
       return AbfButlerVp(m.numerator(), boards);
     }},
    {{kAbfSwissPairs12Anc, "ANC 2025 SR appendix",
      "ABF VP scale for Swiss Pairs, 12 boards", VpMarginKind::kImps},
     [](const VpScaleOptions&, const Rational& m, int boards) {
       return AncSwissPairs12Vp(m.numerator(), boards);
     }},
    {{kItcAnc1010, "ANC 2025 SR 10.10",
      "Interstate Teams VP scale, 35 + IMPs, maximum win 67.5",
      VpMarginKind::kImps},
     [](const VpScaleOptions& o, const Rational& m, int) {
       return ItcVp(m.numerator(), o.itc);
     }},
    {{kIpcAncAppendix, "ANC 2025 SR appendix (Victory Point Scale for IPC)",
      "Interstate Pairs VP scale from the match percentage",
      VpMarginKind::kPercentage},
     [](const VpScaleOptions& o, const Rational& m, int) {
       return IpcVp(m, o.ipc);
     }},
    {{kMpSwissPairsSabf2113, "SABF TR 21.13",
      "Matchpoint Swiss pairs VP scales, whole VPs from the match percentage",
      VpMarginKind::kPercentage},
     [](const VpScaleOptions& o, const Rational& m, int boards) {
       return SabfMpSwissVp(m, boards, o.mp_swiss);
     }},
};

std::vector<VpScaleInfo> MakeInfos() {
  std::vector<VpScaleInfo> infos;
  for (const Entry& e : kEntries) infos.push_back(e.info);
  return infos;
}

absl::StatusOr<const Entry*> Find(absl::string_view id) {
  for (const Entry& e : kEntries) {
    if (e.info.id == id) return &e;
  }
  std::vector<absl::string_view> ids;
  for (const Entry& e : kEntries) ids.push_back(e.info.id);
  return absl::NotFoundError(absl::StrCat("no VP scale is called '", id,
                                          "'; the scales are ",
                                          absl::StrJoin(ids, ", ")));
}

// Every margin from here on is past every IMP scale's cap.
constexpr int64_t kHugeMargin = 1'000'000'000;
// BlitzMargin gives up past this margin (15 * sqrt(N) for N < 4.4e9 boards).
constexpr int64_t kBlitzSearchLimit = 1'000'000;

}  // namespace

absl::Span<const VpScaleInfo> AllVpScales() {
  static const std::vector<VpScaleInfo>* const kInfos =
      new std::vector<VpScaleInfo>(MakeInfos());
  return *kInfos;
}

absl::StatusOr<VpScaleInfo> FindVpScale(absl::string_view id) {
  TALLY_ASSIGN_OR_RETURN(const Entry* entry, Find(id));
  return entry->info;
}

absl::StatusOr<VpResult> VpForMargin(const VpScaleSpec& spec,
                                     const Rational& margin, int boards) {
  TALLY_ASSIGN_OR_RETURN(const Entry* entry, Find(spec.id));
  if (boards < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("a match has at least 1 board, got ", boards,
                     " (VP scale ", spec.id, ")"));
  }
  if (entry->info.margin_kind == VpMarginKind::kImps && !margin.is_integer()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the ", spec.id, " VP scale (", entry->info.clause,
        ") converts whole IMP margins; round the match's net IMPs first "
        "(got ",
        margin.ToString(), ")"));
  }
  return entry->convert(spec.options, margin, boards);
}

absl::StatusOr<int64_t> BlitzMargin(const VpScaleSpec& spec, int boards) {
  TALLY_ASSIGN_OR_RETURN(const Entry* entry, Find(spec.id));
  if (entry->info.margin_kind != VpMarginKind::kImps) {
    return absl::InvalidArgumentError(
        absl::StrCat("the ", spec.id, " VP scale (", entry->info.clause,
                     ") converts a percentage, so it has no blitz IMP margin"));
  }
  TALLY_ASSIGN_OR_RETURN(const VpResult limit,
                         VpForMargin(spec, Rational(kHugeMargin), boards));
  // Every IMP scale is monotone in the margin, so the first margin that
  // reaches the limit is the blitz.
  for (int64_t m = 0; m <= kBlitzSearchLimit; ++m) {
    TALLY_ASSIGN_OR_RETURN(const VpResult r,
                           VpForMargin(spec, Rational(m), boards));
    if (r == limit) return m;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("the ", spec.id, " VP scale reaches no blitz below ",
                   kBlitzSearchLimit, " IMPs for ", boards, " boards"));
}

}  // namespace tally::core
