#include "server/cli/side_awards_text.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/rational.h"
#include "server/cli/result_text.h"

namespace tally::cli {
namespace {

constexpr char kUsage[] =
    "--per-side is ns:AWARD,ew:AWARD with AWARD a percentage of the top "
    "(60%, 62.5%) or a score naming its side (NS+630, EW-630), e.g. "
    "ns:60%,ew:NS+630";

absl::StatusOr<v1::SideAward> AwardOf(absl::string_view text) {
  const std::string t = absl::AsciiStrToUpper(absl::StripAsciiWhitespace(text));
  v1::SideAward out;
  if (absl::EndsWith(t, "%")) {
    absl::StatusOr<core::Rational> p =
        core::Rational::Parse(t.substr(0, t.size() - 1));
    if (!p.ok()) return absl::InvalidArgumentError(kUsage);
    out.mutable_percent()->set_numerator(p->numerator());
    out.mutable_percent()->set_denominator(p->denominator());
    return out;
  }
  int score = 0;
  const bool ns = absl::StartsWith(t, "NS");
  if ((!ns && !absl::StartsWith(t, "EW")) || t.size() < 4 ||
      (t[2] != '+' && t[2] != '-') || !absl::SimpleAtoi(t.substr(2), &score)) {
    return absl::InvalidArgumentError(kUsage);
  }
  out.set_ns_score(ns ? score : -score);
  return out;
}

std::string AwardText(const v1::SideAward& a) {
  if (a.has_percent()) {
    v1::Fraction p = a.percent();
    return absl::StrCat(ExactText(p), "%");
  }
  if (a.has_ns_score()) {
    return absl::StrCat("on NS ", a.ns_score() > 0 ? "+" : "", a.ns_score());
  }
  return "?";
}

}  // namespace

absl::StatusOr<v1::SideAwardsAdjustedScore> ParseSideAwards(
    const std::string& text) {
  v1::SideAwardsAdjustedScore out;
  std::vector<std::string> parts = absl::StrSplit(text, ',');
  if (parts.size() != 2) return absl::InvalidArgumentError(kUsage);
  for (const std::string& part : parts) {
    std::vector<std::string> kv = absl::StrSplit(part, absl::MaxSplits(':', 1));
    if (kv.size() != 2) return absl::InvalidArgumentError(kUsage);
    const std::string side =
        absl::AsciiStrToLower(absl::StripAsciiWhitespace(kv[0]));
    absl::StatusOr<v1::SideAward> award = AwardOf(kv[1]);
    if (!award.ok()) return award.status();
    if (side == "ns" && !out.has_ns()) {
      *out.mutable_ns() = *award;
    } else if (side == "ew" && !out.has_ew()) {
      *out.mutable_ew() = *award;
    } else {
      return absl::InvalidArgumentError(kUsage);
    }
  }
  return out;
}

std::string SideAwardsText(const v1::SideAwardsAdjustedScore& awards) {
  return absl::StrCat("NS ", AwardText(awards.ns()), ", EW ",
                      AwardText(awards.ew()));
}

}  // namespace tally::cli
