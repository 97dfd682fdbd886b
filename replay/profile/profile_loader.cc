#include "replay/profile/profile_loader.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/status_macros.h"
#include "core/datum/datum_rule.h"
#include "core/eligibility/eligibility_rules.h"
#include "core/profile/setting_ids.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/text_format.h"

namespace tally::replay {

// The shipped profiles, generated into the build tree by
// replay/profiles.cmake (builtin_profiles.cc).
namespace profile_internal {
struct EmbeddedProfile {
  const char* name;
  const char* text;
};
extern const EmbeddedProfile kEmbeddedProfiles[];
extern const int kEmbeddedProfileCount;
}  // namespace profile_internal

namespace {

using ::google::protobuf::Descriptor;
using ::google::protobuf::EnumDescriptor;
using ::google::protobuf::FieldDescriptor;
using ::google::protobuf::TextFormat;

absl::Status Invalid(absl::string_view path, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", problem));
}

std::string Indexed(absl::string_view path, int i) {
  return absl::StrCat(path, "[", i, "]");
}

std::string Field(absl::string_view path, absl::string_view field) {
  return path.empty() ? std::string(field) : absl::StrCat(path, ".", field);
}

// "EVENT_KIND_MATCHPOINT_PAIRS, EVENT_KIND_BUTLER_PAIRS, ..."
std::string EnumValues(const EnumDescriptor* e) {
  std::vector<std::string> names;
  for (int i = 1; i < e->value_count(); ++i)
    names.push_back(e->value(i)->name());
  return absl::StrJoin(names, ", ");
}

absl::Status MissingEnum(absl::string_view path, const EnumDescriptor* e) {
  return Invalid(path, absl::StrCat("missing; one of ", EnumValues(e)));
}

// A string setting parsed by `parse`; `fallback` when empty.
template <typename T, typename Parse>
absl::StatusOr<T> Setting(absl::string_view path, const std::string& text,
                          T fallback, Parse parse) {
  if (text.empty()) return fallback;
  absl::StatusOr<T> value = parse(text);
  if (!value.ok()) return Invalid(path, value.status().message());
  return *value;
}

absl::StatusOr<core::HalfRounding> Half(absl::string_view path,
                                        const std::string& text) {
  return Setting(path, text, core::HalfRounding::kAwayFromZero,
                 core::ParseHalfRounding);
}

// RegulationProfileSpec.club: the scale ("two_per_pair", "one_per_pair"),
// the places and halves the matchpoints are shown with, the scaled total,
// how boards with fewer results are factored and shown.
absl::StatusOr<core::ClubConventions> ClubConventionsOf(
    const v1::ClubConventionsSpec& s) {
  core::ClubConventions c;
  if (s.matchpoint_scale() == "one_per_pair") {
    c.scale = core::MatchpointScale::kOnePerPair;
  } else if (!s.matchpoint_scale().empty() &&
             s.matchpoint_scale() != "two_per_pair") {
    return Invalid("club.matchpoint_scale",
                   absl::StrCat("\"", s.matchpoint_scale(),
                                "\" is not two_per_pair or one_per_pair"));
  }
  if (s.has_matchpoint_places()) c.places = s.matchpoint_places();
  TALLY_ASSIGN_OR_RETURN(c.half,
                         Half("club.matchpoint_half", s.matchpoint_half()));
  c.scaled_total = s.scaled_total();
  c.clause = s.clause();
  if (s.fewer_results() == "count_as_ties") {
    c.fewer_results = core::FewerResults::kCountAsTies;
  } else if (!s.fewer_results().empty() && s.fewer_results() != "neuberg") {
    return Invalid("club.fewer_results",
                   absl::StrCat("\"", s.fewer_results(),
                                "\" is not neuberg or count_as_ties"));
  }
  c.traveller_unfactored = s.traveller_unfactored();
  c.factor_short_boards = s.factor_short_boards();
  return c;
}

absl::StatusOr<core::Rational> Decimal(absl::string_view path,
                                       const std::string& text) {
  absl::StatusOr<core::Rational> value = core::Rational::Parse(text);
  if (!value.ok()) {
    return Invalid(path, absl::StrCat("\"", text,
                                      "\" is not a number (write it as a "
                                      "decimal, e.g. \"0.03\")"));
  }
  return *value;
}

absl::StatusOr<core::EventKind> EventKindOf(
    const v1::RegulationProfileSpec& s) {
  switch (s.event_kind()) {
    case v1::EVENT_KIND_MATCHPOINT_PAIRS:
      return core::EventKind::kMatchpointPairs;
    case v1::EVENT_KIND_BUTLER_PAIRS:
      return core::EventKind::kButlerPairs;
    case v1::EVENT_KIND_SWISS_PAIRS:
      return core::EventKind::kSwissPairs;
    case v1::EVENT_KIND_SWISS_TEAMS:
      return core::EventKind::kSwissTeams;
    case v1::EVENT_KIND_ROUND_ROBIN_PAIRS:
      return core::EventKind::kRoundRobinPairs;
    case v1::EVENT_KIND_ROUND_ROBIN_TEAMS:
      return core::EventKind::kRoundRobinTeams;
    case v1::EVENT_KIND_KNOCKOUT_TEAMS:
      return core::EventKind::kKnockoutTeams;
    default:
      return MissingEnum("event_kind", v1::EventKind_descriptor());
  }
}

absl::StatusOr<core::ScoringMethod> ScoringOf(
    const v1::RegulationProfileSpec& s) {
  switch (s.scoring()) {
    case v1::SCORING_METHOD_MATCHPOINTS:
      return core::ScoringMethod::kMatchpoints;
    case v1::SCORING_METHOD_IMPS_VS_DATUM:
      return core::ScoringMethod::kImpsVsDatum;
    case v1::SCORING_METHOD_IMPS_TWO_TABLES:
      return core::ScoringMethod::kImpsTwoTables;
    case v1::SCORING_METHOD_CROSS_IMPS:
      return core::ScoringMethod::kCrossImps;
    default:
      return MissingEnum("scoring", v1::ScoringMethod_descriptor());
  }
}

absl::StatusOr<core::DatumRule> DatumOf(const v1::DatumSpec& s) {
  if (s.rule().empty()) return Invalid("datum.rule", "missing");
  absl::StatusOr<core::DatumRule> rule = core::DatumRuleFromId(s.rule());
  if (!rule.ok()) return Invalid("datum.rule", rule.status().message());
  if (s.has_rounding_step()) rule->rounding_step = s.rounding_step();
  TALLY_ASSIGN_OR_RETURN(rule->half, Half("datum.half", s.half()));
  TALLY_ASSIGN_OR_RETURN(
      rule->ten_percent_rounding,
      Setting("datum.ten_percent_rounding", s.ten_percent_rounding(),
              rule->ten_percent_rounding, core::ParseTrimCountRounding));
  if (s.has_sabf_short_field_as_12_1()) {
    rule->sabf_short_field_as_12_1 = s.sabf_short_field_as_12_1();
  }
  TALLY_ASSIGN_OR_RETURN(
      rule->pending_appeals,
      Setting("datum.pending_appeals", s.pending_appeals(),
              rule->pending_appeals, core::ParsePendingAppealPolicy));
  return *rule;
}

// Options for one scale given on another.
absl::Status CheckOptionsFor(absl::string_view path, absl::string_view option,
                             absl::string_view scale, absl::string_view id) {
  if (id == scale) return absl::OkStatus();
  return Invalid(Field(path, option), absl::StrCat("options of the ", scale,
                                                   " scale, but the scale "
                                                   "is \"",
                                                   id, "\""));
}

absl::StatusOr<core::VpScaleSpec> ScaleOf(absl::string_view path,
                                          const v1::VpScaleChoice& s) {
  if (s.id().empty()) return Invalid(Field(path, "id"), "missing");
  core::VpScaleSpec spec;
  spec.id = s.id();
  if (s.has_itc()) {
    TALLY_RETURN_IF_ERROR(
        CheckOptionsFor(path, "itc", core::kItcAnc1010, s.id()));
    TALLY_ASSIGN_OR_RETURN(
        spec.options.itc.loser,
        Setting(Field(path, "itc.loser"), s.itc().loser(),
                spec.options.itc.loser, core::ParseItcLoserRule));
  }
  if (s.has_ipc()) {
    TALLY_RETURN_IF_ERROR(
        CheckOptionsFor(path, "ipc", core::kIpcAncAppendix, s.id()));
    if (s.ipc().has_vp_places()) {
      spec.options.ipc.vp_places = s.ipc().vp_places();
    }
    TALLY_ASSIGN_OR_RETURN(spec.options.ipc.vp_half,
                           Half(Field(path, "ipc.vp_half"), s.ipc().vp_half()));
  }
  if (s.has_mp_swiss()) {
    TALLY_RETURN_IF_ERROR(
        CheckOptionsFor(path, "mp_swiss", core::kMpSwissPairsSabf2113, s.id()));
    const v1::MpSwissScaleOptions& o = s.mp_swiss();
    if (o.percentage_case() == v1::MpSwissScaleOptions::kPercentagePlaces) {
      spec.options.mp_swiss.percentage_places = o.percentage_places();
    } else if (o.percentage_case() ==
               v1::MpSwissScaleOptions::kExactPercentage) {
      if (!o.exact_percentage()) {
        return Invalid(Field(path, "mp_swiss.exact_percentage"),
                       "false says nothing; give percentage_places instead");
      }
      spec.options.mp_swiss.percentage_places.reset();
    }
    TALLY_ASSIGN_OR_RETURN(
        spec.options.mp_swiss.percentage_half,
        Half(Field(path, "mp_swiss.percentage_half"), o.percentage_half()));
  }
  return spec;
}

absl::StatusOr<core::VpConversion> VpOf(const v1::VpConversionSpec& s) {
  core::VpConversion vp;
  TALLY_ASSIGN_OR_RETURN(vp.scale, ScaleOf("vp.scale", s.scale()));
  vp.scale_boards = s.scale_boards();
  vp.clause = s.clause();
  for (int i = 0; i < s.other_lengths_size(); ++i) {
    const v1::VpLengthRuleSpec& o = s.other_lengths(i);
    core::VpLengthRule rule;
    rule.match_boards = o.match_boards();
    TALLY_ASSIGN_OR_RETURN(
        rule.scale,
        ScaleOf(absl::StrCat(Indexed("vp.other_lengths", i), ".scale"),
                o.scale()));
    rule.scale_boards = o.scale_boards();
    rule.clause = o.clause();
    vp.other_lengths.push_back(std::move(rule));
  }
  return vp;
}

absl::StatusOr<core::TieBreaks> TieBreaksOf(const v1::TieBreaksSpec& s) {
  core::TieBreaks t;
  if (!s.tie_within().empty()) {
    TALLY_ASSIGN_OR_RETURN(t.tie_within,
                           Decimal("tie_breaks.tie_within", s.tie_within()));
  }
  t.tie_clause = s.tie_clause();
  for (int i = 0; i < s.chains_size(); ++i) {
    const v1::TieBreakChainSpec& c = s.chains(i);
    const std::string path = Indexed("tie_breaks.chains", i);
    core::TieBreakChain chain;
    switch (c.purpose()) {
      case v1::TIE_BREAK_PURPOSE_DRAW:
        chain.purpose = core::TieBreakPurpose::kDraw;
        break;
      case v1::TIE_BREAK_PURPOSE_QUALIFICATION:
        chain.purpose = core::TieBreakPurpose::kQualification;
        break;
      case v1::TIE_BREAK_PURPOSE_FINAL_PLACING:
        chain.purpose = core::TieBreakPurpose::kFinalPlacing;
        break;
      default:
        return MissingEnum(Field(path, "purpose"),
                           v1::TieBreakPurpose_descriptor());
    }
    chain.criteria.assign(c.criteria().begin(), c.criteria().end());
    chain.clause = c.clause();
    t.chains.push_back(std::move(chain));
  }
  return t;
}

absl::StatusOr<std::vector<core::TimePoint>> PointsOf(
    absl::string_view path,
    const google::protobuf::RepeatedPtrField<v1::TimePointSpec>& points) {
  std::vector<core::TimePoint> out;
  for (int i = 0; i < points.size(); ++i) {
    core::TimePoint point;
    point.minutes = points[i].minutes();
    switch (points[i].anchor()) {
      case v1::TIME_ANCHOR_SCORES_POSTED:
        point.anchor = core::TimeAnchor::kScoresPosted;
        break;
      case v1::TIME_ANCHOR_NEXT_SESSION_START:
        point.anchor = core::TimeAnchor::kNextSessionStart;
        break;
      case v1::TIME_ANCHOR_SESSION_SCHEDULED_END:
        point.anchor = core::TimeAnchor::kSessionScheduledEnd;
        break;
      case v1::TIME_ANCHOR_RULING_ADVISED:
        point.anchor = core::TimeAnchor::kRulingAdvised;
        break;
      case v1::TIME_ANCHOR_MATCH_CONCLUDED:
        point.anchor = core::TimeAnchor::kMatchConcluded;
        break;
      case v1::TIME_ANCHOR_MATCH_SCORES_AGREED:
        point.anchor = core::TimeAnchor::kMatchScoresAgreed;
        break;
      case v1::TIME_ANCHOR_LAST_ROUND_POSTED:
        point.anchor = core::TimeAnchor::kLastRoundPosted;
        break;
      case v1::TIME_ANCHOR_NEXT_STAGE_START:
        point.anchor = core::TimeAnchor::kNextStageStart;
        break;
      default:
        return MissingEnum(Field(Indexed(path, i), "anchor"),
                           v1::TimeAnchor_descriptor());
    }
    out.push_back(point);
  }
  return out;
}

absl::StatusOr<core::TimeWindowRule> WindowOf(int i,
                                              const v1::TimeWindowSpec& s) {
  const std::string path = Indexed("time_windows", i);
  core::TimeWindowRule w;
  switch (s.kind()) {
    case v1::TIME_WINDOW_KIND_CORRECTION_PERIOD:
      w.kind = core::TimeWindowKind::kCorrectionPeriod;
      break;
    case v1::TIME_WINDOW_KIND_SCORER_ERROR_CORRECTION:
      w.kind = core::TimeWindowKind::kScorerErrorCorrection;
      break;
    case v1::TIME_WINDOW_KIND_RULING_REVIEW:
      w.kind = core::TimeWindowKind::kRulingReview;
      break;
    case v1::TIME_WINDOW_KIND_SCORER_DECISION_APPEAL:
      w.kind = core::TimeWindowKind::kScorerDecisionAppeal;
      break;
    case v1::TIME_WINDOW_KIND_MATCH_RESULT_DISCREPANCY:
      w.kind = core::TimeWindowKind::kMatchResultDiscrepancy;
      break;
    default:
      return MissingEnum(Field(path, "kind"), v1::TimeWindowKind_descriptor());
  }
  w.clause = s.clause();
  TALLY_ASSIGN_OR_RETURN(
      w.ends_at_latest_of,
      PointsOf(Field(path, "ends_at_latest_of"), s.ends_at_latest_of()));
  TALLY_ASSIGN_OR_RETURN(w.late_ruling_ends_at_latest_of,
                         PointsOf(Field(path, "late_ruling_ends_at_latest_of"),
                                  s.late_ruling_ends_at_latest_of()));
  TALLY_ASSIGN_OR_RETURN(w.last_session_ends_at_latest_of,
                         PointsOf(Field(path, "last_session_ends_at_latest_of"),
                                  s.last_session_ends_at_latest_of()));
  w.extends_into_next_session = s.extends_into_next_session();
  return w;
}

absl::StatusOr<core::DrawRules> DrawOf(const v1::DrawRulesSpec& s) {
  core::DrawRules d;
  if (s.method().empty()) {
    return Invalid("draw.method",
                   "missing; one of \"swiss\", \"round_robin\", "
                   "\"sabf_butler_round_robin\", \"itc_round_robin\", "
                   "\"explicit\"");
  }
  TALLY_ASSIGN_OR_RETURN(d.method, Setting("draw.method", s.method(), d.method,
                                           core::ParseDrawMethod));
  if (d.method != core::DrawMethod::kSwiss) {
    // Refuse a Swiss setting given to another draw even when it spells the
    // default, which ValidateProfile cannot see.
    const auto given = [&](absl::string_view field, bool is_given) {
      return is_given ? Invalid(absl::StrCat("draw.", field),
                                absl::StrCat("a setting of the swiss draw; a ",
                                             core::DrawMethodId(d.method),
                                             " draw takes none"))
                      : absl::OkStatus();
    };
    TALLY_RETURN_IF_ERROR(given("first_round", !s.first_round().empty()));
    TALLY_RETURN_IF_ERROR(given("odd_field", !s.odd_field().empty()));
    TALLY_RETURN_IF_ERROR(given("home", !s.home().empty()));
    TALLY_RETURN_IF_ERROR(
        given("modified_swiss_small_field", s.modified_swiss_small_field()));
  }
  TALLY_ASSIGN_OR_RETURN(
      d.first_round, Setting("draw.first_round", s.first_round(), d.first_round,
                             core::ParseFirstRound));
  TALLY_ASSIGN_OR_RETURN(d.odd_field,
                         Setting("draw.odd_field", s.odd_field(), d.odd_field,
                                 core::ParseOddField));
  TALLY_ASSIGN_OR_RETURN(
      d.home, Setting("draw.home", s.home(), d.home, core::ParseHomeRule));
  d.modified_swiss_small_field = s.modified_swiss_small_field();
  d.clause = s.clause();
  return d;
}

absl::StatusOr<core::EligibilityRequirement> RequirementOf(
    absl::string_view path, const v1::EligibilityRequirementSpec& s) {
  core::EligibilityRequirement r;
  if (s.measure().empty()) return Invalid(Field(path, "measure"), "missing");
  TALLY_ASSIGN_OR_RETURN(r.measure,
                         Setting(Field(path, "measure"), s.measure(), r.measure,
                                 core::ParseEligibilityMeasure));
  TALLY_ASSIGN_OR_RETURN(r.scope, Setting(Field(path, "scope"), s.scope(),
                                          r.scope, core::ParseEligibilityScope));
  if (s.at_least() != 0) r.at_least = s.at_least();
  if (!s.share().empty()) {
    TALLY_ASSIGN_OR_RETURN(r.share, Decimal(Field(path, "share"), s.share()));
  }
  for (int i = 0; i < s.share_by_team_size_size(); ++i) {
    const v1::TeamSizeShareSpec& t = s.share_by_team_size(i);
    core::TeamSizeShare share;
    share.players = t.players();
    TALLY_ASSIGN_OR_RETURN(
        share.share,
        Decimal(Field(Indexed(Field(path, "share_by_team_size"), i), "share"),
                t.share()));
    r.share_by_team_size.push_back(share);
  }
  TALLY_ASSIGN_OR_RETURN(
      r.rounding, Setting(Field(path, "rounding"), s.rounding(), r.rounding,
                          core::ParseShareRounding));
  r.more_than = s.more_than();
  return r;
}

absl::StatusOr<core::EligibilityRules> EligibilityOf(
    const v1::EligibilitySpec& s) {
  core::EligibilityRules rules;
  rules.stanza_boards = s.stanza_boards();
  rules.stanza_clause = s.stanza_clause();
  for (int i = 0; i < s.rules_size(); ++i) {
    const v1::EligibilityRuleSpec& spec = s.rules(i);
    const std::string path = Indexed("eligibility.rules", i);
    core::EligibilityRule rule;
    if (spec.purpose().empty()) {
      return Invalid(Field(path, "purpose"),
                     "missing; one of \"final_placing\", \"play_in_final\", "
                     "\"title_holder\", \"playoff_points\"");
    }
    TALLY_ASSIGN_OR_RETURN(
        rule.purpose, Setting(Field(path, "purpose"), spec.purpose(),
                              rule.purpose, core::ParseEligibilityPurpose));
    rule.clause = spec.clause();
    rule.otherwise = spec.otherwise();
    for (int j = 0; j < spec.requirements_size(); ++j) {
      TALLY_ASSIGN_OR_RETURN(
          core::EligibilityRequirement r,
          RequirementOf(Indexed(Field(path, "requirements"), j),
                        spec.requirements(j)));
      rule.requirements.push_back(std::move(r));
    }
    if (spec.has_absence_limit()) {
      const v1::AbsenceLimitSpec& a = spec.absence_limit();
      const std::string at = Field(path, "absence_limit");
      core::AbsenceLimit limit;
      if (!a.schedule().empty()) {
        TALLY_ASSIGN_OR_RETURN(
            limit.schedule,
            Setting(Field(at, "schedule"), a.schedule(),
                    core::EventSchedule::kWeeknight, core::ParseEventSchedule));
      }
      for (int k = 0; k < a.rows_size(); ++k) {
        const v1::AbsenceLimitRowSpec& row = a.rows(k);
        const std::string row_path = Indexed(Field(at, "rows"), k);
        if (row.schedule().empty()) {
          return Invalid(Field(row_path, "schedule"),
                         "missing; \"weeknight\" or \"weekend\"");
        }
        core::AbsenceLimitRow r;
        r.sessions = row.sessions();
        r.max_player_absences = row.max_player_absences();
        TALLY_ASSIGN_OR_RETURN(
            r.schedule, Setting(Field(row_path, "schedule"), row.schedule(),
                                r.schedule, core::ParseEventSchedule));
        limit.rows.push_back(r);
      }
      rule.absence_limit = std::move(limit);
    }
    rules.rules.push_back(std::move(rule));
  }
  return rules;
}

// The spec as a core profile, not yet validated. Errors are
// "<field path>: <problem>".
absl::StatusOr<core::RegulationProfile> Convert(
    const v1::RegulationProfileSpec& s) {
  core::RegulationProfile p;
  p.name = s.name();
  p.title = s.title();
  p.source.document = s.source().document();
  p.source.clauses.assign(s.source().clauses().begin(),
                          s.source().clauses().end());
  TALLY_ASSIGN_OR_RETURN(p.event_kind, EventKindOf(s));
  TALLY_ASSIGN_OR_RETURN(p.scoring, ScoringOf(s));
  if (s.has_matches()) {
    p.matches = core::MatchFormat{s.matches().boards_per_match(),
                                  s.matches().count(), s.matches().clause()};
  }
  if (s.has_datum()) {
    TALLY_ASSIGN_OR_RETURN(p.datum, DatumOf(s.datum()));
  }
  if (s.has_vp()) {
    TALLY_ASSIGN_OR_RETURN(p.vp, VpOf(s.vp()));
  }
  if (s.has_cross_imps()) {
    core::CrossImpsRules cross;
    TALLY_ASSIGN_OR_RETURN(
        cross.averaging,
        Setting("cross_imps.averaging", s.cross_imps().averaging(),
                cross.averaging, core::ParseCrossImpsAveraging));
    cross.clause = s.cross_imps().clause();
    p.cross_imps = std::move(cross);
  }
  if (s.has_butler_movement()) {
    p.butler_movement = core::ButlerMovementRules{
        s.butler_movement().one_field(), s.butler_movement().clause()};
  }
  p.artificial = {s.artificial().imps(), s.artificial().matchpoints(),
                  s.artificial().several_boards(),
                  s.artificial().fouled_board(),
                  s.artificial().few_comparisons()};
  p.penalties = {s.penalties().scale(), s.penalties().draw_excludes_penalties(),
                 s.penalties().clause()};
  if (s.has_forfeit()) {
    core::ForfeitChoice forfeit;
    forfeit.rule = s.forfeit().rule();
    if (!s.forfeit().base().empty()) {
      TALLY_ASSIGN_OR_RETURN(forfeit.base,
                             Decimal("forfeit.base", s.forfeit().base()));
    }
    forfeit.bye = s.forfeit().bye();
    p.forfeit = std::move(forfeit);
  }
  if (s.has_draw()) {
    TALLY_ASSIGN_OR_RETURN(p.draw, DrawOf(s.draw()));
  }
  if (s.has_carry_over()) {
    core::CarryOverChoice carry;
    carry.rule = s.carry_over().rule();
    TALLY_ASSIGN_OR_RETURN(carry.half,
                           Half("carry_over.half", s.carry_over().half()));
    p.carry_over = std::move(carry);
  }
  if (s.has_qualifiers()) {
    p.qualifiers = core::QualifierRule{s.qualifiers().per_field(),
                                       s.qualifiers().clause(),
                                       s.qualifiers().larger_if_average_at_least(),
                                       s.qualifiers().larger_per_field()};
  }
  p.session_combination = s.session_combination();
  p.withhold_progress_in_play = s.publication().withhold_progress_in_play();
  p.publication_clause = s.publication().clause();
  p.device_shows_traveller_after_play =
      s.publication().device_shows_traveller_after_play();
  TALLY_ASSIGN_OR_RETURN(p.tie_breaks, TieBreaksOf(s.tie_breaks()));
  for (int i = 0; i < s.time_windows_size(); ++i) {
    TALLY_ASSIGN_OR_RETURN(core::TimeWindowRule w,
                           WindowOf(i, s.time_windows(i)));
    p.time_windows.push_back(std::move(w));
  }
  if (s.rounding().has_session_percentage_places()) {
    p.rounding.session_percentage_places =
        s.rounding().session_percentage_places();
  }
  TALLY_ASSIGN_OR_RETURN(p.rounding.session_percentage_half,
                         Half("rounding.session_percentage_half",
                              s.rounding().session_percentage_half()));
  TALLY_ASSIGN_OR_RETURN(
      p.rounding.factoring_half,
      Half("rounding.factoring_half", s.rounding().factoring_half()));
  p.notes.assign(s.notes().begin(), s.notes().end());
  if (s.has_club()) {
    TALLY_ASSIGN_OR_RETURN(p.club, ClubConventionsOf(s.club()));
  }
  if (s.has_sections()) {
    const std::string& scored = s.sections().scored();
    if (!scored.empty() && scored != "within_section" &&
        scored != "across_field") {
      return Invalid("sections.scored",
                     absl::StrCat("\"", scored,
                                  "\" is not within_section or across_field"));
    }
    p.sections =
        core::SectionScoring{scored == "across_field", s.sections().clause()};
  }
  if (s.has_eligibility()) {
    TALLY_ASSIGN_OR_RETURN(p.eligibility, EligibilityOf(s.eligibility()));
  }
  if (s.has_appeals()) {
    const v1::AppealRulesSpec& a = s.appeals();
    p.appeals = core::AppealRules{a.further_appeal_to(),
                                  a.further_appeal_clause(),
                                  a.involved_member_clause(),
                                  a.without_merit_clause(),
                                  a.without_merit_max_victory_points(),
                                  a.without_merit_max_tops(),
                                  a.governed_by()};
  }
  return p;
}

absl::StatusOr<core::RegulationProfile> ConvertAndValidate(
    const v1::RegulationProfileSpec& spec) {
  TALLY_ASSIGN_OR_RETURN(core::RegulationProfile profile, Convert(spec));
  TALLY_RETURN_IF_ERROR(core::ValidateProfile(profile));
  return profile;
}

// A 0-based line and column as the protobuf tokenizer counts them.
struct Location {
  int line = -1;
  int column = -1;
};

// Where the file holds the field at `path` ("vp.other_lengths[0].scale.id"),
// or the closest enclosing field it holds; none if it holds neither.
std::optional<Location> Locate(const TextFormat::ParseInfoTree& root,
                               absl::string_view path) {
  const TextFormat::ParseInfoTree* tree = &root;
  const Descriptor* message = v1::RegulationProfileSpec::descriptor();
  std::optional<Location> found;
  for (absl::string_view part : absl::StrSplit(path, '.')) {
    int index = -1;
    absl::string_view name = part;
    if (const size_t open = part.find('['); open != absl::string_view::npos) {
      name = part.substr(0, open);
      absl::string_view digits = part.substr(open + 1);
      if (!absl::ConsumeSuffix(&digits, "]") ||
          !absl::SimpleAtoi(digits, &index)) {
        break;
      }
    }
    const FieldDescriptor* field = message->FindFieldByName(std::string(name));
    if (field == nullptr || field->is_repeated() != (index >= 0)) break;
    const auto location = tree->GetLocation(field, index);
    if (location.line < 0) break;
    found = Location{location.line, location.column};
    if (field->type() != FieldDescriptor::TYPE_MESSAGE) break;
    tree = tree->GetTreeForNested(field, index);
    message = field->message_type();
    if (tree == nullptr) break;
  }
  return found;
}

// `status` ("<field path>: <problem>") prefixed with the source and, where
// the file holds the field, its 1-based line and column.
absl::Status WithLocation(const absl::Status& status,
                          absl::string_view source_name,
                          const TextFormat::ParseInfoTree& tree) {
  const absl::string_view message = status.message();
  std::optional<Location> location;
  if (const size_t colon = message.find(": ");
      colon != absl::string_view::npos) {
    location = Locate(tree, message.substr(0, colon));
  }
  if (!location.has_value()) {
    return absl::Status(status.code(),
                        absl::StrCat(source_name, ": ", message));
  }
  return absl::Status(status.code(),
                      absl::StrCat(source_name, ":", location->line + 1, ":",
                                   location->column + 1, ": ", message));
}

// The byte offset of a tokenizer position (tabs advance to the next
// multiple of 8 columns).
size_t OffsetOf(absl::string_view text, int line, int column) {
  size_t offset = 0;
  for (int l = 0; l < line && offset < text.size(); ++offset) {
    if (text[offset] == '\n') ++l;
  }
  for (int c = 0; c < column && offset < text.size() && text[offset] != '\n';
       ++offset) {
    c = text[offset] == '\t' ? (c / 8 + 1) * 8 : c + 1;
  }
  return offset;
}

// The tokenizer position (0-based line and column, tabs to multiples of 8)
// of byte `offset`.
void PositionOf(absl::string_view text, size_t offset, int* line, int* column) {
  *line = 0;
  *column = 0;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++*line;
      *column = 0;
    } else {
      *column = text[i] == '\t' ? (*column / 8 + 1) * 8 : *column + 1;
    }
  }
}

