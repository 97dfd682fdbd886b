// AuditService's "what changed" tools (issue #5 items 7 and 9): one event's
// changes, a correction's, a ruling's or an appeal decision's changes
// before it is made (nothing appended), and the standings
// difference between two points. The figures and their order come from
// replay/queries/what_changed.h; these handlers only convert.

#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_correction.h"
#include "replay/decide/decide_ruling.h"
#include "replay/queries/what_changed.h"
#include "replay/state/event_log.h"
#include "replay/state/tournament_replay.h"
#include "server/command_runner.h"
#include "server/grpc_status.h"
#include "server/read_guard.h"
#include "server/services.h"

namespace tally::server {
namespace {

void Fill(const std::vector<replay::Change>& changes,
          v1::FigureChanges* response) {
  for (const replay::Change& c : changes) {
    v1::FigureChange* out = response->add_changes();
    out->set_tournament_id(c.key.tournament_id);
    out->set_competition_id(c.key.competition_id);
    out->set_unit(c.unit);
    out->set_session(c.key.session);
    out->set_kind(replay::FactKindName(c.key.kind));
    out->set_subject(c.key.subject);
    out->set_number(c.key.number);
    out->set_table(c.key.table);
    out->set_figure(c.key.figure);
    if (c.before.has_value()) out->set_before(*c.before);
    if (c.after.has_value()) out->set_after(*c.after);
    out->set_text(c.ToString());
  }
}

void Fill(replay::EventChanges changes, bool appended,
          v1::FigureChanges* response) {
  response->set_before_sequence(changes.before_sequence);
  response->set_after_sequence(changes.event.sequence());
  response->set_appended(appended);
  Fill(changes.changes, response);
  *response->mutable_event() = std::move(changes.event);
}

// The tournament as of `point`; InvalidArgument naming `which` when unset.
absl::StatusOr<replay::State> StateAsOf(const replay::EventLog& log,
                                        const replay::State& now,
                                        const std::string& tournament_id,
                                        const v1::AsOf& point,
                                        const char* which) {
  if (point.point_case() == v1::AsOf::POINT_NOT_SET) {
    return absl::InvalidArgumentError(
        absl::StrCat("say as of which sequence number or time '", which,
                     "' is"));
  }
  return replay::TournamentAsOf(log.store(), now, tournament_id, point);
}

// What `decide` would change if received at `at`: decided against a copy
// of the current State, exactly as the DirectorService command decides
// it (a stale expected version refused as the log refuses it), and
// compared. Nothing is appended.
grpc::Status WhatIfNow(const replay::EventLog& log, absl::Time at,
                       const v1::Actor& actor,
                       const v1::CommandOptions& options,
                       const std::string& tournament_id,
                       const replay::DecideAt& decide,
                       v1::FigureChanges* response) {
  const std::shared_ptr<const replay::State> snapshot = log.Snapshot();
  const replay::State& now = *snapshot;
  if (options.has_expected_version()) {
    const replay::TournamentState* t = now.FindTournament(tournament_id);
    const uint64_t version = t == nullptr ? 0 : t->version;
    if (options.expected_version() != version) {
      return ToGrpcStatus(absl::AbortedError(absl::StrCat(
          "tournament '", tournament_id, "' has changed: expected version ",
          options.expected_version(), ", actual version ", version,
          "; re-read and try again")));
    }
  }
  absl::StatusOr<replay::EventChanges> changes = replay::WhatIf(
      now, tournament_id, actor, at, decide);
  if (!changes.ok()) return ToGrpcStatus(changes.status());
  Fill(*std::move(changes), /*appended=*/false, response);
  return grpc::Status::OK;
}

}  // namespace

// The actor a what-if's hypothetical event names: the caller, already
// authenticated by GuardCall.
v1::Actor AuditService::CallerActor(grpc::ServerContext* context) const {
  absl::StatusOr<v1::Principal> principal = gate_->Authenticate(context);
  return principal.ok() ? ActorOf(*principal) : v1::Actor();
}

grpc::Status AuditService::WhatChanged(grpc::ServerContext* context,
                                       const v1::WhatChangedRequest* request,
                                       v1::FigureChanges* response) {
  return GuardRead(context, gate_, "AuditService.WhatChanged", &log_, reads_,
                   *request, [&]() -> grpc::Status {
                     absl::StatusOr<replay::EventChanges> changes =
                         replay::WhatChangedAt(log_.store(), *log_.Snapshot(),
                                               request->sequence());
                     if (!changes.ok()) return ToGrpcStatus(changes.status());
                     Fill(*std::move(changes), /*appended=*/true, response);
                     return grpc::Status::OK;
                   });
}

grpc::Status AuditService::WhatIfCorrectResult(
    grpc::ServerContext* context, const v1::CorrectResultRequest* request,
    v1::FigureChanges* response) {
  return GuardRead(context, gate_, "AuditService.WhatIfCorrectResult", &log_,
                   reads_, *request, [&]() -> grpc::Status {
                     return WhatIfNow(
                         log_, clock_(), CallerActor(context),
                         request->options(), request->tournament_id(),
                         [request](const replay::State& s, absl::Time at) {
                           return replay::DecideCorrectResult(s, *request, at);
                         },
                         response);
                   });
}

grpc::Status AuditService::WhatIfRecordRuling(
    grpc::ServerContext* context, const v1::RecordRulingRequest* request,
    v1::FigureChanges* response) {
  return GuardRead(context, gate_, "AuditService.WhatIfRecordRuling", &log_,
                   reads_, *request, [&]() -> grpc::Status {
                     return WhatIfNow(
                         log_, clock_(), CallerActor(context),
                         request->options(), request->tournament_id(),
                         [request](const replay::State& s, absl::Time at) {
                           return replay::DecideRecordRuling(s, *request, at);
                         },
                         response);
                   });
}

grpc::Status AuditService::WhatIfDecideAppeal(
    grpc::ServerContext* context, const v1::DecideAppealRequest* request,
    v1::FigureChanges* response) {
  return GuardRead(context, gate_, "AuditService.WhatIfDecideAppeal", &log_,
                   reads_, *request, [&]() -> grpc::Status {
                     return WhatIfNow(
                         log_, clock_(), CallerActor(context),
                         request->options(), request->tournament_id(),
                         [request](const replay::State& s, absl::Time) {
                           return replay::DecideDecideAppeal(s, *request);
                         },
                         response);
                   });
}

grpc::Status AuditService::DiffStandings(
    grpc::ServerContext* context, const v1::DiffStandingsRequest* request,
    v1::FigureChanges* response) {
  return GuardRead(
      context, gate_, "AuditService.DiffStandings", &log_, reads_, *request,
      [&]() -> grpc::Status {
        const std::shared_ptr<const replay::State> now = log_.Snapshot();
        absl::StatusOr<replay::State> from = StateAsOf(
            log_, *now, request->tournament_id(), request->from(), "from");
        if (!from.ok()) return ToGrpcStatus(from.status());
        absl::StatusOr<replay::State> to = StateAsOf(
            log_, *now, request->tournament_id(), request->to(), "to");
        if (!to.ok()) return ToGrpcStatus(to.status());
        std::vector<replay::Change> changes =
            replay::Diff(replay::TakeSnapshot(*from, request->tournament_id()),
                         replay::TakeSnapshot(*to, request->tournament_id()));
        if (!request->all_figures()) {
          changes = replay::StandingsOnly(std::move(changes));
        }
        response->set_before_sequence(from->last_sequence);
        response->set_after_sequence(to->last_sequence);
        Fill(changes, response);
        return grpc::Status::OK;
      });
}

}  // namespace tally::server
