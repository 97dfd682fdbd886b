// QueryService.GetStandings through a real tallyd, which sends a cached
// answer's serialised bytes as they are (issue #19; server/services.h
// GetStandingsBytes, replay/queries/standings_cache.h GetSerialized): the
// answer parses to exactly BuildStandings' answer for the State it names
// (AuditService.GetStandingsAsOf replays the log to that event and runs
// BuildStandings on it), before and after its tournament changes and when
// only another tournament's events move its as_of_sequence; refusals and
// errors are those of the unary handler it replaces (the gate's, the
// request validator's, BuildStandings' own, gRPC's for an unparsable
// request); and /metrics counts it by its name and status as before.

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "grpcpp/impl/codegen/client_unary_call.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "replay/pairs/queries.h"
#include "replay/state/state.h"
#include "server/request_validator.h"
#include "tally/v1/access.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

constexpr char kTournament[] = "bytes";

class StandingsBytesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("standings_bytes");
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(), dir_ + "/data");
    tallyd_->AddFlag("--http_listen=127.0.0.1:0");
    tallyd_->AddFlag("--http_port_file=" + dir_ + "/http.port");
    ASSERT_THAT(tallyd_->Start(), IsOk());
    ASSERT_THAT(SetUpSession(*tallyd_->channel(), kTournament), IsOk());
  }
  void TearDown() override {
    tallyd_.reset();
    std::filesystem::remove_all(dir_);
  }

  // GetStandings' answer, its as_of_sequence, and GetStandingsAsOf of that
  // sequence (BuildStandings on the log replayed to it), both serialised.
  void ExpectAnswerIsBuildStandingsOfItsState(uint64_t expected_as_of) {
    absl::StatusOr<v1::Standings> live =
        GetStandings(*tallyd_->channel(), kTournament);
    ASSERT_THAT(live, IsOk());
    EXPECT_EQ(live->as_of_sequence(), expected_as_of);
    absl::StatusOr<v1::Standings> replayed = GetStandingsAsOf(
        *tallyd_->channel(), kTournament, live->as_of_sequence());
    ASSERT_THAT(replayed, IsOk());
    EXPECT_EQ(live->SerializeAsString(), replayed->SerializeAsString());
  }

  uint64_t Enter(size_t first, size_t end) {
    const std::vector<v1::EnterResultRequest> results =
        AllScriptedResults(kTournament);
    uint64_t sequence = 0;
    for (size_t i = first; i < end && i < results.size(); ++i) {
      absl::StatusOr<v1::EnterResultResponse> r =
          EnterResult(*tallyd_->channel(), results[i]);
      EXPECT_THAT(r, IsOk());
      if (r.ok()) sequence = r->outcome().sequence();
    }
    return sequence;
  }

  grpc::Status Call(grpc::Channel& channel, const v1::GetStandingsRequest& r,
                    v1::Standings* out) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() +
                         std::chrono::seconds(20));
    return v1::QueryService::NewStub(
               std::shared_ptr<grpc::Channel>(&channel, [](grpc::Channel*) {}))
        ->GetStandings(&context, r, out);
  }

  double Metric(const std::string& series) {
    std::ifstream port_file(dir_ + "/http.port");
    int port = 0;
    port_file >> port;
    httplib::Client http("127.0.0.1", port);
    httplib::Result page = http.Get("/metrics");
    EXPECT_TRUE(page) << "no answer from /metrics";
    return page ? MetricSample(page->body, series) : -1;
  }

  std::string dir_;
  std::unique_ptr<TallydProcess> tallyd_;
};

TEST_F(StandingsBytesTest, TheAnswerIsBuildStandingsOfTheStateItNames) {
  const uint64_t half = Enter(0, kBoards * kTables / 2);
  ExpectAnswerIsBuildStandingsOfItsState(half);
  ExpectAnswerIsBuildStandingsOfItsState(half);  // from the cache

  // Another tournament's events: the same bytes, a later as_of_sequence.
  ASSERT_THAT(SetUpSession(*tallyd_->channel(), "other"), IsOk());
  absl::StatusOr<std::vector<v1::Event>> log =
      ReadWholeLog(*tallyd_->channel());
  ASSERT_THAT(log, IsOk());
  ASSERT_GT(log->size(), half);
  ExpectAnswerIsBuildStandingsOfItsState(log->size());

  // The rest of the session: computed again.
  const uint64_t all = Enter(kBoards * kTables / 2, kBoards * kTables);
  ExpectAnswerIsBuildStandingsOfItsState(all);
  absl::StatusOr<v1::Standings> last =
      GetStandings(*tallyd_->channel(), kTournament);
  ASSERT_THAT(last, IsOk());
  EXPECT_EQ(last->results_entered(), kBoards * kTables);
}

