// ReadAdmission (server/read_admission.h): the bound holds under many
// threads, waiting reads are admitted in the order they came, a waiting
// read gives up at its deadline or when its client leaves; and, through
// the real services on an in-process gRPC server, a read past its
// deadline is refused while commands and the health check are not held.

#include "server/read_admission.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "grpcpp/grpcpp.h"
#include "grpcpp/health_check_service_interface.h"
#include "grpcpp/impl/codegen/client_unary_call.h"
#include "gtest/gtest.h"
#include "replay/state/event_log.h"
#include "server/gate.h"
#include "server/metrics/metrics_registry.h"
#include "server/metrics/rpc_metrics_interceptor.h"
#include "server/principal_store.h"
#include "server/services.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::server {
namespace {

using ::testing::HasSubstr;

// Waits (a few seconds at most) until `done()`.
template <typename Done>
bool Eventually(Done done) {
  const absl::Time give_up = absl::Now() + absl::Seconds(10);
  while (!done()) {
    if (absl::Now() > give_up) return false;
    absl::SleepFor(absl::Milliseconds(1));
  }
  return true;
}

TEST(ReadAdmissionTest, NoMoreThanTheBoundRunAtOnceUnderManyThreads) {
  // 32 threads × 20 reads, each holding its slot ~0.2 ms, through a bound
  // of 3: the number inside never exceeds 3, and every read gets in.
  ReadAdmission reads(3);
  std::atomic<int> inside = 0, most = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 32; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 20; ++i) {
        absl::StatusOr<ReadAdmission::Slot> slot =
            reads.Enter("test read", absl::InfiniteFuture(), nullptr);
        ASSERT_TRUE(slot.ok()) << slot.status();
        const int now = ++inside;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
        absl::SleepFor(absl::Microseconds(200));
        --inside;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_LE(most.load(), 3);
  EXPECT_GE(most.load(), 1);
  EXPECT_EQ(reads.admitted(), 32u * 20u);
  EXPECT_EQ(reads.running(), 0);
  EXPECT_EQ(reads.waiting(), 0);
  // 32 threads on 3 slots: some must have waited.
  EXPECT_GT(reads.waited(), 0u);
}

TEST(ReadAdmissionTest, WaitingReadsAreAdmittedInTheOrderTheyCame) {
  ReadAdmission reads(1);
  absl::StatusOr<ReadAdmission::Slot> held =
      reads.Enter("held", absl::InfiniteFuture(), nullptr);
  ASSERT_TRUE(held.ok());
  std::mutex order_mu;
  std::vector<int> order;
  std::vector<std::thread> threads;
  for (int k = 0; k < 5; ++k) {
    threads.emplace_back([&, k] {
      absl::StatusOr<ReadAdmission::Slot> slot =
          reads.Enter("queued", absl::InfiniteFuture(), nullptr);
      ASSERT_TRUE(slot.ok());
      std::lock_guard<std::mutex> lock(order_mu);
      order.push_back(k);
    });
    // The next comes only once this one waits. (EXPECT, not ASSERT: the
    // threads started must still be joined.)
    EXPECT_TRUE(Eventually([&] { return reads.waiting() == k + 1; }));
  }
  *held = ReadAdmission::Slot();  // gives the slot to the first in line
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(reads.running(), 0);
}

TEST(ReadAdmissionTest, AWaitingReadGivesUpAtItsDeadline) {
  ReadAdmission reads(1);
  absl::StatusOr<ReadAdmission::Slot> held =
      reads.Enter("held", absl::InfiniteFuture(), nullptr);
  ASSERT_TRUE(held.ok());
  const absl::Time start = absl::Now();
  absl::StatusOr<ReadAdmission::Slot> late = reads.Enter(
      "QueryService.GetStandings", start + absl::Milliseconds(150), nullptr);
  const absl::Duration took = absl::Now() - start;
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_THAT(late.status().message(),
              HasSubstr("QueryService.GetStandings waited"));
  EXPECT_THAT(late.status().message(), HasSubstr("--max_concurrent_reads"));
  EXPECT_GE(took, absl::Milliseconds(150));
  EXPECT_LT(took, absl::Seconds(5));
  EXPECT_EQ(reads.gave_up(ReadAdmission::GaveUp::kDeadline), 1u);
  EXPECT_EQ(reads.waiting(), 0);
  // The read that gave up took no place: once the holder lets go, nothing
  // runs and the next read gets in at once.
  *held = ReadAdmission::Slot();
  EXPECT_EQ(reads.running(), 0);
  absl::StatusOr<ReadAdmission::Slot> next =
      reads.Enter("next", absl::Now(), nullptr);
  EXPECT_TRUE(next.ok()) << next.status();
}

TEST(ReadAdmissionTest, AReadWhoseClientLeavesIsCancelled) {
  ReadAdmission reads(1);
  absl::StatusOr<ReadAdmission::Slot> held =
      reads.Enter("held", absl::InfiniteFuture(), nullptr);
  ASSERT_TRUE(held.ok());
  std::atomic<bool> left = false;
  std::thread client([&] {
    ASSERT_TRUE(Eventually([&] { return reads.waiting() == 1; }));
    left = true;
  });
  absl::StatusOr<ReadAdmission::Slot> gone =
      reads.Enter("QueryService.GetTraveller", absl::InfiniteFuture(),
                  [&] { return left.load(); });
  client.join();
  ASSERT_FALSE(gone.ok());
  EXPECT_EQ(gone.status().code(), absl::StatusCode::kCancelled);
  EXPECT_THAT(gone.status().message(), HasSubstr("the client left"));
  EXPECT_EQ(reads.gave_up(ReadAdmission::GaveUp::kCancelled), 1u);
  EXPECT_EQ(reads.waiting(), 0);
}

TEST(ReadAdmissionTest, ABoundOfZeroAdmitsEveryReadAtOnce) {
  ReadAdmission reads(0);
  std::vector<ReadAdmission::Slot> slots;
  for (int i = 0; i < 50; ++i) {
    // A deadline already past: admitted anyway, as nothing waits.
    absl::StatusOr<ReadAdmission::Slot> slot =
        reads.Enter("read", absl::InfinitePast(), nullptr);
    ASSERT_TRUE(slot.ok());
    slots.push_back(*std::move(slot));
  }
  EXPECT_EQ(reads.waited(), 0u);
  EXPECT_EQ(reads.admitted(), 50u);
}

// The real services on an in-process gRPC server, with one read slot that
// the test holds.
class ReadAdmissionServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("read_admission_test." + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    replay::EventLog::Options options;
    options.path = dir_.string();
    absl::StatusOr<std::unique_ptr<replay::EventLog>> log =
        replay::EventLog::Open(options);
    ASSERT_TRUE(log.ok()) << log.status();
    log_ = *std::move(log);
    principals_ = PrincipalStore::InMemory([] { return absl::Now(); });
    v1::CreatePrincipalRequest admin;
    admin.set_id("test-admin");
    admin.set_role(v1::ROLE_ADMINISTRATOR);
    absl::StatusOr<v1::Credential> credential =
        principals_->CreateInProcess(admin);
    ASSERT_TRUE(credential.ok()) << credential.status();
    token_ = credential->token();
    gate_ = std::make_unique<Gate>(*principals_, GateLimits{});
    director_ = std::make_unique<DirectorService>(*log_, *gate_);
    query_ = std::make_unique<QueryService>(
        *log_, *gate_, [] { return absl::Now(); },
        replay::StandingsCache::kDefaultMaxBytes, &reads_);
    grpc::EnableDefaultHealthCheckService(true);
    grpc::ServerBuilder builder;
    builder.RegisterService(director_.get());
    builder.RegisterService(query_.get());
    std::vector<
        std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
        interceptors;
    interceptors.push_back(
        std::make_unique<metrics::RpcMetricsInterceptorFactory>(&metrics_));
    builder.experimental().SetInterceptorCreators(std::move(interceptors));
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
    channel_ = server_->InProcessChannel(grpc::ChannelArguments());
  }

