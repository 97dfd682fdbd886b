// The decide step of the commands of events of matches (Swiss, round
// robin, knock-out): registering teams, making a round's draw, awarding a
// VP penalty, and entering, confirming and posting the results of a drawn
// round (DecideEnterResult and friends in decide.h hand over to these when
// the competition plays matches). Same conventions as decide.h.

#ifndef TALLY_REPLAY_MATCHES_DECIDE_MATCHES_H_
#define TALLY_REPLAY_MATCHES_DECIDE_MATCHES_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/venue.pb.h"

namespace tally::replay {

absl::StatusOr<v1::EventPayload> DecideRegisterTeam(
    const State& state, const v1::RegisterTeamRequest& request);
// `request.seed` must be set (the service picks one when the director
// does not).
absl::StatusOr<v1::EventPayload> DecideMakeDraw(
    const State& state, const v1::MakeDrawRequest& request);
// A VP penalty off an entrant's total. With supersedes_sequence it puts
// right an earlier VP penalty of the same entrant (NZ LIRG 82C; vps 0
// rescinds it): FailedPrecondition when that is no penalty in force,
// InvalidArgument when it is another entrant's or the offence register's.
absl::StatusOr<v1::EventPayload> DecideAwardPenalty(
    const State& state, const v1::AwardPenaltyRequest& request);

// The entrants must be exactly a tie the final placing or qualification
// ranking leaves waiting for a lot, or a group the qualification ranking of
// any competition leaves sharing a place
// (replay/match_scores/qualification_ranking.h).
absl::StatusOr<v1::EventPayload> DecideRecordLot(
    const State& state, const v1::RecordLotRequest& request);

absl::StatusOr<v1::EventPayload> DecideEnterMatchResult(
    const CompetitionState& competition,
    const v1::EnterResultRequest& request);
absl::StatusOr<v1::EventPayload> DecideConfirmMatchResult(
    const CompetitionState& competition,
    const v1::ConfirmResultRequest& request);
absl::StatusOr<v1::EventPayload> DecidePostRound(
    const CompetitionState& competition, const v1::PostScoresRequest& request);

// The round's draw plays `board`.
bool PlaysBoard(const MatchRoundState& round, int board);

// InvalidArgument unless the room is given in a teams match (open or
// closed) and only there.
absl::Status CheckRoom(const CompetitionState& competition, v1::Room room);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCHES_DECIDE_MATCHES_H_
