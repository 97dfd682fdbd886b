#include "core/penalty/sabf_penalties.h"

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/penalty/penalty_builders.h"

namespace tally::core {
namespace {

using namespace penalty_builders;  // NOLINT(build/namespaces): data tables

PenaltyScale MakeMatchpointPairs() {
  PenaltyScale s;
  s.name = "SABF TR: matchpoint pairs";
  s.events = "SABF matchpoint pairs events";
  const std::string late = "late_arrival";
  const char* const k112 = "SABF TR 11.2";
  s.counters.push_back(Counter(late, "late arrival", Offender::kPair,
                               CountingScope::kSameEvent, k112));
  s.offences.push_back(LateBand(
      "late_under_5", late, "late by less than 5 minutes", k112, 0, 4,
      {Warning("Warning for first occurrence"),
       Deduct({PercentOfTop(10)},
              "For second or subsequent offence in the same multi-session "
              "event - 10% of a top")}));
  s.offences.push_back(LateBand("late_5_10", late, "late by 5 to 10 minutes",
                                k112, 5, 10,
                                {Deduct({PercentOfTop(15)}, "15% of a top")}));
  s.offences.push_back(LateBand("late_11_15", late, "late by 11 to 15 minutes",
                                k112, 11, 15,
                                {Deduct({PercentOfTop(25)}, "25% of a top")}));
  s.offences.push_back(LateBand("late_16_20", late, "late by 16 to 20 minutes",
                                k112, 16, 20,
                                {Deduct({PercentOfTop(40)}, "40% of a top")}));
  s.offences.push_back(
      LateBand("late_21_30", late, "late by 21 to 30 minutes", k112, 21, 30,
               {Deduct({PercentOfTop(100)}, "100% of a top")}));
  s.offences.push_back(LateBand(
      "late_over_30", late, "late by more than 30 minutes", k112, 31,
      std::nullopt,
      {Discretion("Beyond 30 minutes, or after the completion of the first "
                  "round, the TD may assess a more severe penalty, including "
                  "disqualification from the session or the event")}));

  const char* const k1110 = "SABF TR 11.10";
  s.counters.push_back(Counter("mis_scoring", "mis-scoring", Offender::kPair,
                               CountingScope::kSameEvent, k1110));
  s.offences.push_back(
      Offence("mis_scoring", "mis_scoring", "mis-scoring", k1110,
              {DeductAtMost({PercentagePoints(1)},
                            "Mis-scoring: 1% deducted from the final score "
                            "for each pair")}));
  s.counters.push_back(Counter("no_score_entered", "no score entered",
                               Offender::kPair, CountingScope::kSameEvent,
                               k1110));
  s.offences.push_back(
      Offence("no_score_entered", "no_score_entered", "no score entered", k1110,
              {DeductAtMost({PercentOfTop(40)},
                            "No score entered: 40% of a top on the board for "
                            "both pairs")}));
  s.counters.push_back(Counter("slow_play", "slow play", Offender::kPair,
                               CountingScope::kSameEvent, k1110));
  s.offences.push_back(Offence(
      "slow_play", "slow_play", "slow play", k1110,
      {Warning("Players should be warned about their slowness after each of "
               "the first two offences"),
       Warning("second warning"),
       DeductAtMost({PercentOfTop(50)},
                    "Slow play: Half a top for the third and subsequent "
                    "offence")}));
  return s;
}

PenaltyScale MakeTeams() {
  PenaltyScale s;
  s.name = "SABF TR: teams and Butler pairs";
  s.events =
      "SABF teams events (Swiss, round robin) and, by SABF TR 12, Butler "
      "pairs";
  const std::string late = "late_arrival";
  const char* const k1314 = "SABF TR 13.14";
  s.counters.push_back(Counter(late, "late arrival", Offender::kPairOrTeam,
                               CountingScope::kSameEvent, k1314));
  s.offences.push_back(LateBand(
      "late_under_5", late, "late by less than 5 minutes", k1314, 0, 4,
      {Warning("Warning for first occurrence"),
       Deduct({Vps(Rational(1, 2))},
              "For second or subsequent offence in the same multi-session "
              "event - 1/2 VP")}));
  s.offences.push_back(LateBand("late_5_10", late, "late by 5 to 10 minutes",
                                k1314, 5, 10, {Deduct({Vps(1)}, "1 VPs")}));
  s.offences.push_back(LateBand("late_11_15", late, "late by 11 to 15 minutes",
                                k1314, 11, 15, {Deduct({Vps(2)}, "2 VPs")}));
  s.offences.push_back(LateBand("late_16_20", late, "late by 16 to 20 minutes",
                                k1314, 16, 20, {Deduct({Vps(3)}, "3 VPs")}));
  s.offences.push_back(LateBand("late_21_30", late, "late by 21 to 30 minutes",
                                k1314, 21, 30, {Deduct({Vps(5)}, "5 VPs")}));

  const std::string slow = "slow_play";
  s.counters.push_back(Counter(slow, "slow play", Offender::kPairOrTeam,
                               CountingScope::kSameEvent,
                               "SABF TR 13.15, 13.16"));
  s.offences.push_back(Offence(
      "boards_missed", slow,
      "boards not commenced more than 5 minutes before the scheduled end "
      "of play, cancelled from the match",
      "SABF TR 13.15",
      {Warning("there shall be no deduction for the first offence by a team "
               "in the competition"),
       DeductPerBoard({Vps(1)}, {}, "1 VP for each board missed")}));
  s.offences.push_back(Offence(
      "final_board_over_time", slow,
      "final board not completed by the full time mark (the hand is "
      "completed)",
      "SABF TR 13.16",
      {Warning("no deduction for the first offence (SABF TR 13.15)"),
       Discretion("liable for a slow play penalty; no board was missed, so "
                  "the TD sets the amount")}));
  return s;
}

PenaltyScale MakeTeamsFinals() {
  PenaltyScale s;
  s.name = "SABF TR: teams finals";
  s.events = "SABF teams finals (IMP matches)";
  const std::string c = "late_or_slow";
  const char* const k163 = "SABF TR 16.3";
  s.counters.push_back(Counter(c, "late arrival and slow play", Offender::kTeam,
                               CountingScope::kSameEvent, k163));
  s.offences.push_back(LateBand(
      "late_under_5", c, "late (or slow) by less than 5 minutes", k163, 0, 4,
      {Warning("Warning for first occurrence"),
       Deduct({Imps(2)},
              "For second or subsequent offence in the same finals series - "
              "2 IMPs")}));
  s.offences.push_back(LateBand("late_5_10", c,
                                "late (or slow) by 5 to 10 minutes", k163, 5,
                                10, {Deduct({Imps(3)}, "3 IMPs")}));
  s.offences.push_back(LateBand("late_11_15", c,
                                "late (or slow) by 11 to 15 minutes", k163, 11,
                                15, {Deduct({Imps(5)}, "5 IMPs")}));
  s.offences.push_back(LateBand("late_16_20", c,
                                "late (or slow) by 16 to 20 minutes", k163, 16,
                                20, {Deduct({Imps(7)}, "7 IMPs")}));
  s.offences.push_back(LateBand("late_21_30", c,
                                "late (or slow) by 21 to 30 minutes", k163, 21,
                                30, {Deduct({Imps(10)}, "10 IMPs")}));
  s.offences.push_back(LateBand(
      "late_over_30", c, "late by more than 30 minutes", k163, 31, std::nullopt,
      {Other(PenaltyKind::kForfeit,
             "the non-offending team shall be declared the winner of that "
             "final by forfeit")}));
  return s;
}

}  // namespace

const PenaltyScale& SabfMatchpointPairsPenalties() {
  static const PenaltyScale* const kScale =
      new PenaltyScale(MakeMatchpointPairs());
  return *kScale;
}

const PenaltyScale& SabfTeamsPenalties() {
  static const PenaltyScale* const kScale = new PenaltyScale(MakeTeams());
  return *kScale;
}

const PenaltyScale& SabfTeamsFinalsPenalties() {
  static const PenaltyScale* const kScale = new PenaltyScale(MakeTeamsFinals());
  return *kScale;
}

absl::StatusOr<SessionTimeAllowance> SabfTeamsTimeAllowance(int boards) {
  if (boards < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a session needs at least one board (SABF TR 13.16), not ", boards));
  }
  // SABF TR 13.16: 7.5 minutes (450 s) per board; no board started within
  // the final five minutes.
  const absl::Duration playing = absl::Seconds(450) * boards;
  return SessionTimeAllowance{playing, playing - absl::Minutes(5)};
}

bool BoardMayStart(const SessionTimeAllowance& allowance,
                   absl::Duration elapsed) {
  return elapsed < allowance.last_board_start;
}

}  // namespace tally::core
