// EventStore: the append-only log on an embedded RocksDB. It stores each
// event's canonical bytes and chain hash under its global sequence number
// (column family "events", 8-byte big-endian keys, so iteration order is
// sequence order) and the idempotency records that let retries be answered
// (column family "idempotency").
//
// The store does no checking of its own: EventLog decides what to append.
// Append() writes everything in one WriteBatch with the WAL synced, so a
// batch is either wholly durable or absent after a crash, then records the
// new head in TALLY-HEAD (replay/log/log_head.h).
//
// RocksDB is opened so that it never repairs or drops anything silently:
// a corrupt write-ahead log, MANIFEST or table fails the open (see the
// recovery mode in event_store.cc), column families and files are created
// only when the caller asks (a new data directory), and a read-only open
// writes nothing at all, not even RocksDB's info LOG.
//
// Thread-safety: Append() and Recover() must be called from one thread at a
// time (the EventLog writer); the read methods may be called from any
// thread.

#ifndef TALLY_REPLAY_EVENT_STORE_H_
#define TALLY_REPLAY_EVENT_STORE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "replay/log/log_head.h"
#include "rocksdb/db.h"
#include "tally/v1/storage.pb.h"

namespace tally::replay {

class EventStore {
 public:
  struct Options {
    std::string path;  // Default: none; must be set.
    // Sync the WAL before Append() returns. Default: true. Only benchmarks
    // that measure the cost of syncing turn it off.
    bool sync = true;
    // Open without writing anything (RocksDB OpenForReadOnly); Append()
    // then fails. Default: false.
    bool read_only = false;
    // Create the RocksDB files and column families if absent. Default:
    // false: an existing store must have all of them.
    bool create = false;
    // Written to TALLY-HEAD if that file is absent (a new store, or one
    // whose head the operator adopts); ignored when read_only. Default:
    // the empty log.
    LogHead initial_head;
    // RocksDB's environment; tests pass one whose file system fails on
    // demand. Default: nullptr, RocksDB's default Env.
    rocksdb::Env* env = nullptr;
  };

  // An idempotency record to write, keyed by tournament and client key.
  struct IdempotencyEntry {
    std::string tournament_id;
    std::string idempotency_key;
    v1::IdempotencyRecord record;
  };

  // Opens the store at options.path. Fails with Unavailable when the disk
  // is full or unreadable or another tallyd holds the lock, DataLoss when
  // RocksDB finds the files corrupt or missing, Internal otherwise.
  static absl::StatusOr<std::unique_ptr<EventStore>> Open(
      const Options& options);

  ~EventStore();
  EventStore(const EventStore&) = delete;
  EventStore& operator=(const EventStore&) = delete;

  // Writes `events` (whose sequences must continue the log) and the
  // idempotency entries in one synced WriteBatch, then the head. After a
  // failed write (disk full, I/O error) it fails with Unavailable until
  // Recover() succeeds.
  absl::Status Append(
      const std::vector<std::pair<uint64_t, v1::StoredEvent>>& events,
      const std::vector<IdempotencyEntry>& idempotency);

  // The highest sequence stored, 0 when empty.
  absl::StatusOr<uint64_t> LastSequence() const;

  // The raw value stored under `sequence`; NotFound if absent.
  absl::StatusOr<std::string> ReadRaw(uint64_t sequence) const;

  // Calls `visit(sequence, raw_value)` for each stored event from
  // `from_sequence` upward, in order, until `visit` returns false.
  absl::Status Scan(
      uint64_t from_sequence,
      const std::function<bool(uint64_t, const std::string&)>& visit) const;

  // The record stored for (tournament, key), nullopt if none; an error only
  // when RocksDB cannot be read (never guess "absent" on a read failure).
  absl::StatusOr<std::optional<v1::IdempotencyRecord>> FindIdempotency(
      const std::string& tournament_id,
      const std::string& idempotency_key) const;

  // Calls `visit(tournament_id, idempotency_key, record)` for every
  // idempotency record, in key order, until `visit` returns false; DataLoss
  // if a record does not parse.
  absl::Status ScanIdempotency(
      const std::function<bool(const std::string&, const std::string&,
                               const v1::IdempotencyRecord&)>& visit) const;

  const std::string& path() const { return path_; }

  // How many events ReadRaw and Scan have returned since the store was
  // opened: what the growth tests count (issue #19).
  uint64_t events_read() const { return events_read_.load(); }

