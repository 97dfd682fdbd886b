#include "core/datum/datum.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

// The regulation's tier at this board: how many scores go from each end of
// those considered, and the words of the clause applied.
struct Trim {
  int per_end = 0;
  std::string basis;
};

int RoundCount(const Rational& count, TrimCountRounding rounding) {
  switch (rounding) {
    case TrimCountRounding::kDown:
      return static_cast<int>(count.Floor());
    case TrimCountRounding::kHalfUp:
      return static_cast<int>(count.RoundToInteger(HalfRounding::kUp));
    case TrimCountRounding::kUp:
      return static_cast<int>(count.Ceil());
  }
  return 0;
}

absl::Status NeedMatch(const DatumInput& input, absl::string_view clause) {
  if (input.match >= 1) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      clause,
      " depends on the match (round) number: give it, counting from 1"));
}

// The number of top tables whose scores the rule considers, or nullopt when it
// considers every table's score.
absl::StatusOr<std::optional<int>> TopTables(const DatumRule& rule,
                                             const DatumInput& input,
                                             int tables) {
  switch (rule.method) {
    case DatumMethod::kSabfTr12_2:
      TALLY_RETURN_IF_ERROR(NeedMatch(input, "SABF TR 12.2"));
      // SABF TR 12.2: "for the first two rounds all scores"; after round two
      // "the top twelve tables", which are all tables when there are fewer.
      if (input.match <= 2 || tables <= 12) return std::optional<int>();
      return std::optional<int>(12);
    case DatumMethod::kAncSr22_3To22_4:
      if (tables < 24) return std::optional<int>();  // ANC SR 22.3
      TALLY_RETURN_IF_ERROR(NeedMatch(input, "ANC SR 22.4"));
      // ANC SR 22.4(a): matches 1-2, all tables.
      if (input.match <= 2) return std::optional<int>();
      // ANC SR 22.4(b): matches 3-4, the top n/2 tables (0.5 rounded up).
      if (input.match <= 4) return std::optional<int>((tables + 1) / 2);
      // ANC SR 22.4(c): matches 5-8, the top 12 tables; later matches (none
      // in the WSP's 7) continue the last stated rule.
      return std::optional<int>(12);
    default:
      return std::optional<int>();
  }
}

// SABF TR 12.1: all scores under 6 tables; otherwise the top and bottom
// 16.67% of the scores, rounded down. 16.67% is taken as printed, 1667/10000;
// it gives the same count as 1/6 for every field below 5003 scores.
Trim SabfTr12_1(int tables, int considered, absl::string_view prefix) {
  if (tables < 6) {
    return {0, absl::StrCat(prefix, "fewer than 6 tables, all scores")};
  }
  return {static_cast<int>((Rational(1667, 10000) * considered).Floor()),
          absl::StrCat(prefix,
                       "the top and bottom 16.67% of the scores, rounded "
                       "down, excluded")};
}

