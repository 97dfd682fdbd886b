// EventLog: the one way anything is written. It owns the EventStore, a
// single writer thread and the projected State.
//
// Execute() queues a Command and blocks until it is durable or refused. The
// writer takes every queued command as one group: for each, in order, it
// answers a known idempotency key from the record, checks the expected
// stream version, runs the command's decide function against the State
// including the earlier commands of the group, and seals the event into the
// hash chain. The group's events go to RocksDB in one WriteBatch with the
// WAL synced; only then are callers told OK and readers shown the events.
// A command's receipt time is stamped when Execute() receives it, not when
// the writer reaches it, so a command queued behind a slow group keeps the
// time it was sent at (raised only to keep the log's times non-decreasing).
//
// Readers never hold anything the writer needs: after each durable group
// the writer publishes an immutable State (Snapshot()); a reader keeps the
// one it took for as long as it reads. Publication copies nothing in the
// steady state: the writer keeps a small pool of States and brings a free
// one (no reader holds it) up to date by folding the few events it lacks;
// only when every pooled State is held by a reader does it copy one. The
// pooled States share every tournament none of them has changed since
// they were copied (state.h SharedTournaments): a copy is one of pointers,
// and a tournament is cloned when a State changes it while another holds
// it. A pooled State keeps the tournaments it has cloned, so a tournament
// in play is cloned once, not at every group, and shares them again once
// no event has changed them for a while (10,000 events).
//
// Thread-safe. Read() and Snapshot() may run concurrently with writes; they
// see only durable events.

#ifndef TALLY_REPLAY_EVENT_LOG_H_
#define TALLY_REPLAY_EVENT_LOG_H_

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "replay/log/event_store.h"
#include "replay/state/state.h"
#include "tally/v1/common.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// A command: what to check and how to decide the event it appends.
struct Command {
  std::string tournament_id;
  std::string idempotency_key;  // required
  // When set, ABORTED unless the tournament's stream is at this version.
  std::optional<uint64_t> expected_version;
  // Identifies the command's content, to tell a retry (same fingerprint)
  // from a different command reusing a key.
  std::string fingerprint;
  v1::Actor actor;
  // An imported fact's file and line (tally import); copied to the event.
  v1::Provenance provenance;
  // Checks the command against the current State and returns the event
  // payload to append, or the status to refuse it with. Runs on the writer
  // thread; must not block.
  std::function<absl::StatusOr<v1::EventPayload>(const State&)> decide;
  // Instead of `decide`, for commands the regulations time (a correction
  // inside its window): also given the time the event will be received at.
  std::function<absl::StatusOr<v1::EventPayload>(const State&, absl::Time)>
      decide_at;
};

// A snapshot of the State that start-up may fold on from instead of event
// 1 (replay/snapshot/ finds and decodes one).
struct StartingSnapshot {
  uint64_t sequence = 0;   // it holds events 1..sequence
  std::string chain_hash;  // the chain hash of event `sequence`
  // The SHA-256 of its State's bytes, for the check by a full replay
  // (replay/snapshot/snapshot_check.h).
  std::string state_sha256;
  // Its State; run on a thread of its own while the chain is checked.
  std::function<absl::StatusOr<State>()> decode;
};

// What EventLog::Open read and folded.
struct OpenReport {
  uint64_t events_checked = 0;     // links of the chain checked
  uint64_t events_folded = 0;      // events folded into the State
  uint64_t snapshot_sequence = 0;  // the snapshot started from; 0: none
  std::string snapshot_sha256;     // its StartingSnapshot::state_sha256
};

struct CommandResult {
  v1::Event event;        // the appended event, hash filled
  bool replayed = false;  // answered from the idempotency record
};

class EventLog {
 public:
  struct Options {
    std::string path;  // Default: none; must be set.
    // Where receipt times come from; only ever read on receipt, never in
    // replay. Default: the wall clock.
    std::function<absl::Time()> clock = [] { return absl::Now(); };
    // Sync the WAL before acknowledging. Default: true.
    bool sync = true;
    // Called on the writer thread with each batch's events, in order, once
    // they are durable and before their callers are told OK (tallyd signs
    // checkpoints here). Must not block on or call Execute. Default: none.
    std::function<void(absl::Span<const v1::Event>)> after_durable;
    // Accept a data directory without TALLY-HEAD (one written before the
    // head was persisted) if it passes every other check, and record its
    // head. Default: false: a missing head is damage.
    bool adopt_head = false;
    // RocksDB's environment, for tests that make the disk fail. Default:
    // nullptr, RocksDB's default Env.
    rocksdb::Env* env = nullptr;
    // Called by Open, on its thread, with each stored event as it is
    // folded (in order, its link in the chain checked): after a snapshot,
    // only the events after it. Not called for events appended later.
    // Default: none.
    std::function<void(const v1::Event&)> on_replayed;
    // Called by Open, on its thread, with the sequence and payload kind
    // (v1::EventPayload::KindCase) of every stored event, in order, as its
    // link in the chain is checked, so that tallyd can note what it needs
    // of the log without reading it again. Default: none.
    std::function<void(uint64_t, int)> on_checked = nullptr;
    // Start-up from a snapshot of the State: called with the store opened
    // read-only before its chain is checked; the snapshot it returns (if
    // any) is used only if it decodes to a State at its sequence and
    // chain hash and the checked chain has that hash there; otherwise
    // `snapshot_ignored` is told why and every event is folded. Every link
    // of the chain is checked either way; the events the snapshot holds
    // without parsing their payloads (codec.h DecodeLinkedEventHead).
    // Default: none (every event folded).
    std::function<std::optional<StartingSnapshot>(const EventStore&)>
        find_snapshot = nullptr;
    std::function<void(const std::string&)> snapshot_ignored = nullptr;
  };

