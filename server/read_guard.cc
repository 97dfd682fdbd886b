#include "server/read_guard.h"

#include <chrono>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "core/base/rational.h"
#include "google/protobuf/descriptor.h"
#include "replay/log/codec.h"
#include "replay/queries/publication.h"
#include "server/access_table.h"
#include "server/grpc_status.h"
#include "server/log_line.h"
#include "server/request_validator.h"

namespace tally::server {

std::string TournamentOf(const google::protobuf::Message& request) {
  const google::protobuf::FieldDescriptor* f =
      request.GetDescriptor()->FindFieldByName("tournament_id");
  if (f == nullptr ||
      f->type() != google::protobuf::FieldDescriptor::TYPE_STRING ||
      f->is_repeated()) {
    return "";
  }
  return request.GetReflection()->GetString(request, f);
}

std::string FindStoredValueOutOfRange(const replay::EventLog& log,
                                      const std::string& tournament_id) {
  std::string found;
  log.store()
      .Scan(1,
            [&](uint64_t sequence, const std::string& raw) {
              absl::StatusOr<v1::Event> event =
                  replay::DecodeEvent(sequence, raw);
              if (!event.ok()) return true;
              if (!tournament_id.empty() &&
                  event->tournament_id() != tournament_id) {
                return true;
              }
              absl::Status s = ValidateStoredValues(event->payload());
              if (s.ok()) return true;
              const auto* kind =
                  event->payload().GetDescriptor()->FindFieldByNumber(
                      event->payload().kind_case());
              found = absl::StrCat("event #", sequence, " (",
                                   kind == nullptr ? "?" : kind->name(),
                                   "): ", s.message());
              return false;
            })
      .IgnoreError();  // a damaged log is the chain check's to report
  return found;
}

absl::Status OverflowStatus(const replay::EventLog* log,
                            const std::string& tournament_id,
                            const std::string& what) {
  const std::string culprit =
      log == nullptr ? "" : FindStoredValueOutOfRange(*log, tournament_id);
  if (!culprit.empty()) {
    return absl::InternalError(absl::StrCat(
        what, " cannot be worked out exactly: ", culprit,
        " holds a value outside the limits of docs/input-limits.md (stored "
        "before they were checked); everything else is served"));
  }
  if (log != nullptr) {
    return absl::InternalError(absl::StrCat(
        what,
        " cannot be worked out exactly (a figure exceeds 64-bit exact "
        "arithmetic) although no stored event of ",
        tournament_id.empty() ? "the log" : QuoteForMessage(tournament_id),
        " is outside the input limits"));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      what,
      " cannot be worked out exactly: its figures exceed 64-bit exact "
      "arithmetic (docs/input-limits.md)"));
}

