// ComputeDatum: the Butler / IMP-pairs datum of one board, the trimmed mean
// of the field's NS scores rounded to the nearest 10, under a DatumRule
// (core/datum/datum_rule.h). The result says which scores were used and which
// were dropped and why, with the exact unrounded mean, so that a director or
// an auditor can check it by hand.
//
// Counts. "Tables" (the tier of a rule: "fewer than 15 tables", "24 or more
// tables in play", "top n/2 tables") are the tables in play in the event,
// DatumInput::tables_in_play, which defaults to the number of scores given.
// What is dropped is counted on the scores actually considered: a table with
// an artificial adjusted score has no score and is simply not given, and
// "10%" or "x/10" is taken of the scores considered.
//
// Ties at a trimming boundary do not change the mean (equal scores are
// interchangeable); the result marks the earlier-given of equal scores as
// dropped low and the later-given as dropped high.
//
// Pending appeals (NSW TR 13): a score flagged pending_appeal is used as it
// stands or left out according to DatumRule::pending_appeals. Under NSW TR
// 13.3 the Director may bring in an equivalent number of scores from the next
// tables down (DatumInput::director_substitutes_pending). When the appeal is
// decided, 13.2 recomputes the session's datums (call ComputeDatum again with
// the decided score); 13.3 changes only the appealed match, so the datum
// computed without the pending score stands: flag the decided score
// TableScore::appeal_decided and it stays out (ScoreRole::kAppealDecided),
// the same substitutes brought in, so the datum is the one taken while the
// appeal was pending.
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_DATUM_DATUM_H_
#define TALLY_CORE_DATUM_DATUM_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "core/datum/datum_rule.h"

namespace tally::core {

// One table's result on the board.
struct TableScore {
  // The NS score in total points, e.g. 620 or -100.
  int ns_score = 0;
  // The table number; in a Swiss, table 1 is the top table. Needed (>= 1 and
  // distinct) only by rules that select the top tables (SABF TR 12.2 after
  // round two, ANC SR 22.4 from match 3). 0 means not given.
  int table = 0;
  // The score is subject to a pending appeal (NSW TR 13).
  bool pending_appeal = false;
  // The score was pending appeal and the appeal is no longer pending
  // (decided or withdrawn). Where pending scores are left out (NSW TR 13.3:
  // a rule selecting the top tables, or PendingAppealPolicy::kExclude) it
  // stays out, "the only alteration in result" being in its own match;
  // where they are used as they stand (13.2, kInclude) it is used like any
  // other score: "the datums and results for that session will be altered
  // accordingly".
  bool appeal_decided = false;
};

struct DatumInput {
  // Every score obtained on the board, in any order.
  std::vector<TableScore> scores;
  // The match or round number, from 1. Needed only by SABF TR 12.2 and by
  // ANC SR 22.4 (24 or more tables). 0 means not given.
  int match = 0;
  // Tables in play in the event (decides a rule's tier and ANC SR 22.4(b)'s
  // n/2). Default: the number of scores.
  std::optional<int> tables_in_play;
  // NSW TR 13.3: the Director, in his absolute discretion, includes an
  // equivalent number of scores (from the next tables down) in place of
  // those left out as pending appeal. Default: false.
  bool director_substitutes_pending = false;
};

// A DatumInput holding `ns_scores` at tables 1, 2, ... in the order given,
// none pending appeal.
DatumInput DatumInputFromScores(const std::vector<int>& ns_scores,
                                int match = 0);

// What became of one score.
enum class ScoreRole {
  kUsed,            // in the mean
  kDroppedHigh,     // among the highest scores trimmed
  kDroppedLow,      // among the lowest scores trimmed
  kNotInTopTables,  // outside the top tables the rule considers
  kPendingAppeal,   // left out as pending appeal (NSW TR 13.3)
  kAppealDecided,   // left out: its appeal is decided and the datum taken
                    // while it was pending stands (NSW TR 13.3)
};

// The role in words for a traveller, e.g. "dropped high" or "left out:
// appeal decided, the datum taken while pending stands (NSW TR 13.3)".
absl::string_view ScoreRoleText(ScoreRole role);

struct DatumResult {
  // The mean rounded once, to DatumRule::rounding_step.
  int64_t datum = 0;
  // The exact mean of the scores used.
  Rational mean;
  // One role per DatumInput::scores entry, in the same order.
  std::vector<ScoreRole> roles;
  // Scores considered before trimming, and how many dropped at each end.
  int considered = 0;
  int dropped_each_end = 0;
  // Tables brought in under NSW TR 13.3 in place of pending scores (and of
  // scores whose appeal is decided).
  std::vector<int> substitute_tables;
  // A score pending appeal was used as it stands (NSW TR 13.2): the datum is
  // provisional.
  bool provisional = false;
  // The clause and tier applied, for the auditor, e.g.
  // "ANC SR 16.12: 15 to 24 tables, the (n-4) middle scores".
  std::string basis;
};

// The datum of the board under `rule`. InvalidArgument, naming the clause,
// if the input does not give what the rule needs (a match number, table
// numbers) or leaves no score to average (e.g. ANC SR 16.4 with 6 scores).
absl::StatusOr<DatumResult> ComputeDatum(const DatumRule& rule,
                                         const DatumInput& input);

}  // namespace tally::core

#endif  // TALLY_CORE_DATUM_DATUM_H_
