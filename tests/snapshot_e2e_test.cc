// tallyd's snapshots of the projection (replay/snapshot/) across restarts:
// a clean stop writes one, the next start checks every link of the chain
// but folds only the events after it, and serves the same standings as a
// start that folds every event; a crash after more events folds only
// those. Counted on /metrics (tally_startup_events_*), not timed. A
// snapshot rewritten by someone else is caught by the full replay tallyd
// runs once it serves.

#include <fstream>
#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "replay/snapshot/snapshot_store.h"
#include "replay/state/event_log.h"
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
  double SnapshotChecked() { return Metric("tally_startup_snapshot_checked"); }

  // Whether tallyd's log file holds `text`, waiting up to 30 s for it.
  bool LogSays(const std::string& text) {
    for (int i = 0; i < 300; ++i) {
      if (ReadFileBytes(dir_ + "/data.log").find(text) != std::string::npos) {
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

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
  // Once it serves, a full replay of the snapshot's events confirms it.
  EXPECT_TRUE(LogSays(absl::StrCat(
      "snapshot: the snapshot at event ", static_cast<uint64_t>(events),
      " matches a full replay of events 1-", static_cast<uint64_t>(events))));
  EXPECT_EQ(SnapshotChecked(), 1);
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

// Someone able to write the data directory replaces the snapshot with one
// of another State, every digest right and on the chain: start-up takes
// it, and the full replay tallyd runs once it serves catches it. tallyd
// deletes the snapshots and stops with status 3 (not 1, so that systemd
// starts it again), and the next start folds every event.
TEST_F(SnapshotE2eTest, AForgedSnapshotIsCaughtByTheFullReplayAndDeleted) {
  ASSERT_THAT(tallyd_->Start(), IsOk());
  ASSERT_THAT(SetUpSession(*tallyd_->channel(), kTournament), IsOk());
  ASSERT_THAT(
      EnterResult(*tallyd_->channel(), ScriptedResult(kTournament, 1, 1)),
      IsOk());
  const double events = Events();
  ASSERT_EQ(tallyd_->Stop(), 0);  // a clean stop writes a snapshot
  {
    absl::StatusOr<std::unique_ptr<replay::EventLog>> log =
        replay::EventLog::Open({.path = dir_ + "/data"});
    ASSERT_THAT(log, IsOk());
    replay::State forged = *(*log)->Snapshot();
    forged.last_received += absl::Seconds(1);
    ASSERT_THAT(replay::DeleteSnapshots((*log)->store()), IsOk());
    ASSERT_THAT(replay::WriteSnapshot((*log)->store(), forged, 1), IsOk());
  }

  // It serves, and may have stopped again before the harness connects
  // (the replay of a few events takes milliseconds).
  const absl::Status started = tallyd_->Start();
  EXPECT_TRUE(started.ok() || absl::IsInternal(started)) << started;
  EXPECT_TRUE(LogSays(absl::StrCat("snapshot: the snapshot at event ",
                                   static_cast<uint64_t>(events),
                                   " is not the State its events fold to")));
  EXPECT_TRUE(LogSays("every snapshot was deleted, and tallyd stops"));
  EXPECT_EQ(tallyd_->Stop(), 3);

  ASSERT_THAT(tallyd_->Start(), IsOk());
  EXPECT_EQ(From(), 0);
  EXPECT_EQ(Folded(), events);
  EXPECT_EQ(SnapshotChecked(), 0);
  ASSERT_THAT(GetStandings(*tallyd_->channel(), kTournament), IsOk());
  EXPECT_EQ(tallyd_->Stop(), 0);
}

}  // namespace
}  // namespace tally::testing