  void TearDown() override {
    if (server_ != nullptr) server_->Shutdown();
    server_.reset();
    query_.reset();
    director_.reset();
    log_.reset();
    std::filesystem::remove_all(dir_);
  }

  void Prepare(grpc::ClientContext& context, absl::Duration deadline) {
    context.AddMetadata("authorization", "Bearer " + token_);
    context.set_deadline(absl::ToChronoTime(absl::Now() + deadline));
  }

  grpc::Status ListTournaments(absl::Duration deadline,
                               v1::ListTournamentsResponse* out) {
    grpc::ClientContext context;
    Prepare(context, deadline);
    return v1::QueryService::NewStub(channel_)->ListTournaments(
        &context, v1::ListTournamentsRequest(), out);
  }

  // The gauge `name` of tallyd's metrics interceptor, now.
  double Gauge(const std::string& name) {
    return metrics_.GetGauge(name, "").value();
  }

  ReadAdmission reads_{1};
  metrics::MetricsRegistry metrics_;
  std::filesystem::path dir_;
  std::unique_ptr<replay::EventLog> log_;
  std::unique_ptr<PrincipalStore> principals_;
  std::string token_;
  std::unique_ptr<Gate> gate_;
  std::unique_ptr<DirectorService> director_;
  std::unique_ptr<QueryService> query_;
  std::unique_ptr<grpc::Server> server_;
  std::shared_ptr<grpc::Channel> channel_;
};

