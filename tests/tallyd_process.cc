#include "tests/tallyd_process.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace tally::testing {
namespace {

std::vector<std::string>& TempDirsMade() {
  static std::vector<std::string>* dirs = new std::vector<std::string>;
  return *dirs;
}

std::string& TallydPathStorage() {
  static std::string* path = new std::string;
  return *path;
}

std::string& TallyCliPathStorage() {
  static std::string* path = new std::string;
  return *path;
}

}  // namespace

void SetTallyCliPath(std::string path) {
  TallyCliPathStorage() = std::move(path);
}

std::string RunTallyCli(const std::string& address, const std::string& args) {
  const std::string command =
      absl::StrCat(TallyCliPath(), " --server=", address, " ", args);
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "cannot run " + command;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  pclose(pipe);
  return out;
}

std::string TallyCliPath() {
  if (!TallyCliPathStorage().empty()) return TallyCliPathStorage();
  const char* env = getenv("TALLY_CLI");
  return env != nullptr ? env : "tally";
}

void SetTallydPath(std::string path) { TallydPathStorage() = std::move(path); }

std::string TallydPath() {
  if (!TallydPathStorage().empty()) return TallydPathStorage();
  const char* env = getenv("TALLYD");
  return env != nullptr ? env : "tallyd";
}

std::string MakeTempDir(const std::string& name) {
  std::string pattern = ::testing::TempDir() + "/" + name + ".XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) abort();
  TempDirsMade().push_back(pattern);
  return pattern;
}

void RemoveTempDirs() {
  for (const std::string& dir : TempDirsMade()) {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    // TallydProcess keeps its port and log files beside the data directory.
    std::filesystem::remove(dir + ".port", ignored);
    std::filesystem::remove(dir + ".log", ignored);
  }
  TempDirsMade().clear();
}

void SetClock(const std::string& path, absl::Time t) {
  std::ofstream(path) << absl::FormatTime(absl::RFC3339_full, t,
                                          absl::UTCTimeZone())
                      << "\n";
}

TallydProcess::TallydProcess(std::string binary, std::string data_dir)
    : binary_(std::move(binary)), data_dir_(std::move(data_dir)) {}

TallydProcess::~TallydProcess() {
  if (pid_ > 0) Kill();
}

absl::Status TallydProcess::Start() {
  const std::string port_file = data_dir_ + ".port";
  unlink(port_file.c_str());
  const std::string log_file = data_dir_ + ".log";
  pid_ = fork();
  if (pid_ < 0) return absl::InternalError("fork failed");
  if (pid_ == 0) {
    std::vector<std::string> args = {binary_, "--data_dir=" + data_dir_,
                                      "--listen=127.0.0.1:0",
                                      "--port_file=" + port_file};
    args.insert(args.end(), extra_flags_.begin(), extra_flags_.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (freopen(log_file.c_str(), "a", stderr) == nullptr) _exit(126);
    execv(binary_.c_str(), argv.data());
    _exit(127);
  }
  // Wait up to 20 s for the port file: tallyd writes it once serving.
  for (int i = 0; i < 400; ++i) {
    std::ifstream in(port_file);
    int port = 0;
    if (in >> port && port > 0) {
      address_ = absl::StrCat("127.0.0.1:", port);
      channel_ =
          grpc::CreateChannel(address_, grpc::InsecureChannelCredentials());
      if (channel_->WaitForConnected(std::chrono::system_clock::now() +
                                     std::chrono::seconds(10))) {
        return absl::OkStatus();
      }
      return absl::UnavailableError("tallyd does not accept connections");
    }
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return absl::InternalError(
          absl::StrCat("tallyd exited at start; see ", log_file));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return absl::DeadlineExceededError("tallyd did not start within 20 s");
}

int TallydProcess::Stop() {
  if (pid_ <= 0) return -1;
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void TallydProcess::Kill() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

}  // namespace tally::testing
