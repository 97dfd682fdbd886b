#include "server/command_runner.h"

#include <memory>

#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "replay/sha256.h"
#include "server/log_line.h"

namespace tally::server {
namespace {

std::string Metadata(grpc::ServerContext* context, const char* key) {
  const auto& md = context->client_metadata();
  auto it = md.find(key);
  if (it == md.end()) return "";
  return std::string(it->second.data(), it->second.size());
}

}  // namespace

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
  replay::Command command =
      NewCommand(context, role, method, request, options, tournament_id);
  command.decide = std::move(decide);
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
  replay::Command command =
      NewCommand(context, role, method, request, options, tournament_id);
  command.decide_at = std::move(decide_at);
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
