// The decide step of the timeline commands (issue #5): a session's
// schedule, play finished, match scores agreed, the end of the stage and
// official results. These are the moments the regulations' time windows
// run from; each is refused (changing nothing) when it does not fit the
// competition as it stands. Pure functions of their arguments.

#ifndef TALLY_REPLAY_DECIDE_TIMELINE_H_
#define TALLY_REPLAY_DECIDE_TIMELINE_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// InvalidArgument for a session < 1, a missing time or an end not after
// the start; FailedPrecondition once the session has been played or the
// results are official, or for a change of schedule without a reason.
absl::StatusOr<v1::EventPayload> DecideScheduleSession(
    const State& state, const v1::ScheduleSessionRequest& request);

// NotFound for a session not started (round not drawn) or a table without a
// match; AlreadyExists when already recorded.
absl::StatusOr<v1::EventPayload> DecideRecordPlayFinished(
    const State& state, const v1::RecordPlayFinishedRequest& request);

// Events of matches only. FailedPrecondition while a result of the match is
// missing; AlreadyExists when already agreed.
absl::StatusOr<v1::EventPayload> DecideAgreeMatchScores(
    const State& state, const v1::AgreeMatchScoresRequest& request);

// FailedPrecondition while a session or round is not posted, or when the
// stage has already ended.
absl::StatusOr<v1::EventPayload> DecideEndStage(
    const State& state, const v1::EndStageRequest& request);

// FailedPrecondition while a session or round is not posted, while a
// window for corrections (the correction period, the scorer's errors) is
// open at `at` (NSW TR 12.4: the results become official 30 minutes after
// the posting of scores, after which no corrections), or when the results
// are already official.
absl::StatusOr<v1::EventPayload> DecideDeclareResultsOfficial(
    const State& state, const v1::DeclareResultsOfficialRequest& request,
    absl::Time at);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_TIMELINE_H_
