#include "replay/butler/fouled_imps_board.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/adjust/fouled_board.h"
#include "core/adjust/fouled_board_anc.h"
#include "core/adjust/fouled_board_nsw.h"
#include "core/base/status_macros.h"

namespace tally::replay {
namespace {

// The results of one form of the board, in input order.
struct Form {
  std::vector<int> scores;
  std::vector<core::TableScore> entries;  // as the form's datum takes them
  std::vector<size_t> lines;              // index in the input's results
};

core::Rational MeanNorthSouth(const std::vector<core::TableAward>& awards) {
  if (awards.empty()) return core::Rational(0);
  core::Rational sum = 0;
  for (const core::TableAward& a : awards) sum += a.north_south;
  return sum / core::Rational(static_cast<int64_t>(awards.size()));
}

}  // namespace

absl::StatusOr<core::DatumResult> FouledFormDatum(
    const core::DatumRule& rule, const std::vector<core::TableScore>& entries,
    int tables_in_play, int match) {
  if (entries.empty()) {
    return absl::FailedPreconditionError("no result of this form is in yet");
  }
  core::DatumInput input;
  input.tables_in_play = tables_in_play;
  input.match = match;
  input.scores = entries;
  return core::ComputeDatum(rule, input);
}

std::optional<FouledImpsRule> FouledImpsRuleFor(
    absl::string_view rule_id, absl::string_view treatment,
    const core::DatumRule& event_rule) {
  FouledImpsRule out;
  out.form_rule = event_rule;
  if (rule_id == "nsw_tr_7_1_1" && treatment == "separate_datum") {
    out.kind = FouledImpsKind::kNswSeparateDatum;  // the event's rule
  } else if (rule_id == "nsw_tr_7_1_1" && treatment == "two_imps") {
    out.kind = FouledImpsKind::kNswTwoImps;
  } else if ((rule_id == "anc_sr_7_2" || rule_id == "sabf_tr_12_3") &&
             treatment == "separate_datums") {
    out.kind = FouledImpsKind::kSeparateDatums;
    // ANC SR 7.2(a); SABF TR 12.3: the extremes each form drops.
    out.form_rule = core::DatumRuleForMethod(
        rule_id == "anc_sr_7_2" ? core::DatumMethod::kAncSr7_2a
                                : core::DatumMethod::kSabfTr12_3);
    out.form_rule.rounding_step = event_rule.rounding_step;
    out.form_rule.half = event_rule.half;
    out.form_rule.pending_appeals = event_rule.pending_appeals;  // NSW TR 13
  } else if ((rule_id == "anc_sr_7_2" || rule_id == "sabf_tr_12_3") &&
             treatment == "two_imps") {
    out.kind = FouledImpsKind::kTwoImps;
  } else {
    return std::nullopt;
  }
  return out;
}

absl::StatusOr<FouledImpsBoard> ScoreFouledImps(const FouledImpsRule& rule,
                                                const FouledImpsInput& input) {
  const bool separate = rule.Separate();
  Form true_form;
  Form fouled_form;
  for (size_t i = 0; i < input.results.size(); ++i) {
    const FouledImpsResult& r = input.results[i];
    Form& form = r.fouled ? fouled_form : true_form;
    form.scores.push_back(r.score.ns_score);
    core::TableScore entry = r.score;
    // A separate form is a deal of its own: its tables rank 1, 2, ... in
    // table order, so a rule taking the top tables takes the form's. The
    // true form under two_imps keeps its place in the whole field.
    if (separate) entry.table = static_cast<int>(form.entries.size()) + 1;
    form.entries.push_back(entry);
    form.lines.push_back(i);
  }
  const int true_expected = input.tables_in_play - input.fouled_tables;

  // The true form's datum: over its own tables. Under two_imps the fouled
  // tables are artificial scores, n staying the tables in play.
  absl::StatusOr<core::DatumResult> true_datum = FouledFormDatum(
      rule.form_rule, true_form.entries,
      separate ? true_expected : input.tables_in_play, input.match);
  if (!true_datum.ok()) {
    return absl::Status(true_datum.status().code(),
                        absl::StrCat("no datum for the true form: ",
                                     true_datum.status().message()));
  }
  std::optional<core::DatumResult> fouled_datum;
  if (separate) {
    absl::StatusOr<core::DatumResult> d = FouledFormDatum(
        rule.form_rule, fouled_form.entries, input.fouled_tables, input.match);
    if (!d.ok()) {
      return absl::Status(
          d.status().code(),
          absl::StrCat("no datum for the fouled form: ", d.status().message()));
    }
    fouled_datum = *std::move(d);
  }
  const int true_points = static_cast<int>(true_datum->datum);
  const std::optional<int> fouled_points =
      separate ? std::optional<int>(static_cast<int>(fouled_datum->datum))
               : std::nullopt;
  FouledImpsBoard out;
  core::FouledBoardAwards awards;
  if (rule.kind == FouledImpsKind::kNswSeparateDatum ||
      rule.kind == FouledImpsKind::kNswTwoImps) {
    TALLY_ASSIGN_OR_RETURN(
        core::NswButlerFouledResult r,
        core::NswFouledButlerBoard(
            true_form.scores, true_points, fouled_form.scores, fouled_points,
            rule.kind == FouledImpsKind::kNswSeparateDatum
                ? core::NswButlerFouledTreatment::kSeparateDatum
                : core::NswButlerFouledTreatment::kTwoImpsToFouled));
    awards = std::move(r.awards);
    out.adjustment = r.fouled_group_adjustment;
  } else {
    TALLY_ASSIGN_OR_RETURN(
        awards,
        core::AncFouledButlerBoard(
            true_form.scores, true_points, fouled_form.scores, fouled_points,
            rule.kind == FouledImpsKind::kSeparateDatums
                ? core::AncButlerFouledTreatment::kSeparateDatums
                : core::AncButlerFouledTreatment::kTwoImpsToFouled));
  }
  out.true_mean_imps = MeanNorthSouth(awards.true_group);
  out.fouled_mean_imps =
      MeanNorthSouth(awards.fouled_group) - core::Rational(out.adjustment);
  out.lines.resize(input.results.size());
  auto set = [&](const Form& form, const std::vector<core::TableAward>& a,
                 const core::DatumResult* datum) {
    for (size_t i = 0; i < form.lines.size(); ++i) {
      FouledImpsLine& line = out.lines[form.lines[i]];
      line.ns_imps = static_cast<int>(
          a[i].north_south.RoundToInteger(core::HalfRounding::kAwayFromZero));
      line.ew_imps = static_cast<int>(
          a[i].east_west.RoundToInteger(core::HalfRounding::kAwayFromZero));
      if (datum != nullptr) line.role = datum->roles[i];
    }
  };
  set(true_form, awards.true_group, &*true_datum);
  set(fouled_form, awards.fouled_group, separate ? &*fouled_datum : nullptr);
  out.true_datum = *std::move(true_datum);
  out.fouled_datum = std::move(fouled_datum);
  return out;
}

}  // namespace tally::replay
