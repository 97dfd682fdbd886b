// Eligibility rules as data: who may take a final placing, play in a final,
// be a title-holder or earn playoff points, by what each player (or pair)
// played. A profile lists its rules (RegulationProfile::eligibility); the
// counting is core/eligibility/eligibility.h.
//
// A rule is a purpose, a clause and requirements, every one of which must
// hold. A requirement counts one measure in one scope and compares it with a
// threshold: a count ("at least four matches", ANC SR 11.1), a share of the
// entrant's total ("75% of the rounds", ANC SR 20.3), or a share by team
// size ("60% ... 50% ... 40%", SABF TR 16.2). SABF TR 12.5's table of
// maximum player absences is a rule of its own kind (AbsenceLimit).
//
// Ids (the textproto's strings) are the comment after each value.
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_ELIGIBILITY_ELIGIBILITY_RULES_H_
#define TALLY_CORE_ELIGIBILITY_ELIGIBILITY_RULES_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"

namespace tally::core {

// What a rule makes a player (or pair) eligible for.
enum class EligibilityPurpose {
  kFinalPlacing,   // credited with the entrant's placing. "final_placing"
  kPlayInFinal,    // to play in a final. "play_in_final"
  kTitleHolder,    // a title-holder if the team wins. "title_holder"
  kPlayoffPoints,  // playoff qualifying points. "playoff_points"
};
absl::string_view EligibilityPurposeId(EligibilityPurpose purpose);
absl::StatusOr<EligibilityPurpose> ParseEligibilityPurpose(
    absl::string_view id);
// "a final placing", "playing in the final", ...
absl::string_view EligibilityPurposeText(EligibilityPurpose purpose);

// What a requirement counts.
enum class EligibilityMeasure {
  // Pairs (a round of an event of matches is also its session).
  kPlayerRounds,    // rounds each registered player played. "player_rounds"
  kPlayerSessions,  // sessions each registered player played.
                    // "player_sessions"
  kPartnershipRounds,    // rounds both played together.
                         // "partnership_rounds"
  kPartnershipSessions,  // sessions both played together.
                         // "partnership_sessions"
  // Rounds at least one registered player played (the pair "including one
  // player substitutes", SABF TR 11.6). "member_rounds"
  kMemberRounds,
  // Sessions the pair was represented, by its players or stand-ins (SABF TR
  // 12). "represented_sessions"
  kRepresentedSessions,
  // Teams.
  kPlayerMatches,   // matches the player played in. "player_matches"
  kPlayerBoards,    // boards the player played. "player_boards"
  kPlayerStanzas,   // stanzas (sessions) of matches the player played.
                    // "player_stanzas"
};
absl::string_view EligibilityMeasureId(EligibilityMeasure measure);
absl::StatusOr<EligibilityMeasure> ParseEligibilityMeasure(
    absl::string_view id);
bool IsTeamsMeasure(EligibilityMeasure measure);
// Counted per player (else per pair).
bool IsPlayerMeasure(EligibilityMeasure measure);

// Where a requirement counts.
enum class EligibilityScope {
  kThis,        // this competition. "this"
  kQualifying,  // the competition its entrants qualified from. "qualifying"
  // Both, added together ("overall (i.e. counting the qualifying and
  // final)", SABF TR 16.2). "qualifying_and_this"
  kQualifyingAndThis,
};
absl::string_view EligibilityScopeId(EligibilityScope scope);
absl::StatusOr<EligibilityScope> ParseEligibilityScope(absl::string_view id);

// How a share of a total that is not whole becomes a count.
enum class ShareRounding {
  kUp,    // at least the share, exactly ("decimals rounded up"). "up"
  kDown,  // "fractions rounded down" (ANC SR 20.3). "down"
};
absl::string_view ShareRoundingId(ShareRounding rounding);
absl::StatusOr<ShareRounding> ParseShareRounding(absl::string_view id);

// When an event is played (SABF TR 12.5).
enum class EventSchedule {
  kWeeknight,  // "weeknight"
  kWeekend,    // "weekend"
};
absl::string_view EventScheduleId(EventSchedule schedule);
absl::StatusOr<EventSchedule> ParseEventSchedule(absl::string_view id);

struct TeamSizeShare {
  int players = 0;  // registered players in the team
  Rational share;   // in (0, 1]
};

// One requirement. Exactly one of at_least, share, share_by_team_size.
struct EligibilityRequirement {
  EligibilityMeasure measure = EligibilityMeasure::kPlayerRounds;
  EligibilityScope scope = EligibilityScope::kThis;
  std::optional<int> at_least;
  std::optional<Rational> share;
  std::vector<TeamSizeShare> share_by_team_size;
  ShareRounding rounding = ShareRounding::kUp;
  // More than the share rather than at least it (SABF TR 11.6 "more than
  // half"). Shares only.
  bool more_than = false;
};

// One row of SABF TR 12.5.
struct AbsenceLimitRow {
  int sessions = 0;
  EventSchedule schedule = EventSchedule::kWeeknight;
  int max_player_absences = 0;
};

// SABF TR 12.5: a pair's player absences (one per player per session
// missed) at most the row's for the event's sessions and schedule.
struct AbsenceLimit {
  // The schedule when the profile fixes it; nullopt: the query gives it.
  std::optional<EventSchedule> schedule;
  std::vector<AbsenceLimitRow> rows;
};

struct EligibilityRule {
  EligibilityPurpose purpose = EligibilityPurpose::kFinalPlacing;
  std::string clause;
  // What follows when it is not met, if more than "not eligible" (SABF TR
  // 13.5: "require the approval of the TC").
  std::string otherwise;
  std::vector<EligibilityRequirement> requirements;
  std::optional<AbsenceLimit> absence_limit;
};

struct EligibilityRules {
  // Boards of one stanza (or session) of a match played in several, each
  // with its own line-up (ANC SR 11.3: 12; SABF TR 16.2: 28). 0: a match is
  // one stanza.
  int stanza_boards = 0;
  std::string stanza_clause;
  std::vector<EligibilityRule> rules;
};

// Checks the rules fit a teams event (`teams`) or a pairs event: measures
// of the event's kind, pairs measures and absence limits in scope "this"
// only, exactly one threshold per requirement, shares in (0, 1], team sizes
// 4-6 each once, more_than only with a share, at least one requirement or
// an absence limit per rule, absence rows positive and each (sessions,
// schedule) once. OK or InvalidArgument "<field path>: <problem>", paths
// from "eligibility" (e.g. "eligibility.rules[1].requirements[0].share").
absl::Status ValidateEligibilityRules(const EligibilityRules& rules,
                                      bool teams);

// A share as a percentage when it is a whole one ("75%"), else a fraction
// ("2/3").
std::string ShareText(const Rational& share);

// The requirement in words: "at least 75% of the rounds (rounded down)".
std::string DescribeRequirement(const EligibilityRequirement& r);

}  // namespace tally::core

#endif  // TALLY_CORE_ELIGIBILITY_ELIGIBILITY_RULES_H_