absl::StatusOr<Trim> TrimFor(const DatumRule& rule, const DatumInput& input,
                             int tables, int considered,
                             std::optional<int> top_tables) {
  switch (rule.method) {
    case DatumMethod::kAncSr16_4:
      return Trim{3, "ANC SR 16.4: the (n-6) middle scores"};
    case DatumMethod::kAncSr16_11To16_13:
      if (tables < 15) {
        return Trim{1,
                    "ANC SR 16.11: fewer than 15 tables, the (n-2) middle "
                    "scores"};
      }
      if (tables <= 24) {
        return Trim{2,
                    "ANC SR 16.12: 15 to 24 tables, the (n-4) middle scores"};
      }
      return Trim{
          RoundCount(Rational(considered, 10), rule.ten_percent_rounding),
          absl::StrCat("ANC SR 16.13: more than 24 tables, the highest 10% "
                       "and lowest 10% deleted (10% rounded ",
                       TrimCountRoundingId(rule.ten_percent_rounding), ")")};
    case DatumMethod::kAncSr22_3To22_4: {
      if (tables < 24) {
        return Trim{2,
                    "ANC SR 22.3: fewer than 24 tables, the (n-4) middle "
                    "scores"};
      }
      std::string which = "22.4(a): matches 1-2, all tables";
      if (top_tables.has_value() && input.match <= 4) {
        which = absl::StrCat("22.4(b): matches 3-4, the top ", *top_tables,
                             " tables");
      } else if (top_tables.has_value()) {
        which = "22.4(c): matches 5-8, the top 12 tables";
        if (input.match > 8) {
          absl::StrAppend(&which, " (continued to match ", input.match, ")");
        }
      }
      // ANC SR 22.4: the highest and lowest x/10 scores (0.5 rounded up).
      return Trim{
          static_cast<int>(
              Rational(considered, 10).RoundToInteger(HalfRounding::kUp)),
          absl::StrCat("ANC SR ", which,
                       "; the highest and lowest x/10 scores (0.5 rounded "
                       "up) eliminated")};
    }
    case DatumMethod::kSabfTr12_1:
      return SabfTr12_1(tables, considered, "SABF TR 12.1: ");
    case DatumMethod::kSabfTr12_2:
      if (input.match <= 2) {
        return SabfTr12_1(tables, considered,
                          "SABF TR 12.2: rounds 1-2 as 12.1, ");
      }
      if (tables < 12 && rule.sabf_short_field_as_12_1) {
        return SabfTr12_1(tables, considered,
                          "SABF TR 12.2: after round two, fewer than twelve "
                          "tables, trimmed as 12.1, ");
      }
      return Trim{2,
                  "SABF TR 12.2: after round two, the top twelve tables, "
                  "dropping the top two and bottom two scores"};
    case DatumMethod::kAncSr7_2a:
      if (considered < 3) {
        return absl::InvalidArgumentError(absl::StrCat(
            "ANC SR 7.2(a) gives a separate datum only for 3 or more "
            "results; this form of the board has ",
            considered, ": score it under 7.2(b)"));
      }
      if (considered <= 7) {
        return Trim{1,
                    "ANC SR 7.2(a): fouled board, 3-7 results, the two "
                    "extreme scores eliminated"};
      }
      return Trim{2,
                  "ANC SR 7.2(a): fouled board, more than 7 results, the four "
                  "extreme scores eliminated"};
    case DatumMethod::kSabfTr12_3:
      if (considered < 3) {
        return absl::InvalidArgumentError(absl::StrCat(
            "SABF TR 12.3 gives a separate datum only for 3 or more results; "
            "this form of the board has ",
            considered, ": the TD must choose another treatment"));
      }
      return Trim{1,
                  "SABF TR 12.3: fouled board, the two extreme scores "
                  "eliminated"};
    case DatumMethod::kClubTopAndBottom:
      if (considered < 3) {
        return absl::InvalidArgumentError(absl::StrCat(
            "club Butler drops the highest and the lowest score: the board "
            "needs at least 3 scores, not ",
            considered));
      }
      return Trim{1,
                  "club Butler: the highest and the lowest score dropped, "
                  "the (n-2) middle scores at any number of tables"};
  }
  return absl::InvalidArgumentError("unknown datum rule");
}