// The field whose value starts at `offset`: the identifier before the ':'
// that precedes it, or empty.
std::string FieldBefore(absl::string_view text, size_t offset) {
  absl::string_view before = absl::StripTrailingAsciiWhitespace(
      text.substr(0, std::min(offset, text.size())));
  if (!absl::ConsumeSuffix(&before, ":")) return "";
  before = absl::StripTrailingAsciiWhitespace(before);
  size_t start = before.size();
  while (start > 0 &&
         (absl::ascii_isalnum(before[start - 1]) || before[start - 1] == '_')) {
    --start;
  }
  return std::string(before.substr(start));
}

// Collects the parser's first error with its 1-based line and column, and
// names the field when the parser's message does not ("Expected integer").
class FirstError : public google::protobuf::io::ErrorCollector {
 public:
  explicit FirstError(absl::string_view text) : text_(text) {}

  void AddError(int line, google::protobuf::io::ColumnNumber column,
                const std::string& message) override {
    if (!error_.empty()) return;
    // The parser reports an unknown enum value at the token after it; point
    // at the value itself.
    constexpr absl::string_view kUnknownEnum =
        "Unknown enumeration value of \"";
    if (absl::StartsWith(message, kUnknownEnum)) {
      const absl::string_view rest =
          absl::string_view(message).substr(kUnknownEnum.size());
      const absl::string_view value = rest.substr(0, rest.find('"'));
      const size_t at =
          text_.substr(0, OffsetOf(text_, line, column)).rfind(value);
      if (!value.empty() && at != absl::string_view::npos) {
        PositionOf(text_, at, &line, &column);
      }
    }
    error_ = absl::StrCat(line + 1, ":", column + 1, ": ", message);
    if (message.find("field") == std::string::npos) {
      const std::string field =
          FieldBefore(text_, OffsetOf(text_, line, column));
      if (!field.empty()) absl::StrAppend(&error_, " (field \"", field, "\")");
    }
  }

