#include "core/adjust/fouled_board.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/scoring/matchpoints.h"

namespace tally::core {
namespace {

absl::Status CheckPercent(const Rational& p, absl::string_view what) {
  if (p >= 0 && p <= 100) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      what, " must be between 0% and 100%, not ", p.ToString(), "%"));
}

}  // namespace

bool GuideGroupCanBeRanked(int group_size, int field_size) {
  // Fouled-board guide: "played more than 3 times OR by more than 1/3 of the
  // field".
  return group_size > 3 || 3 * group_size > field_size;
}

absl::StatusOr<std::vector<std::vector<TableAward>>> FactorFouledGroups(
    const std::vector<std::vector<int>>& groups, int field_size,
    HalfRounding half) {
  int scores = 0;
  for (const std::vector<int>& g : groups) {
    if (g.empty()) {
      return absl::InvalidArgumentError(
          "a group of a fouled board must hold at least one score");
    }
    scores += static_cast<int>(g.size());
  }
  if (field_size < scores || field_size < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the field (E) must count every score on the board: ", scores,
        " scores were given for a field of ", field_size));
  }
  for (const std::vector<int>& g : groups) {
    const int a = static_cast<int>(g.size());
    if (!GuideGroupCanBeRanked(a, field_size)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "a group played ", a, " times in a field of ", field_size,
          " cannot be ranked on its own: the Fouled-board guide needs more "
          "than 3 scores or more than 1/3 of the field; use its table for "
          "1, 2 or 3 fouled tables"));
    }
  }
  std::vector<std::vector<TableAward>> result;
  result.reserve(groups.size());
  for (const std::vector<int>& g : groups) {
    const int a = static_cast<int>(g.size());
    const std::vector<int> m = MatchpointNorthSouth(g);  // M, in the group
    const int group_top = MatchpointTop(a);
    std::vector<TableAward> awards;
    awards.reserve(g.size());
    for (int ns_m : m) {
      // Fouled-board guide: F = (M x E + E - A) / A, rounded to 1 decimal.
      const Rational ns = NeubergFactor(ns_m, a, field_size);
      const Rational ew = NeubergFactor(group_top - ns_m, a, field_size);
      awards.push_back({Decimal::Round(ns, 1, half).ToRational(),
                        Decimal::Round(ew, 1, half).ToRational()});
    }
    result.push_back(std::move(awards));
  }
  return result;
}

absl::StatusOr<std::vector<TableAward>> GuideFewFouledTablesPercent(
    const std::vector<int>& fouled_ns_scores) {
  const int n = static_cast<int>(fouled_ns_scores.size());
  if (n < 1 || n > 3) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the Fouled-board guide's table covers 1, 2 or 3 fouled tables, not ",
        n));
  }
  // Fouled-board guide: 1: 50%; 2: 55% 45%; 3: 60% 50% 40%.
  static constexpr int kPlaces[4][3] = {
      {0, 0, 0}, {50, 0, 0}, {55, 45, 0}, {60, 50, 40}};
  std::vector<TableAward> awards;
  awards.reserve(n);
  for (int score : fouled_ns_scores) {
    int above = 0;
    int tied = 0;  // including itself
    for (int other : fouled_ns_scores) {
      if (other > score) ++above;
      if (other == score) ++tied;
    }
    // "Tie pairs share the difference": the mean of the places they fill.
    int sum = 0;
    for (int place = above; place < above + tied; ++place) {
      sum += kPlaces[n][place];
    }
    const Rational ns(sum, tied);
    awards.push_back({ns, Rational(100) - ns});
  }
  return awards;
}

absl::StatusOr<Rational> GuideFouledSidePercent(
    const Rational& table_percent, FouledBoardFault fault,
    const Rational& session_percent) {
  TALLY_RETURN_IF_ERROR(CheckPercent(table_percent, "the table's percentage"));
  switch (fault) {
    case FouledBoardFault::kNotAtFault: {
      TALLY_RETURN_IF_ERROR(CheckPercent(session_percent, "a session average"));
      // Fouled-board guide B: an indemnity of 10%, and Law 88 if the
      // session score is greater.
      return std::max(table_percent + 10, session_percent);
    }
    case FouledBoardFault::kPartlyAtFault:
      return table_percent;  // Fouled-board guide C: no increase.
    case FouledBoardFault::kResponsible:
      return table_percent - 10;  // Fouled-board guide D: penalty of 10%.
  }
  return table_percent;
}

