// A row with no contract read by its Remarks (see arbitral_score.h).

#include "server/bws/arbitral_score.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "server/interchange/import_plan.h"

namespace tally::bws {
namespace {

// "60%" or "60" as 60; nullopt for anything else.
std::optional<int> Percent(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  if (absl::ConsumeSuffix(&text, "%")) text = absl::StripAsciiWhitespace(text);
  int value = 0;
  if (text.empty() || text.size() > 3 ||
      !std::all_of(text.begin(), text.end(), absl::ascii_isdigit) ||
      !absl::SimpleAtoi(text, &value)) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

bool HasNoContract(const ReceivedRow& row) {
  return absl::StripAsciiWhitespace(row.contract).empty();
}

absl::StatusOr<v1::ArtificialAdjustedScore> ArbitralScoreOfRow(
    const ReceivedRow& row) {
  if (!row.problem.empty()) return absl::InvalidArgumentError(row.problem);
  const std::string remarks(absl::StripAsciiWhitespace(row.remarks));
  const std::string lower = absl::AsciiStrToLower(remarks);
  if (lower == "not played") {
    return absl::InvalidArgumentError(
        "the players marked the board not played at this table (NO PLAY); "
        "the director awards its artificial adjusted score by who was at "
        "fault (Law 12C2(a)): tally rule ... --not-played --artificial=...");
  }
  if (lower == "arbitral score") {
    return absl::InvalidArgumentError(
        "an arbitral score without its percentages (Remarks 'Arbitral "
        "score'); the director gives it with tally rule");
  }
  const std::vector<absl::string_view> sides = absl::StrSplit(remarks, '-');
  const std::optional<int> ns =
      sides.size() == 2 ? Percent(sides[0]) : std::nullopt;
  const std::optional<int> ew =
      sides.size() == 2 ? Percent(sides[1]) : std::nullopt;
  if (!ns.has_value() || !ew.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no contract, and remarks '", remarks,
        "' are not an arbitral score (North-South's and East-West's "
        "percentages, e.g. 60%-40%)"));
  }
  for (int percent : {*ns, *ew}) {
    if (percent != 40 && percent != 50 && percent != 60) {
      return absl::InvalidArgumentError(absl::StrCat(
          "arbitral score '", remarks, "' gives ", percent,
          "%; a Bridgemate gives 40, 50 or 60% (average minus, average, "
          "average plus), tally takes no other from it: the director gives "
          "this one with tally rule"));
    }
  }
  // 60, 50 and 40 are average plus, average and average minus, as in an
  // imported file's adjusted score (server/interchange/import_plan.h).
  v1::ArtificialAdjustedScore score;
  score.set_ns(interchange::ArtificialAwardOf(*ns));
  score.set_ew(interchange::ArtificialAwardOf(*ew));
  return score;
}

std::string ArbitralScoreText(const v1::ArtificialAdjustedScore& score) {
  return absl::StrCat(interchange::PercentOfArtificialAward(score.ns()), "%-",
                      interchange::PercentOfArtificialAward(score.ew()), "%");
}

}  // namespace tally::bws
