#include <algorithm>
#include <memory>

#include "absl/strings/str_cat.h"
#include "replay/log/codec.h"
#include "replay/pairs/queries.h"
#include "replay/queries/audit.h"
#include "replay/queries/board_history_windows.h"
#include "replay/queries/match_queries.h"
#include "replay/state/tournament_replay.h"
#include "server/grpc_status.h"
#include "server/read_guard.h"
#include "server/services.h"

namespace tally::server {

grpc::Status AuditService::ReadLog(grpc::ServerContext* context,
                                   const v1::ReadLogRequest* request,
                                   grpc::ServerWriter<v1::Event>* writer) {
  return GuardCall(context, gate_, "AuditService.ReadLog", &log_, *request,
      [&]() -> grpc::Status {
    // One of the caller's concurrent streams while it runs (issue #15).
    std::unique_ptr<Gate::Stream> slot;
    if (grpc::Status s = OpenStreamSlot(*gate_, context, &slot); !s.ok()) {
      return s;
    }
    const uint64_t from = std::max<uint64_t>(request->from_sequence(), 1);
    uint64_t sent = 0;
    auto more = [&] { return request->limit() == 0 || sent < request->limit(); };
    if (!request->tournament_id().empty()) {
      // One tournament's events, found through its index: the read costs
      // what the tournament holds, not the whole log (issue #19).
      std::shared_ptr<const replay::State> now = log_.Snapshot();
      const replay::TournamentState* t =
          now->FindTournament(request->tournament_id());
      if (t == nullptr) {
        // An auditor who mistypes the tournament should be told, not handed
        // an empty log that looks like a tournament with no events.
        return ToGrpcStatus(absl::NotFoundError(
            absl::StrCat("no tournament \"", request->tournament_id(),
                         "\" in the log")));
      }
      for (auto it = std::lower_bound(t->event_sequences.begin(),
                                      t->event_sequences.end(), from);
           it != t->event_sequences.end() && more(); ++it) {
        if (context->IsCancelled()) break;
        absl::StatusOr<std::string> raw = log_.store().ReadRaw(*it);
        if (!raw.ok()) return ToGrpcStatus(raw.status());
        absl::StatusOr<v1::Event> event = replay::DecodeEvent(*it, *raw);
        if (!event.ok()) return ToGrpcStatus(event.status());
        if (!writer->Write(*event)) break;
        ++sent;
      }
      return grpc::Status::OK;
    }
    absl::Status failure;
    absl::Status scanned = log_.store().Scan(
        from, [&](uint64_t sequence, const std::string& raw) {
          if (context->IsCancelled()) return false;
          absl::StatusOr<v1::Event> event = replay::DecodeEvent(sequence, raw);
          if (!event.ok()) {
            failure = event.status();
            return false;
          }
          if (!writer->Write(*event)) return false;
          ++sent;
          return more();
        });
    if (!scanned.ok()) return ToGrpcStatus(scanned);
    return ToGrpcStatus(failure);
  });
}

namespace {

// Replays `tournament_id` up to `as_of` and answers with `build` from that
// State; a refusal names the point it was asked at.
template <typename Response, typename Build>
grpc::Status AnswerAsOf(const replay::EventLog& log, const v1::AsOf& as_of,
                        const std::string& tournament_id, Response* response,
                        Build build) {
  absl::StatusOr<replay::State> state =
      replay::TournamentAsOf(log.store(), *log.Snapshot(), tournament_id,
                             as_of);
  if (!state.ok()) return ToGrpcStatus(state.status());
  absl::StatusOr<Response> answer = build(*state);
  if (!answer.ok()) {
    return ToGrpcStatus(
        absl::Status(answer.status().code(),
                     absl::StrCat("as of event ", state->last_sequence, ": ",
                                  answer.status().message())));
  }
  *response = *std::move(answer);
  return grpc::Status::OK;
}

}  // namespace

grpc::Status AuditService::GetStandingsAsOf(
    grpc::ServerContext* context, const v1::GetStandingsAsOfRequest* request,
    v1::Standings* response) {
  return GuardRead(
      context, gate_, "AuditService.GetStandingsAsOf", &log_, reads_, *request,
      [&]() -> grpc::Status {
        return AnswerAsOf(
            log_, request->as_of(), request->standings().tournament_id(),
            response, [request](const replay::State& s) {
              return replay::BuildStandings(s, request->standings());
            });
      });
}

grpc::Status AuditService::GetMatchStandingsAsOf(
    grpc::ServerContext* context, const v1::GetMatchStandingsAsOfRequest* request,
    v1::MatchStandings* response) {
  return GuardRead(
      context, gate_, "AuditService.GetMatchStandingsAsOf", &log_, reads_,
      *request, [&]() -> grpc::Status {
        return AnswerAsOf(
            log_, request->as_of(), request->standings().tournament_id(),
            response, [request](const replay::State& s) {
              return replay::BuildMatchStandings(s, request->standings());
            });
      });
}

grpc::Status AuditService::CheckDraw(grpc::ServerContext* context,
                                     const v1::CheckDrawRequest* request,
                                     v1::DrawCheck* response) {
  return GuardRead(context, gate_, "AuditService.CheckDraw", &log_, reads_,
                   *request, [&]() -> grpc::Status {
                     // The published State: immutable, so writers are not held
                     // up meanwhile.
                     const std::shared_ptr<const replay::State> now =
                         log_.Snapshot();
                     absl::StatusOr<v1::DrawCheck> check =
                         replay::CheckDraw(log_.store(), *now, *request);
                     if (!check.ok()) return ToGrpcStatus(check.status());
                     *response = *std::move(check);
                     return grpc::Status::OK;
                   });
}

grpc::Status AuditService::GetBoardHistory(
    grpc::ServerContext* context, const v1::GetBoardHistoryRequest* request,
    v1::BoardHistory* response) {
  return GuardRead(context, gate_, "AuditService.GetBoardHistory", &log_,
                   reads_, *request, [&]() -> grpc::Status {
                     // Each event with the windows open at its own time (issue
                     // #5 item 9).
                     absl::StatusOr<v1::BoardHistory> history =
                         replay::BoardHistoryWithWindows(
                             log_.store(), *log_.Snapshot(), *request);
                     if (!history.ok()) return ToGrpcStatus(history.status());
                     *response = *std::move(history);
                     return grpc::Status::OK;
                   });
}

grpc::Status AuditService::VerifyChain(grpc::ServerContext* context,
                                       const v1::VerifyChainRequest* request,
                                       v1::ChainVerification* response) {
  return GuardRead(context, gate_, "AuditService.VerifyChain", &log_, reads_,
                   *request, [&]() -> grpc::Status {
                     absl::StatusOr<v1::ChainVerification> result =
                         replay::VerifyChain(log_.store());
                     if (!result.ok()) return ToGrpcStatus(result.status());
                     *response = *std::move(result);
                     return grpc::Status::OK;
                   });
}

}  // namespace tally::server
