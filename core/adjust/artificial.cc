#include "core/adjust/artificial.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

bool IsPercent(const Rational& p) { return p >= 0 && p <= 100; }

absl::Status CheckPercent(const Rational& p, absl::string_view what) {
  if (IsPercent(p)) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      what, " must be between 0% and 100%, not ", p.ToString(), "%"));
}

}  // namespace

absl::StatusOr<ArtificialImpsRule> TeamsArtificialImpsRule(
    int boards_in_match) {
  if (boards_in_match < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a teams match has at least one board, not ", boards_in_match));
  }
  // NZ LIRG Law 86A; NSW TR 7.2: matches of fewer than 11 boards, +-2 IMPs;
  // longer matches +-3 IMPs.
  return ArtificialImpsRule{.average_plus_imps = boards_in_match < 11 ? 2 : 3};
}

ArtificialImpsRule ButlerArtificialImpsRule() {
  // NSW TR 7.2; ANC SR 7.3.
  return ArtificialImpsRule{.average_plus_imps = 2};
}

ArtificialImpsRule GuideArtificialImpsRule() {
  // Fouled-board guide: "Either 3 IMPs or their average IMPs per board for
  // the session whichever is the highest"; average minus "3 IMPs conceded".
  return ArtificialImpsRule{.average_plus_imps = 3,
                            .session_average_if_higher = true};
}

absl::StatusOr<Rational> ArtificialImps(
    Artificial award, const ArtificialImpsRule& rule,
    std::optional<Rational> session_average_imps) {
  if (rule.average_plus_imps < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("average plus must be a positive number of IMPs, not ",
                     rule.average_plus_imps));
  }
  switch (award) {
    case Artificial::kAverage:
      return Rational(0);  // Fouled-board guide: "zero IMPs to each side".
    case Artificial::kAverageMinus:
      return Rational(-rule.average_plus_imps);
    case Artificial::kAveragePlus:
      break;
  }
  Rational imps = rule.average_plus_imps;
  if (rule.session_average_if_higher) {
    if (!session_average_imps.has_value()) {
      return absl::InvalidArgumentError(
          "average plus here is the higher of the fixed IMPs and the side's "
          "average IMPs per board for the session (Fouled-board guide); give "
          "the session average");
    }
    imps = std::max(imps, *session_average_imps);
  }
  return imps;
}

ArtificialMatchpointRule GuideArtificialMatchpointRule() {
  // Fouled-board guide; SABF TR 11.9: "60% ... or their average score for the
  // session, whichever is the greater".
  return ArtificialMatchpointRule{.session_average_if_higher = true};
}

absl::StatusOr<Rational> ArtificialPercent(
    Artificial award, const ArtificialMatchpointRule& rule,
    std::optional<Rational> session_percent) {
  TALLY_RETURN_IF_ERROR(
      CheckPercent(rule.average_plus_percent, "average plus"));
  TALLY_RETURN_IF_ERROR(
      CheckPercent(rule.average_minus_percent, "average minus"));
  switch (award) {
    case Artificial::kAverage:
      return Rational(50);  // "half the available score for the board"
    case Artificial::kAverageMinus:
      return rule.average_minus_percent;
    case Artificial::kAveragePlus:
      break;
  }
  Rational percent = rule.average_plus_percent;
  if (rule.session_average_if_higher) {
    if (!session_percent.has_value()) {
      return absl::InvalidArgumentError(
          "average plus here is 60% or the side's average for the session, "
          "whichever is greater (Fouled-board guide; SABF TR 11.9); give the "
          "session percentage");
    }
    TALLY_RETURN_IF_ERROR(CheckPercent(*session_percent, "a session average"));
    percent = std::max(percent, *session_percent);
  }
  return percent;
}

absl::StatusOr<Rational> ArtificialMatchpoints(
    Artificial award, int top, const ArtificialMatchpointRule& rule,
    std::optional<Rational> session_percent) {
  if (top < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("a board's matchpoint top cannot be negative: ", top));
  }
  TALLY_ASSIGN_OR_RETURN(Rational percent,
                         ArtificialPercent(award, rule, session_percent));
  return MatchpointsForPercent(percent, top);
}

Rational MatchpointsForPercent(const Rational& percent, int top) {
  return percent * Rational(top) / Rational(100);
}

absl::StatusOr<Rational> TotalPointsAtPercent(
    PairSide side, const Rational& percent, const std::vector<int>& ns_scores) {
  if (ns_scores.empty()) {
    return absl::InvalidArgumentError(
        "a total-points artificial score needs the scores obtained on the "
        "deal; none were given");
  }
  TALLY_RETURN_IF_ERROR(CheckPercent(percent, "the percentage"));
  std::vector<int64_t> own;
  own.reserve(ns_scores.size());
  for (int s : ns_scores) {
    own.push_back(side == PairSide::kNorthSouth ? s : -int64_t{s});
  }
  std::sort(own.begin(), own.end());
  const Rational h =
      Rational(static_cast<int64_t>(own.size()) - 1) * percent / 100;
  const int64_t lo = h.Floor();
  const int64_t hi = h.Ceil();
  const Rational fraction = h - Rational(lo);
  return Rational(own[lo]) + fraction * Rational(own[hi] - own[lo]);
}

absl::StatusOr<Rational> ArtificialTotalPoints(
    Artificial award, PairSide side, const std::vector<int>& ns_scores) {
  // Fouled-board guide, total points: the median (50%); at least 60%; at
  // most 40%.
  Rational percent = 50;
  if (award == Artificial::kAveragePlus) percent = 60;
  if (award == Artificial::kAverageMinus) percent = 40;
  return TotalPointsAtPercent(side, percent, ns_scores);
}

}  // namespace tally::core
