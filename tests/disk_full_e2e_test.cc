// A real disk filling up under a real tallyd: its data directory on a small
// tmpfs (mounted by the test, so it needs root and is SKIPPED otherwise).
// Writes are refused with UNAVAILABLE and store nothing while the disk is
// full, go through again by themselves once space is freed, and the
// directory is whole on restart; started on a full disk, tallyd says so.

#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tally/v1/director.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

grpc::Status CreateTournament(grpc::Channel& channel, const std::string& id) {
  std::unique_ptr<v1::DirectorService::Stub> director =
      v1::DirectorService::NewStub(
          std::shared_ptr<grpc::Channel>(&channel, [](grpc::Channel*) {}));
  v1::CreateTournamentRequest r;
  *r.mutable_options() = Key(absl::StrCat("create-", id));
  r.set_tournament_id(id);
  r.set_name(id);
  v1::CommandOutcome out;
  return director->CreateTournament(ContextAs("td:disk").get(), r, &out);
}

// Fills the file system holding `path` with one file until it is full.
void Fill(const std::string& path) {
  std::ofstream filler(path, std::ios::binary);
  const std::string block(64 << 10, 'x');
  for (int i = 0; i < 4096 && filler.write(block.data(), block.size()); ++i) {
    filler.flush();
  }
  // Top up the last blocks a buffered stream could not place.
  std::ofstream more(path, std::ios::binary | std::ios::app);
  for (int i = 0; i < (64 << 10) && more.put('x'); ++i) more.flush();
}

class DiskFullTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to mount a small tmpfs";
    mount_point_ = MakeTempDir("disk-full");
    if (mount("tmpfs", mount_point_.c_str(), "tmpfs", 0, "size=2m") != 0) {
      mount_point_.clear();
      GTEST_SKIP() << "cannot mount a tmpfs here";
    }
  }
  void TearDown() override {
    if (!mount_point_.empty()) umount2(mount_point_.c_str(), MNT_DETACH);
  }
  std::string mount_point_;
};

TEST_F(DiskFullTest, WritesAreRefusedWhileFullAndResumeByThemselves) {
  const std::string dir = mount_point_ + "/data";
  const std::string filler = mount_point_ + "/filler";
  TallydProcess tallyd(TallydPath(), dir);
  ASSERT_THAT(tallyd.Start(), IsOk());
  ASSERT_TRUE(CreateTournament(*tallyd.channel(), "before").ok());

  Fill(filler);
  // RocksDB may still have room preallocated in its write-ahead log: write
  // until the disk refuses.
  int accepted = 0;
  grpc::Status refused;
  while (accepted < 200) {
    refused = CreateTournament(*tallyd.channel(), absl::StrCat("t", accepted));
    if (!refused.ok()) break;
    ++accepted;
  }
  ASSERT_FALSE(refused.ok()) << "the disk never filled";
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::UNAVAILABLE)
      << refused.error_message();
  EXPECT_THAT(refused.error_message(), HasSubstr("no space left"));
  for (int attempt = 0; attempt < 3; ++attempt) {
    grpc::Status again =
        CreateTournament(*tallyd.channel(), absl::StrCat("t", accepted));
    EXPECT_EQ(again.error_code(), grpc::StatusCode::UNAVAILABLE)
        << again.error_message();
  }
  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(*tallyd.channel());
  ASSERT_THAT(log, IsOk());
  EXPECT_EQ(log->size(), 1u + accepted) << "nothing partial is stored";

  fs::remove(filler);
  grpc::Status resumed =
      CreateTournament(*tallyd.channel(), absl::StrCat("t", accepted));
  EXPECT_TRUE(resumed.ok()) << resumed.error_message();
  EXPECT_TRUE(CreateTournament(*tallyd.channel(), "after").ok());
  ASSERT_EQ(tallyd.Stop(), 0);

  ASSERT_THAT(tallyd.Start(), IsOk());
  log = ReadWholeLog(*tallyd.channel());
  ASSERT_THAT(log, IsOk());
  EXPECT_EQ(log->size(), 3u + accepted);
  EXPECT_THAT(VerifyChain(*tallyd.channel()), IsOk());
  ASSERT_EQ(tallyd.Stop(), 0);
}

TEST_F(DiskFullTest, StartingOnAFullDiskSaysSo) {
  const std::string dir = mount_point_ + "/data";
  const std::string filler = mount_point_ + "/filler";
  {
    TallydProcess tallyd(TallydPath(), dir);
    ASSERT_THAT(tallyd.Start(), IsOk());
    ASSERT_TRUE(CreateTournament(*tallyd.channel(), "before").ok());
    ASSERT_EQ(tallyd.Stop(), 0);
  }
  Fill(filler);
  // Its output to a pipe: the disk holding TallydProcess's log is full.
  std::string output;
  FILE* pipe =
      popen(absl::StrCat("timeout 30 ", TallydPath(), " --data_dir=", dir,
                         " --listen=127.0.0.1:0 2>&1")
                .c_str(),
            "r");
  ASSERT_NE(pipe, nullptr);
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    output.append(buffer, n);
  }
  const int status = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) != 0 &&
              WEXITSTATUS(status) != 124)
      << output;
  EXPECT_THAT(output,
              HasSubstr("cannot start: no space left on device in " + dir));
  fs::remove(filler);
  TallydProcess tallyd(TallydPath(), dir);
  ASSERT_THAT(tallyd.Start(), IsOk());
  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(*tallyd.channel());
  ASSERT_THAT(log, IsOk());
  EXPECT_EQ(log->size(), 1u);
  ASSERT_EQ(tallyd.Stop(), 0);
}

}  // namespace
}  // namespace tally::testing
