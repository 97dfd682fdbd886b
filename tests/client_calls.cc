#include "tests/client_calls.h"

#include <future>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "grpcpp/generic/generic_stub.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tally/v1/watch.grpc.pb.h"
#include "tests/seven_table_session.h"

namespace tally::testing {
namespace {

std::shared_ptr<grpc::Channel> Borrow(grpc::Channel& channel) {
  return std::shared_ptr<grpc::Channel>(&channel, [](grpc::Channel*) {});
}

std::unique_ptr<grpc::ClientContext> Context() {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() +
                        std::chrono::seconds(20));
  return context;
}

// A server-streaming RPC: AuditService.ReadLog, read to its end, or one of
// WatchService's watches, which follow the log for ever: its first item
// shows the call was accepted, and the call is then cancelled. A refused
// request ends the stream at once with its status.
grpc::Status CallStreaming(grpc::Channel& channel,
                           const google::protobuf::MethodDescriptor& method,
                           const google::protobuf::Message& request) {
  auto context = Context();
  auto typed = [&](auto message) {
    message.ParseFromString(request.SerializeAsString());
    return message;
  };
  auto first_item = [&](auto reader, auto item) {
    if (reader->Read(&item)) {
      context->TryCancel();
      while (reader->Read(&item)) {
      }
      reader->Finish();
      return grpc::Status::OK;
    }
    return reader->Finish();
  };
  if (method.name() == "ReadLog") {
    auto reader = v1::AuditService::NewStub(Borrow(channel))
                      ->ReadLog(context.get(), typed(v1::ReadLogRequest()));
    v1::Event ignored;
    while (reader->Read(&ignored)) {
    }
    return reader->Finish();
  }
  auto watch = v1::WatchService::NewStub(Borrow(channel));
  if (method.name() == "WatchLog") {
    return first_item(
        watch->WatchLog(context.get(), typed(v1::WatchLogRequest())),
        v1::Event());
  }
  if (method.name() == "WatchStandings") {
    return first_item(watch->WatchStandings(context.get(),
                                            typed(v1::GetStandingsRequest())),
                      v1::Standings());
  }
  return first_item(
      watch->WatchTraveller(context.get(), typed(v1::GetTravellerRequest())),
      v1::Traveller());
}

}  // namespace

std::unique_ptr<grpc::ClientContext> ContextAs(const std::string& identity) {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() +
                        std::chrono::seconds(60));
  context->AddMetadata("tally-identity", identity);
  return context;
}

v1::CommandOptions Key(const std::string& key) {
  v1::CommandOptions o;
  o.set_idempotency_key(key);
  return o;
}

absl::StatusOr<v1::EnterResultResponse> EnterResult(
    grpc::Channel& channel, const v1::EnterResultRequest& request) {
  v1::EnterResultResponse response;
  grpc::Status s = v1::VenueService::NewStub(Borrow(channel))
                       ->EnterResult(Context().get(), request, &response);
  if (!s.ok()) return server::FromGrpcStatus(s);
  return response;
}

absl::StatusOr<v1::Standings> GetStandings(grpc::Channel& channel,
                                           const std::string& tournament) {
  v1::GetStandingsRequest r;
  r.set_tournament_id(tournament);
  r.set_competition_id(kCompetition);
  r.set_session(1);
  v1::Standings out;
  grpc::Status s = v1::QueryService::NewStub(Borrow(channel))
                       ->GetStandings(Context().get(), r, &out);
  if (!s.ok()) return server::FromGrpcStatus(s);
  return out;
}

absl::StatusOr<v1::Standings> GetStandingsAsOf(grpc::Channel& channel,
                                               const std::string& tournament,
                                               uint64_t sequence) {
  v1::GetStandingsAsOfRequest r;
  r.mutable_standings()->set_tournament_id(tournament);
  r.mutable_standings()->set_competition_id(kCompetition);
  r.mutable_standings()->set_session(1);
  r.mutable_as_of()->set_sequence(sequence);
  v1::Standings out;
  grpc::Status s = v1::AuditService::NewStub(Borrow(channel))
                       ->GetStandingsAsOf(Context().get(), r, &out);
  if (!s.ok()) return server::FromGrpcStatus(s);
  return out;
}

absl::StatusOr<std::vector<v1::Event>> ReadWholeLog(grpc::Channel& channel) {
  auto stub = v1::AuditService::NewStub(Borrow(channel));
  auto context = Context();
  v1::ReadLogRequest r;
  std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
      stub->ReadLog(context.get(), r);
  std::vector<v1::Event> events;
  v1::Event e;
  while (reader->Read(&e)) events.push_back(e);
  grpc::Status s = reader->Finish();
  if (!s.ok()) return server::FromGrpcStatus(s);
  return events;
}

absl::Status VerifyChain(grpc::Channel& channel) {
  v1::ChainVerification v;
  grpc::Status s = v1::AuditService::NewStub(Borrow(channel))
                       ->VerifyChain(Context().get(), {}, &v);
  if (!s.ok()) return server::FromGrpcStatus(s);
  if (!v.ok()) {
    return absl::DataLossError(absl::StrCat(
        "chain broken at ", v.first_bad_sequence(), ": ", v.problem()));
  }
  return absl::OkStatus();
}

grpc::Status CallMethod(grpc::Channel& channel,
                        const google::protobuf::MethodDescriptor& method,
                        const google::protobuf::Message& request) {
  auto context = Context();
  if (method.server_streaming()) return CallStreaming(channel, method, request);
  grpc::GenericStub stub(Borrow(channel));
  const std::string bytes = request.SerializeAsString();
  grpc::Slice slice(bytes);
  grpc::ByteBuffer in(&slice, 1);
  grpc::ByteBuffer out;
  std::promise<grpc::Status> done;
  stub.UnaryCall(
      context.get(),
      absl::StrCat("/", method.service()->full_name(), "/", method.name()),
      grpc::StubOptions(), &in, &out,
      [&done](grpc::Status s) { done.set_value(std::move(s)); });
  return done.get_future().get();
}

double MetricSample(const std::string& page, const std::string& series) {
  for (absl::string_view line : absl::StrSplit(page, '\n')) {
    if (absl::ConsumePrefix(&line, series) && absl::ConsumePrefix(&line, " ")) {
      double value = 0;
      if (absl::SimpleAtod(line, &value)) return value;
    }
  }
  return -1;
}

}  // namespace tally::testing
