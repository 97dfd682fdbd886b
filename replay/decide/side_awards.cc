#include "replay/decide/side_awards.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "core/profile/profile.h"

namespace tally::replay {
namespace {

absl::Status CheckSide(const v1::SideAward& award, const char* side) {
  switch (award.award_case()) {
    case v1::SideAward::kPercent: {
      const v1::Fraction& p = award.percent();
      if (p.denominator() > kMaxSidePercentDenominator) {
        return absl::InvalidArgumentError(absl::StrCat(
            side,
            "'s percentage is a whole number or a simpler fraction "
            "(denominator at most ",
            kMaxSidePercentDenominator, "), not ", p.numerator(), "/",
            p.denominator()));
      }
      // The denominator is at most 100 here, so 100 x it cannot overflow.
      if (p.denominator() <= 0 || p.numerator() < 0 ||
          p.numerator() > 100 * p.denominator()) {
        return absl::InvalidArgumentError(absl::StrCat(
            side,
            "'s percentage of the board's top is from 0 to 100 (Law "
            "12C2)"));
      }
      return absl::OkStatus();
    }
    case v1::SideAward::kNsScore:
      if (award.ns_score() % 10 != 0 ||
          std::abs(award.ns_score()) > kMaxSideScore) {
        return absl::InvalidArgumentError(absl::StrCat(
            side, "'s score ", award.ns_score(),
            " is not a bridge score (Law 77: a multiple of 10, at most ",
            kMaxSideScore, " either way)"));
      }
      return absl::OkStatus();
    case v1::SideAward::AWARD_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "give ", side, " a percentage of the top or a score (Law 12C2)"));
}

}  // namespace

absl::Status CheckSideAwards(const v1::SideAwardsAdjustedScore& awards) {
  if (absl::Status s = CheckSide(awards.ns(), "North-South"); !s.ok()) {
    return s;
  }
  if (absl::Status s = CheckSide(awards.ew(), "East-West"); !s.ok()) return s;
  if (awards.ns().has_ns_score() && awards.ew().has_ns_score()) {
    return absl::InvalidArgumentError(
        "a score to each side is a split score (Law 12C1(b)): give at least "
        "one side a percentage, or assign each side its result with --split");
  }
  return absl::OkStatus();
}

absl::Status CheckSideAwardsScoredIn(const CompetitionState& c,
                                     const v1::AdjustedScore& score) {
  if (!score.has_per_side()) return absl::OkStatus();
  if (c.PlaysMatches() ||
      c.profile.scoring != core::ScoringMethod::kMatchpoints) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", c.id, "' is scored in ",
        c.PlaysMatches() ? "matches" : core::ScoringMethodId(c.profile.scoring),
        ": a percentage or score for each side (Law 12C2) is scored in a "
        "matchpoint pairs session; give --artificial=ns:AWARD,ew:AWARD "
        "(the profile's average plus, average, average minus)"));
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
