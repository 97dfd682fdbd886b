#include "replay/rounds/rounds_in_event.h"

#include "core/base/status_macros.h"
#include "core/movement/itc_draw.h"
#include "core/movement/sabf_butler_draw.h"

namespace tally::replay {

using core::FinalsMatch;

const FinalsWeeks& SabfFinalFiveWeeks() {
  static const FinalsWeeks* const kWeeks = new FinalsWeeks{
      {{FinalsMatch::kQualifyingFinal1}, {FinalsMatch::kQualifyingFinal2}},
      {{FinalsMatch::kSemiFinal1}, {FinalsMatch::kSemiFinal2}},
      {{FinalsMatch::kPreliminaryFinal}},
      {{FinalsMatch::kGrandFinal, 1, 2}},
      {{FinalsMatch::kGrandFinal, 2, 2}},
  };
  return *kWeeks;
}

const FinalsWeeks& SabfFinalFourWeeks() {
  static const FinalsWeeks* const kWeeks = new FinalsWeeks{
      {{FinalsMatch::kSemiFinal1}, {FinalsMatch::kSemiFinal2}},
      {{FinalsMatch::kPreliminaryFinal}},
      {{FinalsMatch::kGrandFinal, 1, 2}},
      {{FinalsMatch::kGrandFinal, 2, 2}},
  };
  return *kWeeks;
}

int KnockoutRoundsInEvent(const CompetitionState& competition) {
  if (!competition.profile.draw.has_value()) return 0;
  switch (competition.profile.draw->method) {
    case core::DrawMethod::kItcFinal:
      return kItcFinalStanzas;
    case core::DrawMethod::kSabfFinalFive:
      return static_cast<int>(SabfFinalFiveWeeks().size());
    case core::DrawMethod::kSabfFinalFour:
      return static_cast<int>(SabfFinalFourWeeks().size());
    default:
      return 0;
  }
}

absl::StatusOr<int> ItcRoundsInEvent(int teams) {
  TALLY_ASSIGN_OR_RETURN(const int round_robins, core::ItcRoundRobins(teams));
  TALLY_ASSIGN_OR_RETURN(const core::RoundRobinSchedule first,
                         core::ItcRoundRobinDraw(teams, 1));
  return round_robins * static_cast<int>(first.rounds.size());
}

absl::StatusOr<core::RoundRobinSchedule> RoundRobinScheduleOf(
    const CompetitionState& competition) {
  const int entrants = static_cast<int>(competition.pairs.size());
  if (competition.profile.draw->method ==
          core::DrawMethod::kSabfButlerRoundRobin &&
      (entrants == 12 || entrants == 14)) {
    return core::SabfButlerRoundRobinDraw(entrants);  // SABF TR 21.15-21.16
  }
  return core::BergerRoundRobin(entrants);
}

int RoundsInEvent(const CompetitionState& competition) {
  // A finals method fixes its rounds.
  if (int rounds = KnockoutRoundsInEvent(competition); rounds > 0) {
    return rounds;
  }
  const core::RegulationProfile& p = competition.profile;
  if (p.matches.has_value() && p.matches->count > 0) return p.matches->count;
  if (p.draw.has_value() &&
      p.draw->method == core::DrawMethod::kItcRoundRobin) {
    // ANC SR 10.6-10.7: two round robins of 7 rounds, or three of 5.
    absl::StatusOr<int> rounds =
        ItcRoundsInEvent(static_cast<int>(competition.pairs.size()));
    return rounds.ok() ? *rounds : 0;
  }
  if (p.draw.has_value() && p.draw->method != core::DrawMethod::kSwiss &&
      p.draw->method != core::DrawMethod::kExplicit) {
    absl::StatusOr<core::RoundRobinSchedule> schedule =
        RoundRobinScheduleOf(competition);
    if (schedule.ok()) return static_cast<int>(schedule->rounds.size());
  }
  return 0;
}

}  // namespace tally::replay
