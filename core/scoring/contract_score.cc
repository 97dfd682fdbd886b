#include "core/scoring/contract_score.h"

#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

// Law 77: points per odd trick bid and made, undoubled. No trump scores 40
// for the first odd trick and 30 for each after (kNoTrumpFirstTrickExtra).
int TrickValue(Strain strain) {
  switch (strain) {
    case Strain::kClubs:
    case Strain::kDiamonds:
      return 20;
    case Strain::kHearts:
    case Strain::kSpades:
    case Strain::kNoTrump:
      return 30;
  }
  return 0;
}
constexpr int kNoTrumpFirstTrickExtra = 10;

// Law 77: doubling multiplies the trick score by 2, redoubling by 4.
int TrickMultiplier(Doubling doubling) {
  switch (doubling) {
    case Doubling::kUndoubled:
      return 1;
    case Doubling::kDoubled:
      return 2;
    case Doubling::kRedoubled:
      return 4;
  }
  return 0;
}

absl::Status Validate(const Contract& contract, int tricks) {
  if (contract.level < 1 || contract.level > 7) {
    return absl::InvalidArgumentError(absl::StrCat(
        "level ", contract.level, " is not a contract: levels run 1 to 7"));
  }
  if (tricks < 0 || tricks > 13) {
    return absl::InvalidArgumentError(
        absl::StrCat(tricks, " tricks is impossible: a deal has 13 tricks"));
  }
  // An enum value cast from an unchecked integer.
  const int strain = static_cast<int>(contract.strain);
  const int doubling = static_cast<int>(contract.doubling);
  if (strain < static_cast<int>(Strain::kClubs) ||
      strain > static_cast<int>(Strain::kNoTrump) ||
      doubling < static_cast<int>(Doubling::kUndoubled) ||
      doubling > static_cast<int>(Doubling::kRedoubled)) {
    return absl::InvalidArgumentError(
        absl::StrCat("contract ", ContractToString(contract),
                     " has an unknown strain or doubling"));
  }
  return absl::OkStatus();
}

// Law 77, contract made.
int MadeScore(const Contract& contract, bool vulnerable, int overtricks) {
  const int value = TrickValue(contract.strain);
  const int multiplier = TrickMultiplier(contract.doubling);
  int trick_score = contract.level * value;
  if (contract.strain == Strain::kNoTrump) {
    trick_score += kNoTrumpFirstTrickExtra;
  }
  trick_score *= multiplier;

  int score = trick_score;
  // Game bonus 300 / 500 for a trick score of 100 or more; part-score 50.
  if (trick_score >= 100) {
    score += vulnerable ? 500 : 300;
  } else {
    score += 50;
  }
  // Slam bonuses: small 500 / 750, grand 1000 / 1500.
  if (contract.level == 6) score += vulnerable ? 750 : 500;
  if (contract.level == 7) score += vulnerable ? 1500 : 1000;

  switch (contract.doubling) {
    case Doubling::kUndoubled:
      // Overtricks at trick value.
      score += overtricks * value;
      break;
    case Doubling::kDoubled:
      // Insult 50; overtricks 100 / 200 each.
      score += 50 + overtricks * (vulnerable ? 200 : 100);
      break;
    case Doubling::kRedoubled:
      // Insult 100; overtricks 200 / 400 each.
      score += 100 + overtricks * (vulnerable ? 400 : 200);
      break;
  }
  return score;
}

// Law 77, undertrick penalty (a positive number) for `down` >= 1.
int UndertrickPenalty(Doubling doubling, bool vulnerable, int down) {
  if (doubling == Doubling::kUndoubled) return down * (vulnerable ? 100 : 50);
  // Doubled, not vulnerable: 100 for the first, 200 each for the second and
  // third, 300 each from the fourth. Doubled, vulnerable: 200 for the first,
  // 300 each after.
  int doubled = 0;
  for (int trick = 1; trick <= down; ++trick) {
    if (vulnerable) {
      doubled += trick == 1 ? 200 : 300;
    } else {
      doubled += trick == 1 ? 100 : trick <= 3 ? 200 : 300;
    }
  }
  // Redoubled: twice doubled.
  return doubling == Doubling::kRedoubled ? 2 * doubled : doubled;
}

}  // namespace

absl::StatusOr<int> DeclarerScore(const Contract& contract, bool vulnerable,
                                  int tricks) {
  TALLY_RETURN_IF_ERROR(Validate(contract, tricks));
  const int needed = contract.level + 6;
  if (tricks >= needed) {
    return MadeScore(contract, vulnerable, tricks - needed);
  }
  return -UndertrickPenalty(contract.doubling, vulnerable, needed - tricks);
}

