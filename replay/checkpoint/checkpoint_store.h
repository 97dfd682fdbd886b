// CheckpointStore: the server's signing key and the checkpoints it has
// signed, kept in the data directory beside the RocksDB log (never in it,
// so the event chain is untouched): the key in checkpoint-key.pem (PKCS#8,
// mode 0600), the checkpoints in checkpoints.jsonl, one CheckpointLine per
// line, appended and synced.
//
// A checkpoint is signed for every ScoresPosted and ResultsOfficial event
// once it is durable (Sign), and for the log's head on request (SignHead).
// Reconcile, at start-up, refuses a data directory whose log no longer
// matches a checkpoint signed for it, and signs any checkpoint a crash
// left unsigned; because a checkpoint is a deterministic function of its
// event and the key, re-signing gives exactly what would have been
// written.
//
// Thread-safe.

#ifndef TALLY_REPLAY_CHECKPOINT_STORE_H_
#define TALLY_REPLAY_CHECKPOINT_STORE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/types/span.h"
#include "replay/checkpoint/ed25519.h"
#include "replay/log/event_store.h"
#include "tally/v1/checkpoint.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

class CheckpointStore {
 public:
  // Opens the checkpoints kept in `dir` (which must exist) and loads or
  // creates its key. A key is created only when there is neither key nor
  // checkpoint: FailedPrecondition when checkpoints exist but the key is
  // gone (a new key could not sign for them; restore the key). DataLoss
  // when a line of checkpoints.jsonl is not a checkpoint or its signature
  // does not verify under the key. An unfinished last line (no newline:
  // a crash while appending) is cut off; see torn_lines().
  static absl::StatusOr<std::unique_ptr<CheckpointStore>> Open(
      const std::string& dir);

  CheckpointStore(const CheckpointStore&) = delete;
  CheckpointStore& operator=(const CheckpointStore&) = delete;

  // Checks every stored checkpoint against `store` and signs the missing
  // checkpoints of trigger events. DataLoss naming the sequence when the
  // log ends before a checkpoint's event or that event differs from the
  // one signed for (the log was rewritten). Returns how many it signed.
  absl::StatusOr<uint64_t> Reconcile(const EventStore& store);

  // Reconcile, told the sequence of every trigger event in the log, in
  // order (tallyd notes them while its start-up replay folds the log), so
  // that it reads only those events and the checkpointed ones instead of
  // the whole log.
  absl::StatusOr<uint64_t> Reconcile(const EventStore& store,
                                     absl::Span<const uint64_t> triggers);

  // Signs and stores the checkpoint of each trigger event in `events`
  // (durable events, in order) that has none yet.
  absl::Status SignTriggers(absl::Span<const v1::Event> events);

  // The checkpoint of `event` (the log's head), signed and stored now
  // unless it exists already.
  absl::StatusOr<v1::Checkpoint> Sign(const v1::Event& event);

  // Every checkpoint, by sequence.
  std::vector<v1::Checkpoint> List() const;

  // The raw Ed25519 public key.
  const std::string& public_key() const { return key_.public_key(); }
  // Whether Open created the key.
  bool key_created() const { return key_created_; }
  // Whether Open cut off an unfinished last line.
  bool torn_line() const { return torn_line_; }

 private:
  CheckpointStore(std::string path, SigningKey key, bool key_created,
                  bool torn_line,
                  std::map<uint64_t, v1::Checkpoint> checkpoints);

  absl::StatusOr<v1::Checkpoint> SignLocked(const v1::Event& event)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const std::string path_;  // checkpoints.jsonl
  const SigningKey key_;
  const bool key_created_;
  const bool torn_line_;

  mutable absl::Mutex mu_;
  std::map<uint64_t, v1::Checkpoint> checkpoints_ ABSL_GUARDED_BY(mu_);
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_CHECKPOINT_STORE_H_
