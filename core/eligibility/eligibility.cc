#include "core/eligibility/eligibility.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool Played(const PairRound& r, int player) {
  return player >= 0 && player < static_cast<int>(r.played.size()) &&
         r.played[player];
}

bool AllPlayed(const PairRound& r) {
  return !r.played.empty() &&
         std::all_of(r.played.begin(), r.played.end(), [](bool p) { return p; });
}

bool AnyPlayed(const PairRound& r) {
  return std::any_of(r.played.begin(), r.played.end(),
                     [](bool p) { return p; });
}

// Combines the requirement checks (and the absence check) into a verdict:
// any unmet answered requirement makes the player or pair not eligible.
EligibilityVerdict VerdictOf(const RuleCheck& check) {
  bool undetermined = false;
  auto add = [&](bool met, const std::string& why) {
    if (!why.empty()) {
      undetermined = true;
      return true;
    }
    return met;
  };
  bool all_met = true;
  for (const RequirementCheck& r : check.requirements) {
    all_met = add(r.met, r.undetermined) && all_met;
  }
  if (check.absences.has_value()) {
    all_met = add(check.absences->met, check.absences->undetermined) && all_met;
  }
  if (!all_met) return EligibilityVerdict::kNotEligible;
  return undetermined ? EligibilityVerdict::kUndetermined
                      : EligibilityVerdict::kEligible;
}

// Compares `count` with the requirement.
RequirementCheck Compare(int index, const EligibilityRequirement& r,
                         const std::string& player, PlayCount count,
                         int team_size) {
  RequirementCheck check;
  check.requirement = index;
  check.player = player;
  check.count = count;
  absl::StatusOr<int> needed = NeededCount(r, count.of, team_size);
  if (!needed.ok()) {
    check.undetermined = std::string(needed.status().message());
    return check;
  }
  check.needed = *needed;
  check.met = count.counted >= *needed;
  return check;
}

AbsenceCheck CheckAbsences(const EligibilityRule& rule,
                           const PairRecord& record,
                           const PairContext& context) {
  const AbsenceLimit& limit = *rule.absence_limit;
  AbsenceCheck check;
  for (int p = 0; p < static_cast<int>(record.players.size()); ++p) {
    check.absences += PlayerAbsences(record, p);
  }
  check.sessions = context.scheduled_sessions;
  check.schedule = limit.schedule.has_value() ? limit.schedule
                                              : context.schedule;
  if (check.sessions < 1) {
    check.undetermined = absl::StrCat(
        rule.clause,
        " counts by the sessions in the event, which are not known: give "
        "their number with the query");
    return check;
  }
  if (!check.schedule.has_value()) {
    check.undetermined = absl::StrCat(
        rule.clause,
        " depends on whether the event is played on weeknights or at "
        "weekends: say which with the query");
    return check;
  }
  for (const AbsenceLimitRow& row : limit.rows) {
    if (row.sessions == check.sessions && row.schedule == *check.schedule) {
      check.maximum = row.max_player_absences;
    }
  }
  if (!check.maximum.has_value()) {
    check.undetermined = absl::StrCat(
        rule.clause, " has no limit for a ", check.sessions, "-session ",
        EventScheduleId(*check.schedule), " event");
    return check;
  }
  check.met = check.absences <= *check.maximum;
  return check;
}

}  // namespace

PlayCount CountPair(const PairRecord& record, EligibilityMeasure measure,
                    int player) {
  PlayCount c;
  for (const PairRound& r : record.rounds) {
    bool counts = false;
    int weight = 1;
    switch (measure) {
      case EligibilityMeasure::kPlayerRounds:
        weight = r.rounds;
        counts = Played(r, player);
        break;
      case EligibilityMeasure::kPlayerSessions:
        counts = Played(r, player);
        break;
      case EligibilityMeasure::kPartnershipRounds:
        weight = r.rounds;
        counts = AllPlayed(r);
        break;
      case EligibilityMeasure::kPartnershipSessions:
        counts = AllPlayed(r);
        break;
      case EligibilityMeasure::kMemberRounds:
        weight = r.rounds;
        counts = AnyPlayed(r);
        break;
      case EligibilityMeasure::kRepresentedSessions:
        counts = r.represented;
        break;
      case EligibilityMeasure::kPlayerMatches:
      case EligibilityMeasure::kPlayerBoards:
      case EligibilityMeasure::kPlayerStanzas:
        return c;  // teams measures count nothing in a pair
    }
    c.of += weight;
    if (counts) c.counted += weight;
  }
  return c;
}

