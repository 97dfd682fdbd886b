// EventStore: the append-only log on an embedded RocksDB. It stores each
// event's canonical bytes and chain hash under its global sequence number
// (column family "events", 8-byte big-endian keys, so iteration order is
// sequence order) and the idempotency records that let retries be answered
// (column family "idempotency").
//
// The store does no checking of its own: EventLog decides what to append.
// Append() writes everything in one WriteBatch with the WAL synced, so a
// batch is either wholly durable or absent after a crash.
//
// Thread-safety: Append() must be called from one thread at a time (the
// EventLog writer); the read methods may be called from any thread.

#ifndef TALLY_REPLAY_EVENT_STORE_H_
#define TALLY_REPLAY_EVENT_STORE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
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
  };

  // An idempotency record to write, keyed by tournament and client key.
  struct IdempotencyEntry {
    std::string tournament_id;
    std::string idempotency_key;
    v1::IdempotencyRecord record;
  };

  // Opens (creating if missing) the store at options.path. Fails with
  // Unavailable or Internal when RocksDB cannot open it (another tallyd
  // holds the lock, permissions, corruption).
  static absl::StatusOr<std::unique_ptr<EventStore>> Open(
      const Options& options);

  ~EventStore();
  EventStore(const EventStore&) = delete;
  EventStore& operator=(const EventStore&) = delete;

  // Writes `events` (whose sequences must continue the log) and the
  // idempotency entries in one synced WriteBatch.
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

 private:
  EventStore(std::unique_ptr<rocksdb::DB> db,
             std::vector<rocksdb::ColumnFamilyHandle*> handles, bool sync);

  std::unique_ptr<rocksdb::DB> db_;
  rocksdb::ColumnFamilyHandle* events_;
  rocksdb::ColumnFamilyHandle* idempotency_;
  std::vector<rocksdb::ColumnFamilyHandle*> handles_;
  bool sync_;
};

// The 8-byte big-endian key of a sequence number, and back.
std::string SequenceKey(uint64_t sequence);
uint64_t SequenceFromKey(const rocksdb::Slice& key);

// Names of the column families, for tools that open the directory directly.
inline constexpr char kEventsFamily[] = "events";
inline constexpr char kIdempotencyFamily[] = "idempotency";

}  // namespace tally::replay

#endif  // TALLY_REPLAY_EVENT_STORE_H_