absl::Status ValidateTables(const DatumInput& input, int top_tables,
                            absl::string_view clause) {
  std::set<int> seen;
  for (const TableScore& s : input.scores) {
    if (s.table < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat(clause, " takes the scores at the top ", top_tables,
                       " tables: give every score its table number (from 1)"));
    }
    if (!seen.insert(s.table).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("table ", s.table, " has two scores on this board"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::string_view ScoreRoleText(ScoreRole role) {
  switch (role) {
    case ScoreRole::kUsed:
      return "used";
    case ScoreRole::kDroppedHigh:
      return "dropped high";
    case ScoreRole::kDroppedLow:
      return "dropped low";
    case ScoreRole::kNotInTopTables:
      return "not in the top tables";
    case ScoreRole::kPendingAppeal:
      return "pending appeal";
    case ScoreRole::kAppealDecided:
      return "left out: appeal decided, the datum taken while pending stands "
             "(NSW TR 13.3)";
  }
  return "";
}

DatumInput DatumInputFromScores(const std::vector<int>& ns_scores, int match) {
  DatumInput input;
  input.match = match;
  for (size_t i = 0; i < ns_scores.size(); ++i) {
    input.scores.push_back(
        {.ns_score = ns_scores[i], .table = static_cast<int>(i) + 1});
  }
  return input;
}

absl::StatusOr<DatumResult> ComputeDatum(const DatumRule& rule,
                                         const DatumInput& input) {
  const std::string rule_id(DatumMethodId(rule.method));
  if (rule.rounding_step <= 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "datum rule ", rule_id, ": the rounding step must be positive, not ",
        rule.rounding_step));
  }
  if (input.scores.empty()) {
    return absl::InvalidArgumentError("no scores on the board to take a datum");
  }
  if (input.match < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("match number ", input.match, " is not a match"));
  }
  const int given = static_cast<int>(input.scores.size());
  const int tables = input.tables_in_play.value_or(given);
  if (tables < given) {
    return absl::InvalidArgumentError(absl::StrCat(
        given, " scores on the board but only ", tables, " tables in play"));
  }

  TALLY_ASSIGN_OR_RETURN(std::optional<int> top_tables,
                         TopTables(rule, input, tables));
  if (top_tables.has_value()) {
    TALLY_RETURN_IF_ERROR(ValidateTables(input, *top_tables,
                                         rule.method == DatumMethod::kSabfTr12_2
                                             ? "SABF TR 12.2"
                                             : "ANC SR 22.4"));
  }

  // NSW TR 13.3: where only a selected number of scores is used, a score
  // pending appeal is left out; NSW TR 13.2: where all are used, it counts
  // as it stands and the datum is provisional.
  const bool exclude_pending =
      rule.pending_appeals == PendingAppealPolicy::kExclude ||
      (rule.pending_appeals == PendingAppealPolicy::kNswTr13 &&
       top_tables.has_value());

  DatumResult result;
  result.roles.assign(input.scores.size(), ScoreRole::kUsed);
  std::vector<int> considered;  // indices into input.scores

  // Indices in table order, for the top-table rules.
  std::vector<int> order(input.scores.size());
  for (int i = 0; i < given; ++i) order[i] = i;
  if (top_tables.has_value()) {
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return input.scores[a].table < input.scores[b].table;
    });
  }
  int left_out_pending = 0;
  for (int i : order) {
    const TableScore& s = input.scores[i];
    if (top_tables.has_value() && s.table > *top_tables) {
      result.roles[i] = ScoreRole::kNotInTopTables;
    } else if (s.pending_appeal && exclude_pending) {
      result.roles[i] = ScoreRole::kPendingAppeal;
      ++left_out_pending;
    } else if (s.appeal_decided && exclude_pending) {
      // NSW TR 13.3: "the only alteration in result will be in that match
      // which involved the appeal": the datum taken without it stands.
      result.roles[i] = ScoreRole::kAppealDecided;
      ++left_out_pending;
    } else {
      if (s.pending_appeal) result.provisional = true;
      considered.push_back(i);
    }
  }
  // NSW TR 13.3: "The Director may in his absolute discretion include an
  // equivalent number of scores": the next tables down that have a score not
  // itself pending.
  if (top_tables.has_value() && input.director_substitutes_pending) {
    for (int i : order) {
      if (left_out_pending == 0) break;
      const TableScore& s = input.scores[i];
      if (s.table <= *top_tables || s.pending_appeal || s.appeal_decided) {
        continue;
      }
      considered.push_back(i);
      result.substitute_tables.push_back(s.table);
      --left_out_pending;
    }
  }

  result.considered = static_cast<int>(considered.size());
  if (considered.empty()) {
    return absl::InvalidArgumentError(
        "every score on the board is pending appeal (NSW TR 13.3): no score "
        "left to take a datum from");
  }
  TALLY_ASSIGN_OR_RETURN(
      Trim trim, TrimFor(rule, input, tables, result.considered, top_tables));
  result.dropped_each_end = trim.per_end;
  result.basis = std::move(trim.basis);
  const int used = result.considered - 2 * trim.per_end;
  if (used < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        result.basis, ": dropping ", trim.per_end, " at each end of ",
        result.considered, " scores leaves none to average"));
  }

  // Among equal scores the earlier-given is dropped low, the later-given
  // dropped high; the mean is the same either way.
  std::sort(considered.begin(), considered.end(), [&](int a, int b) {
    const int sa = input.scores[a].ns_score, sb = input.scores[b].ns_score;
    return sa != sb ? sa < sb : a < b;
  });
  int64_t sum = 0;
  for (int k = 0; k < result.considered; ++k) {
    const int i = considered[k];
    if (k < trim.per_end) {
      result.roles[i] = ScoreRole::kDroppedLow;
    } else if (k >= result.considered - trim.per_end) {
      result.roles[i] = ScoreRole::kDroppedHigh;
    } else {
      result.roles[i] = ScoreRole::kUsed;
      sum += input.scores[i].ns_score;
    }
  }
  result.mean = Rational(sum, used);
  result.datum = result.mean.RoundToMultiple(rule.rounding_step, rule.half);
  return result;
}

}  // namespace tally::core
