#include "replay/checkpoint/checkpoint.h"

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/time_util.h"
#include "replay/log/sha256.h"

namespace tally::replay {

using google::protobuf::util::TimeUtil;

bool IsCheckpointTrigger(const v1::Event& event) {
  return IsCheckpointTriggerKind(event.payload().kind_case());
}

bool IsCheckpointTriggerKind(int payload_kind) {
  return payload_kind == v1::EventPayload::kScoresPosted ||
         payload_kind == v1::EventPayload::kResultsOfficial;
}

std::string CheckpointText(uint64_t sequence, absl::string_view head_hash,
                           const google::protobuf::Timestamp& time,
                           absl::string_view public_key) {
  return absl::StrCat("tally checkpoint v1\nsequence ", sequence, "\nhead ",
                      ToHex(head_hash), "\ntime ", TimeUtil::ToString(time),
                      "\nkey ", ToHex(public_key), "\n");
}

absl::StatusOr<v1::Checkpoint> SignCheckpoint(const SigningKey& key,
                                              const v1::Event& event) {
  v1::Checkpoint c;
  c.set_sequence(event.sequence());
  c.set_head_hash(event.hash());
  *c.mutable_time() = event.received_at();
  c.set_public_key(key.public_key());
  absl::StatusOr<std::string> signature = key.Sign(
      CheckpointText(c.sequence(), c.head_hash(), c.time(), c.public_key()));
  if (!signature.ok()) return signature.status();
  c.set_signature(*std::move(signature));
  return c;
}

bool SignatureValid(const v1::Checkpoint& c) {
  return VerifyEd25519(
      c.public_key(),
      CheckpointText(c.sequence(), c.head_hash(), c.time(), c.public_key()),
      c.signature());
}

std::string CheckpointMismatch(const v1::Checkpoint& c, const v1::Event& e) {
  if (e.sequence() != c.sequence()) {
    return absl::StrCat("event ", e.sequence(), " is not the event ",
                        c.sequence(), " the checkpoint was signed for");
  }
  if (e.hash() != c.head_hash()) {
    return absl::StrCat("event ", e.sequence(), " has hash ", ToHex(e.hash()),
                        " but the checkpoint signed for it names hash ",
                        ToHex(c.head_hash()), ": the log up to event ",
                        e.sequence(),
                        " was rewritten after the checkpoint was signed");
  }
  if (e.received_at().SerializeAsString() != c.time().SerializeAsString()) {
    return absl::StrCat("event ", e.sequence(), " was received at ",
                        TimeUtil::ToString(e.received_at()),
                        " but the checkpoint signed for it names ",
                        TimeUtil::ToString(c.time()));
  }
  return "";
}

std::string CheckpointLineText(const v1::Checkpoint& checkpoint) {
  v1::CheckpointLine line;
  *line.mutable_checkpoint() = checkpoint;
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(line, &out, options);
  return out;
}

absl::StatusOr<v1::Checkpoint> ParseCheckpointLine(absl::string_view text) {
  v1::CheckpointLine line;
  auto status =
      google::protobuf::util::JsonStringToMessage(std::string(text), &line);
  if (!status.ok() || !line.has_checkpoint()) {
    return absl::InvalidArgumentError(
        "not a checkpoint line ({\"checkpoint\": {...}})");
  }
  return line.checkpoint();
}

std::string DescribeCheckpoint(const v1::Checkpoint& c) {
  return absl::StrCat("event ", c.sequence(), " (received ",
                      TimeUtil::ToString(c.time()), ", hash ",
                      ToHex(c.head_hash()), ")");
}

}  // namespace tally::replay
