// The decide step of each command: checks a request against the State and
// returns the one event payload it appends, or the status that refuses it
// (InvalidArgument for malformed input, NotFound for an unknown tournament,
// competition, session, pair, table or board, FailedPrecondition for valid
// input in the wrong state, AlreadyExists for a duplicate). Messages are
// written for a tournament director. Pure functions of their arguments.

#ifndef TALLY_REPLAY_DECIDE_H_
#define TALLY_REPLAY_DECIDE_H_

#include "absl/status/statusor.h"
#include "replay/state/lookups.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/venue.pb.h"

namespace tally::replay {

absl::StatusOr<v1::EventPayload> DecideCreateTournament(
    const State& state, const v1::CreateTournamentRequest& request);
// InvalidArgument naming the zone when it is not an IANA time zone name
// of the system's tz database; FailedPrecondition when it is the zone the
// tournament already has.
absl::StatusOr<v1::EventPayload> DecideSetTimeZone(
    const State& state, const v1::SetTimeZoneRequest& request);
absl::StatusOr<v1::EventPayload> DecideCreateCompetition(
    const State& state, const v1::CreateCompetitionRequest& request);
absl::StatusOr<v1::EventPayload> DecideRegisterPair(
    const State& state, const v1::RegisterPairRequest& request);
absl::StatusOr<v1::EventPayload> DecideDefineSession(
    const State& state, const v1::DefineSessionRequest& request);
absl::StatusOr<v1::EventPayload> DecideStartSession(
    const State& state, const v1::StartSessionRequest& request);
absl::StatusOr<v1::EventPayload> DecidePostScores(
    const State& state, const v1::PostScoresRequest& request);
absl::StatusOr<v1::EventPayload> DecideEnterResult(
    const State& state, const v1::EnterResultRequest& request);
absl::StatusOr<v1::EventPayload> DecideConfirmResult(
    const State& state, const v1::ConfirmResultRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_H_
