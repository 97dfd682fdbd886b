// The gRPC services. Every handler enters through GuardCall or
// CommandRunner, which authenticate the caller and apply the access table
// (server/gate.h) first. Handlers hold no rules: convert, call the replay
// layer, convert back. Thread-safe.

#ifndef TALLY_SERVER_SERVICES_H_
#define TALLY_SERVER_SERVICES_H_

#include <functional>
#include <utility>

#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "grpcpp/support/byte_buffer.h"
#include "grpcpp/support/sync_stream.h"
#include "replay/checkpoint/checkpoint_store.h"
#include "replay/queries/standings_cache.h"
#include "replay/state/event_log.h"
#include "server/command_runner.h"
#include "server/gate.h"
#include "server/read_admission.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"

namespace tally::server {

class DirectorService final : public v1::DirectorService::Service {
 public:
  DirectorService(replay::EventLog& log, Gate& gate)
      : runner_(log, gate, "DirectorService") {}

  grpc::Status CreateTournament(grpc::ServerContext* context,
                                const v1::CreateTournamentRequest* request,
                                v1::CommandOutcome* response) override;
  grpc::Status SetTimeZone(grpc::ServerContext* context,
                           const v1::SetTimeZoneRequest* request,
                           v1::CommandOutcome* response) override;
  grpc::Status CreateCompetition(grpc::ServerContext* context,
                                 const v1::CreateCompetitionRequest* request,
                                 v1::CommandOutcome* response) override;
  grpc::Status RegisterPair(grpc::ServerContext* context,
                            const v1::RegisterPairRequest* request,
                            v1::CommandOutcome* response) override;
  grpc::Status DefineSession(grpc::ServerContext* context,
                             const v1::DefineSessionRequest* request,
                             v1::CommandOutcome* response) override;
  grpc::Status StartSession(grpc::ServerContext* context,
                            const v1::StartSessionRequest* request,
                            v1::CommandOutcome* response) override;
  grpc::Status RegisterTeam(grpc::ServerContext* context,
                            const v1::RegisterTeamRequest* request,
                            v1::CommandOutcome* response) override;
  grpc::Status MakeDraw(grpc::ServerContext* context,
                        const v1::MakeDrawRequest* request,
                        v1::MakeDrawResponse* response) override;
  grpc::Status ChooseDatumSubstitutes(
      grpc::ServerContext* context,
      const v1::ChooseDatumSubstitutesRequest* request,
      v1::CommandOutcome* response) override;
  grpc::Status RecordOffence(grpc::ServerContext* context,
                             const v1::RecordOffenceRequest* request,
                             v1::CommandOutcome* response) override;
  grpc::Status AwardPenalty(grpc::ServerContext* context,
                            const v1::AwardPenaltyRequest* request,
                            v1::CommandOutcome* response) override;
  grpc::Status AdjustSession(grpc::ServerContext* context,
                             const v1::AdjustSessionRequest* request,
                             v1::CommandOutcome* response) override;
  grpc::Status RecordLot(grpc::ServerContext* context,
                         const v1::RecordLotRequest* request,
                         v1::CommandOutcome* response) override;
  grpc::Status RecordSubstitute(grpc::ServerContext* context,
                                const v1::RecordSubstituteRequest* request,
                                v1::CommandOutcome* response) override;
  grpc::Status RecordPairAbsent(grpc::ServerContext* context,
                                const v1::RecordPairAbsentRequest* request,
                                v1::CommandOutcome* response) override;
  grpc::Status ChooseSeatingRights(
      grpc::ServerContext* context,
      const v1::ChooseSeatingRightsRequest* request,
      v1::CommandOutcome* response) override;
  // The timeline (issue #5).
  grpc::Status ScheduleSession(grpc::ServerContext* context,
                               const v1::ScheduleSessionRequest* request,
                               v1::CommandOutcome* response) override;
  grpc::Status RecordPlayFinished(grpc::ServerContext* context,
                                  const v1::RecordPlayFinishedRequest* request,
                                  v1::CommandOutcome* response) override;
  grpc::Status AgreeMatchScores(grpc::ServerContext* context,
                                const v1::AgreeMatchScoresRequest* request,
                                v1::CommandOutcome* response) override;
  grpc::Status EndStage(grpc::ServerContext* context,
                        const v1::EndStageRequest* request,
                        v1::CommandOutcome* response) override;
  grpc::Status DeclareResultsOfficial(
      grpc::ServerContext* context,
      const v1::DeclareResultsOfficialRequest* request,
      v1::CommandOutcome* response) override;
  grpc::Status CorrectResult(grpc::ServerContext* context,
                             const v1::CorrectResultRequest* request,
                             v1::CommandOutcome* response) override;
  grpc::Status RecordRuling(grpc::ServerContext* context,
                            const v1::RecordRulingRequest* request,
                            v1::CommandOutcome* response) override;
  grpc::Status PostScores(grpc::ServerContext* context,
                          const v1::PostScoresRequest* request,
                          v1::CommandOutcome* response) override;
  grpc::Status QualifyEntrants(grpc::ServerContext* context,
                               const v1::QualifyEntrantsRequest* request,
                               v1::QualifyEntrantsResponse* response) override;
  grpc::Status WithdrawEntrant(grpc::ServerContext* context,
                               const v1::WithdrawEntrantRequest* request,
                               v1::CommandOutcome* response) override;
  grpc::Status ForfeitMatch(grpc::ServerContext* context,
                            const v1::ForfeitMatchRequest* request,
                            v1::CommandOutcome* response) override;
  grpc::Status PostLineup(grpc::ServerContext* context,
                          const v1::PostLineupRequest* request,
                          v1::CommandOutcome* response) override;
  // Reviews and appeals (issue #5).
  grpc::Status LodgeAppeal(grpc::ServerContext* context,
                           const v1::LodgeAppealRequest* request,
                           v1::CommandOutcome* response) override;
  grpc::Status SubmitAppealResponse(
      grpc::ServerContext* context,
      const v1::SubmitAppealResponseRequest* request,
      v1::CommandOutcome* response) override;
  grpc::Status ReplyToAppeal(grpc::ServerContext* context,
                             const v1::ReplyToAppealRequest* request,
                             v1::CommandOutcome* response) override;
  grpc::Status HearAppeal(grpc::ServerContext* context,
                          const v1::HearAppealRequest* request,
                          v1::CommandOutcome* response) override;
  grpc::Status DecideAppeal(grpc::ServerContext* context,
                            const v1::DecideAppealRequest* request,
                            v1::CommandOutcome* response) override;
  grpc::Status WithdrawAppeal(grpc::ServerContext* context,
                              const v1::WithdrawAppealRequest* request,
                              v1::CommandOutcome* response) override;
  grpc::Status LodgeFurtherAppeal(
      grpc::ServerContext* context,
      const v1::LodgeFurtherAppealRequest* request,
      v1::CommandOutcome* response) override;

