#include "server/cli/ruling_text.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/rational.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/fouled_ruling.h"
#include "replay/state/rulings.h"
#include "server/cli/result_text.h"
#include "server/cli/side_awards_text.h"

namespace tally::cli {
namespace {

absl::StatusOr<v1::TableResult> ResultOf(absl::string_view text) {
  std::vector<std::string> words =
      absl::StrSplit(text, ' ', absl::SkipWhitespace());
  return ParseResult(words);
}

// "30%", "0.3" or "3/10".
absl::StatusOr<v1::Fraction> WeightOf(absl::string_view text) {
  std::string t(absl::StripAsciiWhitespace(text));
  absl::StatusOr<core::Rational> value;
  if (!t.empty() && t.back() == '%') {
    absl::StatusOr<core::Rational> percent =
        core::Rational::Parse(t.substr(0, t.size() - 1));
    if (percent.ok()) value = *percent / core::Rational(100);
  } else if (size_t slash = t.find('/'); slash != std::string::npos) {
    int64_t n = 0, d = 0;
    if (absl::SimpleAtoi(t.substr(0, slash), &n) &&
        absl::SimpleAtoi(t.substr(slash + 1), &d) && d > 0) {
      value = core::Rational(n, d);
    }
  } else {
    value = core::Rational::Parse(t);
  }
  if (!value.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' is not a weight such as 30%, 0.3 or 3/10"));
  }
  v1::Fraction f;
  f.set_numerator(value->numerator());
  f.set_denominator(value->denominator());
  return f;
}

absl::StatusOr<v1::ArtificialAward> AwardOf(absl::string_view text) {
  const std::string t = absl::AsciiStrToLower(absl::StripAsciiWhitespace(text));
  if (t == "avg+" || t == "average-plus") return v1::ARTIFICIAL_AWARD_AVERAGE_PLUS;
  if (t == "avg" || t == "average") return v1::ARTIFICIAL_AWARD_AVERAGE;
  if (t == "avg-" || t == "average-minus") {
    return v1::ARTIFICIAL_AWARD_AVERAGE_MINUS;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("'", text, "' is not avg-, avg or avg+"));
}

std::string AwardText(v1::ArtificialAward a) {
  switch (a) {
    case v1::ARTIFICIAL_AWARD_AVERAGE_PLUS:
      return "average plus";
    case v1::ARTIFICIAL_AWARD_AVERAGE_MINUS:
      return "average minus";
    default:
      return "average";
  }
}

std::string SideText(v1::Side s) {
  return s == v1::SIDE_EAST_WEST ? "EW" : "NS";
}

std::string FractionPercent(const v1::Fraction& f) {
  if (f.denominator() == 0) return "?";
  const core::Rational p =
      core::Rational(f.numerator(), f.denominator()) * core::Rational(100);
  return absl::StrCat(p.ToString(), "%");
}

}  // namespace

absl::StatusOr<v1::Side> ParseSide(const std::string& text) {
  const std::string t = absl::AsciiStrToLower(absl::StripAsciiWhitespace(text));
  if (t == "ns") return v1::SIDE_NORTH_SOUTH;
  if (t == "ew") return v1::SIDE_EAST_WEST;
  return absl::InvalidArgumentError(
      absl::StrCat("'", text, "' is not a side: ns or ew"));
}

absl::StatusOr<v1::ArtificialAdjustedScore> ParseArtificial(
    const std::string& text) {
  v1::ArtificialAdjustedScore out;
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    std::vector<std::string> kv = absl::StrSplit(part, ':');
    if (kv.size() != 2) {
      return absl::InvalidArgumentError(
          "--artificial is ns:AWARD,ew:AWARD with AWARD avg-, avg or avg+");
    }
    absl::StatusOr<v1::Side> side = ParseSide(kv[0]);
    if (!side.ok()) return side.status();
    absl::StatusOr<v1::ArtificialAward> award = AwardOf(kv[1]);
    if (!award.ok()) return award.status();
    if (*side == v1::SIDE_NORTH_SOUTH) {
      out.set_ns(*award);
    } else {
      out.set_ew(*award);
    }
  }
  return out;
}

