#include "core/profile/named_rules.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/adjust/fouled_board_anc.h"
#include "core/base/status_macros.h"
#include "core/penalty/anc_penalties.h"
#include "core/penalty/nsw_penalties.h"
#include "core/penalty/sabf_penalties.h"
#include "core/vp/vp_scale.h"

namespace tally::core {
namespace {

constexpr unsigned kMatchpoints = ScoringBit(ScoringMethod::kMatchpoints);
constexpr unsigned kDatum = ScoringBit(ScoringMethod::kImpsVsDatum);
constexpr unsigned kTwoTables = ScoringBit(ScoringMethod::kImpsTwoTables);
constexpr unsigned kCross = ScoringBit(ScoringMethod::kCrossImps);
constexpr unsigned kPairsImps = kDatum | kCross;

constexpr unsigned kKnockout = EventKindBit(EventKind::kKnockoutTeams);
constexpr unsigned kRoundRobinPairs = EventKindBit(EventKind::kRoundRobinPairs);
constexpr unsigned kRoundRobinTeams = EventKindBit(EventKind::kRoundRobinTeams);
constexpr unsigned kVpEvents = EventKindBit(EventKind::kButlerPairs) |
                               EventKindBit(EventKind::kSwissPairs) |
                               EventKindBit(EventKind::kSwissTeams) |
                               kRoundRobinPairs | kRoundRobinTeams;

const NamedRule kPenaltyScales[] = {
    {"anc_itc", "ANC 2025 SR appendix (ITC), 5.3 a)-b), 10.8",
     "Interstate Teams: late arrival, slow play, cancelled boards, failure to "
     "check scores (VPs in the qualifying, IMPs in the final); disciplinary "
     "9 VPs / 9 IMPs; line-up posting",
     kTwoTables},
    {"anc_butler_swiss_pairs",
     "ANC 2025 SR appendix (ABPC and Swiss Pairs), 5.3 c)",
     "Butler Pairs, ANC Swiss Pairs and Welcome Swiss Pairs: late arrival, "
     "slow play, cancelled boards, failure to check scores; disciplinary 3 VPs",
     kPairsImps},
    {"anc_ipc", "ANC 2025 SR appendix (Matchpoint Pairs, IPC), 5.3 c)",
     "Interstate Pairs: lateness and slow play at the CTD's discretion; "
     "disciplinary 3 VPs; 1 VP for failing to check scores",
     kMatchpoints},
    {"sabf_matchpoint_pairs", "SABF TR 11.2, 11.10",
     "SABF matchpoint pairs: late arrival and fines in % of a top",
     kMatchpoints},
    {"sabf_teams", "SABF TR 13.14-13.16 (Butler pairs by 12)",
     "SABF teams and Butler pairs: late arrival and slow play in VPs",
     kTwoTables | kPairsImps},
    {"sabf_teams_finals", "SABF TR 16.3",
     "SABF teams finals: late arrival and slow play in IMPs; over 30 minutes "
     "forfeits the final",
     kTwoTables, kKnockout},
    {"nsw", "NSW TR 6",
     "Bridge NSW: late arrival, slow play (6-month reset) and mobile phones "
     "(12-month reset), in VPs (IMPs) or % of a top",
     kAllScorings},
    {"laws_90_91", "Laws 90, 91",
     "no published scale: each procedural or disciplinary penalty is the "
     "director's, given in matchpoints or % of a top (club pairs)",
     kMatchpoints},
};

const NamedRule kArtificialImps[] = {
    {"teams_by_match_length", "NZ LIRG Law 86A; NSW TR 7.2",
     "+-2 IMPs in teams matches of fewer than 11 boards, else +-3", kTwoTables},
    {"butler_2_imps", "ANC SR 7.3; NSW TR 7.2; SABF TR 12.3",
     "+-2 IMPs in Butler (IMP) pairs", kPairsImps},
    {"anc_itc_3_imps", "ANC SR 7.1, 7.6",
     "3 IMPs to both sides of an ITC match for a board without a result",
     kTwoTables},
    {"guide_3_imps_or_session_average", "Fouled-board guide",
     "3 IMPs or the side's session average per board, whichever is higher; "
     "average minus 3 IMPs conceded",
     kImpScorings},
};

const NamedRule kArtificialMatchpoints[] = {
    {"guide_60_or_session_average", "Fouled-board guide; SABF TR 11.9",
     "60% or the side's session average, whichever is greater; average minus "
     "40%",
     kMatchpoints},
    {"anc_ipc_60", "ANC SR 7.4",
     "60% of the board's available matchpoints to both sides", kMatchpoints},
    {"fixed_60_40", "NSW TR 7.3.2 (60%); Fouled-board guide (40%)",
     "average plus 60%, average minus 40%, no session alternative",
     kMatchpoints},
    {"law_12c2_60_40", "Law 12C2(a)",
     "average plus 60%, average minus 40%, average 50% of the board's "
     "matchpoints, no session alternative",
     kMatchpoints},
};

// Swiss and round robins, whose matches replay/match_scores/forfeits.h
// scores as forfeits (a knock-out's matches are decided otherwise).
constexpr unsigned kSwissAndRoundRobins =
    EventKindBit(EventKind::kSwissPairs) |
    EventKindBit(EventKind::kSwissTeams) | kRoundRobinPairs | kRoundRobinTeams;

const NamedRule kFewComparisons[] = {
    {"anc_sr_7_7", "ANC SR 7.7",
     "direct comparisons on less than one half of a match's boards: the "
     "match is scored as a forfeit, both sides non-offending",
     kAllScorings, kSwissAndRoundRobins},
};

const NamedRule kSeveralBoards[] = {
    {"anc_appendix",
     "ANC SR 7.5 and appendix (Calculation of Multiple average plus awards)",
     "N unplayable boards: 3 sqrt(N) (teams) or 2 sqrt(N) (pairs) IMPs in "
     "the match, rounded, or 50 + 10 sqrt(N)/N percent per board",
     kAllScorings},
    {"nsw_tr_12_10", "NSW TR 12.10",
     "boards unplayed through no fault: 2 IMPs each for 1-3, 1 each + 3 for "
     "4-7, M/U each from 8",
     kImpScorings},
    {"per_board", "Law 12C2 (no regulation of the event scales several boards)",
     "each board receives its own artificial score", kAllScorings},
};

const NamedRule kFouledBoards[] = {
    {"anc_sr_7_1", "ANC SR 7.1",
     "ITC: a substitute board at both tables, or 3 IMPs to both sides when "
     "the match result is known or a player has left",
     kTwoTables},
    {"anc_sr_7_2", "ANC SR 7.2, 7.3",
     "ABPC and WSP: separate datums after dropping the 2 (3-7 results) or 4 "
     "(more than 7) extreme scores, or 2 IMPs",
     kPairsImps},
    {"anc_sr_7_4", "ANC SR 7.4",
     "IPC: 60% of the board's matchpoints to both sides", kMatchpoints},
    {"sabf_tr_11_9", "SABF TR 11.9",
     "matchpoint pairs: innocent pairs 60% or their session average; "
     "offenders may be fined up to half a top",
     kMatchpoints},
    {"sabf_tr_12_3", "SABF TR 12.3",
     "Butler: of no consequence, separate datums after dropping the two "
     "extreme scores, or cancelled with 2 IMPs",
     kPairsImps},
    {"nsw_tr_7_1_1", "NSW TR 7.1.1",
     "datum events: a separate datum and the equalising integer, or 2 IMPs",
     kPairsImps},
    {"nsw_tr_7_3_2", "NSW TR 7.3.2",
     "matchpoint events: a separate deal plus 1 MP per score in the other "
     "group, or 60% to both sides",
     kMatchpoints},
    {"guide_match_play", "Fouled-board guide (Match Play)",
     "teams: corrected and play proceeds (3 IMPs fine, 6 if cards were "
     "exchanged), else (a) more than 3 IMPs to the non-offenders, (b) "
     "redealt and 3 IMPs fine, (c) both at fault: redealt",
     kTwoTables},
    {"guide_ranking_play", "Fouled-board guide (Ranking Play)",
     "matchpoints: groups matchpointed separately and factored to the field",
     kMatchpoints},
};

const NamedRule kForfeits[] = {
    {"anc_sr_10_12", "ANC SR 10.12",
     "non-offenders 56.5 VPs, adjusted to the highest of 56.5, their average "
     "and 70 less the offenders' average; offenders 0",
     kTwoTables, kRoundRobinTeams},
    {"sabf_tr_13_9", "SABF TR 13.9",
     "non-offenders the greatest of +12 IMPs, their mean VPs and 20 less the "
     "offenders' mean; offenders 0",
     kTwoTables | kPairsImps, kVpEvents},
    {"nsw_tr_12_9", "NSW TR 12.9",
     "non-offenders 12 VPs, at the end the highest of 12 VPs, their mean and "
     "the offenders' opponents' mean; offenders 0 (IMP events: 12.9.5)",
     kImpScorings},
};

const NamedRule kByes[] = {
    {"anc_sr_10_11", "ANC SR 10.11", "35 VPs and 0 IMPs for a bye", kTwoTables,
     kRoundRobinTeams},
    // NSW TR 12.8: "the Director will calculate an average score for every
    // board played. The calculated average will be awarded to each pair
    // that failed to play that board." At each table the NS and EW IMPs
    // against the datum are exact negatives, so the average over all the
    // pairs' scores on a board is 0 IMPs: the bye scores 0 IMPs and the VPs
    // of a 0-IMP margin on the event's scale (tally's reading).
    {"nsw_tr_12_8", "NSW TR 12.8",
     "a pair that sits out scores the board average, 0 IMPs against the "
     "datum, and the VPs of a 0-IMP match on the event's scale",
     kDatum},
};

const NamedRule kCarryOvers[] = {
    {"anc_sr_11_2", "ANC SR 11.2",
     "ITC final: the higher placed team carries 10% of the qualifying VP "
     "margin in IMPs, not rounded",
     kTwoTables, kKnockout},
    {"anc_sr_18_1", "ANC SR 18.1, 18.3",
     "ABPC Open Stage 3: 10, 8, 6, 4, 2 VPs for Stage 2 places 1-5", kPairsImps,
     kRoundRobinPairs},
    {"anc_sr_18_2", "ANC SR 18.2, 18.3",
     "ABPC Mixed Stage 2: 1 + 6 (z - y)/(x - y) from the Stage 1 VPs, to 2 "
     "decimals",
     kPairsImps, kRoundRobinPairs},
    {"sabf_tr_18_1", "SABF TR 18.1.1",
     "State Open Pairs final: the average of the pair's three qualifying "
     "rounds, with the 18.1.1 substitute and Spring Nationals rules",
     kMatchpoints, EventKindBit(EventKind::kMatchpointPairs)},
    {"sabf_tr_13_11", "SABF TR 13.11", "final four: 0.1 IMP in each match",
     kTwoTables, kKnockout},
    {"sabf_tr_13_12", "SABF TR 13.12, 17.3",
     "final five: 0.1 IMP in each match", kTwoTables, kKnockout},
};

}  // namespace

bool RuleFits(const NamedRule& rule, ScoringMethod scoring, EventKind kind) {
  if ((rule.scorings & ScoringBit(scoring)) == 0) return false;
  return rule.event_kinds == 0 || (rule.event_kinds & EventKindBit(kind)) != 0;
}

absl::StatusOr<NamedRule> FindNamedRule(absl::Span<const NamedRule> rules,
                                        absl::string_view what,
                                        absl::string_view id) {
  for (const NamedRule& rule : rules) {
    if (rule.id == id) return rule;
  }
  std::vector<absl::string_view> ids;
  for (const NamedRule& rule : rules) ids.push_back(rule.id);
  return absl::NotFoundError(
      absl::StrCat("no ", what, " is called \"", id,
                   "\"; known: ", absl::StrJoin(ids, ", ")));
}

absl::Span<const NamedRule> PenaltyScaleNames() { return kPenaltyScales; }

absl::StatusOr<const PenaltyScale*> PenaltyScaleByName(absl::string_view name) {
  TALLY_ASSIGN_OR_RETURN(const NamedRule rule,
                         FindNamedRule(kPenaltyScales, "penalty scale", name));
  if (rule.id == "anc_itc") return &AncItcPenalties();
  if (rule.id == "anc_butler_swiss_pairs") {
    return &AncButlerAndSwissPairsPenalties();
  }
  if (rule.id == "anc_ipc") return &AncIpcPenalties();
  if (rule.id == "sabf_matchpoint_pairs") {
    return &SabfMatchpointPairsPenalties();
  }
  if (rule.id == "sabf_teams") return &SabfTeamsPenalties();
  if (rule.id == "sabf_teams_finals") return &SabfTeamsFinalsPenalties();
  if (rule.id == "laws_90_91") {
    // No offences: every penalty is the director's (RulingMade.penalty).
    static const PenaltyScale* const kDiscretion = new PenaltyScale{
        "Laws 90, 91 (the director's discretion)", "club matchpoint pairs",
        {}, {}};
    return kDiscretion;
  }
  return &NswPenalties();
}

absl::Span<const NamedRule> ArtificialImpsRules() { return kArtificialImps; }

absl::StatusOr<ArtificialImpsRule> ArtificialImpsRuleById(absl::string_view id,
                                                          int boards_in_match) {
  TALLY_ASSIGN_OR_RETURN(
      const NamedRule rule,
      FindNamedRule(kArtificialImps, "artificial IMP rule", id));
  if (rule.id == "teams_by_match_length") {
    return TeamsArtificialImpsRule(boards_in_match);
  }
  if (rule.id == "butler_2_imps") return ButlerArtificialImpsRule();
  if (rule.id == "anc_itc_3_imps") return AncItcArtificialImpsRule();
  return GuideArtificialImpsRule();
}

absl::Span<const NamedRule> ArtificialMatchpointRules() {
  return kArtificialMatchpoints;
}

absl::StatusOr<ArtificialMatchpointRule> ArtificialMatchpointRuleById(
    absl::string_view id) {
  TALLY_ASSIGN_OR_RETURN(
      const NamedRule rule,
      FindNamedRule(kArtificialMatchpoints, "artificial matchpoint rule", id));
  if (rule.id == "guide_60_or_session_average") {
    return GuideArtificialMatchpointRule();
  }
  if (rule.id == "anc_ipc_60") return AncIpcArtificialMatchpointRule();
  return ArtificialMatchpointRule{};  // 60 / 40, no session alternative
}

absl::Span<const NamedRule> SeveralBoardsMethods() { return kSeveralBoards; }

absl::Span<const NamedRule> FouledBoardTreatments() { return kFouledBoards; }

absl::Span<const NamedRule> FewComparisonsRules() { return kFewComparisons; }

absl::Span<const NamedRule> ForfeitRules() { return kForfeits; }

absl::StatusOr<std::optional<ForfeitRule>> ForfeitRuleForProfile(
    const RegulationProfile& profile) {
  if (!profile.forfeit.has_value() || profile.forfeit->rule.empty()) {
    return std::optional<ForfeitRule>();
  }
  const ForfeitChoice& choice = *profile.forfeit;
  TALLY_ASSIGN_OR_RETURN(const NamedRule rule,
                         FindNamedRule(kForfeits, "forfeit rule", choice.rule));
  ForfeitRule result;
  if (rule.id == "anc_sr_10_12") {
    result = ItcForfeitRule();
  } else if (rule.id == "sabf_tr_13_9") {
    if (!profile.vp.has_value() || !profile.matches.has_value()) {
      return absl::FailedPreconditionError(
          "forfeit.rule: sabf_tr_13_9 awards the VPs for +12 IMPs (SABF TR "
          "13.9), so the profile needs a VP scale and a match length");
    }
    TALLY_ASSIGN_OR_RETURN(
        const VpScaleForBoards scale,
        VpScaleForMatch(profile, profile.matches->boards_per_match));
    TALLY_ASSIGN_OR_RETURN(const VpResult twelve,
                           VpForMargin(scale.scale, 12, scale.boards));
    result = SabfForfeitRule(twelve.vps.ToRational());
  } else {  // nsw_tr_12_9
    if (!profile.vp.has_value()) {
      if (!choice.base.has_value()) {
        return absl::FailedPreconditionError(
            "forfeit.base: NSW TR 12.9.5 scores a forfeit in an event not "
            "scored by VPs by the 12.9.2 formula in the event's own score; "
            "give the Tournament Committee's equivalent of 12 VPs");
      }
      return std::optional<ForfeitRule>(
          NswForfeitRuleForUnscaledEvents(*choice.base));
    }
    if (!choice.base.has_value()) {
      TALLY_ASSIGN_OR_RETURN(
          const VpScaleForBoards scale,
          VpScaleForMatch(profile, profile.matches.has_value()
                                       ? profile.matches->boards_per_match
                                       : 1));
      TALLY_ASSIGN_OR_RETURN(const VpResult level,
                             VpForMargin(scale.scale, 0, scale.boards));
      if (level.vps.ToRational() + level.opponent_vps.ToRational() !=
          Rational(20)) {
        return absl::FailedPreconditionError(absl::StrCat(
            "forfeit.base: NSW TR 12.9.1 gives 12 VPs in a match of 20 VPs; "
            "the ",
            scale.scale.id,
            " scale is not, so give the Tournament Committee's equivalent"));
      }
    }
    result = NswForfeitRule(choice.base.value_or(Rational(12)));
  }
  if (choice.base.has_value()) result.base = *choice.base;
  return std::optional<ForfeitRule>(result);
}

absl::Span<const NamedRule> ByeRules() { return kByes; }

absl::StatusOr<ByeScore> ByeScoreById(absl::string_view id) {
  TALLY_ASSIGN_OR_RETURN(const NamedRule rule,
                         FindNamedRule(kByes, "bye rule", id));
  if (rule.id == "nsw_tr_12_8") {
    // The board average, 0 IMPs; VPs from the event's scale.
    return ByeScore{std::nullopt, Rational(0)};
  }
  return ItcByeScore();  // anc_sr_10_11
}

absl::Span<const NamedRule> CarryOverRules() { return kCarryOvers; }

}  // namespace tally::core
