// The two sources of a BWS file's tables (see bws_source.h).

#include "server/bws/bws_source.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

extern char** environ;

namespace tally::bws {
namespace {

std::string BaseName(const std::string& path) {
  absl::string_view p = path;
  while (p.size() > 1 && p.back() == '/') p.remove_suffix(1);
  const size_t slash = p.find_last_of('/');
  return std::string(slash == absl::string_view::npos ? p
                                                      : p.substr(slash + 1));
}

bool Exists(const std::string& path, bool* directory) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return false;
  *directory = S_ISDIR(st.st_mode);
  return true;
}

struct ProgramOutput {
  int exit_code = 0;
  std::string out;
  std::string err;
};

// Runs `argv` (no shell) and collects what it prints on both streams.
absl::StatusOr<ProgramOutput> Run(const std::vector<std::string>& argv) {
  int out_pipe[2];
  int err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    return absl::UnavailableError(absl::StrCat("pipe: ", strerror(errno)));
  }
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return absl::UnavailableError(absl::StrCat("pipe: ", strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned =
      posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (spawned != 0) {
    close(out_pipe[0]);
    close(err_pipe[0]);
    return absl::UnavailableError(
        absl::StrCat("cannot run ", argv[0], ": ", strerror(spawned),
                     " (it comes with mdbtools: apt-get install mdbtools)"));
  }
  ProgramOutput result;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_fds = 2;
  char buffer[65536];
  while (open_fds > 0) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (pollfd& f : fds) {
    if (f.fd >= 0) close(f.fd);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
  return result;
}

class MdbExport : public BwsSource {
 public:
  MdbExport(std::string path, std::string program)
      : path_(std::move(path)), program_(std::move(program)) {}

  absl::StatusOr<std::string> ExportTable(const std::string& table) override {
    bool directory = false;
    if (!Exists(path_, &directory) || directory) {
      return absl::NotFoundError(absl::StrCat(
          "no BWS file ", path_, " (cannot read its ", table, " table)"));
    }
    absl::StatusOr<ProgramOutput> run =
        Run(MdbExportArguments(program_, path_, table));
    if (!run.ok()) {
      return absl::UnavailableError(absl::StrCat("cannot read table ", table,
                                                 " of ", path_, ": ",
                                                 run.status().message()));
    }
    if (run->exit_code != 0) {
      std::string said(absl::StripAsciiWhitespace(run->err));
      if (said.empty()) {
        said = absl::StrCat("exit status ", run->exit_code,
                            " (is it a Bridgemate .bws file?)");
      }
      return absl::UnavailableError(
          absl::StrCat(program_, " could not read table ", table, " of ", path_,
                       ": ", said));
    }
    return std::move(run->out);
  }

  std::string FileName() const override { return BaseName(path_); }

 private:
  const std::string path_;
  const std::string program_;
};

class CsvDirectory : public BwsSource {
 public:
  explicit CsvDirectory(std::string path) : path_(std::move(path)) {}

  absl::StatusOr<std::string> ExportTable(const std::string& table) override {
    const std::string file = absl::StrCat(path_, "/", table, ".csv");
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      return absl::NotFoundError(absl::StrCat(
          "no ", table, ".csv in ", path_,
          " (a directory of BWS tables holds one CSV file a table, as "
          "mdb-export prints it)"));
    }
    std::stringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
  }

  std::string FileName() const override { return BaseName(path_); }

 private:
  const std::string path_;
};

}  // namespace

std::vector<std::string> MdbExportArguments(const std::string& program,
                                            const std::string& bws_path,
                                            const std::string& table) {
  return {program, "--date-format=%Y-%m-%d",
          "--datetime-format=%Y-%m-%d %H:%M:%S", bws_path, table};
}

std::unique_ptr<BwsSource> MdbExportSource(std::string path,
                                           std::string program) {
  return std::make_unique<MdbExport>(std::move(path), std::move(program));
}

std::unique_ptr<BwsSource> CsvDirectorySource(std::string path) {
  return std::make_unique<CsvDirectory>(std::move(path));
}

std::unique_ptr<BwsSource> SourceFor(const std::string& path) {
  bool directory = false;
  if (Exists(path, &directory) && directory) return CsvDirectorySource(path);
  return MdbExportSource(path);
}

}  // namespace tally::bws
