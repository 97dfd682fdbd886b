// Backup and restore of a data directory (docs/operator.md). A backup is a
// RocksDB checkpoint of the running server's event log (a consistent
// prefix of the log, taken while appends go on), checked from event 1 and
// given its own TALLY-HEAD, with the principals, the checkpoint key and the
// signed checkpoints beside it: a data directory tallyd can start on.
// Restoring checks a backup the same way tallyd checks a data directory at
// start-up (docs/data-directory.md) and copies it into a new, empty data
// directory; nothing is written when the check fails. Thread-safe (each
// call works on its own directories; the log is only read).

#ifndef TALLY_SERVER_BACKUP_H_
#define TALLY_SERVER_BACKUP_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "replay/state/event_log.h"

namespace tally::server {

struct BackupReport {
  uint64_t events = 0;    // the copy's last event
  std::string head_hash;  // its chain hash (raw bytes)
  uint64_t files = 0;
  uint64_t bytes = 0;
};

// Copies the data directory `data_dir` of the running `log` into
// `target`. InvalidArgument when `target` is not absolute, AlreadyExists
// when it exists, FailedPrecondition when its parent does not exist,
// Unavailable when the disk fails, DataLoss when the copy does not check.
absl::StatusOr<BackupReport> BackupDataDirectory(const replay::EventLog& log,
                                                 const std::string& data_dir,
                                                 const std::string& target);

// Checks the backup `from` (every start-up check, TALLY-HEAD required) and
// copies its files into `data_dir`, which must be absent or empty
// (FailedPrecondition otherwise). DataLoss naming the damage when the
// backup does not check; nothing is written then.
absl::StatusOr<BackupReport> RestoreDataDirectory(const std::string& from,
                                                  const std::string& data_dir);

}  // namespace tally::server

#endif  // TALLY_SERVER_BACKUP_H_
