// The decide step of the director's records of substitutes and absent pairs
// in a matchpoint pairs competition (SABF TR 11.4-11.5), and in a pairs
// event of matches, where `session` is the round's number and the records
// serve eligibility (ANC SR 20.2-20.3, SABF TR 12, 12.5). Same conventions as
// decide.h: pure functions of the State and the request; NotFound for an
// unknown tournament, competition, session or pair; InvalidArgument for a
// request a director must correct; FailedPrecondition for one the state
// contradicts.
//
// Readings:
//   * A record may be made before, during or after the session, and after
//     its scores are posted: "the scores obtained by substitutes shall
//     stand for the calculation of sessional results" (11.4), so the record
//     changes only the competition aggregate, and a director learning of a
//     substitute late must still be able to record it.
//   * The latest record for a (session, pair) holds: recording again
//     corrects the earlier record.
//   * An absence is refused for a pair with results entered in the session
//     (it played), except in an event of matches, where two stand-ins may
//     play under the pair's number; a substitute must replace one of the pair's registered
//     players and must not be the other one.
//
// Thread-compatible.

#ifndef TALLY_REPLAY_DECIDE_PAIRS_EVENT_H_
#define TALLY_REPLAY_DECIDE_PAIRS_EVENT_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// A SubstituteRecorded event, or the refusal.
absl::StatusOr<v1::EventPayload> DecideRecordSubstitute(
    const State& state, const v1::RecordSubstituteRequest& request);

// A PairAbsent event, or the refusal.
absl::StatusOr<v1::EventPayload> DecideRecordPairAbsent(
    const State& state, const v1::RecordPairAbsentRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_PAIRS_EVENT_H_