absl::StatusOr<v1::WeightedAdjustedScore> ParseWeighted(
    const std::string& text) {
  v1::WeightedAdjustedScore out;
  for (absl::string_view part : absl::StrSplit(text, ';', absl::SkipEmpty())) {
    const size_t colon = part.find(':');
    if (colon == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          "--weighted is WEIGHT:RESULT;WEIGHT:RESULT... e.g. "
          "\"30%:6S N =;70%:4S N +2\"");
    }
    absl::StatusOr<v1::Fraction> weight = WeightOf(part.substr(0, colon));
    if (!weight.ok()) return weight.status();
    absl::StatusOr<v1::TableResult> result = ResultOf(part.substr(colon + 1));
    if (!result.ok()) return result.status();
    v1::WeightedResult* w = out.add_outcomes();
    *w->mutable_weight() = *weight;
    *w->mutable_result() = *result;
  }
  return out;
}

absl::StatusOr<v1::SplitAdjustedScore> ParseSplit(const std::string& text) {
  v1::SplitAdjustedScore out;
  int sides = 0;
  for (absl::string_view part : absl::StrSplit(text, ';', absl::SkipEmpty())) {
    const size_t colon = part.find(':');
    absl::StatusOr<v1::Side> side =
        colon == absl::string_view::npos
            ? absl::StatusOr<v1::Side>(absl::InvalidArgumentError(""))
            : ParseSide(std::string(part.substr(0, colon)));
    if (!side.ok()) {
      return absl::InvalidArgumentError(
          "--split is \"ns:RESULT;ew:RESULT\", e.g. \"ns:4S N +2;ew:6S N =\"");
    }
    absl::StatusOr<v1::TableResult> result = ResultOf(part.substr(colon + 1));
    if (!result.ok()) return result.status();
    *(*side == v1::SIDE_NORTH_SOUTH ? out.mutable_ns_result()
                                    : out.mutable_ew_result()) = *result;
    ++sides;
  }
  if (sides != 2 || !out.has_ns_result() || !out.has_ew_result()) {
    return absl::InvalidArgumentError(
        "--split gives both sides' results: \"ns:RESULT;ew:RESULT\"");
  }
  return out;
}

absl::StatusOr<v1::RulingPenalty> ParsePenalty(const std::string& text) {
  const size_t colon = text.find(':');
  const std::string usage =
      "--penalty is SIDE:AMOUNTUNIT, e.g. ns:2mp, ew:3imp or ns:1vp";
  if (colon == std::string::npos) return absl::InvalidArgumentError(usage);
  absl::StatusOr<v1::Side> side = ParseSide(text.substr(0, colon));
  if (!side.ok()) return side.status();
  std::string amount = absl::AsciiStrToLower(text.substr(colon + 1));
  v1::RulingPenalty out;
  out.set_side(*side);
  // "imp" before "mp": "3imp" ends with both.
  for (const auto& [suffix, unit] :
       {std::pair<std::string, v1::ScoreUnit>{"imps", v1::SCORE_UNIT_IMPS},
        {"imp", v1::SCORE_UNIT_IMPS},
        {"mp", v1::SCORE_UNIT_MATCHPOINTS},
        {"vps", v1::SCORE_UNIT_VPS},
        {"vp", v1::SCORE_UNIT_VPS}}) {
    if (absl::EndsWith(amount, suffix)) {
      out.set_unit(unit);
      amount.resize(amount.size() - suffix.size());
      break;
    }
  }
  absl::StatusOr<core::Rational> value = core::Rational::Parse(amount);
  if (out.unit() == v1::SCORE_UNIT_UNSPECIFIED || !value.ok()) {
    return absl::InvalidArgumentError(usage);
  }
  out.mutable_amount()->set_numerator(value->numerator());
  out.mutable_amount()->set_denominator(value->denominator());
  return out;
}

