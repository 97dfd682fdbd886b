#include "replay/state/event_log.h"

#include <algorithm>
#include <future>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/log/codec.h"
#include "replay/log/data_dir_check.h"
#include "replay/log/sha256.h"
#include "replay/state/consuming_evolve.h"

namespace tally::replay {

struct EventLog::Pending {
  Command command;
  absl::Time received;  // stamped by Execute, in queue order
  std::promise<absl::StatusOr<CommandResult>> done;
};

namespace {

// The most commands sealed into one WriteBatch.
constexpr size_t kMaxGroup = 512;

// The most States the writer keeps (the published one, those readers may
// still hold, a spare). Past it, the oldest held one is left to its readers.
constexpr size_t kMaxPooledStates = 4;
// A tournament no event has changed for this many events is shared again
// between the pooled States (WorkingState).
constexpr uint64_t kQuietEvents = 10'000;
constexpr uint64_t kShareEvery = 1'024;

absl::StatusOr<v1::Event> ReadEvent(const EventStore& store,
                                    uint64_t sequence) {
  TALLY_ASSIGN_OR_RETURN(std::string raw, store.ReadRaw(sequence));
  return DecodeEvent(sequence, raw);
}

absl::Status KeyReused(const Command& c) {
  return absl::AlreadyExistsError(
      absl::StrCat("idempotency key '", c.idempotency_key,
                   "' was already used for a different command in tournament '",
                   c.tournament_id, "'; use a new key for a new command"));
}

// A stored idempotency record answers only for the event appended under its
// own key with the hash it names; anything else is damage, refused rather
// than answered with another command's outcome.
absl::Status CheckBinding(const Command& c, const v1::IdempotencyRecord& record,
                          const v1::Event& event) {
  if (event.tournament_id() == c.tournament_id &&
      event.idempotency_key() == c.idempotency_key &&
      (record.event_hash().empty() || record.event_hash() == event.hash())) {
    return absl::OkStatus();
  }
  return absl::DataLossError(absl::StrCat(
      "the idempotency record for key '", c.idempotency_key,
      "' in tournament '", c.tournament_id, "' names event ",
      record.last_sequence(),
      ", which was not appended under that key: the records are damaged; "
      "nothing was done (restore the data directory from a backup)"));
}

// The store opened for writing holds the log the read-only check folded:
// it ends at the same event, whose bytes hash to the same chain hash
// (RocksDB's writable open replays its write-ahead log into tables, which
// the read-only open had already read).
absl::Status SameLogAsChecked(const EventStore& store,
                              const DataDirectoryReport& checked) {
  TALLY_ASSIGN_OR_RETURN(const uint64_t last, store.LastSequence());
  std::string last_hash;
  if (last == checked.events && last > 0) {
    TALLY_ASSIGN_OR_RETURN(std::string raw, store.ReadRaw(last));
    TALLY_ASSIGN_OR_RETURN(v1::Event event, DecodeEvent(last, raw));
    absl::StatusOr<v1::Event> linked =
        DecodeLinkedEvent(last, raw, event.previous_hash());
    if (linked.ok()) last_hash = linked->hash();
  }
  if (last == checked.events && last_hash == checked.last_hash) {
    return absl::OkStatus();
  }
  return absl::DataLossError(absl::StrCat(
      "the data directory ", store.path(), " changed while it was opened: "
      "the check found ", checked.events, " events, the open ", last));
}

}  // namespace

absl::StatusOr<State> ReplayPrefix(const EventStore& store,
                                   uint64_t last_sequence,
                                   std::optional<absl::Time> until,
                                   const std::atomic<bool>* stop) {
  State state;
  absl::Status failure;
  TALLY_RETURN_IF_ERROR(
      store.Scan(1, [&](uint64_t sequence, const std::string& raw) {
        if (sequence > last_sequence) return false;
        if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
          failure = absl::CancelledError(
              absl::StrCat("stopped before event ", sequence));
          return false;
        }
        const std::string expected_previous =
            state.last_sequence == 0 ? GenesisHash() : state.last_hash;
        if (sequence != state.last_sequence + 1) {
          failure = absl::DataLossError(
              absl::StrCat("event ", state.last_sequence + 1, " is missing"));
          return false;
        }
        absl::StatusOr<v1::Event> event =
            DecodeLinkedEvent(sequence, raw, expected_previous);
        if (!event.ok()) {
          failure = event.status();
          return false;
        }
        if (until.has_value() && ToTime(event->received_at()) > *until) {
          return false;  // receipt times never decrease along the log
        }
        failure = EvolveConsuming(*event, state);
        return failure.ok();
      }));
  TALLY_RETURN_IF_ERROR(failure);
  return state;
}

