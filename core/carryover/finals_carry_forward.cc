#include "core/carryover/finals_carry_forward.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

using From = FinalsSlot::From;

FinalsSlot Place(int place) { return {From::kQualifyingPlace, place, {}}; }
FinalsSlot WinnerOf(FinalsMatch m) { return {From::kWinnerOf, 0, m}; }
FinalsSlot LoserOf(FinalsMatch m) { return {From::kLoserOf, 0, m}; }

FinalsFormat MakeFinalFour() {
  FinalsFormat f;
  f.name = "SABF final four";
  f.teams = 4;
  f.carry_forward = Rational(1, 10);  // SABF TR 13.11: 0.1 imps
  f.matches = {
      // "For the first and second Semi Finals the advantage shall go to the
      // better performed team in the qualifying competition"
      {FinalsMatch::kSemiFinal1, Place(3), Place(4), "SABF TR 13.11"},
      {FinalsMatch::kSemiFinal2, Place(1), Place(2), "SABF TR 13.11"},
      // "The loser of the second Semi Final shall have the advantage in the
      // Preliminary Final"
      {FinalsMatch::kPreliminaryFinal, LoserOf(FinalsMatch::kSemiFinal2),
       WinnerOf(FinalsMatch::kSemiFinal1), "SABF TR 13.11"},
      // "The winner of the second semi-final shall have the carry forward in
      // the Grand Final"
      {FinalsMatch::kGrandFinal, WinnerOf(FinalsMatch::kSemiFinal2),
       WinnerOf(FinalsMatch::kPreliminaryFinal), "SABF TR 13.11"},
  };
  return f;
}

FinalsFormat MakeFinalFive() {
  FinalsFormat f;
  f.name = "SABF final five";
  f.teams = 5;
  f.carry_forward = Rational(1, 10);  // SABF TR 13.12: 0.1 imps
  f.matches = {
      // 17.3: 4th v 5th; 13.12: "The more highly placed team in the
      // Qualifying and Elimination finals"
      {FinalsMatch::kQualifyingFinal1, Place(4), Place(5),
       "SABF TR 13.12, 17.3"},
      // 17.3: 2nd v 3rd
      {FinalsMatch::kQualifyingFinal2, Place(2), Place(3),
       "SABF TR 13.12, 17.3"},
      // 17.3: winner QF1 v loser QF2; 13.12: "The Qualifying final losers in
      // the First Semi Final"
      {FinalsMatch::kSemiFinal1, LoserOf(FinalsMatch::kQualifyingFinal2),
       WinnerOf(FinalsMatch::kQualifyingFinal1), "SABF TR 13.12, 17.3"},
      // 17.3: 1st v winner QF2; 13.12: "The top qualifiers in the Second Semi
      // Final"
      {FinalsMatch::kSemiFinal2, Place(1),
       WinnerOf(FinalsMatch::kQualifyingFinal2), "SABF TR 13.12, 17.3"},
      // 17.3: loser SF2 v winner SF1; 13.12: "The Second Semi Final losers in
      // the Preliminary Final"
      {FinalsMatch::kPreliminaryFinal, LoserOf(FinalsMatch::kSemiFinal2),
       WinnerOf(FinalsMatch::kSemiFinal1), "SABF TR 13.12, 17.3"},
      // 17.3: winner PF v winner SF2; 13.12: "The winner of the second
      // semi-final shall have the carry forward in the Grand Final"
      {FinalsMatch::kGrandFinal, WinnerOf(FinalsMatch::kSemiFinal2),
       WinnerOf(FinalsMatch::kPreliminaryFinal), "SABF TR 13.12, 17.3"},
  };
  return f;
}

const FinalsMatchFormat* FindMatch(const FinalsFormat& format,
                                   FinalsMatch match) {
  for (const FinalsMatchFormat& m : format.matches) {
    if (m.match == match) return &m;
  }
  return nullptr;
}

absl::StatusOr<FinalsPairing> Resolve(
    const FinalsFormat& format, FinalsMatch match,
    absl::Span<const std::string> teams,
    const std::map<FinalsMatch, std::string>& winners, int depth);