 private:
  CommandRunner runner_;
};

class VenueService final : public v1::VenueService::Service {
 public:
  VenueService(replay::EventLog& log, Gate& gate)
      : runner_(log, gate, "VenueService") {}

  grpc::Status EnterResult(grpc::ServerContext* context,
                           const v1::EnterResultRequest* request,
                           v1::EnterResultResponse* response) override;
  grpc::Status ConfirmResult(grpc::ServerContext* context,
                             const v1::ConfirmResultRequest* request,
                             v1::CommandOutcome* response) override;

 private:
  CommandRunner runner_;
};

class QueryService final : public v1::QueryService::Service {
 public:
  // `clock` answers "now" for queries that ask about the present (the time
  // windows open now); the same clock the log stamps receipts with.
  // `standings_cache_bytes` bounds the standings kept for GetStandings' readers
  // (0: none kept, each call computes its own). Every answer is computed
  // in a slot of `reads` (null: no bound), which must outlive the service.
  QueryService(
      const replay::EventLog& log, Gate& gate,
      std::function<absl::Time()> clock = [] { return absl::Now(); },
      size_t standings_cache_bytes = replay::StandingsCache::kDefaultMaxBytes,
      ReadAdmission* reads = nullptr)
      : log_(log),
        gate_(&gate),
        clock_(std::move(clock)),
        standings_cache_(standings_cache_bytes),
        reads_(reads) {
    SendStandingsAsBytes();
  }

