#include "core/vp/half_match.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

// Far beyond any real IMP difference; keeps the doubling exact.
constexpr int64_t kMaxMargin = 1'000'000'000;

absl::Status CheckImpScale(const VpScaleSpec& scale) {
  TALLY_ASSIGN_OR_RETURN(const VpScaleInfo info, FindVpScale(scale.id));
  if (info.margin_kind != VpMarginKind::kImps) {
    return absl::InvalidArgumentError(absl::StrCat(
        "NSW TR 12.7 converts the IMP difference of a half match; the ",
        scale.id, " VP scale converts a percentage"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<VpResult> VpForHalfMatch(const VpScaleSpec& event_scale,
                                        int64_t imp_margin, int match_boards,
                                        int boards_played,
                                        const HalfMatchOptions& options) {
  TALLY_RETURN_IF_ERROR(CheckImpScale(event_scale));
  if (boards_played < 1 || boards_played >= match_boards) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a half match plays part of the match: ", boards_played,
        " boards played of a ", match_boards, "-board match (NSW TR 12.7)"));
  }
  if (imp_margin > kMaxMargin || imp_margin < -kMaxMargin) {
    return absl::InvalidArgumentError(absl::StrCat(
        "an IMP difference of ", imp_margin, " is not a bridge result"));
  }
  if (match_boards < 12) {
    // NSW TR 12.7(a): double the IMP difference, the event's scale.
    return VpForMargin(event_scale, Rational(imp_margin) * Rational(2),
                       match_boards);
  }
  // NSW TR 12.7(b): a scale for the boards played.
  const VpScaleSpec& scale =
      options.reduced_scale.has_value() ? *options.reduced_scale : event_scale;
  TALLY_RETURN_IF_ERROR(CheckImpScale(scale));
  absl::StatusOr<VpResult> result =
      VpForMargin(scale, Rational(imp_margin), boards_played);
  if (!result.ok() &&
      result.status().code() == absl::StatusCode::kInvalidArgument) {
    return absl::InvalidArgumentError(
        absl::StrCat(result.status().message(),
                     "; under NSW TR 12.7(b) the director may "
                     "choose a similar scale for the ",
                     boards_played, " boards played"));
  }
  return result;
}

}  // namespace tally::core
