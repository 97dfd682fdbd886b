#include "server/command_runner.h"

#include <memory>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "replay/log/sha256.h"
#include "server/log_line.h"
#include "server/read_guard.h"
#include "server/request_validator.h"

namespace tally::server {
namespace {

// The decide step's marker for an overflow; Execute turns it into the
// status OverflowStatus gives (it may read the store, decide may not).
constexpr char kOverflowMarker[] = "[tally-overflow] ";

absl::Status Overflowed(const std::string& method) {
  return absl::OutOfRangeError(absl::StrCat(kOverflowMarker, method));
}

}  // namespace

absl::StatusOr<v1::Principal> CommandRunner::Admit(
    grpc::ServerContext* context, const std::string& method,
    const google::protobuf::Message& request) {
  const std::string rpc = absl::StrCat(service_, ".", method);
  absl::StatusOr<v1::Principal> principal = gate_.Admit(context);
  absl::Status s = principal.status();
  if (s.ok()) s = ValidateCommand(request);
  if (s.ok()) s = gate_.Authorise(*principal, rpc, request);
  if (!s.ok()) {
    LogLine(absl::StrCat(
                "refused ", rpc,
                principal.ok() ? absl::StrCat(" from ", principal->id()) : "",
                ": ", absl::StatusCodeToString(s.code()), ": ", s.message()),
            LogLevel::kWarning,
            {{"event", "refused"},
             {"rpc", rpc},
             {"principal", principal.ok() ? principal->id() : ""},
             {"code", absl::StatusCodeToString(s.code())}});
    return s;
  }
  return principal;
}

std::string Fingerprint(const std::string& method,
                        const google::protobuf::Message& request) {
  std::unique_ptr<google::protobuf::Message> copy(request.New());
  copy->CopyFrom(request);
  // Every command request carries its CommandOptions in field 1.
  const google::protobuf::FieldDescriptor* options =
      copy->GetDescriptor()->FindFieldByName("options");
  if (options != nullptr)
    copy->GetReflection()->ClearField(copy.get(), options);
  std::string bytes;
  {
    google::protobuf::io::StringOutputStream stream(&bytes);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    copy->SerializeToCodedStream(&coded);
  }
  return replay::Sha256(absl::StrCat(method, "\n", bytes));
}

absl::StatusOr<v1::Event> CommandRunner::Run(
    grpc::ServerContext* context, const std::string& method,
    const google::protobuf::Message& request, const v1::CommandOptions& options,
    const std::string& tournament_id,
    std::function<absl::StatusOr<v1::EventPayload>(const replay::State&)>
        decide,
    v1::CommandOutcome* outcome) {
  TALLY_ASSIGN_OR_RETURN(const v1::Principal principal,
                         Admit(context, method, request));
  replay::Command command =
      NewCommand(principal, method, request, options, tournament_id);
  command.decide =
      [decide = std::move(decide),
       method](const replay::State& s) -> absl::StatusOr<v1::EventPayload> {
    core::RationalOverflowScope scope;
    absl::StatusOr<v1::EventPayload> payload = decide(s);
    if (scope.overflowed()) return Overflowed(method);
    return payload;
  };
  return Execute(method, std::move(command), outcome);
}

absl::StatusOr<v1::Event> CommandRunner::RunTimed(
    grpc::ServerContext* context, const std::string& method,
    const google::protobuf::Message& request, const v1::CommandOptions& options,
    const std::string& tournament_id,
    std::function<absl::StatusOr<v1::EventPayload>(const replay::State&,
                                                   absl::Time)>
        decide_at,
    v1::CommandOutcome* outcome) {
  TALLY_ASSIGN_OR_RETURN(const v1::Principal principal,
                         Admit(context, method, request));
  replay::Command command =
      NewCommand(principal, method, request, options, tournament_id);
  command.decide_at = [decide_at = std::move(decide_at), method](
                          const replay::State& s,
                          absl::Time at) -> absl::StatusOr<v1::EventPayload> {
    core::RationalOverflowScope scope;
    absl::StatusOr<v1::EventPayload> payload = decide_at(s, at);
    if (scope.overflowed()) return Overflowed(method);
    return payload;
  };
  return Execute(method, std::move(command), outcome);
}

replay::Command CommandRunner::NewCommand(
    const v1::Principal& principal, const std::string& method,
    const google::protobuf::Message& request, const v1::CommandOptions& options,
    const std::string& tournament_id) {
  replay::Command command;
  command.tournament_id = tournament_id;
  command.idempotency_key = options.idempotency_key();
  if (options.has_expected_version()) {
    command.expected_version = options.expected_version();
  }
  command.fingerprint = Fingerprint(method, request);
  command.actor = ActorOf(principal);
  command.provenance = options.provenance();
  return command;
}

absl::StatusOr<v1::Event> CommandRunner::Execute(const std::string& method,
                                                 replay::Command command,
                                                 v1::CommandOutcome* outcome) {
  const std::string tournament_id = command.tournament_id;
  const std::string who = absl::StrCat(
      command.actor.identity(), command.actor.device().empty() ? "" : "@",
      command.actor.device());
  absl::StatusOr<replay::CommandResult> result =
      log_.Execute(std::move(command));
  if (!result.ok() && result.status().code() == absl::StatusCode::kOutOfRange &&
      absl::StartsWith(result.status().message(), kOverflowMarker)) {
    result =
        OverflowStatus(&log_, tournament_id, absl::StrCat("this ", method));
  }
  if (!result.ok()) {
    LogLine(
        absl::StrCat("refused ", method, " from ", who, " on '", tournament_id,
                     "': ", absl::StatusCodeToString(result.status().code()),
                     ": ", result.status().message()),
        LogLevel::kWarning,
        {{"event", "refused"},
         {"rpc", method},
         {"principal", who},
         {"tournament", tournament_id},
         {"code", absl::StatusCodeToString(result.status().code())}});
    return result.status();
  }
  const v1::Event& event = result->event;
  outcome->set_sequence(event.sequence());
  outcome->set_stream_version(event.stream_version());
  *outcome->mutable_received_at() = event.received_at();
  outcome->set_event_hash(event.hash());
  outcome->set_replayed(result->replayed);
  return event;
}

}  // namespace tally::server
