// Crash recovery with an oracle (after RocksDB's db_crashtest): clients
// enter results while tallyd is SIGKILLed mid-session; on restart every
// acknowledged result is there exactly once, nothing is half-applied, the
// chain verifies, the standings equal a fresh replay of the log, and
// retrying every command completes the session without a duplicate.

#include <atomic>
#include <map>
#include <set>
#include <thread>

#include "absl/synchronization/mutex.h"
#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "tests/client_calls.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

constexpr char kTournament[] = "crash";
constexpr int kClients = 8;

// The idempotency keys of the results entered in the log, with a count.
std::map<std::string, int> ResultKeysInLog(grpc::Channel& channel) {
  std::map<std::string, int> keys;
  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(channel);
  EXPECT_THAT(log, IsOk());
  if (!log.ok()) return keys;
  for (size_t i = 0; i < log->size(); ++i) {
    EXPECT_EQ((*log)[i].sequence(), i + 1) << "gap in the log";
    if ((*log)[i].payload().has_result_entered()) {
      ++keys[(*log)[i].idempotency_key()];
    }
  }
  return keys;
}

TEST(CrashRecoveryTest, AcknowledgedResultsSurviveSigkillExactlyOnce) {
  const std::string dir = MakeTempDir("crash");
  TallydProcess tallyd(TallydPath(), dir);
  ASSERT_THAT(tallyd.Start(), IsOk());
  ASSERT_THAT(SetUpSession(*tallyd.channel(), kTournament), IsOk());
  const std::vector<v1::EnterResultRequest> results =
      AllScriptedResults(kTournament);

  absl::Mutex mu;
  std::set<std::string> acknowledged;  // guarded by mu
  std::atomic<int> acks = 0;
  std::shared_ptr<grpc::Channel> channel = tallyd.channel();
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      for (size_t i = c; i < results.size(); i += kClients) {
        absl::StatusOr<v1::EnterResultResponse> r =
            EnterResult(*channel, results[i]);
        if (!r.ok()) return;  // the server is gone: stop, unacknowledged
        absl::MutexLock lock(&mu);
        acknowledged.insert(results[i].options().idempotency_key());
        ++acks;
      }
    });
  }
  // Kill while appends are in flight: after a third of the results.
  while (acks < static_cast<int>(results.size()) / 3) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  tallyd.Kill();
  for (std::thread& t : clients) t.join();
  ASSERT_GT(acknowledged.size(), 0u);
  ASSERT_LT(acknowledged.size(), results.size());

  ASSERT_THAT(tallyd.Start(), IsOk());
  grpc::Channel& restarted = *tallyd.channel();
  EXPECT_THAT(VerifyChain(restarted), IsOk());
  std::map<std::string, int> in_log = ResultKeysInLog(restarted);
  for (const std::string& key : acknowledged) {
    EXPECT_EQ(in_log[key], 1) << key << " was acknowledged";
  }
  for (const auto& [key, count] : in_log) {
    EXPECT_EQ(count, 1) << key << " appears more than once";
  }

  // The projection rebuilt at start-up equals a replay from scratch.
  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(restarted);
  ASSERT_THAT(log, IsOk());
  absl::StatusOr<v1::Standings> live = GetStandings(restarted, kTournament);
  absl::StatusOr<v1::Standings> replayed =
      GetStandingsAsOf(restarted, kTournament, log->size());
  ASSERT_THAT(live, IsOk());
  ASSERT_THAT(replayed, IsOk());
  EXPECT_EQ(live->SerializeAsString(), replayed->SerializeAsString());

  // Retrying every command completes the session: acknowledged ones come
  // back as the original outcome, the rest are applied once.
  for (const v1::EnterResultRequest& r : results) {
    absl::StatusOr<v1::EnterResultResponse> response =
        EnterResult(restarted, r);
    ASSERT_THAT(response, IsOk());
    if (acknowledged.contains(r.options().idempotency_key())) {
      EXPECT_TRUE(response->outcome().replayed());
    }
  }
  in_log = ResultKeysInLog(restarted);
  EXPECT_EQ(in_log.size(), results.size());
  for (const auto& [key, count] : in_log) EXPECT_EQ(count, 1) << key;
  absl::StatusOr<v1::Standings> final_standings =
      GetStandings(restarted, kTournament);
  ASSERT_THAT(final_standings, IsOk());
  EXPECT_EQ(final_standings->results_entered(), 147);
  EXPECT_EQ(tallyd.Stop(), 0);
}

}  // namespace
}  // namespace tally::testing