absl::StatusOr<int> NorthSouthScore(const Contract& contract, Seat declarer,
                                    Vulnerability vulnerability, int tricks) {
  TALLY_ASSIGN_OR_RETURN(
      int score,
      DeclarerScore(contract, IsVulnerable(vulnerability, declarer), tricks));
  return IsNorthSouth(declarer) ? score : -score;
}

namespace {

// Every North-South score some result gives on a board of `vulnerability`:
// each contract of either side, undoubled, doubled or redoubled, with any
// number of tricks, and 0 for a board passed out.
std::set<int> AttainableNorthSouthScores(Vulnerability vulnerability) {
  constexpr Strain kStrains[] = {Strain::kClubs, Strain::kDiamonds,
                                 Strain::kHearts, Strain::kSpades,
                                 Strain::kNoTrump};
  constexpr Doubling kDoublings[] = {Doubling::kUndoubled, Doubling::kDoubled,
                                     Doubling::kRedoubled};
  constexpr Seat kDeclarers[] = {Seat::kNorth, Seat::kEast};
  std::set<int> scores = {0};
  for (int level = 1; level <= 7; ++level) {
    for (Strain strain : kStrains) {
      for (Doubling doubling : kDoublings) {
        for (Seat declarer : kDeclarers) {
          for (int tricks = 0; tricks <= 13; ++tricks) {
            absl::StatusOr<int> score = NorthSouthScore(
                {level, strain, doubling}, declarer, vulnerability, tricks);
            if (score.ok()) scores.insert(*score);
          }
        }
      }
    }
  }
  return scores;
}

}  // namespace

bool IsAttainableNorthSouthScore(int ns_score, Vulnerability vulnerability) {
  // Built once per vulnerability (a few hundred scores each), not searched
  // again on every call: standings queries reach this for assigned scores.
  static const std::set<int>* const kByVulnerability[] = {
      new std::set<int>(AttainableNorthSouthScores(Vulnerability::kNone)),
      new std::set<int>(AttainableNorthSouthScores(Vulnerability::kNorthSouth)),
      new std::set<int>(AttainableNorthSouthScores(Vulnerability::kEastWest)),
      new std::set<int>(AttainableNorthSouthScores(Vulnerability::kBoth))};
  return kByVulnerability[static_cast<int>(vulnerability)]->contains(ns_score);
}

std::string ContractToString(const Contract& contract) {
  const char* strain = "?";
  switch (contract.strain) {
    case Strain::kClubs:
      strain = "C";
      break;
    case Strain::kDiamonds:
      strain = "D";
      break;
    case Strain::kHearts:
      strain = "H";
      break;
    case Strain::kSpades:
      strain = "S";
      break;
    case Strain::kNoTrump:
      strain = "NT";
      break;
  }
  const char* doubling = "";
  switch (contract.doubling) {
    case Doubling::kUndoubled:
      break;
    case Doubling::kDoubled:
      doubling = "X";
      break;
    case Doubling::kRedoubled:
      doubling = "XX";
      break;
  }
  return absl::StrCat(contract.level, strain, doubling);
}

absl::StatusOr<Contract> ParseContract(absl::string_view text) {
  const auto bad = [text] {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"", text,
        "\" is not a contract: write level 1-7, strain C D H S or NT, then X "
        "or XX if doubled, e.g. 4SX"));
  };
  absl::string_view rest = text;
  if (rest.empty() || rest[0] < '1' || rest[0] > '7') return bad();
  Contract contract{rest[0] - '0', Strain::kClubs, Doubling::kUndoubled};
  rest.remove_prefix(1);
  if (absl::ConsumePrefix(&rest, "NT") || absl::ConsumePrefix(&rest, "N")) {
    contract.strain = Strain::kNoTrump;
  } else if (absl::ConsumePrefix(&rest, "C")) {
    contract.strain = Strain::kClubs;
  } else if (absl::ConsumePrefix(&rest, "D")) {
    contract.strain = Strain::kDiamonds;
  } else if (absl::ConsumePrefix(&rest, "H")) {
    contract.strain = Strain::kHearts;
  } else if (absl::ConsumePrefix(&rest, "S")) {
    contract.strain = Strain::kSpades;
  } else {
    return bad();
  }
  if (rest == "XX") {
    contract.doubling = Doubling::kRedoubled;
  } else if (rest == "X") {
    contract.doubling = Doubling::kDoubled;
  } else if (!rest.empty()) {
    return bad();
  }
  return contract;
}

}  // namespace tally::core
