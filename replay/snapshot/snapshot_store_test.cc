#include "replay/snapshot/snapshot_store.h"

#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/log/sha256.h"
#include "replay/snapshot/rich_log_for_test.h"
#include "replay/snapshot/snapshot_check.h"
#include "replay/snapshot/snapshot_writer.h"
#include "replay/snapshot/state_codec.h"
#include "replay/state/event_log.h"
#include "tally/v1/snapshot.pb.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::SizeIs;

// Every snapshot test runs on a data directory holding the rich log (every
// kind of event), appended through an EventLog as commands.
class SnapshotStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    events_ = RichLogForTest();
    dir_ = MakeDir();
    Fill(dir_, events_.size());
  }
  ~SnapshotStoreTest() override {
    log_.reset();
    std::error_code ignored;
    for (const std::string& d : dirs_) std::filesystem::remove_all(d, ignored);
  }

  std::string MakeDir() {
    std::string pattern = ::testing::TempDir() + "/snapshot_test.XXXXXX";
    EXPECT_NE(mkdtemp(pattern.data()), nullptr);
    dirs_.push_back(pattern);
    return pattern;
  }

  // The rich log's payload `i` (0-based) as a command.
  Command CommandOf(size_t i) const {
    const v1::Event& e = events_[i];
    Command c;
    c.tournament_id = e.tournament_id();
    c.idempotency_key = e.idempotency_key();
    c.fingerprint = absl::StrCat("command ", i);
    c.actor = e.actor();
    c.decide = [payload = e.payload()](const State&) { return payload; };
    return c;
  }

  // Appends the rich log's first `n` events to a new log in `dir`.
  void Fill(const std::string& dir, size_t n) {
    absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(
        {.path = dir, .clock = [this] { return now_; }, .sync = false});
    ASSERT_THAT(log, IsOk());
    for (size_t i = 0; i < n; ++i) {
      now_ += absl::Seconds(7);
      ASSERT_THAT((*log)->Execute(CommandOf(i)), IsOk()) << i;
    }
  }

  // Opens dir_ as tallyd does, snapshots enabled.
  void Reopen() {
    log_.reset();
    ignored_.clear();
    replayed_ = 0;
    checked_ = 0;
    absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(
        {.path = dir_,
         .clock = [this] { return now_; },
         .sync = false,
         .on_replayed = [this](const v1::Event&) { ++replayed_; },
         .on_checked = [this](uint64_t, int) { ++checked_; },
         .find_snapshot = SnapshotFinder(
             [this](const std::string& why) { ignored_.push_back(why); }),
         .snapshot_ignored =
             [this](const std::string& why) { ignored_.push_back(why); }});
    ASSERT_THAT(log, IsOk());
    log_ = *std::move(log);
  }

  // The State of a full replay of the open log's first `n` events.
  State Prefix(uint64_t n) const {
    absl::StatusOr<State> s = ReplayPrefix(log_->store(), n, std::nullopt);
    EXPECT_THAT(s, IsOk());
    return s.value_or(State());
  }

  std::string Bytes(const State& s) const {
    absl::StatusOr<std::string> b =
        EncodeState(s, ProfileSpecsFromStore(log_->store()));
    EXPECT_THAT(b, IsOk());
    return b.value_or("");
  }

  // The open log's State equals a full replay of its store, byte for byte.
  void ExpectFullReplayState() {
    const uint64_t last = log_->Snapshot()->last_sequence;
    EXPECT_EQ(last, events_.size());
    EXPECT_EQ(Bytes(*log_->Snapshot()), Bytes(Prefix(last)));
  }

  void WriteAt(uint64_t sequence, int keep = 2) {
    ASSERT_THAT(WriteSnapshot(log_->store(), Prefix(sequence), keep), IsOk());
  }

  // Replaces derived entry `key` with `value` (a newer table file wins).
  void Overwrite(const std::string& key, const std::string& value) {
    ASSERT_THAT(log_->store().WriteDerived({{key, value}}, "", ""), IsOk());
  }

  std::vector<uint64_t> Listed() const {
    absl::StatusOr<std::vector<uint64_t>> listed = ListSnapshots(log_->store());
    EXPECT_THAT(listed, IsOk());
    return listed.value_or(std::vector<uint64_t>{});
  }

  std::string Read(const std::string& key) {
    absl::StatusOr<std::string> v = log_->store().ReadDerived(key);
    EXPECT_THAT(v, IsOk());
    return v.value_or("");
  }

  // Rewrites snapshot `sequence`'s header through `change`, its own digest
  // made right again.
  void ChangeHeader(uint64_t sequence,
                    const std::function<void(v1::SnapshotHeader&)>& change) {
    v1::StoredSnapshotHeader stored;
    ASSERT_TRUE(stored.ParseFromString(Read(SnapshotHeaderKey(sequence))));
    v1::SnapshotHeader header;
    ASSERT_TRUE(header.ParseFromString(stored.header()));
    change(header);
    stored.set_header(header.SerializeAsString());
    stored.set_sha256(Sha256(stored.header()));
    Overwrite(SnapshotHeaderKey(sequence), stored.SerializeAsString());
  }

  std::vector<v1::Event> events_;
  std::string dir_;
  std::vector<std::string> dirs_;
  absl::Time now_ = absl::FromUnixSeconds(1790000000);
  std::unique_ptr<EventLog> log_;
  std::vector<std::string> ignored_;
  uint64_t replayed_ = 0;  // on_replayed: the events folded
  uint64_t checked_ = 0;   // on_checked: every event's link
};