absl::StatusOr<std::string> ResolveSlot(
    const FinalsFormat& format, const FinalsSlot& slot,
    absl::Span<const std::string> teams,
    const std::map<FinalsMatch, std::string>& winners, int depth) {
  if (slot.from == From::kQualifyingPlace) {
    if (slot.place < 1 || slot.place > static_cast<int>(teams.size())) {
      return absl::InvalidArgumentError(
          absl::StrCat(format.name, " needs the team placed ", slot.place,
                       "; only ", teams.size(), " given"));
    }
    return teams[slot.place - 1];
  }
  const auto won = winners.find(slot.match);
  if (won == winners.end()) {
    return absl::FailedPreconditionError(
        absl::StrCat("the ", FinalsMatchName(slot.match),
                     " has no result yet (", format.name, ")"));
  }
  TALLY_ASSIGN_OR_RETURN(
      const FinalsPairing earlier,
      Resolve(format, slot.match, teams, winners, depth + 1));
  if (won->second != earlier.holder && won->second != earlier.other) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", won->second, "' is recorded as winning the ",
                     FinalsMatchName(slot.match), ", which was ",
                     earlier.holder, " v ", earlier.other));
  }
  if (slot.from == From::kWinnerOf) return won->second;
  return won->second == earlier.holder ? earlier.other : earlier.holder;
}

absl::StatusOr<FinalsPairing> Resolve(
    const FinalsFormat& format, FinalsMatch match,
    absl::Span<const std::string> teams,
    const std::map<FinalsMatch, std::string>& winners, int depth) {
  // A well-formed format refers only to earlier matches; guard against a
  // profile's format that loops.
  if (depth > static_cast<int>(format.matches.size())) {
    return absl::InvalidArgumentError(
        absl::StrCat(format.name, " refers to its own matches in a loop"));
  }
  const FinalsMatchFormat* m = FindMatch(format, match);
  if (m == nullptr) {
    return absl::NotFoundError(
        absl::StrCat(format.name, " has no ", FinalsMatchName(match)));
  }
  TALLY_ASSIGN_OR_RETURN(std::string holder,
                         ResolveSlot(format, m->holder, teams, winners, depth));
  TALLY_ASSIGN_OR_RETURN(std::string other,
                         ResolveSlot(format, m->other, teams, winners, depth));
  return FinalsPairing{std::move(holder), std::move(other),
                       format.carry_forward};
}

}  // namespace

absl::string_view FinalsMatchName(FinalsMatch match) {
  switch (match) {
    case FinalsMatch::kQualifyingFinal1:
      return "First Qualifying Final";
    case FinalsMatch::kQualifyingFinal2:
      return "Second Qualifying Final";
    case FinalsMatch::kSemiFinal1:
      return "First Semi Final";
    case FinalsMatch::kSemiFinal2:
      return "Second Semi Final";
    case FinalsMatch::kPreliminaryFinal:
      return "Preliminary Final";
    case FinalsMatch::kGrandFinal:
      return "Grand Final";
  }
  return "?";
}

const FinalsFormat& SabfFinalFour() {
  static const FinalsFormat* const kFormat = new FinalsFormat(MakeFinalFour());
  return *kFormat;
}

const FinalsFormat& SabfFinalFive() {
  static const FinalsFormat* const kFormat = new FinalsFormat(MakeFinalFive());
  return *kFormat;
}

absl::StatusOr<FinalsPairing> ResolveFinalsMatch(
    const FinalsFormat& format, FinalsMatch match,
    absl::Span<const std::string> teams_by_qualifying_place,
    const std::map<FinalsMatch, std::string>& winners) {
  if (static_cast<int>(teams_by_qualifying_place.size()) < format.teams) {
    return absl::InvalidArgumentError(
        absl::StrCat(format.name, " needs ", format.teams, " qualified teams; ",
                     teams_by_qualifying_place.size(), " given"));
  }
  return Resolve(format, match, teams_by_qualifying_place, winners, 0);
}

}  // namespace tally::core
