// Damage at rest, through the real tallyd: a data directory written by
// tallyd (the demo tournament), stopped, then a COPY of it damaged one way
// at a time. tallyd must refuse to start (non-zero exit) with a message
// naming what is wrong, and leave every file byte-identical; `tally verify
// --data-dir` must say the same offline. The undamaged copy must start.

#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/log/event_store.h"
#include "replay/log/sha256.h"
#include "rocksdb/db.h"
#include "tally/v1/storage.pb.h"
#include "tests/shell_run.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// Every file in `dir` with the SHA-256 of its bytes.
std::map<std::string, std::string> Checksums(const std::string& dir) {
  std::map<std::string, std::string> sums;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)),
                      std::istreambuf_iterator<char>());
    sums[e.path().filename().string()] = replay::Sha256(bytes);
  }
  return sums;
}

// The files of `dir` whose names end in `suffix`.
std::vector<fs::path> FilesEndingIn(const std::string& dir,
                                    const std::string& suffix) {
  std::vector<fs::path> found;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      found.push_back(e.path());
    }
  }
  return found;
}

// tallyd on `dir`: expected to refuse, so a time limit stands in for a
// server that wrongly starts and serves.
ShellRun StartTallyd(const std::string& dir) {
  return Shell(absl::StrCat("timeout 30 ", TallydPath(), " --data_dir=", dir,
                            " --listen=127.0.0.1:0"));
}

ShellRun VerifyDataDir(const std::string& dir) {
  return Shell(absl::StrCat(TallyCliPath(), " verify --data-dir=", dir));
}

// Rewrites the idempotency records of a stopped store with RocksDB
// directly, as damage would: `change` gets each (key, value) and returns
// false to delete it.
void RewriteIdempotency(
    const std::string& dir,
    const std::function<bool(const std::string&, std::string&)>& change) {
  rocksdb::DBOptions options;
  std::vector<rocksdb::ColumnFamilyDescriptor> families = {
      {rocksdb::kDefaultColumnFamilyName, {}},
      {replay::kEventsFamily, {}},
      {replay::kIdempotencyFamily, {}}};
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(options, dir, families, &handles, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  std::vector<std::pair<std::string, std::string>> records;
  {
    std::unique_ptr<rocksdb::Iterator> it(
        db->NewIterator(rocksdb::ReadOptions(), handles[2]));
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      records.emplace_back(it->key().ToString(), it->value().ToString());
    }
  }
  ASSERT_GT(records.size(), 3u);
  // The third record: not the first or last, nothing special.
  auto& [key, value] = records[2];
  rocksdb::WriteOptions sync;
  sync.sync = true;
  if (change(key, value)) {
    ASSERT_TRUE(db->Put(sync, handles[2], key, value).ok());
  } else {
    ASSERT_TRUE(db->Delete(sync, handles[2], key).ok());
  }
  for (auto* h : handles) ASSERT_TRUE(db->DestroyColumnFamilyHandle(h).ok());
  ASSERT_TRUE(db->Close().ok());
}

class DataDirDamageTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    original_ = new std::string(MakeTempDir("damage-original"));
    TallydProcess tallyd(TallydPath(), *original_);
    tallyd.AddFlag("--demo");
    ASSERT_THAT(tallyd.Start(), IsOk());
    ASSERT_EQ(tallyd.Stop(), 0);
  }
  static void TearDownTestSuite() {
    delete original_;
    original_ = nullptr;
  }

  // A copy of the undamaged directory, to damage.
  std::string Copy() {
    const std::string copy = MakeTempDir("damage-copy");
    fs::copy(
        *original_, copy,
        fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    return copy;
  }

  // tallyd refuses `dir` with a message containing each of `expected`,
  // changing no file; `tally verify --data-dir` refuses it too.
  void ExpectRefused(const std::string& dir,
                     const std::vector<std::string>& expected) {
    const std::map<std::string, std::string> before = Checksums(dir);
    ShellRun run = StartTallyd(dir);
    EXPECT_NE(run.exit_code, 0) << run.output;
    EXPECT_NE(run.exit_code, 124) << "tallyd started: " << run.output;
    EXPECT_THAT(run.output, HasSubstr("cannot start: "));
    for (const std::string& e : expected) {
      EXPECT_THAT(run.output, HasSubstr(e));
    }
    EXPECT_EQ(Checksums(dir), before) << "tallyd changed files in " << dir;
    ShellRun verify = VerifyDataDir(dir);
    EXPECT_NE(verify.exit_code, 0) << verify.output;
    EXPECT_THAT(verify.output, HasSubstr("REFUSED"));
    EXPECT_EQ(Checksums(dir), before) << "verify changed files in " << dir;
    std::cout << "tallyd said: " << run.output;
  }

  static std::string* original_;
};

std::string* DataDirDamageTest::original_ = nullptr;

