#include "core/eligibility/eligibility_rules.h"

#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/enum_ids.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

constexpr EnumIdTable<EligibilityPurpose, 4> kPurposes = {{
    {EligibilityPurpose::kFinalPlacing, "final_placing"},
    {EligibilityPurpose::kPlayInFinal, "play_in_final"},
    {EligibilityPurpose::kTitleHolder, "title_holder"},
    {EligibilityPurpose::kPlayoffPoints, "playoff_points"},
}};

constexpr EnumIdTable<EligibilityMeasure, 9> kMeasures = {{
    {EligibilityMeasure::kPlayerRounds, "player_rounds"},
    {EligibilityMeasure::kPlayerSessions, "player_sessions"},
    {EligibilityMeasure::kPartnershipRounds, "partnership_rounds"},
    {EligibilityMeasure::kPartnershipSessions, "partnership_sessions"},
    {EligibilityMeasure::kMemberRounds, "member_rounds"},
    {EligibilityMeasure::kRepresentedSessions, "represented_sessions"},
    {EligibilityMeasure::kPlayerMatches, "player_matches"},
    {EligibilityMeasure::kPlayerBoards, "player_boards"},
    {EligibilityMeasure::kPlayerStanzas, "player_stanzas"},
}};

constexpr EnumIdTable<EligibilityScope, 3> kScopes = {{
    {EligibilityScope::kThis, "this"},
    {EligibilityScope::kQualifying, "qualifying"},
    {EligibilityScope::kQualifyingAndThis, "qualifying_and_this"},
}};

constexpr EnumIdTable<ShareRounding, 2> kRoundings = {{
    {ShareRounding::kUp, "up"},
    {ShareRounding::kDown, "down"},
}};

constexpr EnumIdTable<EventSchedule, 2> kSchedules = {{
    {EventSchedule::kWeeknight, "weeknight"},
    {EventSchedule::kWeekend, "weekend"},
}};

absl::Status Invalid(absl::string_view path, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", problem));
}

absl::Status CheckShare(absl::string_view path, const Rational& share) {
  if (share <= Rational(0) || share > Rational(1)) {
    return Invalid(path, absl::StrCat("a share is above 0 and at most 1, not ",
                                      share.ToString()));
  }
  return absl::OkStatus();
}

absl::Status CheckRequirement(absl::string_view path,
                              const EligibilityRequirement& r, bool teams) {
  const std::string measure = absl::StrCat(path, ".measure");
  if (IsTeamsMeasure(r.measure) != teams) {
    return Invalid(measure,
                   absl::StrCat("\"", EligibilityMeasureId(r.measure),
                                "\" counts ", teams ? "pairs" : "teams",
                                ", but this is a ", teams ? "teams" : "pairs",
                                " event"));
  }
  if (!teams && r.scope != EligibilityScope::kThis) {
    return Invalid(absl::StrCat(path, ".scope"),
                   "pairs are counted in this competition only (\"this\")");
  }
  const int thresholds = (r.at_least.has_value() ? 1 : 0) +
                         (r.share.has_value() ? 1 : 0) +
                         (r.share_by_team_size.empty() ? 0 : 1);
  if (thresholds != 1) {
    return Invalid(path,
                   "give exactly one of at_least, share and "
                   "share_by_team_size");
  }
  if (r.at_least.has_value() && *r.at_least < 1) {
    return Invalid(absl::StrCat(path, ".at_least"),
                   absl::StrCat("must be at least 1, not ", *r.at_least));
  }
  if (r.share.has_value()) {
    TALLY_RETURN_IF_ERROR(
        CheckShare(absl::StrCat(path, ".share"), *r.share));
  }
  if (!r.share_by_team_size.empty()) {
    if (!teams) {
      return Invalid(absl::StrCat(path, ".share_by_team_size"),
                     "team sizes in a pairs event");
    }
    std::set<int> sizes;
    for (size_t i = 0; i < r.share_by_team_size.size(); ++i) {
      const TeamSizeShare& s = r.share_by_team_size[i];
      const std::string at =
          absl::StrCat(path, ".share_by_team_size[", i, "]");
      if (s.players < 4 || s.players > 6 || !sizes.insert(s.players).second) {
        return Invalid(absl::StrCat(at, ".players"),
                       absl::StrCat("a team has four to six players, each "
                                    "size once; not ",
                                    s.players));
      }
      TALLY_RETURN_IF_ERROR(
          CheckShare(absl::StrCat(at, ".share"), s.share));
    }
  }
  if (r.more_than && r.at_least.has_value()) {
    return Invalid(absl::StrCat(path, ".more_than"),
                   "more_than goes with a share, not a count");
  }
  return absl::OkStatus();
}

}  // namespace

