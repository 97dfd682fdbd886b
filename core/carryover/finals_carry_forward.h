// SABF finals carry-forwards (SABF TR 13.11-13.12): in every finals match
// one team starts with 0.1 IMP, so a finals match cannot be tied. A finals
// format is data: each match names where its two teams come from (a
// qualifying place, or the winner or loser of an earlier match) and which
// of them holds the carry-forward.
//
// The final five follows SABF TR 17.3. The TR describes no final-four
// draw; the final four here is the Page-McIntyre one its wording fits
// (13.11): first semi-final 3rd v 4th, second semi-final 1st v 2nd,
// preliminary final the second semi's loser v the first semi's winner, grand
// final the second semi's winner v the preliminary final's winner. A profile
// may supply another FinalsFormat.
//
// 13.12 gives the carry-forward in "the Qualifying and Elimination finals"
// to the more highly placed team; read as both qualifying finals of 17.3
// (the 4th v 5th one, whose loser is eliminated, being the elimination
// final).
//
// Immutable data and pure functions. Thread-safe.

#ifndef TALLY_CORE_CARRYOVER_FINALS_CARRY_FORWARD_H_
#define TALLY_CORE_CARRYOVER_FINALS_CARRY_FORWARD_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/base/rational.h"

namespace tally::core {

enum class FinalsMatch {
  kQualifyingFinal1,
  kQualifyingFinal2,
  kSemiFinal1,
  kSemiFinal2,
  kPreliminaryFinal,
  kGrandFinal,
};

// "Second Semi Final" etc.
absl::string_view FinalsMatchName(FinalsMatch match);

// Where a team in a finals match comes from.
struct FinalsSlot {
  enum class From { kQualifyingPlace, kWinnerOf, kLoserOf };
  From from = From::kQualifyingPlace;
  int place = 0;                                 // for kQualifyingPlace
  FinalsMatch match = FinalsMatch::kGrandFinal;  // for kWinnerOf, kLoserOf
};

struct FinalsMatchFormat {
  FinalsMatch match;
  FinalsSlot holder;  // holds the carry-forward
  FinalsSlot other;
  std::string clause;
};

struct FinalsFormat {
  std::string name;
  int teams = 0;                           // qualifying places used
  Rational carry_forward;                  // IMPs
  std::vector<FinalsMatchFormat> matches;  // in playing order
};

// SABF TR 13.11: final four, 0.1 IMP per match.
const FinalsFormat& SabfFinalFour();

// SABF TR 13.12 and 17.3: final five, 0.1 IMP per match.
const FinalsFormat& SabfFinalFive();

// The two teams of one match and who holds the carry-forward.
struct FinalsPairing {
  std::string holder;
  std::string other;
  Rational carry_forward;
};

// Resolves `match` of `format` to teams: `teams_by_qualifying_place[0]` is
// the top qualifier; `winners` maps each match already played to its
// winner. NotFound if the format has no such match; FailedPrecondition
// naming the earlier match whose result is not yet known; InvalidArgument
// if fewer teams than the format needs are given or a recorded winner did
// not play in that match.
absl::StatusOr<FinalsPairing> ResolveFinalsMatch(
    const FinalsFormat& format, FinalsMatch match,
    absl::Span<const std::string> teams_by_qualifying_place,
    const std::map<FinalsMatch, std::string>& winners);

}  // namespace tally::core

#endif  // TALLY_CORE_CARRYOVER_FINALS_CARRY_FORWARD_H_
