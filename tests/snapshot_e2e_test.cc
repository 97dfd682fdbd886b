// tallyd's snapshots of the projection (replay/snapshot/) across restarts:
// a clean stop writes one, the next start checks every link of the chain
// but folds only the events after it, and serves the same standings as a
// start that folds every event; a crash after more events folds only
// those. Counted on /metrics (tally_startup_events_*), not timed.

#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "tests/client_calls.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

constexpr char kTournament[] = "snap";

class SnapshotE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("snapshot");
    tallyd_ = std::make_unique<TallydProcess>(TallydPath(), dir_ + "/data");
    tallyd_->AddFlag("--http_listen=127.0.0.1:0");
    tallyd_->AddFlag("--http_port_file=" + dir_ + "/http.port");
    // No periodic snapshot in these few events: only the one at a stop.
    tallyd_->AddFlag("--snapshot_every=100000");
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
  double Folded() { return Metric("tally_startup_events_folded"); }
  double Checked() { return Metric("tally_startup_events_checked"); }
  double From() { return Metric("tally_startup_snapshot_sequence"); }

  // The events in the log now.
  double Events() {
    absl::StatusOr<std::vector<v1::Event>> log =
        ReadWholeLog(*tallyd_->channel());
    EXPECT_THAT(log, IsOk());
    return log.ok() ? static_cast<double>(log->size()) : -1;
  }

  std::string dir_;
  std::unique_ptr<TallydProcess> tallyd_;
};

TEST_F(SnapshotE2eTest, ARestartFoldsOnlyTheEventsAfterTheSnapshotOfTheStop) {
  ASSERT_THAT(tallyd_->Start(), IsOk());
  ASSERT_THAT(SetUpSession(*tallyd_->channel(), kTournament), IsOk());
  for (int board = 1; board <= 3; ++board) {
    ASSERT_THAT(
        EnterResult(*tallyd_->channel(), ScriptedResult(kTournament, board, 1)),
        IsOk());
  }
  const double events = Events();
  ASSERT_GT(events, 3);
  EXPECT_EQ(Folded(), 0);         // a new log
  ASSERT_EQ(tallyd_->Stop(), 0);  // a clean stop writes a snapshot

  ASSERT_THAT(tallyd_->Start(), IsOk());
  EXPECT_EQ(Checked(), events);  // every link of the chain
  EXPECT_EQ(From(), events);
  EXPECT_EQ(Folded(), 0);
  // The operator's start-up line says where the State came from.
  EXPECT_THAT(ReadFileBytes(dir_ + "/data.log"),
              HasSubstr(absl::StrCat(
                  " events replayed (every link checked; 0 folded after the "
                  "snapshot at event ",
                  static_cast<uint64_t>(events), ")")));
  EXPECT_THAT(VerifyChain(*tallyd_->channel()), IsOk());
  absl::StatusOr<v1::Standings> from_snapshot =
      GetStandings(*tallyd_->channel(), kTournament);
  ASSERT_THAT(from_snapshot, IsOk());

  // Two more results, then a crash: no snapshot at the stop.
  for (int board = 4; board <= 5; ++board) {
    ASSERT_THAT(
        EnterResult(*tallyd_->channel(), ScriptedResult(kTournament, board, 2)),
        IsOk());
  }
  tallyd_->Kill();
  ASSERT_THAT(tallyd_->Start(), IsOk());
  EXPECT_EQ(Checked(), events + 2);
  EXPECT_EQ(From(), events);
  EXPECT_EQ(Folded(), 2);
  absl::StatusOr<v1::Standings> after_crash =
      GetStandings(*tallyd_->channel(), kTournament);
  ASSERT_THAT(after_crash, IsOk());
  tallyd_->Kill();

  // The same log folded event by event serves the same standings.
  tallyd_->AddFlag("--use_snapshots=false");
  ASSERT_THAT(tallyd_->Start(), IsOk());
  EXPECT_EQ(Folded(), events + 2);
  EXPECT_EQ(From(), 0);
  absl::StatusOr<v1::Standings> full =
      GetStandings(*tallyd_->channel(), kTournament);
  ASSERT_THAT(full, IsOk());
  EXPECT_TRUE(
      google::protobuf::util::MessageDifferencer::Equals(*full, *after_crash))
      << full->ShortDebugString() << "\n"
      << after_crash->ShortDebugString();
  EXPECT_FALSE(google::protobuf::util::MessageDifferencer::Equals(
      *from_snapshot, *after_crash));  // the two results count
}

}  // namespace
}  // namespace tally::testing
