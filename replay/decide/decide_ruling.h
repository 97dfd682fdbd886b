// The decide step of a director's ruling (issue #5, item 4): an adjusted
// score at one table (artificial, assigned, weighted or split; Law 12C), a
// procedural or disciplinary penalty on one side in the event's unit (Laws
// 90, 91), or the director's choice among the fouled-board treatments the
// profile's regulation allows (ANC SR 7.2; NSW TR 7.1.1, 7.3.2), each with
// the Law or clause cited and the ruling's text. A ruling that puts right
// the director's own error names the ruling it supersedes (NZ LIRG 82C);
// the earlier one stays in the log.
//
// When: a ruling changes a score, so it is accepted only while the
// competition's correction period for its session (or match) is open (Law
// 79C2 as NZ LIRG reads it: "No change in score may occur after expiry of
// the score correction period") and never once the results are official
// (NSW TR 12.4: afterwards only a decided appeal changes a score).
//
// Pure function of its arguments.

#ifndef TALLY_REPLAY_DECIDE_RULING_H_
#define TALLY_REPLAY_DECIDE_RULING_H_

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Law 12C: `score` is one board `board` can be scored with (both sides'
// awards, results that score, weights above 0 adding up to exactly 1, a
// split with two different results). InvalidArgument saying what is wrong.
// Shared by rulings and appeal decisions.
absl::Status CheckAdjustedScore(const v1::AdjustedScore& score, int board);

// The ranges of a ruling's figures (docs/input-limits.md). Law 12C1(c)
// weights are percentages or simpler fractions of a handful of outcomes;
// Laws 90 and 91 penalties are a fraction of a top, a few tops at most.
inline constexpr int kMaxWeightedOutcomes = 10;
inline constexpr int64_t kMaxWeightDenominator = 100;
inline constexpr int64_t kMaxPenaltyDenominator = 100;
inline constexpr int64_t kMaxPenaltyAmount = 1000;

// The ruling `request` asks for, received at `at`: a RulingMade, or, for a
// VP penalty in an event of matches, the PenaltyAwarded that event already
// scores (ANC SR 5.1 keeps it out of the draw). NotFound for an unknown
// competition, session, table, or a result not entered where an adjusted
// score replaces it, or an unknown superseded ruling; InvalidArgument for a
// missing Law or text, a malformed adjusted score (weights not adding up to
// 1, a result Law 77 cannot score), a penalty in another unit than the
// event's, or a fouled-board treatment the profile's regulation does not
// allow (naming its clause); FailedPrecondition, naming the clause, once
// the correction period has closed or the results are official, when a
// ruling is already in force there and is not superseded, or when a
// treatment's condition does not hold (NSW TR 7.1.1(a) sufficient pairs);
// Unimplemented for a second artificial, weighted or split room on one
// teams board; InvalidArgument for a VP penalty (a PenaltyAwarded, which
// corrects only an earlier VP penalty) naming a ruling to supersede; a
// fouled-board treatment in a teams match or in matchpoint Swiss is
// InvalidArgument naming the form to rule with instead
// (replay/match_scores/fouled_matches.h FouledFieldInRound).
absl::StatusOr<v1::EventPayload> DecideRecordRuling(
    const State& state, const v1::RecordRulingRequest& request, absl::Time at);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_RULING_H_