  grpc::Status ListTournaments(grpc::ServerContext* context,
                               const v1::ListTournamentsRequest* request,
                               v1::ListTournamentsResponse* response) override;
  grpc::Status GetTournament(grpc::ServerContext* context,
                             const v1::GetTournamentRequest* request,
                             v1::Tournament* response) override;
  // In-process callers' GetStandings (WatchService); gRPC clients are
  // answered by GetStandingsBytes, with the same answer and statuses.
  grpc::Status GetStandings(grpc::ServerContext* context,
                            const v1::GetStandingsRequest* request,
                            v1::Standings* response) override;
  grpc::Status GetCompetitionStandings(
      grpc::ServerContext* context,
      const v1::GetCompetitionStandingsRequest* request,
      v1::CompetitionStandings* response) override;
  grpc::Status GetTraveller(grpc::ServerContext* context,
                            const v1::GetTravellerRequest* request,
                            v1::Traveller* response) override;
  grpc::Status GetScorecard(grpc::ServerContext* context,
                            const v1::GetScorecardRequest* request,
                            v1::Scorecard* response) override;
  grpc::Status ListRegulationProfiles(
      grpc::ServerContext* context,
      const v1::ListRegulationProfilesRequest* request,
      v1::ListRegulationProfilesResponse* response) override;
  grpc::Status GetRegulationProfile(
      grpc::ServerContext* context,
      const v1::GetRegulationProfileRequest* request,
      v1::RegulationProfile* response) override;

  grpc::Status GetDraw(grpc::ServerContext* context,
                       const v1::GetDrawRequest* request,
                       v1::DrawView* response) override;
  grpc::Status GetMatchResults(grpc::ServerContext* context,
                               const v1::GetMatchResultsRequest* request,
                               v1::MatchResults* response) override;
  grpc::Status GetMatchStandings(grpc::ServerContext* context,
                                 const v1::GetMatchStandingsRequest* request,
                                 v1::MatchStandings* response) override;
  grpc::Status GetEntrantRecord(grpc::ServerContext* context,
                                const v1::GetEntrantRecordRequest* request,
                                v1::EntrantRecord* response) override;
  grpc::Status GetTimeWindows(grpc::ServerContext* context,
                              const v1::GetTimeWindowsRequest* request,
                              v1::TimeWindows* response) override;
  grpc::Status GetQualification(grpc::ServerContext* context,
                                const v1::GetQualificationRequest* request,
                                v1::Qualification* response) override;
  grpc::Status GetKnockoutResults(grpc::ServerContext* context,
                                  const v1::GetKnockoutResultsRequest* request,
                                  v1::KnockoutResults* response) override;
  grpc::Status GetEligibility(grpc::ServerContext* context,
                              const v1::GetEligibilityRequest* request,
                              v1::Eligibility* response) override;
  grpc::Status GetOffenceRegister(grpc::ServerContext* context,
                                  const v1::GetOffenceRegisterRequest* request,
                                  v1::OffenceRegister* response) override;
  // Reviews and appeals (issue #5).
  grpc::Status GetAppeal(grpc::ServerContext* context,
                         const v1::GetAppealRequest* request,
                         v1::AppealView* response) override;
  grpc::Status ListAppeals(grpc::ServerContext* context,
                           const v1::ListAppealsRequest* request,
                           v1::ListAppealsResponse* response) override;

  // GetStandings' answers, shared by its readers until their tournament
  // changes (replay/queries/standings_cache.h); /metrics counts from it.
  const replay::StandingsCache& standings_cache() const {
    return standings_cache_;
  }

 private:
  // GetStandings as gRPC serves it (issue #19): the cached answer's bytes
  // (replay::StandingsCache::GetSerialized) are sent as they are, not
  // copied into a v1::Standings and serialised again for each reader.
  // Registered through the sync API's streamed-unary handler, whose
  // request and response are ByteBuffers: the wire is unary as before.
  void SendStandingsAsBytes();
  grpc::Status GetStandingsBytes(
      grpc::ServerContext* context,
      grpc::ServerUnaryStreamer<grpc::ByteBuffer, grpc::ByteBuffer>* stream);