TEST_F(SnapshotStoreTest, WithoutASnapshotEveryEventIsFolded) {
  Reopen();
  EXPECT_EQ(log_->open_report().events_checked, events_.size());
  EXPECT_EQ(log_->open_report().events_folded, events_.size());
  EXPECT_EQ(log_->open_report().snapshot_sequence, 0u);
  EXPECT_THAT(ignored_, IsEmpty());
  ExpectFullReplayState();
}

// At several points of a log with every kind of event: start-up checks
// every link, folds only the events after the snapshot, and publishes the
// State of a full replay, byte for byte; the log goes on from there.
TEST_F(SnapshotStoreTest, StartUpFoldsOnlyTheEventsAfterTheSnapshot) {
  const uint64_t n = events_.size();
  for (uint64_t at : {uint64_t{1}, uint64_t{27}, uint64_t{56}, n}) {
    SCOPED_TRACE(at);
    Reopen();
    WriteAt(at, /*keep=*/1);
    ASSERT_THAT(Listed(), ElementsAre(at));
    Reopen();
    EXPECT_EQ(log_->open_report().events_checked, n);
    EXPECT_EQ(checked_, n);
    EXPECT_EQ(replayed_, n - at);
    EXPECT_EQ(log_->open_report().snapshot_sequence, at);
    EXPECT_EQ(log_->open_report().events_folded, n - at);
    EXPECT_THAT(ignored_, IsEmpty());
    ExpectFullReplayState();
  }
  // The log continues from the snapshot's State.
  Command more = CommandOf(0);
  more.tournament_id = "v";
  more.idempotency_key = "more";
  ASSERT_THAT(log_->Execute(std::move(more)), IsOk());
  EXPECT_EQ(Bytes(*log_->Snapshot()), Bytes(Prefix(n + 1)));
}

TEST_F(SnapshotStoreTest, ADamagedSnapshotIsIgnoredAndTheLogReplayed) {
  Reopen();
  WriteAt(40, 1);
  std::string part = Read(SnapshotPartKey(40, 0));
  part[part.size() / 2] ^= 0x20;  // one bit of the State's bytes
  Overwrite(SnapshotPartKey(40, 0), part);
  Reopen();
  EXPECT_THAT(ignored_, ElementsAre(HasSubstr("damaged")));
  EXPECT_EQ(log_->open_report().snapshot_sequence, 0u);
  EXPECT_EQ(log_->open_report().events_folded, events_.size());
  ExpectFullReplayState();

  std::string header = Read(SnapshotHeaderKey(40));
  header[header.size() / 2] ^= 0x01;
  Overwrite(SnapshotHeaderKey(40), header);
  Reopen();
  EXPECT_THAT(ignored_, ElementsAre(HasSubstr("damaged header")));
  EXPECT_EQ(log_->open_report().events_folded, events_.size());
  ExpectFullReplayState();
}

