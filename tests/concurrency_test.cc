// Sixteen clients entering one session at once, each retrying every
// command and also re-sending its neighbour's: no duplicate, no gap in the
// sequence numbers, every retry answered with the first outcome, and the
// same standings as one client entering the same results alone.

#include <map>
#include <thread>

#include "absl/synchronization/mutex.h"
#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "tests/client_calls.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

constexpr char kTournament[] = "busy";
constexpr int kClients = 16;

v1::Standings WithoutLogPosition(v1::Standings s) {
  s.clear_as_of_sequence();
  return s;
}

TEST(ConcurrencyTest, SixteenRetryingClientsEqualOneClient) {
  const std::vector<v1::EnterResultRequest> results =
      AllScriptedResults(kTournament);

  TallydProcess busy(TallydPath(), MakeTempDir("busy"));
  ASSERT_THAT(busy.Start(), IsOk());
  ASSERT_THAT(SetUpSession(*busy.channel(), kTournament), IsOk());
  absl::Mutex mu;
  std::map<std::string, std::set<uint64_t>> sequences_by_key;  // by mu
  std::atomic<int> failures = 0;
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      auto send = [&](const v1::EnterResultRequest& r) {
        absl::StatusOr<v1::EnterResultResponse> response =
            EnterResult(*busy.channel(), r);
        if (!response.ok()) {
          ++failures;
          return;
        }
        absl::MutexLock lock(&mu);
        sequences_by_key[r.options().idempotency_key()].insert(
            response->outcome().sequence());
      };
      for (size_t i = c; i < results.size(); i += kClients) {
        send(results[i]);
        send(results[i]);  // a retry after a lost acknowledgement
        send(results[(i + 1) % results.size()]);  // a neighbour's retry
      }
    });
  }
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(failures, 0);
  ASSERT_EQ(sequences_by_key.size(), results.size());
  for (const auto& [key, sequences] : sequences_by_key) {
    EXPECT_EQ(sequences.size(), 1u) << key << " got two outcomes";
  }
  EXPECT_THAT(VerifyChain(*busy.channel()), IsOk());
  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(*busy.channel());
  ASSERT_THAT(log, IsOk());
  int entered = 0;
  for (size_t i = 0; i < log->size(); ++i) {
    EXPECT_EQ((*log)[i].sequence(), i + 1);
    entered += (*log)[i].payload().has_result_entered();
  }
  EXPECT_EQ(entered, static_cast<int>(results.size()));

  TallydProcess alone(TallydPath(), MakeTempDir("alone"));
  ASSERT_THAT(alone.Start(), IsOk());
  ASSERT_THAT(SetUpSession(*alone.channel(), kTournament), IsOk());
  for (const v1::EnterResultRequest& r : results) {
    ASSERT_THAT(EnterResult(*alone.channel(), r), IsOk());
  }
  absl::StatusOr<v1::Standings> busy_standings =
      GetStandings(*busy.channel(), kTournament);
  absl::StatusOr<v1::Standings> alone_standings =
      GetStandings(*alone.channel(), kTournament);
  ASSERT_THAT(busy_standings, IsOk());
  ASSERT_THAT(alone_standings, IsOk());
  EXPECT_EQ(WithoutLogPosition(*busy_standings).SerializeAsString(),
            WithoutLogPosition(*alone_standings).SerializeAsString());
  EXPECT_EQ(busy_standings->results_entered(), 147);
}

}  // namespace
}  // namespace tally::testing