namespace {

// NSW TR 12.12: a session's or round's progress in play is not for its
// participants (the profile's publication setting).
absl::Status CheckProgressPublished(const v1::Principal& principal,
                                    absl::string_view rpc,
                                    const replay::EventLog& log,
                                    const google::protobuf::Message& request) {
  if (!ShowsProgress(rpc) || SeesProgressInPlay(principal.role())) {
    return absl::OkStatus();
  }
  const std::string tournament = StringField(request, "tournament_id");
  const std::string competition = StringField(request, "competition_id");
  const int session = static_cast<int>(IntField(request, "session"));
  const int number =
      session != 0 ? session : static_cast<int>(IntField(request, "round"));
  std::string clause, device_refusal;
  log.Read([&](const replay::State& state) {
    if (principal.role() == v1::ROLE_VENUE) {
      const v1::Scope& own = principal.scope();
      device_refusal = replay::WhyDeviceMayNotRead(
          state, tournament, own.competition_id(),
          own.session() != 0 ? own.session() : own.round(), own.table(),
          competition, number, static_cast<int>(IntField(request, "board")));
    }
    clause =
        replay::ProgressWithheldBy(state, tournament, competition, number);
  });
  if (!device_refusal.empty()) {
    return absl::PermissionDeniedError(
        absl::StrCat("principal ", QuoteForMessage(principal.id()),
                     " may not call ", rpc, ": ", device_refusal));
  }
  if (clause.empty()) return absl::OkStatus();
  return ProgressWithheldError(
      principal, rpc,
      number == 0 ? absl::StrCat("the latest session or round of ",
                                 QuoteForMessage(competition))
                  : absl::StrCat(session != 0 ? "session " : "round ", number,
                                 " of ", QuoteForMessage(competition)),
      clause);
}

// GuardCall and GuardRead: `reads` null admits at once.
grpc::Status Guard(grpc::ServerContext* context, Gate* gate,
                   absl::string_view rpc, const replay::EventLog* log,
                   ReadAdmission* reads,
                   const google::protobuf::Message& request,
                   const std::function<grpc::Status()>& call) {
  const std::string method = request.GetDescriptor()->name();
  absl::StatusOr<v1::Principal> principal =
      gate == nullptr ? absl::StatusOr<v1::Principal>(v1::Principal())
                      : gate->Admit(context);
  absl::Status s = principal.status();
  if (s.ok()) s = ValidateRequest(request);
  if (s.ok() && gate != nullptr) s = gate->Authorise(*principal, rpc, request);
  if (s.ok() && gate != nullptr && log != nullptr) {
    s = CheckProgressPublished(*principal, rpc, *log, request);
  }
  if (!s.ok()) {
    const std::string who =
        principal.ok() && gate != nullptr ? principal->id() : "";
    LogLine(absl::StrCat("refused ", rpc,
                         who.empty() ? "" : absl::StrCat(" from ", who), ": ",
                         absl::StatusCodeToString(s.code()), ": ",
                         s.message()),
            LogLevel::kWarning,
            {{"event", "refused"},
             {"rpc", std::string(rpc)},
             {"principal", who},
             {"code", absl::StatusCodeToString(s.code())}});
    return ToGrpcStatus(s);
  }
  absl::StatusOr<ReadAdmission::Slot> slot;
  if (reads != nullptr) {
    const std::chrono::system_clock::time_point deadline =
        context == nullptr ? std::chrono::system_clock::time_point::max()
                           : context->deadline();
    slot = reads->Enter(
        rpc,
        deadline == std::chrono::system_clock::time_point::max()
            ? absl::InfiniteFuture()
            : absl::FromChrono(deadline),
        [context] { return context != nullptr && context->IsCancelled(); });
    if (!slot.ok()) {
      LogLine(absl::StrCat("not answered ", rpc, ": ",
                           absl::StatusCodeToString(slot.status().code()), ": ",
                           slot.status().message()),
              LogLevel::kWarning,
              {{"event", "not_admitted"},
               {"rpc", std::string(rpc)},
               {"code", absl::StatusCodeToString(slot.status().code())}});
      return ToGrpcStatus(slot.status());
    }
  }
  core::RationalOverflowScope scope;
  grpc::Status status = call();
  if (!scope.overflowed()) return status;
  absl::Status overflow =
      OverflowStatus(log, TournamentOf(request), absl::StrCat("this ", method));
  LogLine(absl::StrCat("failed ", method, ": ", overflow.message()),
          LogLevel::kError, {{"event", "failed"}, {"rpc", std::string(rpc)}});
  return ToGrpcStatus(overflow);
}

}  // namespace

grpc::Status GuardCall(grpc::ServerContext* context, Gate* gate,
                       absl::string_view rpc, const replay::EventLog* log,
                       const google::protobuf::Message& request,
                       const std::function<grpc::Status()>& call) {
  return Guard(context, gate, rpc, log, nullptr, request, call);
}

grpc::Status GuardRead(grpc::ServerContext* context, Gate* gate,
                       absl::string_view rpc, const replay::EventLog* log,
                       ReadAdmission* reads,
                       const google::protobuf::Message& request,
                       const std::function<grpc::Status()>& call) {
  return Guard(context, gate, rpc, log, reads, request, call);
}

grpc::Status OpenStreamSlot(Gate& gate, grpc::ServerContext* context,
                            std::unique_ptr<Gate::Stream>* slot) {
  absl::StatusOr<v1::Principal> caller = gate.Authenticate(context);
  if (!caller.ok()) return ToGrpcStatus(caller.status());
  return ToGrpcStatus(gate.OpenStream(*caller, slot));
}

}  // namespace tally::server
