#include "core/forfeit/forfeit_rules.h"

#include "absl/strings/str_cat.h"

namespace tally::core {

ByeScore ItcByeScore() {
  // ANC SR 10.11.
  return ByeScore{Rational(35), Rational(0)};
}

ForfeitRule ItcForfeitRule() {
  ForfeitRule r;
  r.clause = "ANC SR 10.12";
  r.base = Rational(113, 2);  // 56.5 VPs
  r.measure = OffendersOpponentsMeasure::kComplementOfOffendersMean;
  r.complement_total = 70;  // ANC SR 10.10: a drawn match is 35-35
  r.offender = OffenderScoring::kFixed;
  r.offender_score = 0;
  return r;
}

absl::StatusOr<ImpEquivalent> ItcForfeitImps(const Rational& non_offender_vps) {
  const Rational& v = non_offender_vps;
  if (v < Rational(35) || v > Rational(135, 2)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ANC SR 10.12: ", v.ToString(),
        " VPs is not a non-offenders' score on the ITC scale (35 to 67.5)"));
  }
  // ANC SR 10.10 inverted: VPs = 35 + IMPs for margins up to 30 (65 VPs),
  // VPs = 65 + (IMPs - 30) / 10 above.
  const Rational imps = v <= Rational(65)
                            ? v - Rational(35)
                            : Rational(30) + Rational(10) * (v - Rational(65));
  return ImpEquivalent{imps, -imps};
}

ForfeitRule SabfForfeitRule(const Rational& vps_for_12_imps) {
  ForfeitRule r;
  r.clause = "SABF TR 13.9";
  r.base = vps_for_12_imps;
  r.measure = OffendersOpponentsMeasure::kMeanOfOpponentsScores;
  r.offender = OffenderScoring::kFixed;
  r.offender_score = 0;
  return r;
}

ForfeitRule NswForfeitRule(const Rational& base_vps) {
  ForfeitRule r;
  r.clause = "NSW TR 12.9.2";
  r.base = base_vps;
  r.measure = OffendersOpponentsMeasure::kMeanOfOpponentsScores;
  r.offender = OffenderScoring::kFixed;
  r.offender_score = 0;
  return r;
}

ForfeitRule NswForfeitRuleForUnscaledEvents(const Rational& base) {
  ForfeitRule r = NswForfeitRule(base);
  r.clause = "NSW TR 12.9.5";
  r.offender = OffenderScoring::kNegativeOfAward;
  return r;
}

absl::StatusOr<std::vector<int>> NswDrawAdjustmentRounds(int rounds,
                                                         ShareOfMatches share) {
  if (rounds < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "NSW TR 12.9.3: an event needs at least one round, not ", rounds));
  }
  std::vector<int> after;
  // 50% and 75% of the matches.
  for (const Rational fraction : {Rational(1, 2), Rational(3, 4)}) {
    const Rational played = fraction * Rational(rounds);
    const int round = static_cast<int>(
        share == ShareOfMatches::kAtLeast ? played.Ceil() : played.Floor());
    if (round < 1 || round >= rounds) continue;
    if (!after.empty() && after.back() == round) continue;
    after.push_back(round);
  }
  return after;
}

}  // namespace tally::core