  const replay::EventLog& log_;
  Gate* const gate_;
  const std::function<absl::Time()> clock_;
  replay::StandingsCache standings_cache_;
  ReadAdmission* const reads_;
};

class AuditService final : public v1::AuditService::Service {
 public:
  // `clock` is "now" for a what-if (the moment a proposed command would be
  // received); the same clock the log stamps receipts with. `checkpoints`:
  // the server's signed checkpoints, or null when it keeps none (then
  // ListCheckpoints and SignCheckpoint are FAILED_PRECONDITION). The
  // audit questions (as-of, board history, the chain, what changed, what
  // if, CheckDraw) are computed in a slot of `reads` (null: no bound),
  // which must outlive the service; ReadLog and the checkpoints are not.
  AuditService(
      const replay::EventLog& log, Gate& gate,
      std::function<absl::Time()> clock = [] { return absl::Now(); },
      replay::CheckpointStore* checkpoints = nullptr,
      ReadAdmission* reads = nullptr)
      : log_(log),
        gate_(&gate),
        clock_(std::move(clock)),
        checkpoints_(checkpoints),
        reads_(reads) {}

  grpc::Status ReadLog(grpc::ServerContext* context,
                       const v1::ReadLogRequest* request,
                       grpc::ServerWriter<v1::Event>* writer) override;
  grpc::Status GetStandingsAsOf(grpc::ServerContext* context,
                                const v1::GetStandingsAsOfRequest* request,
                                v1::Standings* response) override;
  grpc::Status GetBoardHistory(grpc::ServerContext* context,
                               const v1::GetBoardHistoryRequest* request,
                               v1::BoardHistory* response) override;
  grpc::Status VerifyChain(grpc::ServerContext* context,
                           const v1::VerifyChainRequest* request,
                           v1::ChainVerification* response) override;

  grpc::Status GetMatchStandingsAsOf(
      grpc::ServerContext* context,
      const v1::GetMatchStandingsAsOfRequest* request,
      v1::MatchStandings* response) override;
  grpc::Status CheckDraw(grpc::ServerContext* context,
                         const v1::CheckDrawRequest* request,
                         v1::DrawCheck* response) override;
  // What changed (server/what_changed_service.cc).
  grpc::Status WhatChanged(grpc::ServerContext* context,
                           const v1::WhatChangedRequest* request,
                           v1::FigureChanges* response) override;
  grpc::Status WhatIfCorrectResult(grpc::ServerContext* context,
                                   const v1::CorrectResultRequest* request,
                                   v1::FigureChanges* response) override;
  grpc::Status WhatIfRecordRuling(grpc::ServerContext* context,
                                  const v1::RecordRulingRequest* request,
                                  v1::FigureChanges* response) override;
  grpc::Status WhatIfDecideAppeal(grpc::ServerContext* context,
                                  const v1::DecideAppealRequest* request,
                                  v1::FigureChanges* response) override;
  grpc::Status DiffStandings(grpc::ServerContext* context,
                             const v1::DiffStandingsRequest* request,
                             v1::FigureChanges* response) override;
  // Signed checkpoints (server/checkpoint_service.cc).
  grpc::Status ListCheckpoints(grpc::ServerContext* context,
                               const v1::ListCheckpointsRequest* request,
                               v1::CheckpointList* response) override;
  grpc::Status SignCheckpoint(grpc::ServerContext* context,
                              const v1::SignCheckpointRequest* request,
                              v1::Checkpoint* response) override;

 private:
  // The authenticated caller as a what-if's hypothetical actor.
  v1::Actor CallerActor(grpc::ServerContext* context) const;
  grpc::Status SignHead(v1::Checkpoint* response);

  const replay::EventLog& log_;
  Gate* const gate_;
  const std::function<absl::Time()> clock_;
  replay::CheckpointStore* const checkpoints_;
  ReadAdmission* const reads_;
};

}  // namespace tally::server

#endif  // TALLY_SERVER_SERVICES_H_