absl::StatusOr<std::unique_ptr<EventLog>> EventLog::Open(
    const Options& options) {
  TALLY_ASSIGN_OR_RETURN(DirectoryState directory,
                         InspectDirectory(options.path));
  const bool create = directory != DirectoryState::kHasFiles;
  State state;
  OpenReport report;
  std::optional<DataDirectoryReport> checked;
  // A snapshot to start from: decoded on its own thread while the chain is
  // checked; the events after it are kept to fold once it is decoded.
  std::optional<StartingSnapshot> start;
  std::future<absl::StatusOr<State>> decoded;
  bool start_on_chain = false;
  std::vector<v1::Event> tail;
  if (!create) {
    // Read-only first: a damaged directory is refused before RocksDB may
    // write, flush or delete anything in it. The check folds each event
    // into the State once its link in the chain is checked, so start-up
    // reads, hashes and parses every event once (from a snapshot, the
    // events it holds are read and hashed, not parsed or folded).
    TALLY_ASSIGN_OR_RETURN(
        checked, CheckDataDirectory(
                     options.path, /*head_required=*/!options.adopt_head,
                     [&](v1::Event& event) -> absl::Status {
                       ++report.events_checked;
                       if (options.on_checked) {
                         options.on_checked(event.sequence(),
                                            event.payload().kind_case());
                       }
                       if (!start.has_value()) {
                         ++report.events_folded;
                         if (options.on_replayed) options.on_replayed(event);
                         return EvolveConsuming(event, state);
                       }
                       tail.push_back(std::move(event));  // after the snapshot
                       return absl::OkStatus();
                     },
                     [&](const EventStore& read_only) -> uint64_t {
                       if (!options.find_snapshot) return 0;
                       start = options.find_snapshot(read_only);
                       if (!start.has_value()) return 0;
                       decoded = std::async(std::launch::async, start->decode);
                       return start->sequence;  // checked, not parsed, up to it
                     },
                     [&](uint64_t sequence, const LinkedEventHead& head) {
                       ++report.events_checked;
                       if (options.on_checked) {
                         options.on_checked(sequence, head.payload_kind);
                       }
                       if (sequence == start->sequence) {
                         start_on_chain = head.hash == start->chain_hash;
                       }
                     }));
  }
  // A snapshot that turns out unusable: every event is folded again below.
  bool full_replay = false;
  if (start.has_value()) {
    absl::StatusOr<State> from = decoded.get();
    std::string why;
    if (!from.ok()) {
      why = std::string(from.status().message());
    } else if (!start_on_chain || from->last_sequence != start->sequence ||
               from->last_hash != start->chain_hash) {
      why = absl::StrCat("the snapshot at event ", start->sequence,
                         " does not match the log's hash chain there");
    }
    if (why.empty()) {
      state = *std::move(from);
      report.snapshot_sequence = start->sequence;
      report.snapshot_sha256 = start->state_sha256;
      for (v1::Event& event : tail) {
        ++report.events_folded;
        if (options.on_replayed) options.on_replayed(event);
        TALLY_RETURN_IF_ERROR(EvolveConsuming(event, state));
      }
    } else {
      if (options.snapshot_ignored) options.snapshot_ignored(why);
      full_replay = true;
    }
    tail.clear();
  }
  TALLY_ASSIGN_OR_RETURN(
      std::unique_ptr<EventStore> store,
      EventStore::Open(
          {.path = options.path,
           .sync = options.sync,
           .create = create,
           .initial_head =
               checked.has_value()
                   ? LogHead{.sequence = checked->events,
                             .hash = checked->last_hash}
                   : LogHead{},
           .env = options.env}));
  if (checked.has_value()) {
    TALLY_RETURN_IF_ERROR(SameLogAsChecked(*store, *checked));
  }
  if (full_replay) {
    // The events the snapshot held were checked but not parsed: all are
    // read again, each link checked again, and folded.
    report.events_folded = 0;
    absl::Status failure;
    TALLY_RETURN_IF_ERROR(
        store->Scan(1, [&](uint64_t sequence, const std::string& raw) {
          absl::StatusOr<v1::Event> event = DecodeLinkedEvent(
              sequence, raw,
              state.last_sequence == 0 ? GenesisHash() : state.last_hash);
          if (!event.ok()) {
            failure = event.status();
          } else {
            ++report.events_folded;
            if (options.on_replayed) options.on_replayed(*event);
            failure = EvolveConsuming(*event, state);
          }
          return failure.ok() && sequence < checked->events;
        }));
    TALLY_RETURN_IF_ERROR(failure);
  }
  auto log = std::unique_ptr<EventLog>(
      new EventLog(options, std::move(store), std::move(state)));
  log->open_report_ = report;
  return log;
}