TEST_F(SnapshotStoreTest, ASnapshotOfAnotherFormatIsIgnoredAndReplaced) {
  Reopen();
  WriteAt(40, 1);
  ChangeHeader(
      40, [](v1::SnapshotHeader& h) { h.set_format(kSnapshotFormat + 1); });
  Reopen();
  EXPECT_THAT(
      ignored_,
      ElementsAre(HasSubstr(absl::StrCat("is of format ", kSnapshotFormat + 1,
                                         ", this tallyd reads "
                                         "format ",
                                         kSnapshotFormat))));
  EXPECT_EQ(log_->open_report().events_folded, events_.size());
  ExpectFullReplayState();
  // The next snapshot replaces it.
  SnapshotWriter writer(*log_, {.every = 0, .keep = 1});
  ASSERT_THAT(writer.WriteNow(), IsOk());
  EXPECT_THAT(Listed(), ElementsAre(events_.size()));
  Reopen();
  EXPECT_THAT(ignored_, IsEmpty());
  EXPECT_EQ(log_->open_report().events_folded, 0u);
  ExpectFullReplayState();
}

TEST_F(SnapshotStoreTest, ASnapshotNotOnTheChainIsIgnored) {
  Reopen();
  // Taken on another log: its chain hash is not this log's at event 40.
  State other = Prefix(40);
  other.last_hash[3] ^= 0x10;
  ASSERT_THAT(WriteSnapshot(log_->store(), other, 1), IsOk());
  Reopen();
  EXPECT_THAT(ignored_, ElementsAre(HasSubstr("does not match the log")));
  EXPECT_EQ(log_->open_report().events_folded, events_.size());
  ExpectFullReplayState();

  // Its header names this log's hash, but the State it holds is another's:
  // start-up's own comparison with the chain refuses it.
  ChangeHeader(40, [&](v1::SnapshotHeader& h) {
    h.set_chain_hash(Prefix(40).last_hash);
  });
  Reopen();
  EXPECT_THAT(
      ignored_,
      ElementsAre(HasSubstr("does not match the log's hash chain there")));
  EXPECT_EQ(log_->open_report().snapshot_sequence, 0u);
  EXPECT_EQ(log_->open_report().events_folded, events_.size());
  ExpectFullReplayState();
}

TEST_F(SnapshotStoreTest, ASnapshotPastTheEndOfTheLogIsIgnored) {
  Reopen();
  State ahead;
  ahead.last_sequence = events_.size() + 5;
  ahead.last_hash = std::string(32, 'x');
  ASSERT_THAT(WriteSnapshot(log_->store(), ahead, 1), IsOk());
  Reopen();
  EXPECT_THAT(ignored_, ElementsAre(HasSubstr("past the end of the log")));
  EXPECT_EQ(log_->open_report().events_folded, events_.size());
  ExpectFullReplayState();
}

TEST_F(SnapshotStoreTest, TheNewestUsableSnapshotIsUsed) {
  Reopen();
  WriteAt(30);
  WriteAt(60);
  ASSERT_THAT(Listed(), ElementsAre(30, 60));
  Reopen();
  EXPECT_EQ(log_->open_report().snapshot_sequence, 60u);
  EXPECT_EQ(log_->open_report().events_folded, events_.size() - 60);
  std::string part = Read(SnapshotPartKey(60, 0));
  part[7] ^= 0x04;
  Overwrite(SnapshotPartKey(60, 0), part);
  Reopen();
  EXPECT_THAT(ignored_, ElementsAre(HasSubstr("the snapshot at event 60")));
  EXPECT_EQ(log_->open_report().snapshot_sequence, 30u);
  EXPECT_EQ(log_->open_report().events_folded, events_.size() - 30);
  ExpectFullReplayState();
}

