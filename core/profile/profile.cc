#include "core/profile/profile.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/profile/named_rules.h"
#include "core/profile/setting_ids.h"
#include "core/profile/tie_break_criteria.h"

namespace tally::core {
namespace {

absl::Status Invalid(absl::string_view path, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", problem));
}

// `status` (from a lookup) as InvalidArgument at `path`.
absl::Status At(absl::string_view path, const absl::Status& status) {
  return Invalid(path, status.message());
}

std::string Indexed(absl::string_view path, size_t i) {
  return absl::StrCat(path, "[", i, "]");
}

bool IsSwiss(EventKind kind) {
  return kind == EventKind::kSwissPairs || kind == EventKind::kSwissTeams;
}

bool IsRoundRobin(EventKind kind) {
  return kind == EventKind::kRoundRobinPairs ||
         kind == EventKind::kRoundRobinTeams;
}

bool IsImps(ScoringMethod scoring) {
  return scoring != ScoringMethod::kMatchpoints;
}

absl::Status CheckName(const RegulationProfile& p) {
  if (p.name.empty()) {
    return Invalid("name", "missing; a profile is known by its name");
  }
  for (char c : p.name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
      return Invalid("name", absl::StrCat("\"", p.name,
                                          "\" may hold only lower-case "
                                          "letters, digits and underscores"));
    }
  }
  if (p.title.empty()) return Invalid("title", "missing");
  if (p.source.document.empty()) {
    return Invalid("source.document", "missing; name the regulation followed");
  }
  if (p.source.clauses.empty()) {
    return Invalid("source.clauses", "missing; list the clauses followed");
  }
  for (size_t i = 0; i < p.source.clauses.size(); ++i) {
    if (p.source.clauses[i].empty()) {
      return Invalid(Indexed("source.clauses", i), "empty");
    }
  }
  return absl::OkStatus();
}

absl::Status CheckKindAndScoring(const RegulationProfile& p) {
  bool fits = false;
  switch (p.event_kind) {
    case EventKind::kMatchpointPairs:
      fits = p.scoring == ScoringMethod::kMatchpoints;
      break;
    case EventKind::kButlerPairs:
    case EventKind::kRoundRobinPairs:
      fits = p.scoring == ScoringMethod::kImpsVsDatum ||
             p.scoring == ScoringMethod::kCrossImps;
      break;
    case EventKind::kSwissPairs:
      fits = p.scoring != ScoringMethod::kImpsTwoTables;
      break;
    case EventKind::kSwissTeams:
    case EventKind::kRoundRobinTeams:
    case EventKind::kKnockoutTeams:
      fits = p.scoring == ScoringMethod::kImpsTwoTables;
      break;
  }
  if (!fits) {
    return Invalid("scoring", absl::StrCat("a ", EventKindId(p.event_kind),
                                           " event cannot be scored ",
                                           ScoringMethodId(p.scoring)));
  }
  return absl::OkStatus();
}

absl::Status CheckMatches(const RegulationProfile& p) {
  const bool needs = IsSwiss(p.event_kind) || IsRoundRobin(p.event_kind) ||
                     p.event_kind == EventKind::kKnockoutTeams ||
                     p.vp.has_value();
  if (!p.matches.has_value()) {
    if (needs) {
      return Invalid("matches",
                     absl::StrCat("required for a ", EventKindId(p.event_kind),
                                  " event (its boards per match)"));
    }
    return absl::OkStatus();
  }
  if (p.event_kind == EventKind::kMatchpointPairs) {
    return Invalid("matches", "a matchpoint_pairs event has no matches");
  }
  if (p.matches->boards_per_match < 1) {
    return Invalid(
        "matches.boards_per_match",
        absl::StrCat("must be at least 1, got ", p.matches->boards_per_match));
  }
  if (p.matches->count < 0) {
    return Invalid("matches.count",
                   absl::StrCat("must not be negative (0: set by the field), "
                                "got ",
                                p.matches->count));
  }
  return absl::OkStatus();
}

absl::Status CheckDatum(const RegulationProfile& p) {
  const bool needs = p.scoring == ScoringMethod::kImpsVsDatum;
  if (!p.datum.has_value()) {
    if (needs)
      return Invalid("datum", "required when scoring is imps_vs_datum");
    return absl::OkStatus();
  }
  if (!needs) {
    return Invalid("datum", absl::StrCat("given, but scoring is ",
                                         ScoringMethodId(p.scoring),
                                         ", which takes no datum"));
  }
  if (p.datum->method == DatumMethod::kAncSr7_2a ||
      p.datum->method == DatumMethod::kSabfTr12_3) {
    return Invalid(
        "datum.rule",
        absl::StrCat(DatumMethodId(p.datum->method),
                     " is the rule for one form of a fouled board; an "
                     "event's datum rule is anc_sr_16_4, anc_sr_16_11_16_13, "
                     "anc_sr_22_3_22_4, sabf_tr_12_1, sabf_tr_12_2 or "
                     "club_top_and_bottom"));
  }
  if (p.datum->rounding_step < 1) {
    return Invalid("datum.rounding_step", absl::StrCat("must be positive, got ",
                                                       p.datum->rounding_step));
  }
  return absl::OkStatus();
}

absl::Status CheckCrossImpsAndFields(const RegulationProfile& p) {
  const bool needs = p.scoring == ScoringMethod::kCrossImps;
  if (needs != p.cross_imps.has_value()) {
    return Invalid("cross_imps",
                   needs ? "required when scoring is cross_imps (say how a "
                           "board's comparisons are averaged)"
                         : absl::StrCat("given, but scoring is ",
                                        ScoringMethodId(p.scoring)));
  }
  if (needs && p.event_kind != EventKind::kButlerPairs) {
    return Invalid("scoring",
                   absl::StrCat("cross_imps scores pairs in a movement "
                                "(butler_pairs), not a ",
                                EventKindId(p.event_kind), " event"));
  }
  // Sections are scored within each section or across the field in
  // matchpoint and Butler / cross-IMP pairs alike.
  if (p.sections.has_value() && p.event_kind != EventKind::kMatchpointPairs &&
      p.event_kind != EventKind::kButlerPairs) {
    return Invalid("sections", absl::StrCat("given, but the event is ",
                                            EventKindId(p.event_kind),
                                            ", not matchpoint_pairs or "
                                            "butler_pairs"));
  }
  if (p.butler_movement.has_value() &&
      p.event_kind != EventKind::kButlerPairs) {
    return Invalid("butler_movement",
                   absl::StrCat("given, but the event is ",
                                EventKindId(p.event_kind),
                                ", not butler_pairs"));
  }
  return absl::OkStatus();
}

// The scale `spec` exists, converts the event's kind of margin and covers
// `boards`.
absl::Status CheckScale(const RegulationProfile& p, absl::string_view path,
                        const VpScaleSpec& spec, int boards) {
  absl::StatusOr<VpScaleInfo> info = FindVpScale(spec.id);
  if (!info.ok()) return At(absl::StrCat(path, ".id"), info.status());
  const VpMarginKind wanted = p.scoring == ScoringMethod::kMatchpoints
                                  ? VpMarginKind::kPercentage
                                  : VpMarginKind::kImps;
  if (info->margin_kind != wanted) {
    return Invalid(
        absl::StrCat(path, ".id"),
        absl::StrCat(spec.id, " (", info->clause, ") converts ",
                     info->margin_kind == VpMarginKind::kImps ? "an IMP margin"
                                                              : "a percentage",
                     ", but the event is scored ", ScoringMethodId(p.scoring)));
  }
  absl::StatusOr<VpResult> level = VpForMargin(spec, 0, boards);
  if (!level.ok()) {
    return Invalid(path, absl::StrCat("cannot convert a match of ", boards,
                                      " boards: ", level.status().message()));
  }
  return absl::OkStatus();
}

absl::Status CheckVp(const RegulationProfile& p) {
  if (!p.vp.has_value()) {
    if (IsSwiss(p.event_kind) || IsRoundRobin(p.event_kind)) {
      return Invalid("vp",
                     absl::StrCat("required: a ", EventKindId(p.event_kind),
                                  " event converts matches to VPs"));
    }
    return absl::OkStatus();
  }
  if (p.event_kind == EventKind::kMatchpointPairs ||
      p.event_kind == EventKind::kKnockoutTeams) {
    return Invalid("vp", absl::StrCat("a ", EventKindId(p.event_kind),
                                      " event is not scored in VPs"));
  }
  const VpConversion& vp = *p.vp;
  if (vp.scale_boards < 0) {
    return Invalid("vp.scale_boards",
                   absl::StrCat("must not be negative (0: the match's own "
                                "length), got ",
                                vp.scale_boards));
  }
  const int boards =
      vp.scale_boards > 0 ? vp.scale_boards : p.matches->boards_per_match;
  TALLY_RETURN_IF_ERROR(CheckScale(p, "vp.scale", vp.scale, boards));
  std::set<int> lengths;
  for (size_t i = 0; i < vp.other_lengths.size(); ++i) {
    const VpLengthRule& rule = vp.other_lengths[i];
    const std::string path = Indexed("vp.other_lengths", i);
    if (rule.match_boards < 1) {
      return Invalid(
          absl::StrCat(path, ".match_boards"),
          absl::StrCat("must be at least 1, got ", rule.match_boards));
    }
    if (rule.match_boards == p.matches->boards_per_match) {
      return Invalid(absl::StrCat(path, ".match_boards"),
                     absl::StrCat(rule.match_boards,
                                  " is the event's own match length; its "
                                  "scale is vp.scale"));
    }
    if (!lengths.insert(rule.match_boards).second) {
      return Invalid(absl::StrCat(path, ".match_boards"),
                     absl::StrCat(rule.match_boards, " is listed twice"));
    }
    if (rule.scale_boards < 0) {
      return Invalid(
          absl::StrCat(path, ".scale_boards"),
          absl::StrCat("must not be negative, got ", rule.scale_boards));
    }
    TALLY_RETURN_IF_ERROR(CheckScale(
        p, absl::StrCat(path, ".scale"), rule.scale,
        rule.scale_boards > 0 ? rule.scale_boards : rule.match_boards));
  }
  return absl::OkStatus();
}

// `id` at `path` names a rule of `rules` that fits the event; `required`
// says whether it must be given.
absl::Status CheckNamed(const RegulationProfile& p, absl::string_view path,
                        absl::string_view id, absl::Span<const NamedRule> rules,
                        absl::string_view what, bool required) {
  if (id.empty()) {
    if (required) {
      return Invalid(path,
                     absl::StrCat("missing; a ", EventKindId(p.event_kind),
                                  " event scored ", ScoringMethodId(p.scoring),
                                  " needs a ", what));
    }
    return absl::OkStatus();
  }
  absl::StatusOr<NamedRule> rule = FindNamedRule(rules, what, id);
  if (!rule.ok()) return At(path, rule.status());
  if (!RuleFits(*rule, p.scoring, p.event_kind)) {
    return Invalid(path,
                   absl::StrCat(id, " (", rule->clause, ") does not fit a ",
                                EventKindId(p.event_kind), " event scored ",
                                ScoringMethodId(p.scoring)));
  }
  return absl::OkStatus();
}

absl::Status CheckArtificial(const RegulationProfile& p) {
  const ArtificialScores& a = p.artificial;
  if (IsImps(p.scoring)) {
    TALLY_RETURN_IF_ERROR(CheckNamed(p, "artificial.imps", a.imps,
                                     ArtificialImpsRules(),
                                     "artificial IMP rule", true));
    if (!a.matchpoints.empty()) {
      return Invalid("artificial.matchpoints",
                     "given, but the event is scored in IMPs");
    }
    if (a.imps == "teams_by_match_length" && !p.matches.has_value()) {
      return Invalid("artificial.imps",
                     "teams_by_match_length depends on the match length; "
                     "give matches");
    }
  } else {
    TALLY_RETURN_IF_ERROR(CheckNamed(p, "artificial.matchpoints", a.matchpoints,
                                     ArtificialMatchpointRules(),
                                     "artificial matchpoint rule", true));
    if (!a.imps.empty()) {
      return Invalid("artificial.imps",
                     "given, but the event is scored in matchpoints");
    }
  }
  TALLY_RETURN_IF_ERROR(CheckNamed(p, "artificial.several_boards",
                                   a.several_boards, SeveralBoardsMethods(),
                                   "several-boards method", true));
  TALLY_RETURN_IF_ERROR(CheckNamed(p, "artificial.few_comparisons",
                                   a.few_comparisons, FewComparisonsRules(),
                                   "few-comparisons rule", false));
  return CheckNamed(p, "artificial.fouled_board", a.fouled_board,
                    FouledBoardTreatments(), "fouled-board treatment", true);
}

absl::Status CheckPenalties(const RegulationProfile& p) {
  TALLY_RETURN_IF_ERROR(CheckNamed(p, "penalties.scale", p.penalties.scale,
                                   PenaltyScaleNames(), "penalty scale", true));
  absl::StatusOr<const PenaltyScale*> scale =
      PenaltyScaleByName(p.penalties.scale);
  if (!scale.ok()) return At("penalties.scale", scale.status());
  absl::Status valid = ValidatePenaltyScale(**scale);
  if (!valid.ok()) return At("penalties.scale", valid);
  return absl::OkStatus();
}

absl::Status CheckForfeit(const RegulationProfile& p) {
  if (!p.forfeit.has_value()) return absl::OkStatus();
  // A profile may name only a bye rule (the ANC SR scores no pairs
  // forfeit); an empty forfeit section says nothing.
  TALLY_RETURN_IF_ERROR(CheckNamed(p, "forfeit.rule", p.forfeit->rule,
                                   ForfeitRules(), "forfeit rule",
                                   p.forfeit->bye.empty()));
  if (p.forfeit->base.has_value() && *p.forfeit->base <= Rational(0)) {
    return Invalid("forfeit.base", absl::StrCat("must be positive, got ",
                                                p.forfeit->base->ToString()));
  }
  TALLY_RETURN_IF_ERROR(CheckNamed(p, "forfeit.bye", p.forfeit->bye, ByeRules(),
                                   "bye rule", false));
  absl::StatusOr<std::optional<ForfeitRule>> rule = ForfeitRuleForProfile(p);
  // ForfeitRuleForProfile's messages already begin with the field path.
  if (!rule.ok()) return absl::InvalidArgumentError(rule.status().message());
  return absl::OkStatus();
}

// Events of matches are drawn round by round; movements are not.
bool PlaysMatches(EventKind kind) {
  return kind != EventKind::kMatchpointPairs && kind != EventKind::kButlerPairs;
}

// The draw methods an event of `kind` may use.
bool MethodFits(EventKind kind, DrawMethod method) {
  switch (method) {
    case DrawMethod::kSwiss:
      return IsSwiss(kind);
    case DrawMethod::kRoundRobin:
      return IsRoundRobin(kind);
    case DrawMethod::kSabfButlerRoundRobin:  // SABF TR 21.15-21.16: pairs
      return kind == EventKind::kRoundRobinPairs;
    case DrawMethod::kItcRoundRobin:  // ANC SR 10.6-10.7: teams
      return kind == EventKind::kRoundRobinTeams;
    case DrawMethod::kExplicit:
    case DrawMethod::kItcFinal:
    case DrawMethod::kSabfFinalFive:
    case DrawMethod::kSabfFinalFour:
      return kind == EventKind::kKnockoutTeams;
  }
  return false;
}

// A finals draw carries its regulation's carry-over into every match: the
// profile must name that rule, and the ITC final's length must split into
// its five stanzas (ANC SR 11.3).
absl::Status CheckFinalsDraw(const RegulationProfile& p) {
  absl::string_view rule;
  switch (p.draw->method) {
    case DrawMethod::kItcFinal:
      rule = "anc_sr_11_2";
      if (!p.matches.has_value() || p.matches->boards_per_match % 5 != 0) {
        return Invalid("matches.boards_per_match",
                       "an itc_final draw plays the final in five equal "
                       "stanzas (ANC SR 11.3): give a multiple of 5");
      }
      break;
    case DrawMethod::kSabfFinalFive:
      rule = "sabf_tr_13_12";
      break;
    case DrawMethod::kSabfFinalFour:
      rule = "sabf_tr_13_11";
      break;
    default:
      return absl::OkStatus();
  }
  if (!p.carry_over.has_value() || p.carry_over->rule != rule) {
    return Invalid("carry_over.rule",
                   absl::StrCat("a ", DrawMethodId(p.draw->method),
                                " draw carries the carry-over of rule ", rule,
                                "; name it"));
  }
  return absl::OkStatus();
}

// NSW TR 12.7: half matches are for Swiss pairs scored in IMPs, and split
// each match into two halves of equal length (12.7(a) doubles the IMPs of
// the half played).
absl::Status CheckHalfMatches(const RegulationProfile& p) {
  if (p.event_kind != EventKind::kSwissPairs ||
      p.scoring != ScoringMethod::kImpsVsDatum) {
    return Invalid("draw.odd_field",
                   "half matches (NSW TR 12.7) are for Swiss pairs scored in "
                   "IMPs against a datum");
  }
  if (p.matches.has_value() && p.matches->boards_per_match % 2 != 0) {
    return Invalid("draw.odd_field",
                   absl::StrCat("half matches (NSW TR 12.7) split a match in "
                                "two equal halves; a match of ",
                                p.matches->boards_per_match,
                                " boards cannot be split"));
  }
  return absl::OkStatus();
}

absl::Status CheckDraw(const RegulationProfile& p) {
  if (!PlaysMatches(p.event_kind)) {
    if (p.draw.has_value()) {
      return Invalid("draw", absl::StrCat("a ", EventKindId(p.event_kind),
                                          " event is played in a movement; "
                                          "it has no draw"));
    }
    return absl::OkStatus();
  }
  if (!p.draw.has_value()) {
    return Invalid("draw", absl::StrCat("required: say how the rounds of a ",
                                        EventKindId(p.event_kind),
                                        " event are drawn (draw.method)"));
  }
  const DrawRules& d = *p.draw;
  if (!MethodFits(p.event_kind, d.method)) {
    return Invalid("draw.method", absl::StrCat("a ", EventKindId(p.event_kind),
                                               " event cannot be drawn ",
                                               DrawMethodId(d.method)));
  }
  if (d.clause.empty()) {
    return Invalid("draw.clause",
                   "missing; cite the clause that says how rounds are drawn");
  }
  if (d.method != DrawMethod::kSwiss) {
    // The settings below are the Swiss draw's; another draw takes its home
    // and bye from its table, or from the director.
    const DrawRules swiss_defaults;
    const auto swiss_only = [&](absl::string_view field,
                                absl::string_view value) {
      return Invalid(absl::StrCat("draw.", field),
                     absl::StrCat(value, " is a setting of the swiss draw; a ",
                                  DrawMethodId(d.method), " draw takes none"));
    };
    if (d.first_round != swiss_defaults.first_round) {
      return swiss_only("first_round", FirstRoundId(d.first_round));
    }
    if (d.odd_field != swiss_defaults.odd_field) {
      return swiss_only("odd_field", OddFieldId(d.odd_field));
    }
    if (d.home != swiss_defaults.home) {
      return swiss_only("home", HomeRuleId(d.home));
    }
    if (d.modified_swiss_small_field) {
      return swiss_only("modified_swiss_small_field", "true");
    }
    return CheckFinalsDraw(p);
  }
  if (d.odd_field == OddField::kShareMatch &&
      p.event_kind == EventKind::kSwissPairs) {
    // SABF TR 14.1's share match is three teams over three tables; three
    // pairs cannot play at once.
    return Invalid("draw.odd_field",
                   "a share match needs teams (SABF TR 14.1); pairs events "
                   "take a bye");
  }
  if (d.odd_field == OddField::kHalfMatches) {
    TALLY_RETURN_IF_ERROR(CheckHalfMatches(p));
  }
  if (d.modified_swiss_small_field &&
      (!p.matches.has_value() || p.matches->count < 1)) {
    return Invalid("draw.modified_swiss_small_field",
                   "the ANC SR appendix compares the field with the number "
                   "of rounds; give matches.count");
  }
  return absl::OkStatus();
}

absl::Status CheckCarryOver(const RegulationProfile& p) {
  if (!p.carry_over.has_value()) return absl::OkStatus();
  return CheckNamed(p, "carry_over.rule", p.carry_over->rule, CarryOverRules(),
                    "carry-over rule", true);
}

absl::Status CheckSessionCombination(const RegulationProfile& p) {
  const std::string& c = p.session_combination;
  if (c.empty()) return absl::OkStatus();
  if (c != "sabf_tr_11" && c != "sabf_tr_18_1_qualifying" &&
      c != "sabf_tr_18_1_final" && c != "total_percentages") {
    return Invalid("session_combination",
                   absl::StrCat("unknown combination '", c,
                                "'; known: sabf_tr_11, "
                                "sabf_tr_18_1_qualifying, sabf_tr_18_1_final, "
                                "total_percentages"));
  }
  if (p.event_kind != EventKind::kMatchpointPairs) {
    return Invalid("session_combination",
                   "only a matchpoint pairs event combines sessions");
  }
  return absl::OkStatus();
}

absl::Status CheckQualifiers(const RegulationProfile& p) {
  if (!p.qualifiers.has_value()) return absl::OkStatus();
  if ((p.qualifiers->larger_if_average_at_least > 0) !=
          (p.qualifiers->larger_per_field > 0) ||
      p.qualifiers->larger_if_average_at_least < 0 ||
      p.qualifiers->larger_per_field < 0) {
    return Invalid("qualifiers.larger_per_field",
                   "give both larger_if_average_at_least and "
                   "larger_per_field (above 0), or neither");
  }
  if (p.qualifiers->per_field < 1) {
    return Invalid("qualifiers.per_field",
                   "at least one entrant of each field qualifies");
  }
  if (p.qualifiers->clause.empty()) {
    return Invalid("qualifiers.clause",
                   "name the clause that says who qualifies");
  }
  return absl::OkStatus();
}

absl::Status CheckTieBreaks(const RegulationProfile& p) {
  const TieBreaks& t = p.tie_breaks;
  if (t.tie_within < Rational(0)) {
    return Invalid(
        "tie_breaks.tie_within",
        absl::StrCat("must not be negative, got ", t.tie_within.ToString()));
  }
  if (t.tie_within > Rational(0) && t.tie_clause.empty()) {
    return Invalid("tie_breaks.tie_clause",
                   "missing; cite the clause that defines the tie margin");
  }
  std::set<TieBreakPurpose> purposes;
  for (size_t i = 0; i < t.chains.size(); ++i) {
    const TieBreakChain& chain = t.chains[i];
    const std::string path = Indexed("tie_breaks.chains", i);
    if (!purposes.insert(chain.purpose).second) {
      return Invalid(absl::StrCat(path, ".purpose"),
                     absl::StrCat("a second ", TieBreakPurposeId(chain.purpose),
                                  " chain"));
    }
    if (chain.purpose == TieBreakPurpose::kDraw && !IsSwiss(p.event_kind) &&
        !IsRoundRobin(p.event_kind)) {
      return Invalid(absl::StrCat(path, ".purpose"),
                     absl::StrCat("a ", EventKindId(p.event_kind),
                                  " event makes no draw from the standings"));
    }
    if (chain.clause.empty()) {
      return Invalid(absl::StrCat(path, ".clause"),
                     "missing; cite the clause that states the chain");
    }
    if (chain.criteria.empty()) {
      return Invalid(absl::StrCat(path, ".criteria"), "empty");
    }
    std::set<std::string> seen;
    for (size_t j = 0; j < chain.criteria.size(); ++j) {
      const std::string cpath = Indexed(absl::StrCat(path, ".criteria"), j);
      absl::StatusOr<TieBreakCriterion> c =
          FindTieBreakCriterion(chain.criteria[j]);
      if (!c.ok()) return At(cpath, c.status());
      if (!seen.insert(chain.criteria[j]).second) {
        return Invalid(cpath, absl::StrCat("\"", chain.criteria[j],
                                           "\" appears twice in the chain"));
      }
      if (c->decides && j + 1 != chain.criteria.size()) {
        return Invalid(cpath, absl::StrCat(c->id,
                                           " decides every tie, so it must "
                                           "come last"));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status CheckPoints(absl::string_view path,
                         const std::vector<TimePoint>& points) {
  std::set<TimeAnchor> anchors;
  for (size_t i = 0; i < points.size(); ++i) {
    if (!anchors.insert(points[i].anchor).second) {
      return Invalid(
          Indexed(path, i),
          absl::StrCat(TimeAnchorId(points[i].anchor), " is listed twice"));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckTimeWindows(const RegulationProfile& p) {
  std::set<TimeWindowKind> kinds;
  for (size_t i = 0; i < p.time_windows.size(); ++i) {
    const TimeWindowRule& w = p.time_windows[i];
    const std::string path = Indexed("time_windows", i);
    if (!kinds.insert(w.kind).second) {
      return Invalid(
          absl::StrCat(path, ".kind"),
          absl::StrCat("a second ", TimeWindowKindId(w.kind), " window"));
    }
    if (w.clause.empty()) {
      return Invalid(absl::StrCat(path, ".clause"),
                     "missing; cite the clause that sets the window");
    }
    if (w.ends_at_latest_of.empty()) {
      return Invalid(absl::StrCat(path, ".ends_at_latest_of"),
                     "missing; when does the window end?");
    }
    if (!w.late_ruling_ends_at_latest_of.empty() &&
        w.kind != TimeWindowKind::kRulingReview) {
      return Invalid(absl::StrCat(path, ".late_ruling_ends_at_latest_of"),
                     "only a ruling_review window has a late-ruling end");
    }
    TALLY_RETURN_IF_ERROR(CheckPoints(absl::StrCat(path, ".ends_at_latest_of"),
                                      w.ends_at_latest_of));
    TALLY_RETURN_IF_ERROR(
        CheckPoints(absl::StrCat(path, ".late_ruling_ends_at_latest_of"),
                    w.late_ruling_ends_at_latest_of));
    TALLY_RETURN_IF_ERROR(
        CheckPoints(absl::StrCat(path, ".last_session_ends_at_latest_of"),
                    w.last_session_ends_at_latest_of));
  }
  if (!kinds.contains(TimeWindowKind::kCorrectionPeriod)) {
    return Invalid("time_windows",
                   "no correction_period window (Law 79C: when may the "
                   "players' scoring errors be corrected?)");
  }
  if (!kinds.contains(TimeWindowKind::kRulingReview)) {
    return Invalid("time_windows",
                   "no ruling_review window (Law 92B: until when may a "
                   "ruling be reviewed?)");
  }
  return absl::OkStatus();
}

absl::Status CheckRounding(const RegulationProfile& p) {
  const std::optional<int>& places = p.rounding.session_percentage_places;
  if (places.has_value() && (*places < 0 || *places > 6)) {
    return Invalid("rounding.session_percentage_places",
                   absl::StrCat("must be 0 to 6, got ", *places));
  }
  for (size_t i = 0; i < p.notes.size(); ++i) {
    if (p.notes[i].empty()) return Invalid(Indexed("notes", i), "empty");
  }
  if (p.club.has_value()) {
    if (p.club->places < 0 || p.club->places > 6) {
      return Invalid("club.matchpoint_places",
                     absl::StrCat("must be 0 to 6, got ", p.club->places));
    }
    if (p.club->clause.empty()) {
      return Invalid("club.clause",
                     "missing: name the published convention followed");
    }
    if (p.event_kind != EventKind::kMatchpointPairs) {
      return Invalid("club", "club matchpoint conventions are for matchpoint "
                             "pairs");
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::string_view EventKindId(EventKind kind) {
  switch (kind) {
    case EventKind::kMatchpointPairs:
      return "matchpoint_pairs";
    case EventKind::kButlerPairs:
      return "butler_pairs";
    case EventKind::kSwissPairs:
      return "swiss_pairs";
    case EventKind::kSwissTeams:
      return "swiss_teams";
    case EventKind::kRoundRobinPairs:
      return "round_robin_pairs";
    case EventKind::kRoundRobinTeams:
      return "round_robin_teams";
    case EventKind::kKnockoutTeams:
      return "knockout_teams";
  }
  return "unknown";
}

absl::string_view ScoringMethodId(ScoringMethod method) {
  switch (method) {
    case ScoringMethod::kMatchpoints:
      return "matchpoints";
    case ScoringMethod::kImpsVsDatum:
      return "imps_vs_datum";
    case ScoringMethod::kImpsTwoTables:
      return "imps_two_tables";
    case ScoringMethod::kCrossImps:
      return "cross_imps";
  }
  return "unknown";
}

absl::string_view TieBreakPurposeId(TieBreakPurpose purpose) {
  switch (purpose) {
    case TieBreakPurpose::kDraw:
      return "draw";
    case TieBreakPurpose::kQualification:
      return "qualification";
    case TieBreakPurpose::kFinalPlacing:
      return "final_placing";
  }
  return "unknown";
}

absl::string_view TimeAnchorId(TimeAnchor anchor) {
  switch (anchor) {
    case TimeAnchor::kScoresPosted:
      return "scores_posted";
    case TimeAnchor::kNextSessionStart:
      return "next_session_start";
    case TimeAnchor::kSessionScheduledEnd:
      return "session_scheduled_end";
    case TimeAnchor::kRulingAdvised:
      return "ruling_advised";
    case TimeAnchor::kMatchConcluded:
      return "match_concluded";
    case TimeAnchor::kMatchScoresAgreed:
      return "match_scores_agreed";
    case TimeAnchor::kLastRoundPosted:
      return "last_round_posted";
    case TimeAnchor::kNextStageStart:
      return "next_stage_start";
  }
  return "unknown";
}

absl::string_view TimeWindowKindId(TimeWindowKind kind) {
  switch (kind) {
    case TimeWindowKind::kCorrectionPeriod:
      return "correction_period";
    case TimeWindowKind::kScorerErrorCorrection:
      return "scorer_error_correction";
    case TimeWindowKind::kRulingReview:
      return "ruling_review";
    case TimeWindowKind::kScorerDecisionAppeal:
      return "scorer_decision_appeal";
    case TimeWindowKind::kMatchResultDiscrepancy:
      return "match_result_discrepancy";
  }
  return "unknown";
}

absl::Status ValidateProfile(const RegulationProfile& profile) {
  TALLY_RETURN_IF_ERROR(CheckName(profile));
  TALLY_RETURN_IF_ERROR(CheckKindAndScoring(profile));
  TALLY_RETURN_IF_ERROR(CheckMatches(profile));
  TALLY_RETURN_IF_ERROR(CheckDatum(profile));
  TALLY_RETURN_IF_ERROR(CheckCrossImpsAndFields(profile));
  TALLY_RETURN_IF_ERROR(CheckVp(profile));
  TALLY_RETURN_IF_ERROR(CheckDraw(profile));
  TALLY_RETURN_IF_ERROR(CheckArtificial(profile));
  TALLY_RETURN_IF_ERROR(CheckPenalties(profile));
  TALLY_RETURN_IF_ERROR(CheckForfeit(profile));
  TALLY_RETURN_IF_ERROR(CheckCarryOver(profile));
  TALLY_RETURN_IF_ERROR(CheckQualifiers(profile));
  TALLY_RETURN_IF_ERROR(CheckSessionCombination(profile));
  TALLY_RETURN_IF_ERROR(CheckTieBreaks(profile));
  TALLY_RETURN_IF_ERROR(CheckTimeWindows(profile));
  if (profile.eligibility.has_value()) {
    TALLY_RETURN_IF_ERROR(ValidateEligibilityRules(
        *profile.eligibility, profile.event_kind == EventKind::kSwissTeams ||
                                  profile.event_kind == EventKind::kRoundRobinTeams ||
                                  profile.event_kind == EventKind::kKnockoutTeams));
  }
  return CheckRounding(profile);
}

absl::StatusOr<VpScaleForBoards> VpScaleForMatch(
    const RegulationProfile& profile, int match_boards) {
  if (!profile.vp.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("profile ", profile.name, " converts no matches to VPs"));
  }
  if (match_boards < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("a match has at least 1 board, got ", match_boards));
  }
  const VpConversion& vp = *profile.vp;
  for (const VpLengthRule& rule : vp.other_lengths) {
    if (rule.match_boards == match_boards) {
      return VpScaleForBoards{
          rule.scale, rule.scale_boards > 0 ? rule.scale_boards : match_boards,
          rule.clause};
    }
  }
  const bool own_length = profile.matches.has_value() &&
                          profile.matches->boards_per_match == match_boards;
  return VpScaleForBoards{
      vp.scale,
      own_length && vp.scale_boards > 0 ? vp.scale_boards : match_boards,
      vp.clause};
}

int QualifiersPerField(const QualifierRule& rule,
                       const std::vector<int>& per_session) {
  if (rule.larger_per_field <= 0 || per_session.empty()) {
    return rule.per_field;
  }
  int64_t total = 0;
  for (int n : per_session) total += n;
  // SABF TR 18.1.2 "the average number of pairs playing in the qualifying
  // event is at least 30": exactly, sum >= 30 x sessions.
  return total >= static_cast<int64_t>(rule.larger_if_average_at_least) *
                      static_cast<int64_t>(per_session.size())
             ? rule.larger_per_field
             : rule.per_field;
}

}  // namespace tally::core
