// The rules a regulation profile names by id, each with the clause it comes
// from: penalty scales, artificial adjusted scores, the treatment of several
// unplayable boards and of fouled boards, forfeit and bye rules and
// carry-overs. Each list says which scoring methods (and, where it matters,
// which kinds of event) a rule fits, so ValidateProfile can refuse an IPC
// profile that names a Butler rule. Where a rule's values are code in
// core/adjust, core/penalty or core/forfeit, a function here gives them.
//
//   list                        ids
//   PenaltyScaleNames           anc_itc, anc_butler_swiss_pairs, anc_ipc,
//                               sabf_matchpoint_pairs, sabf_teams,
//                               sabf_teams_finals, nsw
//   ArtificialImpsRules         teams_by_match_length, butler_2_imps,
//                               anc_itc_3_imps, guide_3_imps_or_session_average
//   ArtificialMatchpointRules   guide_60_or_session_average, anc_ipc_60,
//                               fixed_60_40
//   SeveralBoardsMethods        anc_appendix, nsw_tr_12_10, per_board
//   FewComparisonsRules         anc_sr_7_7
//   FouledBoardTreatments       anc_sr_7_1, anc_sr_7_2, anc_sr_7_4,
//                               sabf_tr_11_9, sabf_tr_12_3, nsw_tr_7_1_1,
//                               nsw_tr_7_3_2, guide_match_play,
//                               guide_ranking_play
//   ForfeitRules                anc_sr_10_12, sabf_tr_13_9, nsw_tr_12_9
//   ByeRules                    anc_sr_10_11, nsw_tr_12_8
//   CarryOverRules              anc_sr_11_2, anc_sr_18_1, anc_sr_18_2,
//                               sabf_tr_13_11, sabf_tr_13_12, sabf_tr_18_1
//
// Thread-safe: constant data and pure functions.

#ifndef TALLY_CORE_PROFILE_NAMED_RULES_H_
#define TALLY_CORE_PROFILE_NAMED_RULES_H_

#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/adjust/artificial.h"
#include "core/forfeit/forfeit.h"
#include "core/forfeit/forfeit_rules.h"
#include "core/penalty/penalty_scale.h"
#include "core/profile/profile.h"

namespace tally::core {

constexpr unsigned ScoringBit(ScoringMethod method) {
  return 1u << static_cast<unsigned>(method);
}
constexpr unsigned EventKindBit(EventKind kind) {
  return 1u << static_cast<unsigned>(kind);
}
inline constexpr unsigned kImpScorings =
    ScoringBit(ScoringMethod::kImpsVsDatum) |
    ScoringBit(ScoringMethod::kImpsTwoTables) |
    ScoringBit(ScoringMethod::kCrossImps);
inline constexpr unsigned kAllScorings =
    kImpScorings | ScoringBit(ScoringMethod::kMatchpoints);

// One named rule.
struct NamedRule {
  absl::string_view id;
  absl::string_view clause;
  absl::string_view description;
  unsigned scorings = kAllScorings;  // ScoringBit of each method it fits
  unsigned event_kinds = 0;          // EventKindBit of each kind; 0: any
};

// True if `rule` fits an event of `kind` scored by `scoring`.
bool RuleFits(const NamedRule& rule, ScoringMethod scoring, EventKind kind);

// The rule `id` of `rules`; NotFound, naming `what` and listing the ids,
// otherwise.
absl::StatusOr<NamedRule> FindNamedRule(absl::Span<const NamedRule> rules,
                                        absl::string_view what,
                                        absl::string_view id);

absl::Span<const NamedRule> PenaltyScaleNames();
// The built-in penalty scale `name` (core/penalty); NotFound listing the
// names otherwise.
absl::StatusOr<const PenaltyScale*> PenaltyScaleByName(absl::string_view name);

absl::Span<const NamedRule> ArtificialImpsRules();
// The IMP amounts of rule `id` for a match of `boards_in_match` boards
// (teams_by_match_length depends on it; the others ignore it). NotFound for
// an unknown id; InvalidArgument if the rule needs boards_in_match >= 1.
absl::StatusOr<ArtificialImpsRule> ArtificialImpsRuleById(absl::string_view id,
                                                          int boards_in_match);

absl::Span<const NamedRule> ArtificialMatchpointRules();
// The matchpoint amounts of rule `id`; NotFound for an unknown id.
absl::StatusOr<ArtificialMatchpointRule> ArtificialMatchpointRuleById(
    absl::string_view id);

// How average plus on several unplayable boards in one match or session is
// scored. The functions are core/adjust/multiple_average_plus.h (ANC SR
// appendix) and core/adjust/unplayed_boards.h (NSW TR 12.10).
absl::Span<const NamedRule> SeveralBoardsMethods();

// What scores a match with direct comparisons on too few of its boards
// (ANC SR 7.7; core/adjust/fouled_board_anc.h AncMatchScoredAsForfeit).
absl::Span<const NamedRule> FewComparisonsRules();

// The fouled-board treatments; the functions are in core/adjust
// (fouled_board_anc.h, fouled_board_nsw.h, fouled_board.h, artificial.h).
absl::Span<const NamedRule> FouledBoardTreatments();

absl::Span<const NamedRule> ForfeitRules();

// The forfeit rule `profile.forfeit` names, as core/forfeit applies it, or
// nullopt when the profile names none (no forfeit section, or one naming
// only a bye rule). sabf_tr_13_9's "+12 imps" is
// converted on the profile's VP scale for its match length; nsw_tr_12_9 is
// 12.9.1-12.9.2 in an event of 20-VP matches and 12.9.5 in an event without
// VPs, its base being forfeit.base where given. NotFound for an unknown
// rule; FailedPrecondition, naming the clause, when the profile lacks what
// the rule needs (a VP scale for sabf_tr_13_9; forfeit.base for nsw_tr_12_9
// in an event without 20-VP matches).
absl::StatusOr<std::optional<ForfeitRule>> ForfeitRuleForProfile(
    const RegulationProfile& profile);

absl::Span<const NamedRule> ByeRules();
// The score for a bye under rule `id`: anc_sr_10_11 35 VPs and 0 IMPs;
// nsw_tr_12_8 0 IMPs and no fixed VPs (vps nullopt: the 0-IMP margin is
// converted on the event's scale). NotFound for an unknown id.
absl::StatusOr<ByeScore> ByeScoreById(absl::string_view id);

// Carry-overs into a stage or final; the functions are in core/carryover.
absl::Span<const NamedRule> CarryOverRules();

}  // namespace tally::core

#endif  // TALLY_CORE_PROFILE_NAMED_RULES_H_
