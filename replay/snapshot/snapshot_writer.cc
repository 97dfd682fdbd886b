#include "replay/snapshot/snapshot_writer.h"

#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "replay/snapshot/snapshot_store.h"
#include "replay/snapshot/state_codec.h"

namespace tally::replay {

std::function<std::optional<StartingSnapshot>(const EventStore&)>
SnapshotFinder(std::function<void(const std::string&)> ignored) {
  return [ignored = std::move(ignored)](
             const EventStore& store) -> std::optional<StartingSnapshot> {
    absl::StatusOr<std::optional<FoundSnapshot>> found =
        FindSnapshot(store, ignored);
    if (!found.ok()) {
      if (ignored) {
        ignored(absl::StrCat("the snapshots cannot be read (",
                             found.status().message(), ")"));
      }
      return std::nullopt;
    }
    if (!found->has_value()) return std::nullopt;
    auto bytes =
        std::make_shared<std::string>(std::move((*found)->state_bytes));
    return StartingSnapshot{.sequence = (*found)->sequence,
                            .chain_hash = std::move((*found)->chain_hash),
                            .state_sha256 = std::move((*found)->state_sha256),
                            .decode = [bytes] { return DecodeState(*bytes); }};
  };
}

SnapshotWriter::SnapshotWriter(const EventLog& log, Options options)
    : log_(log), options_(std::move(options)) {
  const uint64_t opened_at = log_.Snapshot()->last_sequence;
  {
    absl::MutexLock lock(&mu_);
    last_snapshot_ = log_.open_report().snapshot_sequence;
    head_ = opened_at;
  }
  if (options_.every > 0) thread_ = std::thread([this] { Loop(); });
}

SnapshotWriter::~SnapshotWriter() {
  {
    absl::MutexLock lock(&mu_);
    stopping_ = true;
  }
  if (thread_.joinable()) thread_.join();
}

void SnapshotWriter::Appended(uint64_t sequence) {
  absl::MutexLock lock(&mu_);
  if (sequence > head_) head_ = sequence;
}

uint64_t SnapshotWriter::written() const {
  absl::MutexLock lock(&mu_);
  return written_;
}

void SnapshotWriter::Loop() {
  for (;;) {
    {
      absl::MutexLock lock(&mu_);
      auto due = [this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
        return stopping_ || head_ >= last_snapshot_ + options_.every;
      };
      mu_.Await(absl::Condition(&due));
      if (stopping_) return;
    }
    if (absl::Status s = Write(); !s.ok()) {
      if (options_.failed) options_.failed(std::string(s.message()));
      // Not tried again until `every` more events.
      absl::MutexLock lock(&mu_);
      last_snapshot_ = head_;
    }
  }
}

absl::Status SnapshotWriter::WriteNow() { return Write(); }

absl::Status SnapshotWriter::Write() {
  absl::MutexLock write_lock(&write_mu_);
  // Immutable: encoded with nothing locked.
  const std::shared_ptr<const State> state = log_.Snapshot();
  absl::StatusOr<bool> wrote =
      WriteSnapshot(log_.store(), *state, options_.keep);
  if (!wrote.ok()) return wrote.status();
  {
    absl::MutexLock lock(&mu_);
    if (state->last_sequence > last_snapshot_) {
      last_snapshot_ = state->last_sequence;
    }
    if (*wrote) ++written_;
  }
  if (*wrote && options_.written) options_.written(state->last_sequence);
  return absl::OkStatus();
}

}  // namespace tally::replay