PlayCount CountTeam(const std::vector<const TeamRecord*>& records,
                    EligibilityMeasure measure, const std::string& player) {
  PlayCount c;
  for (const TeamRecord* record : records) {
    if (record == nullptr) continue;
    for (const TeamMatch& m : record->matches) {
      bool in_match = false;
      for (const TeamStanza& s : m.stanzas) {
        const bool in = Contains(s.players, player);
        in_match = in_match || in;
        if (measure == EligibilityMeasure::kPlayerBoards) {
          c.of += s.boards;
          if (in) c.counted += s.boards;
        } else if (measure == EligibilityMeasure::kPlayerStanzas) {
          ++c.of;
          if (in) ++c.counted;
        }
      }
      if (measure == EligibilityMeasure::kPlayerMatches) {
        ++c.of;
        if (in_match) ++c.counted;
      }
    }
  }
  return c;
}

int PlayerAbsences(const PairRecord& record, int player) {
  int absences = 0;
  for (const PairRound& r : record.rounds) {
    if (!Played(r, player)) ++absences;
  }
  return absences;
}

absl::StatusOr<int> NeededCount(const EligibilityRequirement& r, int of,
                                int team_size) {
  if (r.at_least.has_value()) return *r.at_least;
  Rational share;
  if (r.share.has_value()) {
    share = *r.share;
  } else {
    auto it = std::find_if(
        r.share_by_team_size.begin(), r.share_by_team_size.end(),
        [&](const TeamSizeShare& s) { return s.players == team_size; });
    if (it == r.share_by_team_size.end()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the rule gives no share for a team of ", team_size, " players"));
    }
    share = it->share;
  }
  const Rational exact = share * Rational(of);
  if (r.more_than) return static_cast<int>(exact.Floor()) + 1;
  return static_cast<int>(r.rounding == ShareRounding::kDown ? exact.Floor()
                                                             : exact.Ceil());
}

RuleCheck CheckPairRule(const EligibilityRule& rule, const PairRecord& record,
                        const PairContext& context) {
  RuleCheck check;
  for (int i = 0; i < static_cast<int>(rule.requirements.size()); ++i) {
    const EligibilityRequirement& r = rule.requirements[i];
    if (IsTeamsMeasure(r.measure)) continue;  // validation refuses these
    if (IsPlayerMeasure(r.measure)) {
      for (int p = 0; p < static_cast<int>(record.players.size()); ++p) {
        check.requirements.push_back(Compare(i, r, record.players[p],
                                             CountPair(record, r.measure, p),
                                             0));
      }
    } else {
      check.requirements.push_back(
          Compare(i, r, "", CountPair(record, r.measure, -1), 0));
    }
  }
  if (rule.absence_limit.has_value()) {
    check.absences = CheckAbsences(rule, record, context);
  }
  check.verdict = VerdictOf(check);
  return check;
}

RuleCheck CheckTeamRule(const EligibilityRule& rule, const TeamRecords& records,
                        const std::string& player) {
  RuleCheck check;
  const int team_size =
      records.this_competition == nullptr
          ? 0
          : static_cast<int>(records.this_competition->players.size());
  for (int i = 0; i < static_cast<int>(rule.requirements.size()); ++i) {
    const EligibilityRequirement& r = rule.requirements[i];
    if (!IsTeamsMeasure(r.measure)) continue;  // validation refuses these
    std::vector<const TeamRecord*> scope;
    if (r.scope != EligibilityScope::kThis) {
      if (records.qualifying == nullptr) {
        RequirementCheck undetermined;
        undetermined.requirement = i;
        undetermined.player = player;
        undetermined.undetermined = records.no_qualifying;
        check.requirements.push_back(std::move(undetermined));
        continue;
      }
      scope.push_back(records.qualifying);
    }
    if (r.scope != EligibilityScope::kQualifying) {
      scope.push_back(records.this_competition);
    }
    check.requirements.push_back(Compare(
        i, r, player, CountTeam(scope, r.measure, player), team_size));
  }
  check.verdict = VerdictOf(check);
  return check;
}

}  // namespace tally::core
