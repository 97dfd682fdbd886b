#include "server/cli/result_text.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"
#include "core/scoring/contract_score.h"

namespace tally::cli {
namespace {

absl::StatusOr<v1::Seat> ParseSeat(const std::string& word) {
  std::string w = absl::AsciiStrToUpper(word);
  if (w == "N" || w == "NORTH") return v1::SEAT_NORTH;
  if (w == "E" || w == "EAST") return v1::SEAT_EAST;
  if (w == "S" || w == "SOUTH") return v1::SEAT_SOUTH;
  if (w == "W" || w == "WEST") return v1::SEAT_WEST;
  return absl::InvalidArgumentError(
      absl::StrCat("declarer '", word, "' is not a seat: use N, E, S or W"));
}

v1::Strain ToProtoStrain(core::Strain s) {
  switch (s) {
    case core::Strain::kClubs:
      return v1::STRAIN_CLUBS;
    case core::Strain::kDiamonds:
      return v1::STRAIN_DIAMONDS;
    case core::Strain::kHearts:
      return v1::STRAIN_HEARTS;
    case core::Strain::kSpades:
      return v1::STRAIN_SPADES;
    case core::Strain::kNoTrump:
      return v1::STRAIN_NO_TRUMP;
  }
  return v1::STRAIN_UNSPECIFIED;
}

v1::Doubling ToProtoDoubling(core::Doubling d) {
  switch (d) {
    case core::Doubling::kUndoubled:
      return v1::DOUBLING_UNDOUBLED;
    case core::Doubling::kDoubled:
      return v1::DOUBLING_DOUBLED;
    case core::Doubling::kRedoubled:
      return v1::DOUBLING_REDOUBLED;
  }
  return v1::DOUBLING_UNSPECIFIED;
}

}  // namespace

absl::StatusOr<v1::TableResult> ParseResult(
    const std::vector<std::string>& words) {
  v1::TableResult result;
  if (words.size() == 1) {
    std::string w = absl::AsciiStrToLower(words[0]);
    if (w == "pass" || w == "passed" || w == "passout" || w == "passed-out") {
      result.mutable_passed_out();
      return result;
    }
    // A score with no contract (issue #18): "NS+420", "NS-50", "NS0". The
    // server checks that some Law 77 result scores it.
    if (absl::StartsWith(w, "ns")) {
      std::string digits = w.substr(2);
      if (!digits.empty() && digits[0] == '+') digits.erase(0, 1);
      int score = 0;
      if (digits.empty() || !absl::SimpleAtoi(digits, &score)) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", words[0],
                         "' is not a North-South score such as NS+420, "
                         "NS-50 or NS0"));
      }
      result.mutable_score_only()->set_ns_score(score);
      return result;
    }
  }
  if (words.size() != 3) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a result is 'CONTRACT DECLARER TRICKS' (e.g. '4S N 10', '3NTX E -2', "
        "'2H W ='), 'pass' or a score alone ('NS+420'), not '",
        absl::StrJoin(words, " "), "'"));
  }
  // The contract's level is checked by the server; read any digits here so
  // that "8S" reaches it and gets the server's message.
  std::string contract = absl::AsciiStrToUpper(words[0]);
  size_t digits = 0;
  while (digits < contract.size() && absl::ascii_isdigit(contract[digits])) {
    ++digits;
  }
  int level = 0;
  if (digits == 0 || !absl::SimpleAtoi(contract.substr(0, digits), &level)) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", words[0], "' is not a contract such as 4S or 3NTX"));
  }
  absl::StatusOr<core::Contract> parsed =
      core::ParseContract(absl::StrCat("1", contract.substr(digits)));
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", words[0], "' is not a contract such as 4S or 3NTX"));
  }
  absl::StatusOr<v1::Seat> declarer = ParseSeat(words[1]);
  if (!declarer.ok()) return declarer.status();
  const std::string& t = words[2];
  int tricks = 0;
  if (t == "=") {
    tricks = level + 6;
  } else if ((t[0] == '+' || t[0] == '-') &&
             absl::SimpleAtoi(t.substr(1), &tricks)) {
    const int needed = level + 6;
    tricks = needed + (t[0] == '+' ? tricks : -tricks);
    // Say it in the words typed; a level the server refuses (8S) is left
    // to the server's message.
    if (level >= 1 && level <= 7 && (tricks < 0 || tricks > 13)) {
      return absl::InvalidArgumentError(
          t[0] == '-'
              ? absl::StrCat("'", t, "' is impossible: ", words[0],
                             " needs ", needed, " tricks, so at most ",
                             needed, " down ('-", needed, "')")
              : absl::StrCat("'", t, "' is impossible: ", words[0],
                             " needs ", needed, " of 13 tricks, so at most ",
                             13 - needed, " overtrick",
                             13 - needed == 1 ? "" : "s"));
    }
  } else if (!absl::SimpleAtoi(t, &tricks)) {
    return absl::InvalidArgumentError(
        absl::StrCat("tricks '", t, "' must be 0-13, '=', '+N' or '-N'"));
  }
  v1::PlayedContract* played = result.mutable_played();
  played->set_level(level);
  played->set_strain(ToProtoStrain(parsed->strain));
  played->set_doubling(ToProtoDoubling(parsed->doubling));
  played->set_declarer(*declarer);
  played->set_tricks(tricks);
  return result;
}

