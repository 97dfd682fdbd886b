// LogHead: the persisted head of the event log (its last sequence and
// hash), kept in the file TALLY-HEAD beside RocksDB's files so that losing
// the tail of the log (a write-ahead log deleted or cut short, a MANIFEST
// that forgets files) is detected at start-up: the stored log must reach
// the head and hold the head's hash at the head's sequence.
//
// The file holds two 512-byte slots; each write goes to the slot of the
// sequence's parity, with a SHA-256 of its contents, so a torn write of
// one slot leaves the other readable. The head is written after the events
// it names are durable, so it never runs ahead of the log; it is not
// fsynced on every write (see HeadFile::Write), so after a power loss it
// may lag the log, which the check allows.
//
// Thread-safety: HeadFile::Write from one thread at a time (the writer);
// ReadHead is a free function.

#ifndef TALLY_REPLAY_LOG_HEAD_H_
#define TALLY_REPLAY_LOG_HEAD_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tally::replay {

inline constexpr char kHeadFileName[] = "TALLY-HEAD";

struct LogHead {
  uint64_t sequence = 0;  // 0: the empty log
  std::string hash;       // the hash of event `sequence`; empty when 0
};

// The head recorded in `dir`/TALLY-HEAD: nullopt if the file is absent,
// DataLoss if neither slot is readable.
absl::StatusOr<std::optional<LogHead>> ReadHead(const std::string& dir);

// The open head file of a data directory being written.
class HeadFile {
 public:
  // Opens `dir`/TALLY-HEAD for writing, creating it (and fsyncing it and
  // the directory) with `initial` in both slots if it is absent.
  static absl::StatusOr<std::unique_ptr<HeadFile>> Open(const std::string& dir,
                                                        const LogHead& initial);
  ~HeadFile();
  HeadFile(const HeadFile&) = delete;
  HeadFile& operator=(const HeadFile&) = delete;

  // Records `head`. Not fsynced: the events are already durable in the
  // write-ahead log, and a head that lags after a power loss is still a
  // prefix of the log; `sync` fsyncs too (at creation and clean close).
  absl::Status Write(const LogHead& head, bool sync = false);

 private:
  HeadFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_;
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_LOG_HEAD_H_
