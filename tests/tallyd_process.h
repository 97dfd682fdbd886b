// TallydProcess: runs the real tallyd binary as a child process on a
// loopback port and a given data directory, for tests that cross the
// process boundary (end-to-end, crash recovery, concurrency). Its channel
// carries the administrator token tallyd wrote at its first start
// (admin.token in the data directory), and, for the two calls only an
// appeals committee may make (HearAppeal, DecideAppeal), the token of a
// committee of the request's competition, created on first use.
// Not thread-safe; one owner.

#ifndef TALLY_TESTS_TALLYD_PROCESS_H_
#define TALLY_TESTS_TALLYD_PROCESS_H_

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "grpcpp/grpcpp.h"

namespace tally::testing {

class TallydProcess {
 public:
  // `binary`: path to tallyd; `data_dir`: its --data_dir.
  TallydProcess(std::string binary, std::string data_dir);
  ~TallydProcess();  // SIGKILLs a process still running
  TallydProcess(const TallydProcess&) = delete;
  TallydProcess& operator=(const TallydProcess&) = delete;

  // Starts tallyd on 127.0.0.1 with a free port and waits until it serves.
  // INTERNAL, at once, when it exits first.
  absl::Status Start();
  // SIGTERM and wait; returns the exit status (0 for a clean stop), or the
  // status it exited with during Start(); -1 when none is known.
  int Stop();
  // SIGKILL and wait: a crash.
  void Kill();

  // A further flag for every later Start(), e.g. "--demo".
  void AddFlag(std::string flag) { extra_flags_.push_back(std::move(flag)); }

  std::shared_ptr<grpc::Channel> channel() const { return channel_; }
  const std::string& address() const { return address_; }
  // The bootstrap administrator's token (read at Start()).
  const std::string& admin_token() const { return admin_token_; }
  // A channel carrying `token` (none when empty) and nothing else.
  std::shared_ptr<grpc::Channel> ChannelWithToken(
      const std::string& token) const;
  // Serve TLS with these PEM files; the harness's channels verify the
  // server with `ca_pem` (for the name "localhost").
  void UseTls(const std::string& cert_file, const std::string& key_file,
              std::string ca_pem);

 private:
  std::shared_ptr<grpc::ChannelCredentials> Credentials() const;
  // INTERNAL naming `log_file` when the process has exited (reaped, its
  // status kept for Stop()); OK while it runs.
  absl::Status ExitedAtStart(const std::string& log_file);

  std::string binary_;
  std::string data_dir_;
  std::string admin_token_;
  std::string ca_pem_;  // empty: no TLS
  std::vector<std::string> extra_flags_;
  pid_t pid_ = -1;
  int exited_at_start_ = -1;  // its exit status, when it exited in Start()
  std::string address_;
  std::shared_ptr<grpc::Channel> channel_;
};

// A fresh empty directory under the test's temporary directory. Each is
// removed, with the port and log files a TallydProcess keeps beside it, by
// RemoveTempDirs() when the test binary's tests have run.
std::string MakeTempDir(const std::string& name);
void RemoveTempDirs();

// The bytes of the file at `path`; "" when it cannot be read.
std::string ReadFileBytes(const std::string& path);

// Sets the time a tallyd started with --test_clock_file=`path` reads as
// now.
void SetClock(const std::string& path, absl::Time t);

// The tallyd binary's path, from the test's first argument (CMake passes
// $<TARGET_FILE:tallyd>) or the TALLYD environment variable.
std::string TallydPath();
void SetTallydPath(std::string path);

// The tally CLI binary's path, from the test's second argument (CMake
// passes $<TARGET_FILE:tally>) or the TALLY_CLI environment variable.
std::string TallyCliPath();
void SetTallyCliPath(std::string path);

// The tally CLI's standard output for `args` (space-separated, shell
// quoting) against the server at `address`, with the administrator token
// of the TallydProcess serving there (TALLY_TOKEN) unless `args` gives a
// --token.
std::string RunTallyCli(const std::string& address, const std::string& args);

}  // namespace tally::testing

#endif  // TALLY_TESTS_TALLYD_PROCESS_H_