TEST_F(DataDirDamageTest, UndamagedCopyVerifiesAndStarts) {
  const std::string dir = Copy();
  ShellRun verify = VerifyDataDir(dir);
  EXPECT_EQ(verify.exit_code, 0) << verify.output;
  EXPECT_THAT(verify.output, HasSubstr("chain OK"));
  EXPECT_THAT(verify.output, HasSubstr("head OK"));
  EXPECT_THAT(verify.output, HasSubstr("idempotency OK"));
  TallydProcess tallyd(TallydPath(), dir);
  ASSERT_THAT(tallyd.Start(), IsOk());
  EXPECT_EQ(tallyd.Stop(), 0);
}

TEST_F(DataDirDamageTest, ByteFlippedInTheWriteAheadLog) {
  const std::string dir = Copy();
  std::vector<fs::path> wals = FilesEndingIn(dir, ".log");
  ASSERT_EQ(wals.size(), 1u);
  std::fstream f(wals[0], std::ios::in | std::ios::out | std::ios::binary);
  const auto size = fs::file_size(wals[0]);
  ASSERT_GT(size, 1000u);
  f.seekg(size / 2);
  char c = 0;
  f.read(&c, 1);
  f.seekp(size / 2);
  c ^= 0x20;
  f.write(&c, 1);
  f.close();
  ExpectRefused(dir, {"is damaged", "Corruption"});
}

TEST_F(DataDirDamageTest, WriteAheadLogCutShort) {
  const std::string dir = Copy();
  std::vector<fs::path> wals = FilesEndingIn(dir, ".log");
  ASSERT_EQ(wals.size(), 1u);
  fs::resize_file(wals[0], fs::file_size(wals[0]) * 2 / 3);
  ExpectRefused(dir, {"is damaged", "persisted head", "are missing"});
}

TEST_F(DataDirDamageTest, WriteAheadLogDeleted) {
  const std::string dir = Copy();
  std::vector<fs::path> wals = FilesEndingIn(dir, ".log");
  ASSERT_EQ(wals.size(), 1u);
  fs::remove(wals[0]);
  ExpectRefused(dir,
                {"the log ends at event 0", "persisted head", "are missing"});
}

TEST_F(DataDirDamageTest, ManifestCutInHalf) {
  const std::string dir = Copy();
  std::vector<fs::path> manifests;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().filename().string().rfind("MANIFEST-", 0) == 0) {
      manifests.push_back(e.path());
    }
  }
  ASSERT_EQ(manifests.size(), 1u);
  fs::resize_file(manifests[0], fs::file_size(manifests[0]) / 2);
  ExpectRefused(dir, {"is damaged"});
}

TEST_F(DataDirDamageTest, CurrentDeleted) {
  const std::string dir = Copy();
  fs::remove(fs::path(dir) / "CURRENT");
  ExpectRefused(dir, {"is missing CURRENT"});
}

TEST_F(DataDirDamageTest, HeadDeleted) {
  const std::string dir = Copy();
  fs::remove(fs::path(dir) / "TALLY-HEAD");
  const std::map<std::string, std::string> before = Checksums(dir);
  ShellRun run = StartTallyd(dir);
  EXPECT_NE(run.exit_code, 0);
  EXPECT_THAT(run.output, HasSubstr("is missing TALLY-HEAD"));
  EXPECT_EQ(Checksums(dir), before);
  // Offline verify reports the rest whole but the head missing.
  ShellRun verify = VerifyDataDir(dir);
  EXPECT_NE(verify.exit_code, 0);
  EXPECT_THAT(verify.output, HasSubstr("chain OK"));
  EXPECT_THAT(verify.output, HasSubstr("head MISSING"));
}

TEST_F(DataDirDamageTest, FilesMissingFromANonEmptyDirectory) {
  // Only RocksDB's info log and OPTIONS left: not empty, so not new.
  const std::string dir = Copy();
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name != "LOG" && name.rfind("OPTIONS-", 0) != 0) fs::remove(e.path());
  }
  ExpectRefused(dir,
                {"is missing CURRENT", "TALLY-HEAD", "no new log is created"});
}

TEST_F(DataDirDamageTest, IdempotencyRecordDeleted) {
  const std::string dir = Copy();
  RewriteIdempotency(dir,
                     [](const std::string&, std::string&) { return false; });
  ExpectRefused(dir, {"1 event has no idempotency record",
                      "would be applied a second time"});
}

TEST_F(DataDirDamageTest, IdempotencyRecordRedirected) {
  const std::string dir = Copy();
  RewriteIdempotency(dir, [](const std::string&, std::string& value) {
    v1::IdempotencyRecord record;
    EXPECT_TRUE(record.ParseFromString(value));
    // Another command's event: the one before or after its own.
    const uint64_t other = record.last_sequence() == 1 ? 2 : 1;
    record.set_first_sequence(other);
    record.set_last_sequence(other);
    value = record.SerializeAsString();
    return true;
  });
  ExpectRefused(
      dir, {"the idempotency record for key", "another command's outcome"});
}

}  // namespace
}  // namespace tally::testing