namespace {

constexpr absl::string_view kMatchPlay = "Fouled-board guide (Match Play)";
constexpr int kMaxBoardImps = 24;  // the IMP scale's top

}  // namespace

absl::StatusOr<GuideMatchPlayTreatment> GuideMatchPlayTreatmentById(
    absl::string_view id) {
  if (id == "play_proceeds") return GuideMatchPlayTreatment::kPlayProceeds;
  if (id == "adjusted") return GuideMatchPlayTreatment::kAdjusted;
  if (id == "redealt") return GuideMatchPlayTreatment::kRedealt;
  if (id == "redealt_both_at_fault") {
    return GuideMatchPlayTreatment::kRedealtBothAtFault;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      kMatchPlay, " does not allow the treatment '", id,
      "'; it allows play_proceeds (the board corrected, 3 IMPs fine, 6 if "
      "cards were exchanged between partners), adjusted ((a): more than 3 "
      "IMPs to the non-offending side), redealt ((b): 3 IMPs fine) and "
      "redealt_both_at_fault ((c): no fine)"));
}

absl::StatusOr<GuideMatchPlayOutcome> GuideMatchPlay(
    const GuideMatchPlayChoice& choice) {
  GuideMatchPlayOutcome out;
  const bool corrected =
      choice.treatment == GuideMatchPlayTreatment::kPlayProceeds;
  const bool both =
      choice.treatment == GuideMatchPlayTreatment::kRedealtBothAtFault;
  switch (choice.treatment) {
    case GuideMatchPlayTreatment::kPlayProceeds:
      out.clause = absl::StrCat(kMatchPlay, ", a corrected board");
      out.what = "the board corrected and play proceeds";
      break;
    case GuideMatchPlayTreatment::kAdjusted:
      out.clause = absl::StrCat(kMatchPlay, " (a)");
      out.what =
          "an adjusted score to the non-offending side, no fine, no redeal";
      break;
    case GuideMatchPlayTreatment::kRedealt:
      out.clause = absl::StrCat(kMatchPlay, " (b)");
      out.what = "the board redealt and the offending side fined";
      break;
    case GuideMatchPlayTreatment::kRedealtBothAtFault:
      out.clause = absl::StrCat(kMatchPlay, " (c)");
      out.what = "both sides at fault: the board redealt, no fine";
      break;
  }
  if (both && choice.offender_named) {
    return absl::InvalidArgumentError(absl::StrCat(
        out.clause,
        ": both sides were at fault, so no team is named as offending and "
        "there is no fine"));
  }
  if (!both && !choice.offender_named) {
    return absl::InvalidArgumentError(absl::StrCat(
        out.clause, ": name the team responsible for the fouling"));
  }
  if (choice.cards_exchanged && !corrected) {
    return absl::InvalidArgumentError(absl::StrCat(
        out.clause,
        ": the 6 IMPs fine for cards exchanged between partners is the "
        "corrected board's (play_proceeds)"));
  }
  if (choice.treatment == GuideMatchPlayTreatment::kAdjusted) {
    if (choice.adjusted_imps <= 3 || choice.adjusted_imps > kMaxBoardImps) {
      return absl::InvalidArgumentError(absl::StrCat(
          out.clause,
          ": the adjusted score is \"greater than 3 IMPs\" (and at "
          "most ",
          kMaxBoardImps, "), not ", choice.adjusted_imps,
          "; for 3 IMPs or less rule an artificial score"));
    }
    out.non_offenders_imps = choice.adjusted_imps;
    out.working = absl::StrCat(
        "the board: +", choice.adjusted_imps,
        " IMPs to the non-offending team, -", choice.adjusted_imps,
        " to the offending team, in place of both rooms' results; no fine");
    return out;
  }
  if (choice.adjusted_imps != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        out.clause, ": IMPs are awarded only as (a)'s adjusted score"));
  }
  out.redeal = !corrected;
  if (both) {
    out.working =
        "the board's results at both tables replaced by the redealt board's; "
        "no fine";
    return out;
  }
  out.fine_imps = choice.cards_exchanged ? 6 : 3;
  out.working = absl::StrCat(
      corrected ? "the board scored as played; "
                : "the board's results at both tables replaced by the "
                  "redealt board's; ",
      "the offending team fined ", out.fine_imps, " IMPs",
      choice.cards_exchanged ? " (cards exchanged between partners)" : "",
      ", off its IMPs in the match before they are converted");
  return out;
}

}  // namespace tally::core
