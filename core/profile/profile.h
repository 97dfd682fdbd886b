// RegulationProfile: one event's regulations as plain data. A tournament
// names a profile ("anc2025_wsp", "nsw_swiss_teams") instead of being
// configured in code; the profile says what kind of event it is, how boards
// are scored, which datum rule, VP scale, artificial scores, penalty scale,
// forfeit and bye rules and carry-over apply, how each round is drawn, how
// ties are broken for each purpose, when the correction and review windows
// close, how the regulation's roundings are read, and, in `notes`, every
// reading of an ambiguous clause.
//
// Rules whose values are code (penalty scales, artificial-score rules,
// fouled-board treatments, forfeit and carry-over rules, tie-break criteria)
// are named by id; the ids are listed, with the clause each comes from, in
// core/profile/named_rules.h and core/profile/tie_break_criteria.h. Rules
// whose values are settings (the datum rule, the VP scale and its options,
// the draw) are held as their core types. Every rounding setting lives with the
// rule it rounds: a datum ending in exactly 5 in DatumRule::half, the IPC VPs
// in VpScaleOptions::ipc, the matchpoint Swiss percentage in
// VpScaleOptions::mp_swiss, ANC SR 18.2's carry-over in CarryOverChoice; the
// rest in RoundingChoices.
//
// The readable form is a textproto (proto/tally/v1/profile.proto), parsed
// outside core (replay/profile/profile_loader.h). Field names here are the
// textproto's, so ValidateProfile's messages name the field a director edits.
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_PROFILE_PROFILE_H_
#define TALLY_CORE_PROFILE_PROFILE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "core/datum/cross_imps.h"
#include "core/datum/datum_rule.h"
#include "core/draw/draw.h"
#include "core/draw/swiss_draw.h"
#include "core/eligibility/eligibility_rules.h"
#include "core/scoring/matchpoints.h"
#include "core/vp/vp_scale.h"

