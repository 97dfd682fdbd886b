#include "core/penalty/anc_penalties.h"

#include <string>
#include <utility>
#include <vector>

#include "core/penalty/penalty_builders.h"

namespace tally::core {
namespace {

using namespace penalty_builders;  // NOLINT(build/namespaces): data tables

constexpr char kAppendix[] =
    "ANC SR appendix: Penalties for Late Arrival, Slow Play, Failure to "
    "enter or check scores";

// The appendix's punctuality table for one group of events: the VP and IMP
// amounts of the 5-10, 10-15, 15-20 and 20-30 minute bands (the 0-5 band's
// "subsequent offence" costs the same as 5-10), and of the first and each
// subsequent cancelled board.
struct PunctualityRow {
  int vps;
  int imps;
};
void AddPunctuality(PenaltyScale& scale,
                    const std::vector<PunctualityRow>& bands,
                    PunctualityRow first_board, PunctualityRow further_boards) {
  const std::string c = "late_or_slow";
  auto amounts = [](PunctualityRow r) {
    return std::vector<PenaltyAmount>{Vps(r.vps), Imps(r.imps)};
  };
  auto text = [](PunctualityRow r) {
    return std::to_string(r.vps) + (r.vps == 1 ? " VP (" : " VPs (") +
           std::to_string(r.imps) + " IMPs)";
  };
  scale.offences.push_back(LateBand(
      "late_0_5", c, "late (or over time) by 0-5 minutes", kAppendix, 0, 5,
      {Warning("warning for first offence"),
       Deduct(amounts(bands[0]),
              "then " + text(bands[0]) + " for each subsequent offence")}));
  scale.offences.push_back(
      LateBand("late_5_10", c, "late (or over time) by 5-10 minutes", kAppendix,
               6, 10, {Deduct(amounts(bands[0]), text(bands[0]))}));
  scale.offences.push_back(
      LateBand("late_10_15", c, "late (or over time) by 10-15 minutes",
               kAppendix, 11, 15, {Deduct(amounts(bands[1]), text(bands[1]))}));
  scale.offences.push_back(
      LateBand("late_15_20", c, "late (or over time) by 15-20 minutes",
               kAppendix, 16, 20, {Deduct(amounts(bands[2]), text(bands[2]))}));
  scale.offences.push_back(
      LateBand("late_20_30", c, "late (or over time) by 20-30 minutes",
               kAppendix, 21, 30, {Deduct(amounts(bands[3]), text(bands[3]))}));
  scale.offences.push_back(LateBand(
      "late_over_30", c, "late arrival in excess of 30 minutes", kAppendix, 31,
      std::nullopt,
      {Discretion("the CTD may assess a more severe penalty including "
                  "forfeiture of the match and/or disqualification from the "
                  "event")}));
  scale.offences.push_back(Offence(
      "boards_cancelled", c,
      "boards cancelled by the director for failure to complete them on time",
      kAppendix,
      {DeductPerBoard(amounts(first_board), amounts(further_boards),
                      "One board " + text(first_board) +
                          "; Subsequent boards " + text(further_boards))}));
}

// "Should the players leave the table, when they have failed to enter one or
// more scores ... First offence warning; Subsequent offences 3 VPs (ITC),
// 1 VP (IPC, ABPC) per occasion".
void AddScoresNotChecked(PenaltyScale& scale, int vps) {
  scale.counters.push_back(
      Counter("scores_not_checked",
              "leaving the table without entering or checking scores",
              Offender::kPair, CountingScope::kSameEvent, kAppendix));
  scale.offences.push_back(Offence(
      "scores_not_checked", "scores_not_checked",
      "left the table having failed to enter a score, or with an incorrect "
      "score entered and agreed (both pairs)",
      std::string(kAppendix) + "; ANC SR 1.4",
      {Warning("First offence warning"),
       Deduct({Vps(vps)}, std::to_string(vps) + (vps == 1 ? " VP" : " VPs") +
                              " per occasion")}));
}

// ANC SR 5.3: the disciplinary penalty for breaches of 1.5, 1.7, 1.8 and
// 1.9, and of 1.6 after one warning per pair or team.
void AddDisciplinary(PenaltyScale& scale, Offender offender,
                     const std::vector<PenaltyAmount>& amounts,
                     const std::string& text, bool with_alcohol,
                     bool with_lodging) {
  auto counter = [&](const std::string& key, const std::string& what,
                     const std::string& clause) {
    scale.counters.push_back(
        Counter(key, what, offender, CountingScope::kSameEvent, clause));
  };
  counter("smoking", "smoking (ANC SR 1.5)", "ANC SR 1.5, 5.3");
  scale.offences.push_back(
      Offence("smoking", "smoking",
              "smoking in the playing area or leaving the table to smoke",
              "ANC SR 1.5, 5.3", {Deduct(amounts, text)}));
  counter("phone_not_off", "electronic equipment not switched off (1.6)",
          "ANC SR 1.6, 5.3");
  scale.offences.push_back(Offence(
      "phone_not_off", "phone_not_off",
      "mobile telephone or other electronic equipment not switched off",
      "ANC SR 1.6, 5.3",
      {Warning("one warning per pair or team"), Deduct(amounts, text)}));
  counter("device_used", "electronic device consulted or used (1.7)",
          "ANC SR 1.7, 5.3");
  scale.offences.push_back(Offence(
      "device_used", "device_used",
      "mobile telephone or electronic device consulted or used",
      "ANC SR 1.7, 5.3",
      {Deduct(amounts, "automatic penalty in the first instance: " + text),
       Discretion("further breaches by the same unit: the CTD will assess a "
                  "more severe penalty, which may include forfeiture or "
                  "disqualification")}));
  if (with_lodging) {
    counter("device_not_lodged", "device not lodged in the ITC Finals (1.8)",
            "ANC SR 1.8, 5.3 b)");
    scale.offences.push_back(Offence(
        "device_not_lodged", "device_not_lodged",
        "electronic communication device not lodged with the TO during "
        "session time of the ITC Finals",
        "ANC SR 1.8, 5.3 b)", {Deduct({Imps(9)}, "ITC Teams Final - 9 IMPs")}));
  }
  if (with_alcohol) {
    counter("alcohol", "alcohol in the playing room (1.9)", "ANC SR 1.9, 5.3");
    scale.offences.push_back(Offence(
        "alcohol", "alcohol",
        "consumption of alcohol in the playing room during session time",
        "ANC SR 1.9, 5.3", {Deduct(amounts, text)}));
  }
}

PenaltyScale MakeItc() {
  PenaltyScale s;
  s.name = "ANC 2025 SR: ITC";
  s.events =
      "Interstate Teams Championships, qualifying (VPs) and final (IMPs)";
  s.counters.push_back(Counter("late_or_slow",
                               "late arrival, slow play and boards cancelled "
                               "for failing to finish on time",
                               Offender::kTeam, CountingScope::kSameEvent,
                               "ANC SR 5.2, appendix"));
  // Appendix "ITC": 5-10 3 VPs (3 IMPs), 10-15 6 (6), 15-20 9 (9),
  // 20-30 15 (15); one board 3 (3), subsequent boards 6 (6).
  AddPunctuality(s, {{3, 3}, {6, 6}, {9, 9}, {15, 15}}, {3, 3}, {6, 6});
  AddScoresNotChecked(s, 3);
  AddDisciplinary(s, Offender::kTeam, {Vps(9), Imps(9)},
                  "ITC Qualifying - 9 VPs; ITC Teams Final - 9 IMPs",
                  /*with_alcohol=*/true, /*with_lodging=*/true);
  s.counters.push_back(
      Counter("lineup_posting", "line-up not posted as ANC SR 10.8 requires",
              Offender::kTeam, CountingScope::kSameEvent, "ANC SR 10.8"));
  s.offences.push_back(
      Offence("lineup_posting", "lineup_posting",
              "seating positions or system not posted in time (team captain)",
              "ANC SR 10.8",
              {Other(PenaltyKind::kLossOfSeatingRights,
                     "i) first offence, loss of seating rights"),
               Deduct({Vps(3)}, "ii) second offence, 3 VPs"),
               Deduct({Vps(6)}, "iii) third and subsequent offences, 6 VPs")}));
  return s;
}

PenaltyScale MakeButlerAndSwissPairs() {
  PenaltyScale s;
  s.name = "ANC 2025 SR: ABPC and Swiss Pairs";
  s.events =
      "Australian Butler Pairs (all stages), ANC Swiss Pairs A and B, "
      "Welcome Swiss Pairs";
  s.counters.push_back(Counter("late_or_slow",
                               "late arrival, slow play and boards cancelled "
                               "for failing to finish on time",
                               Offender::kPair, CountingScope::kSameEvent,
                               "ANC SR 5.2, 18.4, appendix"));
  // Appendix "ABPC and Swiss Pairs": 5-10 1 VP (3 IMPs), 10-15 2 (6),
  // 15-20 3 (9), 20-30 5 (15); one board 1 (3), subsequent boards 2 (6).
  AddPunctuality(s, {{1, 3}, {2, 6}, {3, 9}, {5, 15}}, {1, 3}, {2, 6});
  AddScoresNotChecked(s, 1);
  AddDisciplinary(s, Offender::kPair, {Vps(3)}, "IPC and ABPC - 3 VPs",
                  /*with_alcohol=*/true, /*with_lodging=*/false);
  return s;
}

PenaltyScale MakeIpc() {
  PenaltyScale s;
  s.name = "ANC 2025 SR: IPC";
  s.events = "Interstate Pairs Championship (matchpoint Swiss pairs, VPs)";
  s.counters.push_back(Counter("late_or_slow", "late arrival and slow play",
                               Offender::kPair, CountingScope::kSameEvent,
                               "ANC SR 5.2, appendix"));
  s.offences.push_back(LateBand(
      "late_or_slow", "late_or_slow", "late arrival or slow play", kAppendix, 0,
      std::nullopt,
      {Discretion("In Matchpoint Pairs events, late arrival or slow play may "
                  "be penalised at the discretion of the CTD")}));
  AddScoresNotChecked(s, 1);
  AddDisciplinary(s, Offender::kPair, {Vps(3)}, "IPC and ABPC - 3 VPs",
                  /*with_alcohol=*/false, /*with_lodging=*/false);
  return s;
}

}  // namespace

const PenaltyScale& AncItcPenalties() {
  static const PenaltyScale* const kScale = new PenaltyScale(MakeItc());
  return *kScale;
}

const PenaltyScale& AncButlerAndSwissPairsPenalties() {
  static const PenaltyScale* const kScale =
      new PenaltyScale(MakeButlerAndSwissPairs());
  return *kScale;
}

const PenaltyScale& AncIpcPenalties() {
  static const PenaltyScale* const kScale = new PenaltyScale(MakeIpc());
  return *kScale;
}

}  // namespace tally::core
