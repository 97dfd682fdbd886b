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

std::string Metadata(grpc::ServerContext* context, const char* key) {
  const auto& md = context->client_metadata();
  auto it = md.find(key);
  if (it == md.end()) return "";
  return std::string(it->second.data(), it->second.size());
}

// The decide step's marker for an overflow; Execute turns it into the
// status OverflowStatus gives (it may read the store, decide may not).
constexpr char kOverflowMarker[] = "[tally-overflow] ";

absl::Status Overflowed(const std::string& method) {
  return absl::OutOfRangeError(absl::StrCat(kOverflowMarker, method));
}

// The caller's identity and device (metadata) are stored in the event's
// actor: held to the limits of a name.
absl::Status CheckActorText(const char* header, const std::string& value) {
  if (value.size() > kMaxNameBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("metadata '", header, "' is at most ", kMaxNameBytes,
                     " bytes; ", QuoteForMessage(value), " is ", value.size()));
  }
  for (unsigned char c : value) {
    if (c < 0x20 || c == 0x7f) {
      return absl::InvalidArgumentError(absl::StrCat(
          "metadata '", header,
          "' holds no control characters: ", QuoteForMessage(value)));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CommandRunner::Admit(grpc::ServerContext* context,
                                  const std::string& method,
                                  const google::protobuf::Message& request) {
  absl::Status s = ValidateCommand(request);
  if (s.ok())
    s = CheckActorText(kIdentityHeader, Metadata(context, kIdentityHeader));
  if (s.ok())
    s = CheckActorText(kDeviceHeader, Metadata(context, kDeviceHeader));
  if (!s.ok()) {
    LogLine(absl::StrCat("refused ", method, ": ",
                         absl::StatusCodeToString(s.code()), ": ",
                         s.message()));
  }
  return s;
}

v1::Actor ActorOf(grpc::ServerContext* context, v1::Role role) {
  v1::Actor actor;
  actor.set_role(role);
  actor.set_identity(Metadata(context, kIdentityHeader));
  actor.set_device(Metadata(context, kDeviceHeader));
  if (actor.identity().empty()) actor.set_identity(context->peer());
  return actor;
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
    grpc::ServerContext* context, v1::Role role, const std::string& method,
    const google::protobuf::Message& request, const v1::CommandOptions& options,
    const std::string& tournament_id,
    std::function<absl::StatusOr<v1::EventPayload>(const replay::State&)>
        decide,
    v1::CommandOutcome* outcome) {
  TALLY_RETURN_IF_ERROR(Admit(context, method, request));
  replay::Command command =
      NewCommand(context, role, method, request, options, tournament_id);
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
    grpc::ServerContext* context, v1::Role role, const std::string& method,
    const google::protobuf::Message& request, const v1::CommandOptions& options,
    const std::string& tournament_id,
    std::function<absl::StatusOr<v1::EventPayload>(const replay::State&,
                                                   absl::Time)>
        decide_at,
    v1::CommandOutcome* outcome) {
  TALLY_RETURN_IF_ERROR(Admit(context, method, request));
  replay::Command command =
      NewCommand(context, role, method, request, options, tournament_id);
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
    grpc::ServerContext* context, v1::Role role, const std::string& method,
    const google::protobuf::Message& request, const v1::CommandOptions& options,
    const std::string& tournament_id) {
  replay::Command command;
  command.tournament_id = tournament_id;
  command.idempotency_key = options.idempotency_key();
  if (options.has_expected_version()) {
    command.expected_version = options.expected_version();
  }
  command.fingerprint = Fingerprint(method, request);
  command.actor = ActorOf(context, role);
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
                     ": ", result.status().message()));
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
