#include "core/penalty/nsw_penalties.h"

#include <optional>
#include <string>
#include <vector>

#include "core/penalty/penalty_builders.h"

namespace tally::core {
namespace {

using namespace penalty_builders;  // NOLINT(build/namespaces): data tables

// One row of an NSW TR 6 table: "N VP (M IMPs)" and "P% of a top".
std::vector<PenaltyAmount> Row(int vps, int imps, int percent_of_top) {
  return {Vps(vps), Imps(imps), PercentOfTop(percent_of_top)};
}

std::string RowText(int vps, int imps, int percent_of_top) {
  return std::to_string(vps) + " VP (" + std::to_string(imps) + " IMPs); " +
         std::to_string(percent_of_top) + "% of a top";
}

PenaltyStep RowStep(int vps, int imps, int percent_of_top,
                    const std::string& prefix = "") {
  return Deduct(Row(vps, imps, percent_of_top),
                prefix + RowText(vps, imps, percent_of_top));
}

PenaltyScale Make() {
  PenaltyScale s;
  s.name = "NSW TR 6";
  s.events =
      "Bridge NSW events; VP figures for matches of 20 VPs, % of a top for "
      "matchpoint pairs";

  const char* const k62 = "NSW TR 6.2";
  s.counters.push_back(Counter("late_arrival", "late arrival",
                               Offender::kPairOrTeam, CountingScope::kAnyEvent,
                               k62));
  s.offences.push_back(LateBand("late_5_10", "late_arrival",
                                "From 5 to 10 minutes late", k62, 5, 10,
                                {RowStep(1, 3, 25)}));
  s.offences.push_back(LateBand("late_11_15", "late_arrival",
                                "From 11 to 15 minutes late", k62, 11, 15,
                                {RowStep(2, 6, 50)}));
  s.offences.push_back(LateBand("late_16_20", "late_arrival",
                                "From 16 to 20 minutes late", k62, 16, 20,
                                {RowStep(3, 9, 75)}));
  s.offences.push_back(LateBand("late_21_30", "late_arrival",
                                "From 21 to 30 minutes late", k62, 21, 30,
                                {RowStep(5, 15, 125)}));
  s.offences.push_back(LateBand(
      "late_over_30", "late_arrival", "more than 30 minutes late", k62, 31,
      std::nullopt,
      {Discretion("For delays of over 30 minutes in matches, the Director "
                  "may assess a more severe penalty, including default of the "
                  "match and disqualification from the event")}));

  // NSW TR 6.4: "If the period of time between any two consecutive offences
  // by the same pair exceeds six (6) calendar months, the later offence will
  // be deemed to be a first offence."
  s.counters.push_back(
      Counter("slow_play", "round, session or match not completed in time",
              Offender::kPair, CountingScope::kAnyEvent, "NSW TR 6.4, 6.7",
              ResetRule{6, MonthEndRule::kClampToMonthEnd, "NSW TR 6.4"}));
  s.offences.push_back(Offence(
      "slow_play", "slow_play",
      "round, session or match not completed in the time allotted "
      "(both pairs at the table unless one is ruled innocent, 6.5)",
      "NSW TR 6.4",
      {Warning("First offence: warning"), RowStep(1, 3, 25, "Second offence: "),
       RowStep(2, 6, 50, "Third offence: "),
       RowStep(3, 9, 75, "Fourth and subsequent offences: ")}));

  // NSW TR 6.9.4: twelve calendar months between consecutive offences by the
  // same player.
  s.counters.push_back(
      Counter("mobile_phone", "mobile phone answered during a session",
              Offender::kPlayer, CountingScope::kAnyEvent, "NSW TR 6.9, 6.7",
              ResetRule{12, MonthEndRule::kClampToMonthEnd, "NSW TR 6.9.4"}));
  s.offences.push_back(Offence(
      "phone_answered", "mobile_phone",
      "a player answered a mobile phone during a session (the player's unit "
      "is penalised)",
      "NSW TR 6.9.1",
      {RowStep(1, 3, 10, "First offence: "),
       RowStep(3, 9, 50, "Second offence: "),
       RowStep(6, 18, 100, "Third and subsequent offences: ")}));
  return s;
}

}  // namespace

const PenaltyScale& NswPenalties() {
  static const PenaltyScale* const kScale = new PenaltyScale(Make());
  return *kScale;
}

}  // namespace tally::core
