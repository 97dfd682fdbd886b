// Bridgemate's contract notation to a TableResult (see row_result.h).

#include "server/bws/row_result.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace tally::bws {
namespace {

absl::Status Bad(const std::string& what) {
  return absl::InvalidArgumentError(what);
}

v1::Strain StrainOf(const std::string& s) {
  if (s == "C") return v1::STRAIN_CLUBS;
  if (s == "D") return v1::STRAIN_DIAMONDS;
  if (s == "H") return v1::STRAIN_HEARTS;
  if (s == "S") return v1::STRAIN_SPADES;
  if (s == "NT") return v1::STRAIN_NO_TRUMP;
  return v1::STRAIN_UNSPECIFIED;
}

v1::Seat SeatOf(const std::string& s) {
  if (s == "N") return v1::SEAT_NORTH;
  if (s == "E") return v1::SEAT_EAST;
  if (s == "S") return v1::SEAT_SOUTH;
  if (s == "W") return v1::SEAT_WEST;
  return v1::SEAT_UNSPECIFIED;
}

}  // namespace

absl::StatusOr<v1::TableResult> ResultOfRow(const ReceivedRow& row) {
  if (!row.problem.empty()) return Bad(row.problem);
  v1::TableResult out;
  const std::string contract = absl::AsciiStrToUpper(row.contract);
  std::vector<std::string> words =
      absl::StrSplit(contract, ' ', absl::SkipWhitespace());
  if (words.size() == 1 && words[0] == "PASS") {
    out.mutable_passed_out();
    return out;
  }
  int level = 0;
  if (words.size() < 2 || words.size() > 3 ||
      !absl::SimpleAtoi(words[0], &level) || level < 1 || level > 7 ||
      StrainOf(words[1]) == v1::STRAIN_UNSPECIFIED ||
      (words.size() == 3 && words[2] != "X" && words[2] != "XX")) {
    return Bad(absl::StrCat(
        "contract '", row.contract,
        "' is not a level 1-7, a strain (C, D, H, S, NT) and x or xx if "
        "doubled, nor PASS"));
  }
  const v1::Seat seat = SeatOf(row.declarer_seat);
  if (seat == v1::SEAT_UNSPECIFIED) {
    return Bad(absl::StrCat("declarer '", row.declarer_seat,
                            "' (NS/EW) is not N, E, S or W"));
  }
  const bool north_south = seat == v1::SEAT_NORTH || seat == v1::SEAT_SOUTH;
  const int seated = north_south ? row.pair_ns : row.pair_ew;
  if (row.declarer != 0 && row.declarer != seated) {
    return Bad(absl::StrCat("declarer pair ", row.declarer, " does not sit ",
                            row.declarer_seat, " (", north_south ? "NS" : "EW",
                            " is pair ", seated, ")"));
  }
  int tricks = level + 6;
  if (row.result != "=") {
    int over = 0;
    const bool signed_number = row.result.size() >= 2 &&
                               (row.result[0] == '+' || row.result[0] == '-') &&
                               absl::SimpleAtoi(row.result.substr(1), &over) &&
                               over >= 1;
    if (!signed_number) {
      return Bad(absl::StrCat("result '", row.result,
                              "' is not =, +n (overtricks) or -n (down)"));
    }
    tricks += row.result[0] == '+' ? over : -over;
  }
  if (tricks < 0 || tricks > 13) {
    return Bad(absl::StrCat("result '", row.result, "' on ", level, words[1],
                            " takes ", tricks, " tricks; a board has 13"));
  }
  v1::PlayedContract* played = out.mutable_played();
  played->set_level(level);
  played->set_strain(StrainOf(words[1]));
  played->set_doubling(words.size() == 2 ? v1::DOUBLING_UNDOUBLED
                       : words[2] == "X" ? v1::DOUBLING_DOUBLED
                                         : v1::DOUBLING_REDOUBLED);
  played->set_declarer(seat);
  played->set_tricks(tricks);
  return out;
}

std::string DescribeRow(const ReceivedRow& row) {
  if (absl::AsciiStrToUpper(row.contract) == "PASS") return "passed out";
  return absl::StrCat(row.contract, " by ", row.declarer_seat, ", ",
                      row.result);
}

}  // namespace tally::bws