TEST_F(ReadAdmissionServiceTest,
       AQueryPastItsDeadlineIsRefusedWhileCommandsGoOn) {
  absl::StatusOr<ReadAdmission::Slot> held =
      reads_.Enter("held by the test", absl::InfiniteFuture(), nullptr);
  ASSERT_TRUE(held.ok());

  // Every read slot is taken: a query waits until its deadline.
  v1::ListTournamentsResponse listed;
  grpc::Status refused = ListTournaments(absl::Milliseconds(300), &listed);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED)
      << refused.error_message();
  // The server's side gives up at the same deadline (the client may see
  // it first); it read nothing.
  EXPECT_TRUE(Eventually(
      [&] { return reads_.gave_up(ReadAdmission::GaveUp::kDeadline) == 1; }));
  EXPECT_EQ(reads_.admitted(), 1u);  // the test's own slot only

  // A command is not held by the readers' bound.
  {
    v1::CreateTournamentRequest request;
    request.mutable_options()->set_idempotency_key("create-club");
    request.set_tournament_id("club");
    request.set_name("Club");
    v1::CommandOutcome outcome;
    grpc::ClientContext context;
    Prepare(context, absl::Seconds(5));
    grpc::Status s = v1::DirectorService::NewStub(channel_)->CreateTournament(
        &context, request, &outcome);
    EXPECT_TRUE(s.ok()) << s.error_message();
    EXPECT_EQ(outcome.sequence(), 1u);
  }
  // Nor is the health check.
  {
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(5)));
    const grpc::internal::RpcMethod method(
        "/grpc.health.v1.Health/Check", grpc::internal::RpcMethod::NORMAL_RPC);
    grpc::Slice empty("");
    grpc::ByteBuffer request(&empty, 1), response;
    grpc::Status s = grpc::internal::BlockingUnaryCall(
        channel_.get(), method, &context, request, &response);
    EXPECT_TRUE(s.ok()) << s.error_message();
  }

  // Once the slot is free, the query is answered, with the command's
  // tournament.
  *held = ReadAdmission::Slot();
  grpc::Status answered = ListTournaments(absl::Seconds(5), &listed);
  ASSERT_TRUE(answered.ok()) << answered.error_message();
  ASSERT_EQ(listed.tournaments_size(), 1);
  EXPECT_EQ(listed.tournaments(0).tournament_id(), "club");
}

TEST_F(ReadAdmissionServiceTest, AWaitingQueryIsAnsweredWhenASlotFrees) {
  absl::StatusOr<ReadAdmission::Slot> held =
      reads_.Enter("held by the test", absl::InfiniteFuture(), nullptr);
  ASSERT_TRUE(held.ok());
  grpc::Status answered;
  v1::ListTournamentsResponse listed;
  std::thread reader(
      [&] { answered = ListTournaments(absl::Seconds(10), &listed); });
  EXPECT_TRUE(Eventually([&] { return reads_.waiting() == 1; }));
  *held = ReadAdmission::Slot();
  reader.join();
  EXPECT_TRUE(answered.ok()) << answered.error_message();
  EXPECT_EQ(reads_.waited(), 1u);
  EXPECT_EQ(reads_.running(), 0);
}

// GetStandings, which QueryService serves as bytes through a streamed-unary
// handler, waits for a read slot like any query, and the metrics count it
// as the unary call it is: in flight while it waits, not an open stream.
TEST_F(ReadAdmissionServiceTest, GetStandingsWaitsForItsSlotAndIsNoStream) {
  absl::StatusOr<ReadAdmission::Slot> held =
      reads_.Enter("held by the test", absl::InfiniteFuture(), nullptr);
  ASSERT_TRUE(held.ok());
  grpc::Status answered;
  std::thread reader([&] {
    v1::GetStandingsRequest request;
    request.set_tournament_id("club");
    request.set_competition_id("pairs");
    request.set_session(1);
    v1::Standings standings;
    grpc::ClientContext context;
    Prepare(context, absl::Seconds(10));
    answered = v1::QueryService::NewStub(channel_)->GetStandings(
        &context, request, &standings);
  });
  EXPECT_TRUE(Eventually([&] { return reads_.waiting() == 1; }));
  EXPECT_EQ(Gauge("tally_rpcs_in_flight"), 1);
  EXPECT_EQ(Gauge("tally_streams_open"), 0);
  *held = ReadAdmission::Slot();
  reader.join();
  // No tournament "club" in this log: BuildStandings' NOT_FOUND, once the
  // read was admitted.
  EXPECT_EQ(answered.error_code(), grpc::StatusCode::NOT_FOUND)
      << answered.error_message();
  EXPECT_EQ(reads_.waited(), 1u);
  EXPECT_TRUE(Eventually([&] { return Gauge("tally_rpcs_in_flight") == 0; }));
}

}  // namespace
}  // namespace tally::server
