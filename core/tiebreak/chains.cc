#include "core/tiebreak/chains.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/tiebreak/criteria.h"

namespace tally::core {
namespace {

TieBreakStep Step(absl::string_view criterion, absl::string_view clause) {
  return {std::string(criterion), std::string(clause)};
}

TieBreakChainSpec Chain(absl::string_view id, absl::string_view clause,
                        absl::string_view title, absl::string_view score,
                        std::vector<TieBreakStep> steps) {
  TieBreakChainSpec c;
  c.id = std::string(id);
  c.clause = std::string(clause);
  c.title = std::string(title);
  c.score = std::string(score);
  c.steps = std::move(steps);
  return c;
}

// NSW TR 11.2.1 (a)-(f); 11.2.3 applies them "excepting (a)".
std::vector<TieBreakStep> Nsw1121Steps(bool round_robin) {
  const std::string at =
      round_robin ? "NSW TR 11.2.3, 11.2.1" : "NSW TR 11.2.1";
  std::vector<TieBreakStep> s;
  if (!round_robin) s.push_back(Step(kCriterionOpponentsTotalVps, at + "(a)"));
  s.push_back(Step(kCriterionHeadToHead, at + "(b)"));
  s.push_back(Step(kCriterionNetImpsCappedAtBlitz, at + "(c)"));
  s.push_back(Step(kCriterionWinsDrawHalf, at + "(d)"));
  s.push_back(Step(kCriterionDropWorstResults, at + "(e)"));
  s.push_back(Step(kCriterionLot, at + "(f)"));
  return s;
}

}  // namespace

std::vector<TieBreakChainSpec> AllTieBreakChainSpecs() {
  std::vector<TieBreakChainSpec> c;
  c.push_back(Chain("anc_sr_12_2", "ANC 2025 SR 12.2",
                    "ITC: ties after each round robin", "total VPs",
                    {Step(kCriterionMatchesWon, "ANC 2025 SR 12.2"),
                     Step(kCriterionNetImps, "ANC 2025 SR 12.2"),
                     Step(kCriterionLot, "ANC 2025 SR 12.2")}));
  c.push_back(Chain("anc_sr_12_3", "ANC 2025 SR 12.3", "ITC: ties in the final",
                    "IMPs in the final including the carry-over (11.2)",
                    {Step(kCriterionRemoveCarryOver, "ANC 2025 SR 12.3")}));
  c.push_back(Chain("anc_sr_17_2", "ANC 2025 SR 17.2",
                    "ABPC: ties for a Swiss draw",
                    "VPs excluding penalties (ANC 2025 SR 5.1)",
                    {Step(kCriterionNetImps, "ANC 2025 SR 17.2"),
                     Step(kCriterionLot, "ANC 2025 SR 17.2")}));
  c.push_back(Chain("anc_sr_17_3", "ANC 2025 SR 17.3",
                    "ABPC: ties at the conclusion of an event or stage",
                    "total VPs",
                    {Step(kCriterionOpponentsTotalVps, "ANC 2025 SR 17.3"),
                     Step(kCriterionMatchesWon, "ANC 2025 SR 17.3"),
                     Step(kCriterionNetImps, "ANC 2025 SR 17.3"),
                     Step(kCriterionLot, "ANC 2025 SR 17.3")}));
  c.push_back(Chain("anc_sr_21_3", "ANC 2025 SR 21.3",
                    "ABPC: tied pairs share the playoff qualifying points",
                    "total VPs (ANC 2025 SR 17.1)", {}));
  TieBreakChainSpec sabf117 = Chain(
      "sabf_tr_11_7", "SABF TR 11.7",
      "Matchpoint pairs: ties for a final placing", "aggregate percentage",
      {Step(kCriterionMostSessionsPlayed, "SABF TR 11.7"),
       Step(kCriterionSessionsAbove60Percent, "SABF TR 11.7"),
       Step(kCriterionSessionsAbove55Percent, "SABF TR 11.7"),
       Step(kCriterionSessionsAbove50Percent, "SABF TR 11.7")});
  sabf117.tie_within = Rational(3, 100);
  c.push_back(sabf117);
  TieBreakChainSpec sabf117mp =
      Chain("sabf_tr_11_7_masterpoints", "SABF TR 11.7",
            "Matchpoint pairs: tied pairs share the master points",
            "aggregate percentage", {});
  sabf117mp.tie_within = Rational(3, 100);
  c.push_back(sabf117mp);
  c.push_back(Chain("sabf_tr_13_10", "SABF TR 13.10",
                    "Teams: ties other than in finals matches",
                    "total VPs (13.10 first item)",
                    {Step(kCriterionTotalVpsWithoutFines, "SABF TR 13.10"),
                     Step(kCriterionOpponentsTotalVps, "SABF TR 13.10"),
                     Step(kCriterionMatchesWon, "SABF TR 13.10"),
                     Step(kCriterionNetImps, "SABF TR 13.10")}));
  c.push_back(
      Chain("sabf_tr_14_1", "SABF TR 14.1",
            "Swiss teams: ties for making a draw", "VPs",
            {Step(kCriterionOpponentsTotalVps, "SABF TR 14.1"),
             Step(kCriterionNetImps, "SABF TR 14.1"),
             Step(kCriterionLot, "SABF TR 14.1 (a draw needs an order)")}));
  c.push_back(Chain("sabf_tr_17_2", "SABF TR 17.2",
                    "State Teams: qualification for the finals",
                    "aggregate finals qualifying points of both stages",
                    {Step(kCriterionTotalVps, "SABF TR 17.2"),
                     Step(kCriterionTotalVpsWithoutFines, "SABF TR 17.2"),
                     Step(kCriterionNetImps, "SABF TR 17.2"),
                     Step(kCriterionLot, "SABF TR 17.2")}));
  TieBreakChainSpec sabf19114 = Chain(
      "sabf_tr_19_11_4", "SABF TR 19.11.4",
      "Butler Trials: a tie for third place", "total VPs (19.11.4 first item)",
      {Step(kCriterionTotalVpsWithoutFines, "SABF TR 19.11.4"),
       Step(kCriterionMatchesWon, "SABF TR 19.11.4"),
       Step(kCriterionNetImps, "SABF TR 19.11.4"),
       Step(kCriterionLot, "SABF TR 19.11.4")});
  sabf19114.only_for_position = 3;
  c.push_back(sabf19114);
  c.push_back(Chain("nsw_tr_11_2_1", "NSW TR 11.2.1",
                    "Swiss teams and Swiss pairs", "total VPs",
                    Nsw1121Steps(false)));
  c.push_back(Chain("nsw_tr_11_2_2", "NSW TR 11.2.2",
                    "Knock-out teams: a four-board playoff",
                    "IMPs in the match",
                    {Step(kCriterionFourBoardPlayoff, "NSW TR 11.2.2")}));
  c.push_back(Chain("nsw_tr_11_2_3", "NSW TR 11.2.3",
                    "Round robins: 11.2.1 excepting (a)", "total VPs",
                    Nsw1121Steps(true)));
  c.push_back(
      Chain("nsw_tr_11_2_4", "NSW TR 11.2.4", "Matchpoint events",
            "total matchpoints",
            {Step(kCriterionOpponentsTotalMatchpoints, "NSW TR 11.2.4(a)"),
             Step(kCriterionMatchpointsBetweenTied, "NSW TR 11.2.4(b)"),
             Step(kCriterionHeadToHead, "NSW TR 11.2.4(c)"),
             Step(kCriterionScoreAgainstHighestPlaced, "NSW TR 11.2.4(d)")}));
  return c;
}

absl::StatusOr<TieBreakChainSpec> FindTieBreakChainSpec(absl::string_view id) {
  std::vector<std::string> ids;
  for (TieBreakChainSpec& c : AllTieBreakChainSpecs()) {
    if (c.id == id) return std::move(c);
    ids.push_back(c.id);
  }
  return absl::NotFoundError(absl::StrCat(
      "no tie-break chain '", id, "'; known: ", absl::StrJoin(ids, ", ")));
}

absl::StatusOr<TieBreakChainSpec> ChainSpecFromCriteria(
    const std::vector<std::string>& criteria, absl::string_view clause,
    const Rational& tie_within) {
  if (tie_within < 0) {
    return absl::InvalidArgumentError("a tie margin cannot be negative");
  }
  TieBreakChainSpec c;
  c.id = std::string(clause);
  c.clause = std::string(clause);
  c.tie_within = tie_within;
  for (const std::string& id : criteria) {
    if (!FindTieBreakCriterionInfo(id).ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "no tie-break criterion '", id, "' (in the chain of ", clause, ")"));
    }
    c.steps.push_back(Step(id, clause));
  }
  return c;
}

}  // namespace tally::core