EventLog::EventLog(const Options& options, std::unique_ptr<EventStore> store,
                   State state)
    : options_(options), store_(std::move(store)) {
  // The published State and the writer's spare for the first group, which
  // shares every tournament with it (a copy of pointers: a tournament is
  // cloned when the writer first changes it).
  head_ = std::make_shared<State>(std::move(state));
  pool_ = {head_, std::make_shared<State>(*head_)};
  {
    absl::MutexLock lock(&published_mu_);
    published_ = head_;
  }
  writer_ = std::thread([this] { WriterLoop(); });
}

EventLog::~EventLog() {
  {
    absl::MutexLock lock(&queue_mu_);
    stopping_ = true;
  }
  writer_.join();
}

absl::StatusOr<CommandResult> EventLog::Execute(Command command) {
  if (command.idempotency_key.empty()) {
    return absl::InvalidArgumentError(
        "every command needs an idempotency key, so that a retry is never "
        "applied twice");
  }
  Pending pending{std::move(command), absl::InfinitePast(), {}};
  std::future<absl::StatusOr<CommandResult>> result = pending.done.get_future();
  {
    absl::MutexLock lock(&queue_mu_);
    if (stopping_) {
      return absl::UnavailableError("the server is shutting down");
    }
    // Stamped on receipt, under the queue's lock: the queue's order is the
    // stamps' order, so the writer keeps them non-decreasing cheaply.
    pending.received = options_.clock();
    queue_.push_back(&pending);
  }
  return result.get();
}

std::shared_ptr<const State> EventLog::Snapshot() const {
  absl::MutexLock lock(&published_mu_);
  return published_;
}

void EventLog::Read(const std::function<void(const State&)>& read) const {
  const std::shared_ptr<const State> state = Snapshot();
  read(*state);
}

uint64_t EventLog::published_copies() const {
  absl::MutexLock lock(&published_mu_);
  return published_copies_;
}

std::shared_ptr<State> EventLog::WorkingState() {
  // Free: held only by pool_ (readers hold published_ or older snapshots).
  // A stale count only costs a copy; nobody but this thread can take a new
  // reference to a State that is not published.
  std::shared_ptr<State> chosen;
  for (const std::shared_ptr<State>& s : pool_) {
    if (s == head_ || s.use_count() != 1) continue;
    if (chosen == nullptr || s->last_sequence > chosen->last_sequence) {
      chosen = s;
    }
  }
  // Other free States would only fall further behind: let them go.
  std::erase_if(pool_, [&](const std::shared_ptr<State>& s) {
    return s != head_ && s != chosen && s.use_count() == 1;
  });
  if (chosen == nullptr) {
    // Shares every tournament with head_; those the next groups change are
    // cloned then.
    chosen = std::make_shared<State>(*head_);
    {
      absl::MutexLock lock(&published_mu_);
      ++published_copies_;
    }
    if (pool_.size() >= kMaxPooledStates) {
      // Left to the readers holding it; freed when the last one is done.
      auto oldest =
          std::min_element(pool_.begin(), pool_.end(),
                           [&](const std::shared_ptr<State>& a,
                               const std::shared_ptr<State>& b) {
                             if (a == head_) return false;
                             if (b == head_) return true;
                             return a->last_sequence < b->last_sequence;
                           });
      if (*oldest != head_) pool_.erase(oldest);
    }
    pool_.push_back(chosen);
  }
  const uint64_t was_at = chosen->last_sequence;
  for (const v1::Event& event : recent_) {
    if (event.sequence() <= chosen->last_sequence) continue;
    // Folded once already into the published State, so this cannot fail
    // unless Evolve is not deterministic; the group's own checks then
    // refuse what does not fit.
    if (!Evolve(event, *chosen).ok()) break;
  }
  // A tournament this State changed in place has a copy of its own, so in
  // play it is not cloned at every group; once no event has changed it for
  // kQuietEvents, this State shares the published one's again (the same
  // events folded) and lets its copy go, so the tournaments a long-running
  // log has finished are held once. Looked at every kShareEvery events.
  const uint64_t head_at = head_->last_sequence;
  if (head_at > kQuietEvents && was_at / kShareEvery != head_at / kShareEvery) {
    chosen->tournaments.ShareQuiet(head_->tournaments, head_at - kQuietEvents);
  }
  return chosen;
}