absl::string_view EligibilityPurposeId(EligibilityPurpose purpose) {
  return EnumId(kPurposes, purpose);
}
absl::StatusOr<EligibilityPurpose> ParseEligibilityPurpose(
    absl::string_view id) {
  return ParseEnumId(kPurposes, "eligibility purpose", id);
}
absl::string_view EligibilityPurposeText(EligibilityPurpose purpose) {
  switch (purpose) {
    case EligibilityPurpose::kFinalPlacing:
      return "a final placing";
    case EligibilityPurpose::kPlayInFinal:
      return "playing in the final";
    case EligibilityPurpose::kTitleHolder:
      return "title-holder if the team wins";
    case EligibilityPurpose::kPlayoffPoints:
      return "playoff qualifying points";
  }
  return "";
}

absl::string_view EligibilityMeasureId(EligibilityMeasure measure) {
  return EnumId(kMeasures, measure);
}
absl::StatusOr<EligibilityMeasure> ParseEligibilityMeasure(
    absl::string_view id) {
  return ParseEnumId(kMeasures, "eligibility measure", id);
}
bool IsTeamsMeasure(EligibilityMeasure measure) {
  return measure == EligibilityMeasure::kPlayerMatches ||
         measure == EligibilityMeasure::kPlayerBoards ||
         measure == EligibilityMeasure::kPlayerStanzas;
}
bool IsPlayerMeasure(EligibilityMeasure measure) {
  return measure == EligibilityMeasure::kPlayerRounds ||
         measure == EligibilityMeasure::kPlayerSessions ||
         IsTeamsMeasure(measure);
}

absl::string_view EligibilityScopeId(EligibilityScope scope) {
  return EnumId(kScopes, scope);
}
absl::StatusOr<EligibilityScope> ParseEligibilityScope(absl::string_view id) {
  return ParseEnumId(kScopes, "eligibility scope", id);
}

absl::string_view ShareRoundingId(ShareRounding rounding) {
  return EnumId(kRoundings, rounding);
}
absl::StatusOr<ShareRounding> ParseShareRounding(absl::string_view id) {
  return ParseEnumId(kRoundings, "share rounding", id);
}

absl::string_view EventScheduleId(EventSchedule schedule) {
  return EnumId(kSchedules, schedule);
}
absl::StatusOr<EventSchedule> ParseEventSchedule(absl::string_view id) {
  return ParseEnumId(kSchedules, "event schedule", id);
}