namespace tally::core {

// The kind of event. Ids (for messages): the comment after each.
enum class EventKind {
  kMatchpointPairs,  // pairs in a Mitchell or Howell movement.
                     // "matchpoint_pairs"
  kButlerPairs,  // pairs in a movement, IMPed against a datum. "butler_pairs"
  kSwissPairs,   // pairs in matches drawn Swiss. "swiss_pairs"
  kSwissTeams,   // teams in matches drawn Swiss. "swiss_teams"
  kRoundRobinPairs,  // pairs in a round robin of matches. "round_robin_pairs"
  kRoundRobinTeams,  // teams in a round robin of matches. "round_robin_teams"
  kKnockoutTeams,    // a final or a finals series. "knockout_teams"
};
absl::string_view EventKindId(EventKind kind);

// How each board is scored. Ids: the comment after each.
enum class ScoringMethod {
  kMatchpoints,    // "matchpoints"
  kImpsVsDatum,    // Butler: IMPs against a datum. "imps_vs_datum"
  kImpsTwoTables,  // teams: IMPs between a match's two tables.
                   // "imps_two_tables"
  kCrossImps,      // IMPs against every other table. "cross_imps"
};
absl::string_view ScoringMethodId(ScoringMethod method);

// The regulation a profile follows.
struct Source {
  std::string document;              // e.g. "ANC 2025 SR"
  std::vector<std::string> clauses;  // the clauses followed, e.g. "22.2"
};

// How a Butler pairs event played in a movement fields its pairs.
struct ButlerMovementRules {
  // The pairs form one field and may sit either direction, as in a Howell:
  // each board's datum (or cross-IMPs) over all its results, each pair
  // scoring from the direction it sat and ranked against every other pair.
  // False: the field is seeded into NS and EW fields, each pair keeps its
  // direction and each field is ranked on its own (ANC SR 16.4, 16.5).
  bool one_field = false;
  std::string clause;  // the convention followed
};

// How a matchpoint pairs session in sections compares each board
// (RegulationProfileSpec.sections; docs/club-conventions.md, "Sections").
struct SectionScoring {
  // False (the default): each board matchpointed within its section, one
  // comparison per section; true: one comparison over every table in the
  // session that played it.
  bool across_field = false;
  std::string clause;  // the convention followed
};

// How a board scored by cross-IMPs is averaged (core/datum/cross_imps.h).
struct CrossImpsRules {
  CrossImpsAveraging averaging = CrossImpsAveraging::kPerComparison;
  std::string clause;  // the convention followed
};

// The event's matches (rounds of a Swiss or round robin, a final).
struct MatchFormat {
  int boards_per_match = 0;  // > 0
  // Matches (rounds) in the stage; 0 when the field size or the organiser
  // sets it (a round robin of however many teams enter).
  int count = 0;
  std::string clause;
};

// Which scale converts a match of some length: SABF TR 21.10 reads a
// 20-board Butler match on the 14-board WBF scale.
struct VpLengthRule {
  int match_boards = 0;  // > 0: matches of this many boards ...
  VpScaleSpec scale;     // ... are converted on this scale ...
  int scale_boards = 0;  // ... read at this many boards; 0: match_boards.
  std::string clause;
};

// How a match's margin becomes VPs.
struct VpConversion {
  // The scale for matches of MatchFormat::boards_per_match boards.
  VpScaleSpec scale;
  // The boards `scale` is read at; 0: the match's own length.
  int scale_boards = 0;
  std::string clause;
  // Matches of other lengths (a shortened match, NSW TR 12.7(b), or SABF TR
  // 21.10). A length not listed uses `scale` at its own length.
  std::vector<VpLengthRule> other_lengths;
};

// The scale and the number of boards to read it at for one match.
struct VpScaleForBoards {
  VpScaleSpec scale;
  int boards = 0;
  std::string clause;
};

// Artificial adjusted scores, each an id from core/profile/named_rules.h.
struct ArtificialScores {
  std::string imps;            // IMP-scored events: average plus in IMPs
  std::string matchpoints;     // matchpoint events: average plus and minus
  std::string several_boards;  // several unplayable boards in a match/session
  std::string fouled_board;    // the fouled-board treatment
  // A match with direct comparisons on too few boards (ANC SR 7.7:
  // "anc_sr_7_7"); empty: none (FewComparisonsRules in named_rules.h).
  std::string few_comparisons;
};

struct PenaltyChoice {
  std::string scale;  // a penalty scale name (named_rules.h)
  // ANC SR 5.1: in a Swiss movement penalties count in the ranking but the
  // draw is made on scores excluding them. Default: false (the draw uses the
  // standings as posted, penalties included).
  bool draw_excludes_penalties = false;
  std::string clause;
};

struct ForfeitChoice {
  // A forfeit rule id (named_rules.h); empty when the regulations give no
  // forfeit rule but a bye rule is named (the ANC SR scores no pairs
  // forfeit). At least one of `rule` and `bye` is given.
  std::string rule;
  // NSW TR 12.9.1 "in other cases, a score that the Tournament Committee
  // determines to be equivalent": the base award when the rule's own does
  // not fit the event. Default: the rule's.
  std::optional<Rational> base;
  std::string bye;  // a bye rule id, or empty when byes are not scored
};

struct CarryOverChoice {
  std::string rule;  // a carry-over rule id (named_rules.h)
  // ANC SR 18.2 "rounded to two decimal places". Default: away from zero
  // (0.005 up, as the ANC SR appendix rounds IPC percentages).
  HalfRounding half = HalfRounding::kAwayFromZero;
};

// How many entrants of each field of the previous stage go on to this stage
// or final (ANC SR 16.4: 10 of each field; 16.5: 5; 16.7: 10; 11.3: 2).
struct QualifierRule {
  int per_field = 0;  // >= 1
  std::string clause;
  // SABF TR 18.1.2: `larger_per_field` qualify when the source's sessions
  // averaged at least `larger_if_average_at_least` entrants; 0: no such
  // rule.
  int larger_if_average_at_least = 0;
  int larger_per_field = 0;
};

// How many qualify from each field under `rule`, given the entrants that
// played each session of the source (`per_session`; empty: the source is
// not played in sessions, and per_field holds). The average is compared
// exactly: sum >= threshold x sessions.
int QualifiersPerField(const QualifierRule& rule,
                       const std::vector<int>& per_session);

// How the rounds of an event of matches are drawn. Ids: the comment after
// each (ParseDrawMethod in core/profile/setting_ids.h reads them).
enum class DrawMethod {
  kSwiss,       // SABF TR 14.1 (core/draw/swiss_draw.h). "swiss"
  kRoundRobin,  // Berger round robin (core/draw/round_robin.h). "round_robin"
  // SABF TR 21.15/21.16 for 12/14 pairs, Berger otherwise.
  // "sabf_butler_round_robin"
  kSabfButlerRoundRobin,
  kItcRoundRobin,  // ANC SR 10.6-10.7 (core/movement/itc_draw.h).
                   // "itc_round_robin"
  kExplicit,       // the director names each match (finals, knock-outs).
                   // "explicit"
  // ANC SR 11.2-11.4: the two qualified teams, five stanzas of
  // matches.boards_per_match / 5 boards, the carry-over. "itc_final"
  kItcFinal,
  // SABF TR 17.3, 13.12: the Final Five week by week. "sabf_final_five"
  kSabfFinalFive,
  // SABF TR 13.11: the final four week by week. "sabf_final_four"
  kSabfFinalFour,
};
absl::string_view DrawMethodId(DrawMethod method);

// How each round's draw is made. The settings after `method` are the Swiss
// draw's (core/draw/swiss_draw.h): with any other method they keep their
// defaults (a round robin's home and bye come from its table; in an
// explicit draw the director names them).
struct DrawRules {
  DrawMethod method = DrawMethod::kSwiss;
  // Round one (SABF TR 14.1). Default: quarters, as 14.1 prints first.
  FirstRound first_round = FirstRound::kQuarters;
  // An odd field. Default: the share match of SABF TR 14.1, which needs
  // teams (three pairs cannot play at once); pairs events take a bye or,
  // IMP-scored Swiss pairs, NSW TR 12.7's half matches.
  OddField odd_field = OddField::kShareMatch;
  // Who is home (core/draw/draw.h). Default: the better-ranked entrant.
  HomeRule home = HomeRule::kHigherRankedHome;
  // ANC SR appendix "Modified Swiss Format": with fewer entrants than twice
  // the rounds, repeats are allowed after n/2 rounds
  // (RepeatRule::kModifiedSwiss). Default false.
  bool modified_swiss_small_field = false;
  std::string clause;
};

// What a tie-break chain decides.
enum class TieBreakPurpose {
  kDraw,           // ranking for the next Swiss draw or a later draw. "draw"
  kQualification,  // places that qualify for a later stage. "qualification"
  kFinalPlacing,   // the final placings of the event. "final_placing"
};
absl::string_view TieBreakPurposeId(TieBreakPurpose purpose);

// Criteria applied in turn until the tie is broken; ids from
// core/profile/tie_break_criteria.h. A chain that ends without a deciding
// criterion ("lot") leaves sides still level tied.
struct TieBreakChain {
  TieBreakPurpose purpose = TieBreakPurpose::kFinalPlacing;
  std::vector<std::string> criteria;
  std::string clause;
};

struct TieBreaks {
  // Scores within this of each other are tied (SABF TR 11.7: 0.03 percentage
  // points). Default: 0, a tie is the exact same score (ANC SR 12.1, 17.1;
  // NSW TR 11.1).
  Rational tie_within = 0;
  std::string tie_clause;
  std::vector<TieBreakChain> chains;  // at most one per purpose
};

// The moments a time window is measured from. Ids: the comment after each.
enum class TimeAnchor {
  // The session's scores made available for inspection. "scores_posted"
  kScoresPosted,
  // The scheduled start of the next session, round or stanza.
  // "next_session_start"
  kNextSessionStart,
  // The scheduled finishing time of the session. "session_scheduled_end"
  kSessionScheduledEnd,
  // The parties advised of a ruling made after the session. "ruling_advised"
  kRulingAdvised,
  // The conclusion of play at both tables of a match. "match_concluded"
  kMatchConcluded,
  // The match's scores agreed between the sides. "match_scores_agreed"
  kMatchScoresAgreed,
  // The results of the event's last round posted. "last_round_posted"
  kLastRoundPosted,
  // The start of the next stage of the event. "next_stage_start"
  kNextStageStart,
};
absl::string_view TimeAnchorId(TimeAnchor anchor);

// Which window. Ids: the comment after each.
enum class TimeWindowKind {
  // Law 79C: the players' scoring errors may be corrected.
  // "correction_period"
  kCorrectionPeriod,
  // Errors of the official scorer may be corrected.
  // "scorer_error_correction"
  kScorerErrorCorrection,
  // A review (appeal) of a Director's ruling may be requested (Law 92B).
  // "ruling_review"
  kRulingReview,
  // The scorer's decisions may be appealed. "scorer_decision_appeal"
  kScorerDecisionAppeal,
  // Captains may ask for a match result sheet's discrepancy to be corrected.
  // "match_result_discrepancy"
  kMatchResultDiscrepancy,
};
absl::string_view TimeWindowKindId(TimeWindowKind kind);

// `minutes` after `anchor` (negative: before it).
struct TimePoint {
  TimeAnchor anchor = TimeAnchor::kScoresPosted;
  int minutes = 0;
};

// When one window closes. Each list means "the later of these points".
struct TimeWindowRule {
  TimeWindowKind kind = TimeWindowKind::kCorrectionPeriod;
  std::string clause;
  std::vector<TimePoint> ends_at_latest_of;  // at least one
  // For a ruling made after the session (ANC SR 6.2). Empty: as
  // ends_at_latest_of.
  std::vector<TimePoint> late_ruling_ends_at_latest_of;
  // For the last session of the stage or event, when that differs (ANC SR
  // 6.1; NSW TR 12.4). Empty: as ends_at_latest_of.
  std::vector<TimePoint> last_session_ends_at_latest_of;
  // If the next session is scheduled to start before this window ends, the
  // window runs on to the end of the next session's window (ANC SR 6.1, 6.2).
  bool extends_into_next_session = false;
};

// What the regulations say about appeals beyond their windows
// (replay/decide/decide_appeal.h).
struct AppealRules {
  // The body a further appeal goes to (SABF TR 7); empty: the committee's
  // decision is final.
  std::string further_appeal_to;
  // The clause giving the further appeal or making the decision final.
  std::string further_appeal_clause;
  // The clause keeping a member involved in the dispute off the committee.
  std::string involved_member_clause;
  // A penalty for an appeal without merit: its clause and maxima (0: none
  // stated; SABF TR 7: 3 VPs, or 1 full top if matchpoints).
  std::string without_merit_clause;
  int without_merit_max_victory_points = 0;
  int without_merit_max_tops = 0;
  // Appeals regulations the event's document refers to and tally does not
  // hold (ANC SR 1.1: the ABF Appeals Regulations); empty: none.
  std::string governed_by;
};

// Roundings not owned by a rule above.
struct RoundingChoices {
  // Session percentages are rounded to this many places (SABF TR 11.3: 2),
  // 0-6; nullopt keeps them exact.
  std::optional<int> session_percentage_places;
  HalfRounding session_percentage_half = HalfRounding::kAwayFromZero;
  // Factored matchpoints (Fouled-board guide, "rounded to 1 decimal place"),
  // when exactly half-way.
  HalfRounding factoring_half = HalfRounding::kAwayFromZero;
};

// How a club's scoring program shows matchpoint figures
// (RegulationProfileSpec.club; docs/club-conventions.md). Scoring stays
// exact on the 2/1 scale; only the shown figures change.
struct ClubConventions {
  MatchpointScale scale = MatchpointScale::kTwoPerPair;
  int places = 2;  // shown matchpoints, 0-6
  HalfRounding half = HalfRounding::kAwayFromZero;
  bool scaled_total = false;  // Compscore: total factored to the session
  std::string clause;         // the published convention followed
  // How a board with fewer results in its field than expected is factored.
  FewerResults fewer_results = FewerResults::kNeuberg;
  // Travellers show a factored board's matchpoints on its own top.
  bool traveller_unfactored = false;
  // Boards the movement plays fewer times factored to the session's top.
  bool factor_short_boards = false;
};

struct RegulationProfile {
  std::string name;   // [a-z0-9_]+, e.g. "anc2025_wsp"
  std::string title;  // e.g. "2025 ANC Welcome Swiss Pairs"
  Source source;
  EventKind event_kind = EventKind::kMatchpointPairs;
  ScoringMethod scoring = ScoringMethod::kMatchpoints;
  std::optional<MatchFormat> matches;  // required for events of matches
  std::optional<DatumRule> datum;      // iff scoring is imps_vs_datum
  // Iff scoring is cross_imps.
  std::optional<CrossImpsRules> cross_imps;
  // Butler pairs in a movement only; none: NS and EW fields.
  std::optional<ButlerMovementRules> butler_movement;
  std::optional<VpConversion> vp;      // none: scores are totalled
  // Required for events of matches (every kind but matchpoint_pairs and
  // butler_pairs, which are played in a movement): swiss kinds draw
  // kSwiss, round-robin kinds a round-robin method, knockout_teams
  // kExplicit or a finals method (kItcFinal, kSabfFinalFive,
  // kSabfFinalFour), each with its carry-over rule.
  std::optional<DrawRules> draw;
  ArtificialScores artificial;
  PenaltyChoice penalties;
  std::optional<ForfeitChoice> forfeit;  // none: no forfeit or bye rule
  std::optional<CarryOverChoice> carry_over;
  // None: the director says how many qualify into this stage.
  std::optional<QualifierRule> qualifiers;
  TieBreaks tie_breaks;
  std::vector<TimeWindowRule> time_windows;
  RoundingChoices rounding;
  // Each ambiguity and how it is read, in words.
  std::vector<std::string> notes;
  // Who may take a final placing, play in a final, ... by what they played
  // (core/eligibility). None: the regulations set no such rule.
  std::optional<EligibilityRules> eligibility;
  // How a matchpoint pairs competition's sessions combine
  // (RegulationProfileSpec.session_combination); empty: by source.document.
  std::string session_combination;
  // None: no further appeal and no penalty scale are stated.
  std::optional<AppealRules> appeals;
  // RegulationProfileSpec.publication: whether a session's (or round's)
  // rankings and percentages are withheld from participants while it is in
  // play (NSW TR 12.12), and the clause that says so.
  bool withhold_progress_in_play = false;
  std::string publication_clause;
  // PublicationSpec.device_shows_traveller_after_play.
  bool device_shows_traveller_after_play = false;
  // None: matchpoints shown exactly on the 2/1 scale, no scaled total.
  std::optional<ClubConventions> club;
  // Matchpoint pairs only; none: sections are scored within each section.
  std::optional<SectionScoring> sections;
};

// Checks a profile is coherent and that everything it names exists: the
// event kind fits the scoring; a datum rule iff IMPs against a datum; match
// boards > 0; the VP scale exists, converts the event's kind of margin and
// covers its match lengths; a draw method that fits the kind (none for a
// movement), Swiss settings only with a Swiss draw, no share match in a
// pairs event, half matches only in Swiss pairs scored against a datum
// with an even number of boards a match; every rule id, penalty scale and tie-break
// criterion is known and fits the scoring; at most one chain per purpose;
// at least a correction period and a ruling-review window; eligibility
// rules that fit the event (ValidateEligibilityRules). OK, or
// InvalidArgument whose message is "<field path>: <problem>", the path in
// the textproto's field names (e.g. "vp.scale.id", "matches.boards_per_match",
// "tie_breaks.chains[1].criteria[0]").
absl::Status ValidateProfile(const RegulationProfile& profile);

// The scale and the number of boards to read it at for a match of
// `match_boards` boards: an entry of vp.other_lengths for that length, else
// vp.scale at vp.scale_boards (when set and the match is of the profile's
// length) or at the match's own length. FailedPrecondition if the profile
// has no VP conversion; InvalidArgument if match_boards < 1.
absl::StatusOr<VpScaleForBoards> VpScaleForMatch(
    const RegulationProfile& profile, int match_boards);

}  // namespace tally::core

#endif  // TALLY_CORE_PROFILE_PROFILE_H_