absl::StatusOr<v1::FouledBoardRuling> ParseFouled(const std::string& text) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) {
    return absl::InvalidArgumentError(
        "--fouled is TREATMENT:TABLE,TABLE..., e.g. two_imps:4,5");
  }
  v1::FouledBoardRuling out;
  out.set_treatment(text.substr(0, colon));
  for (absl::string_view t :
       absl::StrSplit(text.substr(colon + 1), ',', absl::SkipEmpty())) {
    int table = 0;
    if (!absl::SimpleAtoi(t, &table)) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", t, "' is not a table number"));
    }
    out.add_fouled_tables(table);
  }
  return out;
}

std::string DescribeRuling(const v1::RulingMade& r) {
  std::string what;
  if (r.has_adjusted()) {
    const v1::AdjustedScore& a = r.adjusted();
    if (a.has_artificial()) {
      what = absl::StrCat("artificial: NS ", AwardText(a.artificial().ns()),
                          ", EW ", AwardText(a.artificial().ew()));
    } else if (a.has_assigned()) {
      what = absl::StrCat("assigned ", replay::DescribeResult(a.assigned()));
    } else if (a.has_weighted()) {
      std::vector<std::string> parts;
      for (const v1::WeightedResult& o : a.weighted().outcomes()) {
        parts.push_back(absl::StrCat(FractionPercent(o.weight()), " ",
                                     replay::DescribeResult(o.result())));
      }
      what = absl::StrCat("weighted ", absl::StrJoin(parts, " + "));
    } else if (a.has_split()) {
      what = absl::StrCat("split: NS ",
                          replay::DescribeResult(a.split().ns_result()),
                          ", EW ",
                          replay::DescribeResult(a.split().ew_result()));
    } else if (a.has_per_side()) {
      what = absl::StrCat("per side: ", SideAwardsText(a.per_side()));
    }
    what = absl::StrCat(what, " at table ", r.table(),
                        r.board_not_played() ? ", board not played there"
                                             : "");
  } else if (r.has_penalty()) {
    const v1::RulingPenalty& p = r.penalty();
    const char* unit = p.unit() == v1::SCORE_UNIT_MATCHPOINTS ? " MP"
                       : p.unit() == v1::SCORE_UNIT_IMPS      ? " IMPs"
                                                              : " VPs";
    what = absl::StrCat(
        p.kind() == v1::PENALTY_KIND_DISCIPLINARY ? "disciplinary"
                                                  : "procedural",
        " penalty ",
        core::Rational(p.amount().numerator(), p.amount().denominator())
            .ToString(),
        unit, " to ", SideText(p.side()), " pair ", p.entrant(), " at table ",
        r.table());
  } else if (replay::IsGuideMatchRuling(r)) {
    const v1::FouledBoardRuling& f = r.fouled();
    what = absl::StrCat("fouled board at table ", r.table(), ": ",
                        f.treatment(), " (", f.rule_clause(), ")");
    if (f.offending_team() != 0) {
      absl::StrAppend(&what, ", team ", f.offending_team(), " offending");
    }
    if (absl::StatusOr<core::GuideMatchPlayOutcome> o =
            replay::GuideMatchPlayOf(f);
        o.ok()) {
      if (o->fine_imps != 0) {
        absl::StrAppend(&what, ", fined ", o->fine_imps, " IMPs",
                        f.cards_exchanged() ? " (cards exchanged)" : "");
      }
      if (o->non_offenders_imps.has_value()) {
        absl::StrAppend(&what, ", ", *o->non_offenders_imps,
                        " IMPs to the non-offending team");
      }
    }
    if (!f.superseded_results().empty()) {
      absl::StrAppend(&what, "; redealt: results of events ",
                      absl::StrJoin(f.superseded_results(), ", "),
                      " superseded");
    }
  } else if (r.has_fouled()) {
    what = absl::StrCat("fouled board: ", r.fouled().treatment(), " (",
                        r.fouled().rule_clause(), ") at tables ",
                        absl::StrJoin(r.fouled().fouled_tables(), ","));
  }
  return absl::StrCat(
      what, "; ", r.law(), ": ", r.text(),
      r.supersedes_sequence() == 0
          ? ""
          : absl::StrCat(" (supersedes ", r.supersedes_sequence(), ")"));
}

}  // namespace tally::cli
