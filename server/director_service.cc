#include <random>

#include "replay/decide/decide.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_correction.h"
#include "replay/decide/decide_datum_substitutes.h"
#include "replay/decide/decide_lineup.h"
#include "replay/decide/decide_ruling.h"
#include "replay/knockout/knockout_seating.h"
#include "replay/knockout/qualify.h"
#include "replay/matches/decide_matches.h"
#include "replay/matches/decide_withdrawals.h"
#include "replay/pairs/decide_pairs_event.h"
#include "replay/pairs/decide_session_adjustment.h"
#include "replay/rulings/offence_register.h"
#include "replay/timeline/decide_timeline.h"
#include "server/grpc_status.h"
#include "server/services.h"

namespace tally::server {
namespace {

uint64_t RandomSeed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

}  // namespace

// Each handler: run the request through the log with its decide function.
#define TALLY_DIRECTOR_COMMAND(Method, Request)                                \
  grpc::Status DirectorService::Method(grpc::ServerContext* context,           \
                                       const v1::Request* request,             \
                                       v1::CommandOutcome* response) {         \
    return ToGrpcStatus(runner_                                                \
                            .Run(                                              \
                                context, #Method, *request, \
                                request->options(), request->tournament_id(),  \
                                [request](const replay::State& s) {            \
                                  return replay::Decide##Method(s, *request);  \
                                },                                             \
                                response)                                      \
                            .status());                                        \
  }

TALLY_DIRECTOR_COMMAND(CreateTournament, CreateTournamentRequest)
TALLY_DIRECTOR_COMMAND(SetTimeZone, SetTimeZoneRequest)
TALLY_DIRECTOR_COMMAND(CreateCompetition, CreateCompetitionRequest)
TALLY_DIRECTOR_COMMAND(RegisterPair, RegisterPairRequest)
TALLY_DIRECTOR_COMMAND(DefineSession, DefineSessionRequest)
TALLY_DIRECTOR_COMMAND(StartSession, StartSessionRequest)
TALLY_DIRECTOR_COMMAND(PostScores, PostScoresRequest)
TALLY_DIRECTOR_COMMAND(RegisterTeam, RegisterTeamRequest)
TALLY_DIRECTOR_COMMAND(AwardPenalty, AwardPenaltyRequest)
TALLY_DIRECTOR_COMMAND(AdjustSession, AdjustSessionRequest)
TALLY_DIRECTOR_COMMAND(RecordOffence, RecordOffenceRequest)
TALLY_DIRECTOR_COMMAND(ChooseDatumSubstitutes, ChooseDatumSubstitutesRequest)
TALLY_DIRECTOR_COMMAND(RecordLot, RecordLotRequest)
TALLY_DIRECTOR_COMMAND(RecordSubstitute, RecordSubstituteRequest)
TALLY_DIRECTOR_COMMAND(RecordPairAbsent, RecordPairAbsentRequest)
TALLY_DIRECTOR_COMMAND(ChooseSeatingRights, ChooseSeatingRightsRequest)
TALLY_DIRECTOR_COMMAND(WithdrawEntrant, WithdrawEntrantRequest)
TALLY_DIRECTOR_COMMAND(ForfeitMatch, ForfeitMatchRequest)
TALLY_DIRECTOR_COMMAND(PostLineup, PostLineupRequest)
TALLY_DIRECTOR_COMMAND(ScheduleSession, ScheduleSessionRequest)
TALLY_DIRECTOR_COMMAND(RecordPlayFinished, RecordPlayFinishedRequest)
TALLY_DIRECTOR_COMMAND(AgreeMatchScores, AgreeMatchScoresRequest)
TALLY_DIRECTOR_COMMAND(EndStage, EndStageRequest)
TALLY_DIRECTOR_COMMAND(SubmitAppealResponse, SubmitAppealResponseRequest)
TALLY_DIRECTOR_COMMAND(ReplyToAppeal, ReplyToAppealRequest)
TALLY_DIRECTOR_COMMAND(HearAppeal, HearAppealRequest)
TALLY_DIRECTOR_COMMAND(DecideAppeal, DecideAppealRequest)
TALLY_DIRECTOR_COMMAND(WithdrawAppeal, WithdrawAppealRequest)
TALLY_DIRECTOR_COMMAND(LodgeFurtherAppeal, LodgeFurtherAppealRequest)

#undef TALLY_DIRECTOR_COMMAND

grpc::Status DirectorService::CorrectResult(
    grpc::ServerContext* context, const v1::CorrectResultRequest* request,
    v1::CommandOutcome* response) {
  // Timed: the window is judged at the moment the correction is received.
  return ToGrpcStatus(
      runner_
          .RunTimed(context, "CorrectResult", *request,
                    request->options(), request->tournament_id(),
                    [request](const replay::State& s, absl::Time at) {
                      return replay::DecideCorrectResult(s, *request, at);
                    },
                    response)
          .status());
}

grpc::Status DirectorService::DeclareResultsOfficial(
    grpc::ServerContext* context,
    const v1::DeclareResultsOfficialRequest* request,
    v1::CommandOutcome* response) {
  // Timed: the correction windows are judged when it is received.
  return ToGrpcStatus(runner_
                          .RunTimed(
                              context, "DeclareResultsOfficial", *request,
                              request->options(), request->tournament_id(),
                              [request](const replay::State& s, absl::Time at) {
                                return replay::DecideDeclareResultsOfficial(
                                    s, *request, at);
                              },
                              response)
                          .status());
}

grpc::Status DirectorService::LodgeAppeal(
    grpc::ServerContext* context, const v1::LodgeAppealRequest* request,
    v1::CommandOutcome* response) {
  // Timed: the window is judged at the moment the appeal is received.
  return ToGrpcStatus(
      runner_
          .RunTimed(context, "LodgeAppeal", *request,
                    request->options(), request->tournament_id(),
                    [request](const replay::State& s, absl::Time at) {
                      return replay::DecideLodgeAppeal(s, *request, at);
                    },
                    response)
          .status());
}

grpc::Status DirectorService::RecordRuling(
    grpc::ServerContext* context, const v1::RecordRulingRequest* request,
    v1::CommandOutcome* response) {
  // Timed: the correction period is judged when the ruling is received.
  return ToGrpcStatus(
      runner_
          .RunTimed(context, "RecordRuling", *request,
                    request->options(), request->tournament_id(),
                    [request](const replay::State& s, absl::Time at) {
                      return replay::DecideRecordRuling(s, *request, at);
                    },
                    response)
          .status());
}

grpc::Status DirectorService::MakeDraw(grpc::ServerContext* context,
                                       const v1::MakeDrawRequest* request,
                                       v1::MakeDrawResponse* response) {
  // The seed is chosen here, outside decide, when the director gives none;
  // a retry is recognised by the request as sent (without the seed).
  v1::MakeDrawRequest seeded = *request;
  if (!seeded.has_seed()) seeded.set_seed(RandomSeed());
  absl::StatusOr<v1::Event> event = runner_.Run(
      context, "MakeDraw", *request, request->options(),
      request->tournament_id(),
      [&seeded](const replay::State& s) {
        return replay::DecideMakeDraw(s, seeded);
      },
      response->mutable_outcome());
  if (!event.ok()) return ToGrpcStatus(event.status());
  *response->mutable_draw() = event->payload().draw_made();
  return grpc::Status::OK;
}

grpc::Status DirectorService::QualifyEntrants(
    grpc::ServerContext* context, const v1::QualifyEntrantsRequest* request,
    v1::QualifyEntrantsResponse* response) {
  absl::StatusOr<v1::Event> event = runner_.Run(
      context, "QualifyEntrants", *request,
      request->options(), request->tournament_id(),
      [request](const replay::State& s) {
        return replay::DecideQualifyEntrants(s, *request);
      },
      response->mutable_outcome());
  if (!event.ok()) return ToGrpcStatus(event.status());
  *response->mutable_qualification() = event->payload().entrants_qualified();
  return grpc::Status::OK;
}

}  // namespace tally::server