std::string ScoreText(const v1::TableResult& result, int score) {
  return result.has_not_played() ? std::string() : absl::StrCat(score);
}

std::string ResultEventText(const v1::TableResult& result, uint64_t sequence,
                            bool confirmed) {
  if (result.has_not_played()) return absl::StrCat(sequence, " ruling");
  return absl::StrCat(sequence, confirmed ? " confirmed" : "");
}

std::string FractionText(const v1::Fraction& f) {
  if (f.denominator() == 0) return "-";
  return core::Decimal::Round(core::Rational(f.numerator(), f.denominator()), 2,
                              core::HalfRounding::kAwayFromZero)
      .ToString();
}

std::string DecimalText(const v1::DecimalValue& d) {
  return core::Decimal(d.units(), d.places()).ToString();
}

std::string ExactText(const v1::Fraction& f) {
  if (f.denominator() == 0) return "-";
  if (f.denominator() == 1) return absl::StrCat(f.numerator());
  constexpr int64_t kSafe = int64_t{1} << 40;  // times 10^6 stays in 64 bits
  int64_t scale = 1;
  for (int places = 1; places <= 6; ++places) {
    scale *= 10;
    if (f.denominator() > 0 && scale % f.denominator() == 0 &&
        f.numerator() < kSafe && f.numerator() > -kSafe) {
      v1::DecimalValue d;
      d.set_units(f.numerator() * (scale / f.denominator()));
      d.set_places(places);
      return DecimalText(d);
    }
  }
  return absl::StrCat(FractionText(f), " (", f.numerator(), "/",
                      f.denominator(), ")");
}

std::string FigureText(const std::string& figure) {
  std::vector<std::string> words = absl::StrSplit(figure, ' ');
  for (std::string& word : words) {
    std::vector<absl::string_view> parts = absl::StrSplit(word, '/');
    int64_t numerator = 0, denominator = 0;
    if (parts.size() == 2 && absl::SimpleAtoi(parts[0], &numerator) &&
        absl::SimpleAtoi(parts[1], &denominator) && denominator > 0 &&
        !parts[1].empty() && absl::ascii_isdigit(parts[1][0])) {
      v1::Fraction f;
      f.set_numerator(numerator);
      f.set_denominator(denominator);
      word = FractionText(f);
    }
  }
  return absl::StrJoin(words, " ");
}

std::string FigureChangeText(const v1::FigureChange& change, bool exact) {
  const std::string before = change.has_before() ? change.before() : "-";
  const std::string after = change.has_after() ? change.after() : "-";
  const std::string sent = absl::StrCat(before, " -> ", after);
  const std::string& text = change.text();
  if (exact || !absl::EndsWith(text, sent)) return text;
  return absl::StrCat(text.substr(0, text.size() - sent.size()),
                      FigureText(before), " -> ", FigureText(after));
}

absl::StatusOr<v1::DecimalValue> ParseDecimal(const std::string& text,
                                              int max_places) {
  absl::string_view body = text;
  const bool negative = absl::ConsumePrefix(&body, "-");
  if (!negative) absl::ConsumePrefix(&body, "+");
  std::vector<absl::string_view> parts = absl::StrSplit(body, '.');
  const int places = parts.size() == 2 ? static_cast<int>(parts[1].size()) : 0;
  const std::string digits = absl::StrJoin(parts, "");
  int64_t units = 0;
  if (parts.size() > 2 || parts[0].empty() ||
      (parts.size() == 2 && places == 0) || digits.size() > 15 ||
      !std::all_of(digits.begin(), digits.end(), absl::ascii_isdigit) ||
      !absl::SimpleAtoi(digits, &units)) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", text, "' is not a decimal number such as 3 or 1.5"));
  }
  if (places > max_places) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", text, "' has more than ", max_places, " decimal places"));
  }
  v1::DecimalValue d;
  d.set_units(negative ? -units : units);
  d.set_places(places);
  return d;
}

std::string EnumLabel(const std::string& name, absl::string_view prefix,
                      int value) {
  if (!absl::StartsWith(name, prefix) || name.size() == prefix.size()) {
    return absl::StrCat("unknown (", value, ")");
  }
  return absl::AsciiStrToLower(name.substr(prefix.size()));
}

}  // namespace tally::cli
