#include "server/backup.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/log/data_dir_check.h"
#include "replay/log/log_head.h"
#include "server/principal_store.h"

namespace tally::server {
namespace {

namespace fs = std::filesystem;

// The files beside RocksDB's that a server needs: the principals, the
// checkpoint key and the signed checkpoints. The administrator's token
// file is left out: its token is in principals.pb as a hash, and the file
// itself is only the first start's hand-over.
const char* const kSideFiles[] = {kPrincipalsFile, replay::kCheckpointKeyFile,
                                  replay::kCheckpointsFile};

absl::Status Unavailable(const std::string& what, const std::error_code& ec) {
  return absl::UnavailableError(absl::StrCat(what, ": ", ec.message()));
}

// Reads `path` whole; nullopt-like empty + false when absent.
absl::StatusOr<std::optional<std::string>> ReadIfPresent(
    const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    if (ec) return Unavailable(absl::StrCat("cannot read ", path), ec);
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return absl::UnavailableError(absl::StrCat("cannot read ", path));
  return bytes.str();
}

absl::Status WriteFile(const std::string& path, const std::string& bytes) {
  const int fd =
      open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    return absl::UnavailableError(absl::StrCat("cannot write ", path));
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) {
      close(fd);
      return absl::UnavailableError(absl::StrCat("cannot write ", path));
    }
    done += static_cast<size_t>(n);
  }
  const bool synced = fsync(fd) == 0;
  close(fd);
  if (!synced)
    return absl::UnavailableError(absl::StrCat("cannot sync ", path));
  return absl::OkStatus();
}

// Flushes every file written into `dir` (and the directory) to the disk.
absl::Status SyncDirectory(const std::string& dir) {
  const int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return absl::UnavailableError(absl::StrCat("cannot open ", dir));
  const bool synced = syncfs(fd) == 0 && fsync(fd) == 0;
  close(fd);
  if (!synced) return absl::UnavailableError(absl::StrCat("cannot sync ", dir));
  return absl::OkStatus();
}

// Counts the regular files of `dir` and their bytes into `report`.
absl::Status Measure(const std::string& dir, BackupReport* report) {
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    ++report->files;
    report->bytes += entry.file_size(ec);
  }
  if (ec) return Unavailable(absl::StrCat("cannot list ", dir), ec);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<BackupReport> BackupDataDirectory(const replay::EventLog& log,
                                                 const std::string& data_dir,
                                                 const std::string& target) {
  const fs::path path(target);
  if (target.empty() || !path.is_absolute()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the backup directory '", target,
        "' is not an absolute path; give one on the server's machine, "
        "e.g. /var/backups/tally/2026-11-27"));
  }
  std::error_code ec;
  if (fs::exists(path, ec)) {
    return absl::AlreadyExistsError(
        absl::StrCat("the backup directory ", target,
                     " already exists; a backup goes into a new directory"));
  }
  if (!fs::is_directory(path.parent_path(), ec)) {
    return absl::FailedPreconditionError(
        absl::StrCat("the backup directory's parent ",
                     path.parent_path().string(), " does not exist"));
  }
  // The side files first: every checkpoint signed so far names an event
  // that is already durable, so it is in the copy of the log taken next.
  std::vector<std::pair<std::string, std::string>> side;
  for (const char* name : kSideFiles) {
    absl::StatusOr<std::optional<std::string>> bytes =
        ReadIfPresent(absl::StrCat(data_dir, "/", name));
    if (!bytes.ok()) return bytes.status();
    if (bytes->has_value()) side.emplace_back(name, **bytes);
  }
  if (absl::Status s = log.store().CopyTo(target); !s.ok()) return s;
  // The copy is checked as tallyd checks a data directory, and its head
  // is what the check found (it has no TALLY-HEAD of its own yet).
  absl::StatusOr<replay::DataDirectoryReport> checked =
      replay::CheckDataDirectory(target, /*head_required=*/false);
  if (!checked.ok()) {
    return absl::DataLossError(
        absl::StrCat("the backup in ", target,
                     " does not check: ", checked.status().message()));
  }
  absl::StatusOr<std::unique_ptr<replay::HeadFile>> head =
      replay::HeadFile::Open(
          target, {.sequence = checked->events, .hash = checked->last_hash});
  if (!head.ok()) return head.status();
  head->reset();
  for (const auto& [name, bytes] : side) {
    if (absl::Status s = WriteFile(absl::StrCat(target, "/", name), bytes);
        !s.ok()) {
      return s;
    }
  }
  if (absl::Status s = SyncDirectory(target); !s.ok()) return s;
  BackupReport report{.events = checked->events,
                      .head_hash = checked->last_hash};
  if (absl::Status s = Measure(target, &report); !s.ok()) return s;
  return report;
}

absl::StatusOr<BackupReport> RestoreDataDirectory(const std::string& from,
                                                  const std::string& data_dir) {
  absl::StatusOr<replay::DirectoryState> state =
      replay::InspectDirectory(data_dir);
  if (!state.ok()) return state.status();
  if (*state == replay::DirectoryState::kHasFiles) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--restore_from: the data directory ", data_dir,
        " is not empty; restore into a new or empty directory (the one "
        "there is left as it is)"));
  }
  absl::StatusOr<replay::DataDirectoryReport> checked =
      replay::CheckDataDirectory(from, /*head_required=*/true);
  if (!checked.ok()) {
    return absl::Status(
        checked.status().code(),
        absl::StrCat("--restore_from: the backup ", from,
                     " does not check: ", checked.status().message()));
  }
  std::error_code ec;
  fs::create_directories(data_dir, ec);
  if (ec) return Unavailable(absl::StrCat("cannot create ", data_dir), ec);
  for (const fs::directory_entry& entry : fs::directory_iterator(from, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    fs::copy_file(entry.path(), fs::path(data_dir) / entry.path().filename(),
                  ec);
    if (ec) {
      return Unavailable(absl::StrCat("cannot copy ", entry.path().string(),
                                      " into ", data_dir),
                         ec);
    }
  }
  if (ec) return Unavailable(absl::StrCat("cannot list ", from), ec);
  if (absl::Status s = SyncDirectory(data_dir); !s.ok()) return s;
  BackupReport report{.events = checked->events,
                      .head_hash = checked->last_hash};
  if (absl::Status s = Measure(data_dir, &report); !s.ok()) return s;
  return report;
}

}  // namespace tally::server