  // Creates a new log when options.path is absent or empty. Otherwise
  // first checks the directory read-only (replay/log/data_dir_check.h) and
  // refuses, changing nothing, with DataLoss naming what is damaged or
  // missing; then opens it and folds every stored event into the State.
  // Unavailable when the disk is full or unreadable.
  static absl::StatusOr<std::unique_ptr<EventLog>> Open(const Options& options);

  // Drains queued commands, then stops the writer.
  ~EventLog();
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;

  // Runs `command` through the writer; blocks until durable or refused.
  // Refusals: InvalidArgument (no key), AlreadyExists (key reused for a
  // different command), Aborted (stale expected version), whatever decide
  // returns, Unavailable/Internal when the write fails. A refusal appends
  // nothing.
  absl::StatusOr<CommandResult> Execute(Command command);

  // The State of every durable event, immutable: it stays valid and
  // unchanged while the caller holds it, whatever is appended meanwhile.
  // Takes a mutex only to copy the pointer.
  std::shared_ptr<const State> Snapshot() const;

  // Calls `read` with Snapshot(); holds no lock while `read` runs.
  void Read(const std::function<void(const State&)>& read) const;

  // How many times the writer has copied the published State to make a
  // working one (every pooled State held by a reader), since Open. Such a
  // copy is of the State's top level (tournament pointers, the offence
  // register): its tournaments are cloned only as the writer changes them.
  // For tests and the benchmark; the steady state copies none.
  uint64_t published_copies() const;

  const EventStore& store() const { return *store_; }

  // What Open read and folded (zeros for a new log).
  const OpenReport& open_report() const { return open_report_; }

 private:
  struct Pending;

  EventLog(const Options& options, std::unique_ptr<EventStore> store,
           State state);
  void WriterLoop();
  void ProcessGroup(std::vector<Pending*> group);
  // After the store is recovered from a failed write: brings the State up
  // to whatever of the failed batch turned out durable.
  absl::Status CatchUpWithStore();
  // A pooled State no reader holds, brought up to the published one by
  // folding the events of recent_ it lacks (a copy of the published State
  // when every pooled one is held). The writer may change it.
  std::shared_ptr<State> WorkingState();
  // Shows `state` (durable events only) to readers from now on.
  void Publish(std::shared_ptr<State> state);
  // Drops `state` from the pool (it holds events that are not durable).
  void Discard(const std::shared_ptr<State>& state);

  const Options options_;
  const std::unique_ptr<EventStore> store_;
  OpenReport open_report_;  // set by Open before the log is returned

  mutable absl::Mutex queue_mu_;
  std::deque<Pending*> queue_ ABSL_GUARDED_BY(queue_mu_);
  bool stopping_ ABSL_GUARDED_BY(queue_mu_) = false;

  mutable absl::Mutex published_mu_;
  // Durable events only; never changed once published.
  std::shared_ptr<const State> published_ ABSL_GUARDED_BY(published_mu_);
  uint64_t published_copies_ ABSL_GUARDED_BY(published_mu_) = 0;

  // Touched only by the writer thread: the States it owns (head_, the one
  // published, and others readers may still hold), and the durable events
  // newer than the oldest of them, to bring a free one up to date.
  std::vector<std::shared_ptr<State>> pool_;
  std::shared_ptr<State> head_;
  std::deque<v1::Event> recent_;
  // Set when the store cannot be trusted any more (a failed write left
  // events that do not continue the chain): every later write is refused
  // with it. Touched only by the writer thread.
  absl::Status refusal_;

  std::thread writer_;
};

// Folds the stored events from the start up to and including
// `last_sequence` (or, if `until` is set, those received at or before it)
// into a fresh State. DataLoss if an event in range is damaged. `stop`, if
// given, is read before each event: Cancelled once it is true.
absl::StatusOr<State> ReplayPrefix(const EventStore& store,
                                   uint64_t last_sequence,
                                   std::optional<absl::Time> until,
                                   const std::atomic<bool>* stop = nullptr);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_EVENT_LOG_H_
