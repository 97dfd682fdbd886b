// The event log refuses damage and survives a full disk, at the EventLog
// level: start-up checks of the persisted head, the idempotency records and
// the directory's files; a file system that reports "no space" on demand
// (RocksDB FileSystem injection) for disk-full writes.

#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/log/data_dir_check.h"
#include "replay/log/log_head.h"
#include "replay/state/event_log.h"
#include "rocksdb/db.h"
#include "rocksdb/env.h"
#include "rocksdb/file_system.h"

namespace tally::replay {
namespace {

// EventLog options for the log at `path`, the rest at their defaults but
// `env` and `adopt_head` (named rather than a designated list, which would
// leave after_durable to -Wmissing-field-initializers).
EventLog::Options LogAt(const std::string& path, rocksdb::Env* env = nullptr,
                        bool adopt_head = false) {
  EventLog::Options options;
  options.path = path;
  options.env = env;
  options.adopt_head = adopt_head;
  return options;
}

namespace fs = std::filesystem;
using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

Command Create(const std::string& id, const std::string& key) {
  Command c;
  c.tournament_id = id;
  c.idempotency_key = key;
  c.fingerprint = absl::StrCat("create ", id);
  c.actor.set_role(v1::ROLE_DIRECTOR);
  c.decide = [id](const State& s) -> absl::StatusOr<v1::EventPayload> {
    if (s.FindTournament(id) != nullptr) {
      return absl::AlreadyExistsError("exists");
    }
    v1::EventPayload p;
    p.mutable_tournament_created()->set_name(id);
    return p;
  };
  return c;
}

// A writable file that fails every append with NoSpace while `full` is set.
class FullDiskFile : public rocksdb::FSWritableFileOwnerWrapper {
 public:
  FullDiskFile(std::unique_ptr<rocksdb::FSWritableFile> file,
               std::shared_ptr<std::atomic<bool>> full)
      : FSWritableFileOwnerWrapper(std::move(file)), full_(std::move(full)) {}
  rocksdb::IOStatus Append(const rocksdb::Slice& data,
                           const rocksdb::IOOptions& options,
                           rocksdb::IODebugContext* dbg) override {
    if (*full_) return rocksdb::IOStatus::NoSpace("test: the disk is full");
    return target()->Append(data, options, dbg);
  }
  rocksdb::IOStatus Append(const rocksdb::Slice& data,
                           const rocksdb::IOOptions& options,
                           const rocksdb::DataVerificationInfo& info,
                           rocksdb::IODebugContext* dbg) override {
    if (*full_) return rocksdb::IOStatus::NoSpace("test: the disk is full");
    return target()->Append(data, options, info, dbg);
  }

 private:
  std::shared_ptr<std::atomic<bool>> full_;
};

// RocksDB's default file system, but with a disk that can be made full.
class FullDiskFileSystem : public rocksdb::FileSystemWrapper {
 public:
  explicit FullDiskFileSystem(std::shared_ptr<std::atomic<bool>> full)
      : FileSystemWrapper(rocksdb::FileSystem::Default()),
        full_(std::move(full)) {}
  static const char* kClassName() { return "FullDiskFileSystem"; }
  const char* Name() const override { return kClassName(); }
  rocksdb::IOStatus NewWritableFile(
      const std::string& name, const rocksdb::FileOptions& options,
      std::unique_ptr<rocksdb::FSWritableFile>* result,
      rocksdb::IODebugContext* dbg) override {
    if (*full_) return rocksdb::IOStatus::NoSpace("test: the disk is full");
    std::unique_ptr<rocksdb::FSWritableFile> file;
    rocksdb::IOStatus s = target()->NewWritableFile(name, options, &file, dbg);
    if (s.ok()) result->reset(new FullDiskFile(std::move(file), full_));
    return s;
  }