  const std::string& error() const { return error_; }

 private:
  absl::string_view text_;
  std::string error_;
};

}  // namespace

absl::StatusOr<v1::RegulationProfileSpec> ParseProfileSpec(
    absl::string_view textproto, absl::string_view source_name) {
  v1::RegulationProfileSpec spec;
  FirstError errors(textproto);
  TextFormat::ParseInfoTree tree;
  TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(std::string(textproto), &spec)) {
    return absl::InvalidArgumentError(absl::StrCat(
        source_name, ":",
        errors.error().empty() ? " malformed profile" : errors.error()));
  }
  absl::StatusOr<core::RegulationProfile> profile = ConvertAndValidate(spec);
  if (!profile.ok()) return WithLocation(profile.status(), source_name, tree);
  return spec;
}

absl::StatusOr<core::RegulationProfile> ParseProfile(
    absl::string_view textproto, absl::string_view source_name) {
  TALLY_ASSIGN_OR_RETURN(v1::RegulationProfileSpec spec,
                         ParseProfileSpec(textproto, source_name));
  return ConvertAndValidate(spec);
}

absl::StatusOr<core::RegulationProfile> ProfileFromSpec(
    const v1::RegulationProfileSpec& spec) {
  return ConvertAndValidate(spec);
}

const std::map<std::string, std::string>& BuiltInProfileTexts() {
  static const std::map<std::string, std::string>* const kTexts = [] {
    auto* texts = new std::map<std::string, std::string>();
    for (int i = 0; i < profile_internal::kEmbeddedProfileCount; ++i) {
      const profile_internal::EmbeddedProfile& p =
          profile_internal::kEmbeddedProfiles[i];
      texts->emplace(p.name, p.text);
    }
    return texts;
  }();
  return *kTexts;
}

absl::StatusOr<v1::RegulationProfileSpec> FindBuiltInProfileSpec(
    absl::string_view name) {
  const std::map<std::string, std::string>& texts = BuiltInProfileTexts();
  const auto it = texts.find(std::string(name));
  if (it == texts.end()) {
    std::vector<absl::string_view> names;
    for (const auto& [known, text] : texts) names.push_back(known);
    return absl::NotFoundError(
        absl::StrCat("no regulation profile is called \"", name,
                     "\"; the profiles are ", absl::StrJoin(names, ", ")));
  }
  return ParseProfileSpec(it->second, absl::StrCat(it->first, ".textproto"));
}

absl::StatusOr<core::RegulationProfile> FindBuiltInProfile(
    absl::string_view name) {
  TALLY_ASSIGN_OR_RETURN(v1::RegulationProfileSpec spec,
                         FindBuiltInProfileSpec(name));
  return ConvertAndValidate(spec);
}

}  // namespace tally::replay
