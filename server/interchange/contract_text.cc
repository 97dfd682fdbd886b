// Contract texts of interchange files (see contract_text.h).

#include "server/interchange/contract_text.h"

#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace tally::interchange {

absl::StatusOr<v1::TableResult> ParseResult(const std::string& contract,
                                            const std::string& declarer,
                                            const std::string& tricks) {
  v1::TableResult out;
  const std::string c = absl::AsciiStrToUpper(contract);
  if (c == "PASS" || c == "P" || c == "AP" || c == "PASSED OUT") {
    out.mutable_passed_out();
    return out;
  }
  auto bad = [&](const std::string& what) {
    return absl::InvalidArgumentError(
        absl::StrCat("contract \"", contract, "\": ", what));
  };
  if (c.size() < 2 || c[0] < '1' || c[0] > '7') {
    return bad("no level 1..7 (tally needs the contract of every result)");
  }
  v1::PlayedContract* p = out.mutable_played();
  p->set_level(c[0] - '0');
  size_t i = 1;
  switch (c[i]) {
    case 'C':
      p->set_strain(v1::STRAIN_CLUBS);
      break;
    case 'D':
      p->set_strain(v1::STRAIN_DIAMONDS);
      break;
    case 'H':
      p->set_strain(v1::STRAIN_HEARTS);
      break;
    case 'S':
      p->set_strain(v1::STRAIN_SPADES);
      break;
    case 'N':
      p->set_strain(v1::STRAIN_NO_TRUMP);
      break;
    default:
      return bad("no strain C, D, H, S or NT");
  }
  ++i;
  if (p->strain() == v1::STRAIN_NO_TRUMP && i < c.size() && c[i] == 'T') ++i;
  std::string rest = c.substr(i);
  if (rest.empty()) {
    p->set_doubling(v1::DOUBLING_UNDOUBLED);
  } else if (rest == "X" || rest == "*") {
    p->set_doubling(v1::DOUBLING_DOUBLED);
  } else if (rest == "XX" || rest == "**") {
    p->set_doubling(v1::DOUBLING_REDOUBLED);
  } else {
    return bad(absl::StrCat("\"", rest, "\" is not X or XX"));
  }
  const std::string d = absl::AsciiStrToUpper(declarer);
  if (d == "N" || d == "NORTH") {
    p->set_declarer(v1::SEAT_NORTH);
  } else if (d == "E" || d == "EAST") {
    p->set_declarer(v1::SEAT_EAST);
  } else if (d == "S" || d == "SOUTH") {
    p->set_declarer(v1::SEAT_SOUTH);
  } else if (d == "W" || d == "WEST") {
    p->set_declarer(v1::SEAT_WEST);
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat(contract, " declared by \"", declarer,
                     "\": tally needs the declarer (N, E, S or W)"));
  }
  int taken = 0;
  if (!absl::SimpleAtoi(tricks, &taken) || taken < 0 || taken > 13) {
    return absl::InvalidArgumentError(
        absl::StrCat(contract, " by ", declarer, ": tricks \"", tricks,
                     "\" is not 0..13 (tally needs the tricks taken)"));
  }
  p->set_tricks(taken);
  return out;
}

ResultText FormatResult(const v1::TableResult& result) {
  if (result.has_score_only()) return {"", "", ""};
  if (!result.has_played()) return {"PASS", "", ""};
  const v1::PlayedContract& p = result.played();
  std::string contract = absl::StrCat(p.level());
  switch (p.strain()) {
    case v1::STRAIN_CLUBS:
      contract += "C";
      break;
    case v1::STRAIN_DIAMONDS:
      contract += "D";
      break;
    case v1::STRAIN_HEARTS:
      contract += "H";
      break;
    case v1::STRAIN_SPADES:
      contract += "S";
      break;
    default:
      contract += "NT";
      break;
  }
  if (p.doubling() == v1::DOUBLING_DOUBLED) contract += "X";
  if (p.doubling() == v1::DOUBLING_REDOUBLED) contract += "XX";
  const char* seats[] = {"", "N", "E", "S", "W"};
  return {contract, seats[p.declarer()], absl::StrCat(p.tricks())};
}

}  // namespace tally::interchange