// The writer snapshots the published State every `every` events on its own
// thread and at shutdown, keeping the newest two; the next start-up folds
// nothing.
TEST_F(SnapshotStoreTest, TheWriterSnapshotsEveryNEventsAndAtShutdown) {
  const std::string dir = MakeDir();
  SnapshotWriter* writer = nullptr;
  absl::StatusOr<std::unique_ptr<EventLog>> log =
      EventLog::Open({.path = dir,
                      .clock = [this] { return now_; },
                      .sync = false,
                      .after_durable =
                          [&writer](absl::Span<const v1::Event> events) {
                            if (writer != nullptr && !events.empty()) {
                              writer->Appended(events.back().sequence());
                            }
                          }});
  ASSERT_THAT(log, IsOk());
  std::vector<uint64_t> written;
  absl::Mutex mu;
  auto owned = std::make_unique<SnapshotWriter>(
      **log, SnapshotWriter::Options{
                 .every = 20, .keep = 2, .written = [&](uint64_t s) {
                   absl::MutexLock lock(&mu);
                   written.push_back(s);
                 }});
  writer = owned.get();
  for (size_t i = 0; i < 25; ++i) {
    ASSERT_THAT((*log)->Execute(CommandOf(i)), IsOk());
  }
  // One periodic snapshot, of a State of 20 to 25 events (the published
  // one when the writer's thread woke).
  const absl::Time deadline = absl::Now() + absl::Seconds(30);
  while (owned->written() < 1 && absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  ASSERT_EQ(owned->written(), 1u);
  for (size_t i = 25; i < events_.size(); ++i) {
    ASSERT_THAT((*log)->Execute(CommandOf(i)), IsOk());
  }
  ASSERT_THAT(owned->WriteNow(), IsOk());  // shutdown
  writer = nullptr;
  owned.reset();
  {
    absl::MutexLock lock(&mu);
    ASSERT_GE(written.size(), 2u);
    EXPECT_GE(written.front(), 20u);
    EXPECT_EQ(written.back(), events_.size());
  }
  absl::StatusOr<std::vector<uint64_t>> kept = ListSnapshots((*log)->store());
  ASSERT_THAT(kept, IsOk());
  EXPECT_THAT(*kept, SizeIs(2));
  EXPECT_EQ(kept->back(), events_.size());
  log->reset();
  dir_ = dir;
  Reopen();
  EXPECT_EQ(log_->open_report().snapshot_sequence, events_.size());
  EXPECT_EQ(log_->open_report().events_folded, 0u);
  EXPECT_EQ(log_->open_report().events_checked, events_.size());
  ExpectFullReplayState();
}

// The check by a full replay (snapshot_check.h) of the snapshot start-up
// began from: it confirms an honest one, and catches one whose bytes and
// digests were all rewritten, which start-up alone accepts.
TEST_F(SnapshotStoreTest, AFullReplayConfirmsTheSnapshotStartUpBeganFrom) {
  const uint64_t n = events_.size();
  Reopen();
  WriteAt(n, 1);
  Reopen();
  ASSERT_EQ(log_->open_report().snapshot_sequence, n);
  EXPECT_EQ(log_->open_report().snapshot_sha256, Sha256(Bytes(Prefix(n))));
  const std::atomic<bool> stop = false;
  EXPECT_THAT(CheckSnapshotByReplay(log_->store(), n,
                                    log_->open_report().snapshot_sha256, stop),
              IsOk());
}

TEST_F(SnapshotStoreTest, AForgedSnapshotFailsTheCheckByAFullReplay) {
  const uint64_t n = events_.size();
  Reopen();
  // The forger's snapshot: an offence taken out of the register, written
  // with every digest right and on the chain.
  State forged = Prefix(n);
  ASSERT_FALSE(forged.offences.empty());
  forged.offences.pop_back();
  ASSERT_THAT(WriteSnapshot(log_->store(), forged, 1), IsOk());
  Reopen();
  // Start-up alone takes it: the State served lacks the offence.
  ASSERT_EQ(log_->open_report().snapshot_sequence, n);
  EXPECT_THAT(ignored_, IsEmpty());
  EXPECT_NE(Bytes(*log_->Snapshot()), Bytes(Prefix(n)));

  const std::atomic<bool> stop = false;
  absl::Status checked = CheckSnapshotByReplay(
      log_->store(), n, log_->open_report().snapshot_sha256, stop);
  EXPECT_EQ(checked.code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(checked.message(),
              HasSubstr(absl::StrCat("the snapshot at event ", n,
                                     " is not the State its events fold to")));
  // tallyd then deletes the snapshots: the next start folds every event.
  ASSERT_THAT(DeleteSnapshots(log_->store()), IsOk());
  EXPECT_THAT(Listed(), IsEmpty());
  Reopen();
  EXPECT_EQ(log_->open_report().snapshot_sequence, 0u);
  ExpectFullReplayState();
}

TEST_F(SnapshotStoreTest, TheCheckByAFullReplayStopsWhenAsked) {
  Reopen();
  const std::atomic<bool> stop = true;
  EXPECT_EQ(
      CheckSnapshotByReplay(log_->store(), events_.size(), "", stop).code(),
      absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace tally::replay
