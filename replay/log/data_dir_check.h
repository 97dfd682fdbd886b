// The start-up check of a data directory: before tallyd writes anything it
// makes sure the directory holds a whole log. Used by EventLog::Open and,
// offline, by `tally verify --data-dir=DIR`.
//
// A directory passes when RocksDB opens it read-only without finding
// corruption, the events form an unbroken hash chain from 1, the chain
// reaches the persisted head (TALLY-HEAD) and holds its hash there, and the
// idempotency records and the events answer for each other one to one.
// Every refusal is DataLoss (or FailedPrecondition for a directory that is
// not a tally data directory at all) with a message naming what is wrong
// and, where it can be told, which events are lost. Nothing here writes.
//
// Thread-safety: pure functions over files; safe to call concurrently.

#ifndef TALLY_REPLAY_DATA_DIR_CHECK_H_
#define TALLY_REPLAY_DATA_DIR_CHECK_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "replay/log/codec.h"
#include "replay/log/event_store.h"
#include "replay/log/log_head.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Whether tallyd may create a new log in a directory: only when it is
// absent or empty.
enum class DirectoryState { kAbsent, kEmpty, kHasFiles };
absl::StatusOr<DirectoryState> InspectDirectory(const std::string& dir);

// What a check found in a whole data directory.
struct DataDirectoryReport {
  uint64_t events = 0;          // the chain, 1..events, unbroken
  std::string last_hash;        // of event `events`; empty when none
  std::optional<LogHead> head;  // TALLY-HEAD; nullopt if absent (allowed)
  uint64_t idempotency_records = 0;
  // Records written before they named their event's hash; bound by
  // sequence, tournament and key only.
  uint64_t records_without_hash = 0;
};

// The files an existing store cannot be without: CURRENT, the MANIFEST it
// names, and (when `head_required`) TALLY-HEAD. DataLoss naming each one
// missing.
absl::Status CheckFilesPresent(const std::string& dir, bool head_required);

// Called with each event of the chain, in order, once its link is checked
// (EventLog::Open folds them into its State while the directory is
// checked, so that start-up reads, hashes and parses each event once).
// The event may be moved from.
using CheckedEventVisitor = std::function<absl::Status(v1::Event&)>;

// Called instead, with the event's sequence and head (codec.h), for the
// events up to `heads_until`: those a snapshot of the State already holds,
// whose links are checked without parsing their payloads.
using CheckedHeadVisitor =
    std::function<void(uint64_t sequence, const LinkedEventHead&)>;

// Checks the chain, the head and the idempotency records of an open store,
// calling `visit` (if set) with each event of the chain, or `visit_head`
// with the events up to `heads_until` (0: none). A damaged directory is
// refused as without a visitor; otherwise the first error `visit`
// returned, as it returned it (it is not called after that).
absl::StatusOr<DataDirectoryReport> CheckStore(
    const EventStore& store, const std::optional<LogHead>& head,
    const CheckedEventVisitor& visit = nullptr, uint64_t heads_until = 0,
    const CheckedHeadVisitor& visit_head = nullptr);

// The whole check of an existing directory, read-only: the files present,
// RocksDB's read-only open, then CheckStore. `before_chain`, if set, is
// called with the store opened read-only just before its chain is checked
// (EventLog::Open looks for a snapshot of the State there) and returns
// CheckStore's `heads_until`.
absl::StatusOr<DataDirectoryReport> CheckDataDirectory(
    const std::string& dir, bool head_required,
    const CheckedEventVisitor& visit = nullptr,
    const std::function<uint64_t(const EventStore&)>& before_chain = nullptr,
    const CheckedHeadVisitor& visit_head = nullptr);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DATA_DIR_CHECK_H_