TEST_F(StandingsBytesTest, ErrorsAreTheUnaryHandlersOnes) {
  v1::Standings out;
  // BuildStandings' own: an unknown tournament (worded as in any State).
  v1::GetStandingsRequest unknown;
  unknown.set_tournament_id("nowhere");
  unknown.set_competition_id(kCompetition);
  unknown.set_session(1);
  const absl::Status built =
      replay::BuildStandings(replay::State(), unknown).status();
  ASSERT_EQ(built.code(), absl::StatusCode::kNotFound);
  grpc::Status s = Call(*tallyd_->channel(), unknown, &out);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(s.error_message(), built.message());

  // The request validator's: a session number past every limit
  // (docs/input-limits.md: integers up to 1,000,000).
  v1::GetStandingsRequest too_far = unknown;
  too_far.set_tournament_id(kTournament);
  too_far.set_session(2000000);
  const absl::Status invalid = server::ValidateRequest(too_far);
  ASSERT_EQ(invalid.code(), absl::StatusCode::kInvalidArgument);
  s = Call(*tallyd_->channel(), too_far, &out);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(), invalid.message());

  // gRPC's own for bytes that are no GetStandingsRequest, as for any
  // unary method of the service (GetTournament's).
  auto raw = [&](const std::string& method) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + tallyd_->admin_token());
    const grpc::internal::RpcMethod rpc(method.c_str(),
                                        grpc::internal::RpcMethod::NORMAL_RPC);
    grpc::Slice garbage(std::string("\xff\xff\xff", 3));
    grpc::ByteBuffer request(&garbage, 1), response;
    return grpc::internal::BlockingUnaryCall(
        tallyd_->ChannelWithToken("").get(), rpc, &context, request, &response);
  };
  const grpc::Status malformed = raw("/tally.v1.QueryService/GetStandings");
  const grpc::Status unary = raw("/tally.v1.QueryService/GetTournament");
  EXPECT_NE(malformed.error_code(), grpc::StatusCode::OK);
  EXPECT_EQ(malformed.error_code(), unary.error_code());
  EXPECT_EQ(malformed.error_message(), unary.error_message());
}

TEST_F(StandingsBytesTest, RefusedWithoutCredentialsOrOutsideTheScope) {
  v1::GetStandingsRequest r;
  r.set_tournament_id(kTournament);
  r.set_competition_id(kCompetition);
  r.set_session(1);
  v1::Standings out;
  grpc::Status s = Call(*tallyd_->ChannelWithToken(""), r, &out);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  s = Call(*tallyd_->ChannelWithToken("not-a-token"), r, &out);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::UNAUTHENTICATED);

  // A director of another tournament (server/access_table.cc: readers of
  // GetStandings are scoped to their tournament).
  v1::CreatePrincipalRequest td;
  td.set_role(v1::ROLE_DIRECTOR);
  td.set_id("td:elsewhere");
  td.mutable_scope()->set_tournament_id("elsewhere");
  v1::Credential credential;
  ASSERT_TRUE(v1::AccessService::NewStub(tallyd_->channel())
                  ->CreatePrincipal(ContextAs("").get(), td, &credential)
                  .ok());
  s = Call(*tallyd_->ChannelWithToken(credential.token()), r, &out);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(s.error_message(), HasSubstr("QueryService.GetStandings"));
  EXPECT_EQ(out.fields_size(), 0);
}

TEST_F(StandingsBytesTest, MetricsCountItsCalls) {
  Enter(0, kTables);
  const std::string ok =
      "tally_rpc_requests_total{rpc=\"QueryService.GetStandings\","
      "code=\"OK\"}";
  const double before = std::max(0.0, Metric(ok));
  for (int i = 0; i < 3; ++i) {
    ASSERT_THAT(GetStandings(*tallyd_->channel(), kTournament), IsOk());
  }
  EXPECT_EQ(Metric(ok), before + 3);
}

}  // namespace
}  // namespace tally::testing
