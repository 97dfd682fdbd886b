// The decide steps particular to Butler pairs played in sessions of a
// movement (ANC SR 16.4 Open Stage 1, 16.5 Open Stage 2): the checks a
// session's movement must pass beyond a matchpoint movement's, and the lot
// the director records among pairs of one field left level. Entering,
// confirming and posting results are a matchpoint session's (decide.h).
// Same conventions as decide.h. Pure functions of their arguments.

#ifndef TALLY_REPLAY_DECIDE_BUTLER_H_
#define TALLY_REPLAY_DECIDE_BUTLER_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/common.pb.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Checks `movement` (already checked as any movement is) for a session of
// the Butler competition `competition`:
//  * every pair keeps one direction, its field: InvalidArgument within the
//    movement (a Howell), FailedPrecondition against the competition's
//    earlier sessions (ANC SR 16.4 "seeded into NS and EW fields", 16.5 "a
//    Mitchell");
//  * every board is played at enough tables for the profile's datum rule
//    to leave a score to average (16.4's (n-6) needs 7): InvalidArgument
//    naming the clause;
//  * where the profile converts matches to VPs, every round's match has a
//    length the scale converts (16.10: the ABF Swiss Pairs scale is printed
//    for 12 boards): InvalidArgument.
absl::Status CheckButlerMovement(const v1::Movement& movement,
                                 const CompetitionState& competition);

// A lot among pairs of one field that the competition's ranking leaves
// waiting for one (ANC SR 17.3 "then lot"), for final placing or
// qualification: FailedPrecondition, listing the ties waiting, otherwise.
absl::StatusOr<v1::EventPayload> DecideRecordButlerLot(
    const CompetitionState& competition, const v1::RecordLotRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_BUTLER_H_