void EventLog::Publish(std::shared_ptr<State> state) {
  head_ = state;
  {
    absl::MutexLock lock(&published_mu_);
    published_ = std::move(state);
  }
  uint64_t oldest = head_->last_sequence;
  for (const std::shared_ptr<State>& s : pool_) {
    oldest = std::min(oldest, s->last_sequence);
  }
  while (!recent_.empty() && recent_.front().sequence() <= oldest) {
    recent_.pop_front();
  }
}

void EventLog::Discard(const std::shared_ptr<State>& state) {
  std::erase(pool_, state);
}

void EventLog::WriterLoop() {
  for (;;) {
    std::vector<Pending*> group;
    {
      absl::MutexLock lock(&queue_mu_);
      auto ready = [this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(queue_mu_) {
        return stopping_ || !queue_.empty();
      };
      queue_mu_.Await(absl::Condition(&ready));
      if (queue_.empty()) return;  // stopping and drained
      while (!queue_.empty() && group.size() < kMaxGroup) {
        group.push_back(queue_.front());
        queue_.pop_front();
      }
    }
    ProcessGroup(std::move(group));
  }
}

absl::Status EventLog::CatchUpWithStore() {
  // The failed batch may be durable after all (written, but its sync
  // failed): then its events are in the log, and the State must have them
  // too, or the next append would reuse their sequences. Their callers
  // were told UNAVAILABLE; a retry is answered from the idempotency record.
  TALLY_ASSIGN_OR_RETURN(uint64_t stored, store_->LastSequence());
  if (stored <= head_->last_sequence) return absl::OkStatus();
  std::shared_ptr<State> state = WorkingState();
  std::vector<v1::Event> found;
  absl::Status folded = [&]() -> absl::Status {
    for (uint64_t sequence = state->last_sequence + 1; sequence <= stored;
         ++sequence) {
      TALLY_ASSIGN_OR_RETURN(std::string raw, store_->ReadRaw(sequence));
      TALLY_ASSIGN_OR_RETURN(
          v1::Event event,
          DecodeLinkedEvent(
              sequence, raw,
              state->last_sequence == 0 ? GenesisHash() : state->last_hash));
      TALLY_RETURN_IF_ERROR(Evolve(event, *state));
      found.push_back(std::move(event));
    }
    return absl::OkStatus();
  }();
  if (!folded.ok()) {
    Discard(state);
    return folded;
  }
  for (v1::Event& event : found) recent_.push_back(std::move(event));
  Publish(std::move(state));
  return absl::OkStatus();
}

void EventLog::ProcessGroup(std::vector<Pending*> group) {
  // After a failed write, RocksDB is reopened before anything else is
  // decided; until it can be, every command is refused as the write was.
  if (store_->NeedsRecovery() && refusal_.ok()) {
    if (absl::Status s = store_->Recover(); !s.ok()) {
      // Still failing (Unavailable): tried again with the next group.
      for (Pending* p : group) p->done.set_value(s);
      return;
    }
    // A log that cannot be caught up with cannot be written after.
    if (absl::Status s = CatchUpWithStore(); !s.ok()) {
      refusal_ = absl::DataLossError(absl::StrCat(
          "after a failed write the event log cannot be caught up with (",
          s.message(), "); writes are refused until tallyd is restarted"));
    }
  }
  if (!refusal_.ok()) {
    for (Pending* p : group) p->done.set_value(refusal_);
    return;
  }
  // What each command in the group comes to before the write.
  struct Decided {
    Pending* pending;
    absl::StatusOr<CommandResult> result;
    bool appends = false;  // its event is in this batch
    // Told only once the batch is durable: it appends, or it is a retry of
    // a command that appends in this batch. A failed write fails it too.
    bool awaits_write = false;
  };
  std::vector<Decided> decided;
  std::vector<std::pair<uint64_t, v1::StoredEvent>> batch;
  std::vector<EventStore::IdempotencyEntry> records;
  // Keys first used in this group: (tournament, key) -> index in `decided`.
  std::map<std::pair<std::string, std::string>, size_t> group_keys;
  bool state_dirty = false;
  // head_ plus the events of this group, as they are decided.
  std::shared_ptr<State> working = WorkingState();
  State& writer_state = *working;

  for (Pending* p : group) {
    const Command& c = p->command;
    Decided d{p, absl::UnknownError("not decided")};

    // 1. A key seen before answers with the first outcome: from this
    // group (not yet durable, so it shares the batch's fate) or the store.
    auto in_group = group_keys.find({c.tournament_id, c.idempotency_key});
    if (in_group != group_keys.end()) {
      const Decided& first = decided[in_group->second];
      if (first.pending->command.fingerprint != c.fingerprint) {
        d.result = KeyReused(c);
      } else {
        d.result = first.result;
        d.result->replayed = true;
        d.awaits_write = true;
      }
      decided.push_back(std::move(d));
      continue;
    }
    absl::StatusOr<std::optional<v1::IdempotencyRecord>> stored =
        store_->FindIdempotency(c.tournament_id, c.idempotency_key);
    if (!stored.ok() || stored->has_value()) {
      if (!stored.ok()) {
        d.result = stored.status();
      } else if ((*stored)->command_fingerprint() != c.fingerprint) {
        d.result = KeyReused(c);
      } else {
        absl::StatusOr<v1::Event> event =
            ReadEvent(*store_, (*stored)->last_sequence());
        if (!event.ok()) {
          d.result = event.status();
        } else if (absl::Status bound = CheckBinding(c, **stored, *event);
                   !bound.ok()) {
          d.result = bound;
        } else {
          d.result = CommandResult{*std::move(event), true};
        }
      }
      decided.push_back(std::move(d));
      continue;
    }

    // 2. Optimistic concurrency on the tournament's stream.
    const TournamentState* t = writer_state.FindTournament(c.tournament_id);
    const uint64_t version = t == nullptr ? 0 : t->version;
    if (c.expected_version.has_value() && *c.expected_version != version) {
      d.result = absl::AbortedError(absl::StrCat(
          "tournament '", c.tournament_id, "' has changed: expected version ",
          *c.expected_version, ", actual version ", version,
          "; re-read and try again"));
      decided.push_back(std::move(d));
      continue;
    }

    // 3. Decide, then seal the event into the chain.
    // Receipt times never go backwards along the log, so "as of a time"
    // is always a prefix.
    const absl::Time received =
        std::max(p->received, writer_state.last_received);
    absl::StatusOr<v1::EventPayload> payload =
        c.decide_at ? c.decide_at(writer_state, received)
                    : c.decide(writer_state);
    if (!payload.ok()) {
      d.result = payload.status();
      decided.push_back(std::move(d));
      continue;
    }
    v1::Event event;
    event.set_sequence(writer_state.last_sequence + 1);
    event.set_tournament_id(c.tournament_id);
    event.set_stream_version(version + 1);
    *event.mutable_received_at() = ToTimestamp(received);
    *event.mutable_actor() = c.actor;
    event.set_idempotency_key(c.idempotency_key);
    if (c.provenance.ByteSizeLong() > 0) {
      *event.mutable_provenance() = c.provenance;
    }
    event.set_previous_hash(writer_state.last_sequence == 0
                                ? GenesisHash()
                                : writer_state.last_hash);
    *event.mutable_payload() = *std::move(payload);
    v1::StoredEvent sealed = EncodeEvent(event);
    event.set_hash(sealed.hash());
    if (absl::Status s = Evolve(event, writer_state); !s.ok()) {
      state_dirty = true;  // a bug; reset below, refuse this command
      d.result = s;
      decided.push_back(std::move(d));
      continue;
    }
    batch.emplace_back(event.sequence(), std::move(sealed));
    v1::IdempotencyRecord record;
    record.set_command_fingerprint(c.fingerprint);
    record.set_first_sequence(event.sequence());
    record.set_last_sequence(event.sequence());
    record.set_event_hash(event.hash());
    records.push_back({c.tournament_id, c.idempotency_key, std::move(record)});
    group_keys[{c.tournament_id, c.idempotency_key}] = decided.size();
    d.result = CommandResult{std::move(event), false};
    d.appends = true;
    d.awaits_write = true;
    decided.push_back(std::move(d));
  }

  absl::Status written =
      batch.empty() ? absl::OkStatus() : store_->Append(batch, records);
  if (!written.ok() || state_dirty) {
    // The working State holds events that are not durable (or one that
    // did not fold): rebuilt from the published one and what is durable.
    Discard(working);
  }
  if (written.ok() && !batch.empty()) {
    for (const Decided& d : decided) {
      if (d.appends) recent_.push_back(d.result->event);
    }
    if (state_dirty) working = WorkingState();
    Publish(std::move(working));
  }
  if (written.ok() && !batch.empty() && options_.after_durable) {
    std::vector<v1::Event> durable;
    for (const Decided& d : decided) {
      if (d.appends) durable.push_back(d.result->event);
    }
    options_.after_durable(durable);
  }
  for (Decided& d : decided) {
    if (!written.ok() && d.awaits_write) {
      d.pending->done.set_value(written);
    } else {
      d.pending->done.set_value(std::move(d.result));
    }
  }
}

}  // namespace tally::replay
