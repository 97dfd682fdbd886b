// Contracts and their scores under Law 77 of the Laws of Duplicate Bridge
// (2017): trick score, game / part-score, slam and insult bonuses, overtricks
// and undertrick penalties.
//
// A board passed out has no contract and is not modelled here: callers record
// it as a North-South score of 0.
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_SCORING_CONTRACT_SCORE_H_
#define TALLY_CORE_SCORING_CONTRACT_SCORE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/scoring/board.h"

namespace tally::core {

enum class Strain { kClubs, kDiamonds, kHearts, kSpades, kNoTrump };
enum class Doubling { kUndoubled, kDoubled, kRedoubled };

struct Contract {
  int level;  // 1..7
  Strain strain;
  Doubling doubling;

  friend bool operator==(const Contract&, const Contract&) = default;
};

// The Law 77 score of the declaring side: positive when the contract makes
// (`tricks` >= level + 6), negative when it is defeated. InvalidArgument if the
// level is outside 1..7 or `tricks` outside 0..13; the message says which.
absl::StatusOr<int> DeclarerScore(const Contract& contract, bool vulnerable,
                                  int tricks);

// The North-South score of a played board: the declaring side's Law 77 score,
// vulnerable as `vulnerability` says for `declarer`'s side, signed to North-
// South (an East-West +620 is North-South -620). Fails as DeclarerScore.
absl::StatusOr<int> NorthSouthScore(const Contract& contract, Seat declarer,
                                    Vulnerability vulnerability, int tricks);

// True if `ns_score` is a North-South score that some result of play can
// produce under Law 77 on a board of vulnerability `vulnerability`: any
// contract of either side, undoubled, doubled or redoubled, with any number
// of tricks, or 0 for a board passed out. A result known only by its score
// (a club file with no contract) must be one of these.
bool IsAttainableNorthSouthScore(int ns_score, Vulnerability vulnerability);

// "3NT", "4SX", "7CXX": level, strain (C D H S NT), then X or XX.
std::string ContractToString(const Contract& contract);

// Reads the form ContractToString writes (upper case; "N" is accepted for
// "NT"). InvalidArgument, quoting the text, for anything else.
absl::StatusOr<Contract> ParseContract(absl::string_view text);

}  // namespace tally::core

#endif  // TALLY_CORE_SCORING_CONTRACT_SCORE_H_