absl::Status ValidateEligibilityRules(const EligibilityRules& rules,
                                      bool teams) {
  if (rules.stanza_boards < 0) {
    return Invalid("eligibility.stanza_boards",
                   absl::StrCat("must not be negative, not ",
                                rules.stanza_boards));
  }
  for (size_t i = 0; i < rules.rules.size(); ++i) {
    const EligibilityRule& rule = rules.rules[i];
    const std::string path = absl::StrCat("eligibility.rules[", i, "]");
    if (rule.clause.empty()) {
      return Invalid(absl::StrCat(path, ".clause"), "missing");
    }
    if (rule.requirements.empty() && !rule.absence_limit.has_value()) {
      return Invalid(path, "needs a requirement or an absence_limit");
    }
    for (size_t j = 0; j < rule.requirements.size(); ++j) {
      TALLY_RETURN_IF_ERROR(CheckRequirement(
          absl::StrCat(path, ".requirements[", j, "]"), rule.requirements[j],
          teams));
    }
    if (rule.absence_limit.has_value()) {
      const std::string at = absl::StrCat(path, ".absence_limit");
      if (teams) return Invalid(at, "counts a pair's absences, not a team's");
      if (rule.absence_limit->rows.empty()) {
        return Invalid(absl::StrCat(at, ".rows"), "missing");
      }
      std::set<std::pair<int, EventSchedule>> seen;
      for (size_t k = 0; k < rule.absence_limit->rows.size(); ++k) {
        const AbsenceLimitRow& row = rule.absence_limit->rows[k];
        const std::string row_path = absl::StrCat(at, ".rows[", k, "]");
        if (row.sessions < 1 || row.max_player_absences < 0) {
          return Invalid(row_path,
                         "sessions at least 1 and max_player_absences not "
                         "negative");
        }
        if (!seen.insert({row.sessions, row.schedule}).second) {
          return Invalid(row_path,
                         absl::StrCat("a second row for a ", row.sessions,
                                      "-session ",
                                      EventScheduleId(row.schedule), " event"));
        }
      }
    }
  }
  return absl::OkStatus();
}

std::string ShareText(const Rational& share) {
  const Rational percent = share * Rational(100);
  if (percent.is_integer()) return absl::StrCat(percent.numerator(), "%");
  return share.ToString();
}

std::string DescribeRequirement(const EligibilityRequirement& r) {
  absl::string_view what;
  switch (r.measure) {
    case EligibilityMeasure::kPlayerRounds:
      what = "rounds played by each player";
      break;
    case EligibilityMeasure::kPlayerSessions:
      what = "sessions played by each player";
      break;
    case EligibilityMeasure::kPartnershipRounds:
      what = "rounds with the partnership intact";
      break;
    case EligibilityMeasure::kPartnershipSessions:
      what = "sessions with the partnership intact";
      break;
    case EligibilityMeasure::kMemberRounds:
      what = "rounds played by the pair, one-player substitutes included";
      break;
    case EligibilityMeasure::kRepresentedSessions:
      what = "sessions with the pair represented";
      break;
    case EligibilityMeasure::kPlayerMatches:
      what = "matches played";
      break;
    case EligibilityMeasure::kPlayerBoards:
      what = "boards played";
      break;
    case EligibilityMeasure::kPlayerStanzas:
      what = "stanzas played";
      break;
  }
  std::string text;
  if (r.at_least.has_value()) {
    text = absl::StrCat("at least ", *r.at_least, " ", what);
  } else {
    std::string share;
    if (r.share.has_value()) {
      share = ShareText(*r.share);
    } else {
      share = absl::StrJoin(
          r.share_by_team_size, ", ",
          [](std::string* out, const TeamSizeShare& s) {
            absl::StrAppend(out, ShareText(s.share), " (", s.players,
                            " players)");
          });
    }
    if (r.share.has_value() && *r.share == Rational(1) && !r.more_than) {
      text = absl::StrCat("all the ", what);
    } else {
      text = absl::StrCat(r.more_than ? "more than " : "at least ", share,
                          " of the ", what);
    }
    if (r.rounding == ShareRounding::kDown) {
      absl::StrAppend(&text, " (fractions rounded down)");
    }
  }
  switch (r.scope) {
    case EligibilityScope::kThis:
      break;
    case EligibilityScope::kQualifying:
      absl::StrAppend(&text, ", in the qualifying competition");
      break;
    case EligibilityScope::kQualifyingAndThis:
      absl::StrAppend(&text, ", in the qualifying competition and this one "
                             "together");
      break;
  }
  return text;
}

}  // namespace tally::core