 private:
  std::shared_ptr<std::atomic<bool>> full_;
};

class EventLogIntegrityTest : public ::testing::Test {
 protected:
  ~EventLogIntegrityTest() override {
    std::error_code ignored;
    for (const std::string& dir : dirs_) fs::remove_all(dir, ignored);
  }
  std::string TempDir() {
    std::string pattern = ::testing::TempDir() + "/integrity_test.XXXXXX";
    EXPECT_NE(mkdtemp(pattern.data()), nullptr);
    dirs_.push_back(pattern);
    return pattern;
  }
  // A closed log of `n` tournaments, t0..t(n-1), keys k0..k(n-1).
  std::string LogOf(int n) {
    const std::string dir = TempDir();
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(LogAt(dir));
    EXPECT_THAT(log, IsOk());
    for (int i = 0; i < n; ++i) {
      EXPECT_THAT(
          (*log)->Execute(Create(absl::StrCat("t", i), absl::StrCat("k", i))),
          IsOk());
    }
    return dir;
  }
  std::string CopyOf(const std::string& dir) {
    const std::string copy = TempDir();
    fs::copy(
        dir, copy,
        fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    return copy;
  }
  std::vector<std::string> dirs_;
};

uint64_t Events(const EventLog& log) {
  uint64_t n = 0;
  log.Read([&](const State& s) { n = s.last_sequence; });
  return n;
}

TEST_F(EventLogIntegrityTest, HeadIsPersistedWithEveryAppend) {
  const std::string dir = LogOf(5);
  absl::StatusOr<std::optional<LogHead>> head = ReadHead(dir);
  ASSERT_THAT(head, IsOk());
  ASSERT_TRUE(head->has_value());
  EXPECT_EQ((*head)->sequence, 5u);
  absl::StatusOr<DataDirectoryReport> report = CheckDataDirectory(dir, true);
  ASSERT_THAT(report, IsOk());
  EXPECT_EQ(report->events, 5u);
  EXPECT_EQ(report->last_hash, (*head)->hash);
  EXPECT_EQ(report->idempotency_records, 5u);
  EXPECT_EQ(report->records_without_hash, 0u);
}

TEST_F(EventLogIntegrityTest, AHeadThatLagsTheLogIsAccepted) {
  // As after a power cut: the head file's last write never reached the
  // disk, though the synced write-ahead log did.
  const std::string dir = TempDir();
  std::string old_head;
  {
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(LogAt(dir));
    ASSERT_THAT(log, IsOk());
    for (int i = 0; i < 4; ++i) {
      ASSERT_THAT(
          (*log)->Execute(Create(absl::StrCat("t", i), absl::StrCat("k", i))),
          IsOk());
      if (i == 1) {
        std::ifstream in(fs::path(dir) / kHeadFileName, std::ios::binary);
        old_head.assign(std::istreambuf_iterator<char>(in), {});
      }
    }
  }
  std::ofstream(fs::path(dir) / kHeadFileName, std::ios::binary) << old_head;
  absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(LogAt(dir));
  ASSERT_THAT(log, IsOk());
  EXPECT_EQ(Events(**log), 4u);
}

TEST_F(EventLogIntegrityTest, RefusesAHeadBeyondTheLog) {
  const std::string dir = LogOf(3);
  const std::string longer = LogOf(5);
  // The head of a longer log: events 4 and 5 are missing here.
  fs::copy_file(fs::path(longer) / kHeadFileName, fs::path(dir) / kHeadFileName,
                fs::copy_options::overwrite_existing);
  EXPECT_THAT(EventLog::Open(LogAt(dir)),
              StatusIs(absl::StatusCode::kDataLoss,
                       HasSubstr("events 4 to 5 are missing")));
}

TEST_F(EventLogIntegrityTest, RefusesAHeadWhoseHashDiffers) {
  const std::string dir = LogOf(3);
  const std::string other = TempDir();
  {
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(LogAt(other));
    ASSERT_THAT(log, IsOk());
    for (int i = 0; i < 3; ++i) {
      ASSERT_THAT((*log)->Execute(
                      Create(absl::StrCat("other", i), absl::StrCat("k", i))),
                  IsOk());
    }
  }
  fs::copy_file(fs::path(other) / kHeadFileName, fs::path(dir) / kHeadFileName,
                fs::copy_options::overwrite_existing);
  EXPECT_THAT(EventLog::Open(LogAt(dir)),
              StatusIs(absl::StatusCode::kDataLoss,
                       HasSubstr("the log is not the one that was written")));
}

TEST_F(EventLogIntegrityTest, MissingHeadIsRefusedUnlessAdopted) {
  const std::string dir = LogOf(3);
  fs::remove(fs::path(dir) / kHeadFileName);
  EXPECT_THAT(EventLog::Open(LogAt(dir)),
              StatusIs(absl::StatusCode::kDataLoss,
                       HasSubstr("is missing TALLY-HEAD")));
  EXPECT_FALSE(fs::exists(fs::path(dir) / kHeadFileName));
  {
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(LogAt(dir, nullptr, /*adopt_head=*/true));
    ASSERT_THAT(log, IsOk());
    EXPECT_EQ(Events(**log), 3u);
  }
  absl::StatusOr<std::optional<LogHead>> head = ReadHead(dir);
  ASSERT_THAT(head, IsOk());
  ASSERT_TRUE(head->has_value());
  EXPECT_EQ((*head)->sequence, 3u);
}

TEST_F(EventLogIntegrityTest, CreatesOnlyInAnAbsentOrEmptyDirectory) {
  const std::string absent = TempDir() + "/new";
  {
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(LogAt(absent));
    ASSERT_THAT(log, IsOk());
  }
  const std::string stray = TempDir();
  std::ofstream(fs::path(stray) / "notes.txt") << "not a log\n";
  EXPECT_THAT(EventLog::Open(LogAt(stray)),
              StatusIs(absl::StatusCode::kDataLoss,
                       HasSubstr("no new log is created")));
  EXPECT_FALSE(fs::exists(fs::path(stray) / "CURRENT"));
}

TEST_F(EventLogIntegrityTest, RecordsNameTheirEventAndARetryIsAnswered) {
  const std::string dir = LogOf(2);
  absl::StatusOr<std::unique_ptr<EventLog>> log = EventLog::Open(LogAt(dir));
  ASSERT_THAT(log, IsOk());
  absl::StatusOr<std::optional<v1::IdempotencyRecord>> record =
      (*log)->store().FindIdempotency("t1", "k1");
  ASSERT_THAT(record, IsOk());
  ASSERT_TRUE(record->has_value());
  EXPECT_EQ((*record)->last_sequence(), 2u);
  EXPECT_EQ((*record)->event_hash().size(), 32u);
  absl::StatusOr<CommandResult> retry = (*log)->Execute(Create("t1", "k1"));
  ASSERT_THAT(retry, IsOk());
  EXPECT_TRUE(retry->replayed);
  EXPECT_EQ(retry->event.sequence(), 2u);
  EXPECT_EQ(Events(**log), 2u);
}

TEST_F(EventLogIntegrityTest, DiskFullRefusesWritesAndResumesWhenSpaceIsBack) {
  auto full = std::make_shared<std::atomic<bool>>(false);
  std::unique_ptr<rocksdb::Env> env =
      rocksdb::NewCompositeEnv(std::make_shared<FullDiskFileSystem>(full));
  const std::string dir = TempDir();
  {
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(LogAt(dir, env.get()));
    ASSERT_THAT(log, IsOk());
    ASSERT_THAT((*log)->Execute(Create("a", "k1")), IsOk());
    ASSERT_THAT((*log)->Execute(Create("b", "k2")), IsOk());

    *full = true;
    for (int attempt = 0; attempt < 3; ++attempt) {
      EXPECT_THAT((*log)->Execute(Create("c", "k3")),
                  StatusIs(absl::StatusCode::kUnavailable,
                           HasSubstr("no space left on device")));
    }
    EXPECT_EQ(Events(**log), 2u);

    // Space is back: the next write goes through without a restart, as
    // event 3: nothing of the refused attempts was stored.
    *full = false;
    absl::StatusOr<CommandResult> c = (*log)->Execute(Create("c", "k3"));
    ASSERT_THAT(c, IsOk());
    EXPECT_FALSE(c->replayed);
    EXPECT_EQ(c->event.sequence(), 3u);
    absl::StatusOr<uint64_t> stored = (*log)->store().LastSequence();
    ASSERT_THAT(stored, IsOk());
    EXPECT_EQ(*stored, 3u);
    ASSERT_THAT((*log)->Execute(Create("d", "k4")), IsOk());
  }
  // And the directory is whole afterwards.
  absl::StatusOr<DataDirectoryReport> report = CheckDataDirectory(dir, true);
  ASSERT_THAT(report, IsOk());
  EXPECT_EQ(report->events, 4u);
  EXPECT_EQ(report->idempotency_records, 4u);
}

TEST_F(EventLogIntegrityTest, StartingOnAFullDiskSaysSo) {
  auto full = std::make_shared<std::atomic<bool>>(false);
  std::unique_ptr<rocksdb::Env> env =
      rocksdb::NewCompositeEnv(std::make_shared<FullDiskFileSystem>(full));
  const std::string dir = LogOf(2);
  *full = true;
  EXPECT_THAT(EventLog::Open(LogAt(dir, env.get())),
              StatusIs(absl::StatusCode::kUnavailable,
                       HasSubstr("no space left on device in " + dir)));
  *full = false;
  absl::StatusOr<std::unique_ptr<EventLog>> log =
      EventLog::Open(LogAt(dir, env.get()));
  ASSERT_THAT(log, IsOk());
  EXPECT_EQ(Events(**log), 2u);
}

}  // namespace
}  // namespace tally::replay