  // Writes a consistent copy of the store's RocksDB files as they are now
  // (rocksdb::Checkpoint: hard links where `dir` is on the same file
  // system, copies otherwise) into `dir`, which must not exist. Appends
  // may continue meanwhile; the copy holds a prefix of the log (whole
  // batches). TALLY-HEAD is not written: the caller checks the copy and
  // records its head. Unavailable while the store is being recovered.
  absl::Status CopyTo(const std::string& dir) const;

  // Derived data (snapshots of the projection, replay/snapshot/), kept in
  // RocksDB's default column family, which holds nothing of the log: the
  // chain's checks, the idempotency records and exports never read it, and
  // damage in it is the reader's to ignore, never the log's. Const: it
  // changes nothing of the log, and may run beside Append on any thread.
  //
  // Writes `entries` (keys strictly increasing) as one table file in the
  // data directory and adds it to the store at once (RocksDB's external
  // file ingestion: no write-ahead log, no memtable, no flush), then
  // deletes the keys in [drop_from, drop_to) (when drop_from < drop_to).
  // Readers see all of `entries` or none.
  absl::Status WriteDerived(
      const std::vector<std::pair<std::string, absl::string_view>>& entries,
      const std::string& drop_from, const std::string& drop_to) const;
  // The first derived entry whose key is at or after `key`: nullopt when
  // there is none.
  absl::StatusOr<std::optional<std::pair<std::string, std::string>>>
  FirstDerivedFrom(const std::string& key) const;
  // The derived value under `key`; NotFound if absent.
  absl::StatusOr<std::string> ReadDerived(const std::string& key) const;

  // Whether the last Append failed, so that RocksDB must be reopened
  // before the next.
  bool NeedsRecovery() const;

  // After a failed Append: closes and reopens RocksDB, which recovers its
  // write-ahead log (dropping the torn tail of the failed write, if any)
  // and starts a new one. The failed batch may turn out durable after all
  // (written, but its sync failed): the caller compares LastSequence().
  // Unavailable while the disk is still full or failing; reads fail with
  // Unavailable meanwhile. RocksDB's own DB::Resume() is not used: in 7.8
  // it can leave the failed WAL writer in place when the memtables are
  // empty, and every later write then fails (facebook/rocksdb#11643,
  // #12998).
  absl::Status Recover();

 private:
  explicit EventStore(const Options& options);
  absl::Status OpenRocks() ABSL_EXCLUSIVE_LOCKS_REQUIRED(db_mu_);
  void CloseRocks() ABSL_EXCLUSIVE_LOCKS_REQUIRED(db_mu_);
  // Unavailable while RocksDB is closed between a failed write and a
  // successful Recover().
  absl::Status CheckOpen() const ABSL_SHARED_LOCKS_REQUIRED(db_mu_);

  const Options options_;
  const std::string& path_ = options_.path;
  // Readers share it; Recover() takes it alone to swap the DB.
  mutable absl::Mutex db_mu_;
  std::unique_ptr<rocksdb::DB> db_ ABSL_GUARDED_BY(db_mu_);
  rocksdb::ColumnFamilyHandle* events_ ABSL_GUARDED_BY(db_mu_) = nullptr;
  rocksdb::ColumnFamilyHandle* idempotency_ ABSL_GUARDED_BY(db_mu_) = nullptr;
  rocksdb::ColumnFamilyHandle* derived_ ABSL_GUARDED_BY(db_mu_) = nullptr;
  std::vector<rocksdb::ColumnFamilyHandle*> handles_ ABSL_GUARDED_BY(db_mu_);
  std::unique_ptr<HeadFile> head_file_;  // null when read-only
  // The last Append failed. Written by the writer thread only.
  std::atomic<bool> needs_recovery_ = false;
  mutable std::atomic<uint64_t> events_read_ = 0;
};

// The 8-byte big-endian key of a sequence number, and back.
std::string SequenceKey(uint64_t sequence);
uint64_t SequenceFromKey(const rocksdb::Slice& key);

// Names of the column families, for tools that open the directory directly.
inline constexpr char kEventsFamily[] = "events";
inline constexpr char kIdempotencyFamily[] = "idempotency";

}  // namespace tally::replay

#endif  // TALLY_REPLAY_EVENT_STORE_H_
