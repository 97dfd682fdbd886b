// Signed checkpoints of the log (issue #14 item 5): what one is, which
// events get one, the exact text that is signed, and the checks an auditor
// runs against a checkpoint.
//
// The signed text of a checkpoint is five lines, each ending in "\n":
//
//   tally checkpoint v1
//   sequence 64
//   head <the event's chain hash, 64 lowercase hex digits>
//   time <its receipt time, RFC 3339 UTC as in the export's received_at>
//   key <the signer's raw Ed25519 public key, 64 lowercase hex digits>
//
// and the signature is Ed25519 (RFC 8032) over those bytes. Everything in
// it comes from the event, so the checkpoint of an event is the same
// whenever it is signed (Ed25519 signatures are deterministic).
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_CHECKPOINT_H_
#define TALLY_REPLAY_CHECKPOINT_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/timestamp.pb.h"
#include "replay/checkpoint/ed25519.h"
#include "tally/v1/checkpoint.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The files a data directory keeps beside the RocksDB log.
inline constexpr char kCheckpointKeyFile[] = "checkpoint-key.pem";
inline constexpr char kCheckpointsFile[] = "checkpoints.jsonl";

// Whether tallyd signs a checkpoint when `event` is appended: the posting
// of a session's or round's scores (ScoresPosted) and a competition's
// results becoming official (ResultsOfficial).
bool IsCheckpointTrigger(const v1::Event& event);
// The same, told only the event's payload kind (v1::EventPayload::KindCase).
bool IsCheckpointTriggerKind(int payload_kind);

// The exact bytes a checkpoint's signature covers (see above).
std::string CheckpointText(uint64_t sequence, absl::string_view head_hash,
                           const google::protobuf::Timestamp& time,
                           absl::string_view public_key);

// The checkpoint of `event` (its sequence, hash and receipt time) signed
// with `key`. Internal if signing fails.
absl::StatusOr<v1::Checkpoint> SignCheckpoint(const SigningKey& key,
                                              const v1::Event& event);

// Whether the checkpoint's signature is valid under the public key it
// names. Says nothing about whose key that is.
bool SignatureValid(const v1::Checkpoint& checkpoint);

// Empty when `event` is the event `checkpoint` was signed for (same
// sequence, hash and receipt time); else a sentence naming the sequence and
// what differs.
std::string CheckpointMismatch(const v1::Checkpoint& checkpoint,
                               const v1::Event& event);

// A checkpoint as one line of an export or published file,
// {"checkpoint":{...}} (no trailing newline), and back. ParseCheckpointLine
// is InvalidArgument for anything else.
std::string CheckpointLineText(const v1::Checkpoint& checkpoint);
absl::StatusOr<v1::Checkpoint> ParseCheckpointLine(absl::string_view line);

// "event 64 (received 2026-03-14T12:00:00Z, hash 3f2a...)": for messages.
std::string DescribeCheckpoint(const v1::Checkpoint& checkpoint);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_CHECKPOINT_H_
