#include "replay/checkpoint/checkpoint_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/base/status_macros.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"

namespace tally::replay {
namespace {

// The file's complete lines; `torn` when its last line has no newline (a
// crash while appending), which is then cut off the file.
absl::StatusOr<std::vector<std::string>> ReadLines(const std::string& path,
                                                   bool& torn) {
  torn = false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::vector<std::string>();  // none written yet
  std::stringstream text;
  text << in.rdbuf();
  std::string contents = text.str();
  if (!contents.empty() && contents.back() != '\n') {
    torn = true;
    size_t keep = contents.rfind('\n');
    keep = keep == std::string::npos ? 0 : keep + 1;
    if (truncate(path.c_str(), static_cast<off_t>(keep)) != 0) {
      return absl::InternalError(
          absl::StrCat("cannot cut the unfinished last "
                       "line off ",
                       path, ": ", std::strerror(errno)));
    }
    contents.resize(keep);
  }
  std::vector<std::string> lines = absl::StrSplit(contents, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

absl::Status AppendLine(const std::string& path, const std::string& line) {
  int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return absl::InternalError(
        absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
  }
  const std::string text = line + "\n";
  bool ok = write(fd, text.data(), text.size()) ==
                static_cast<ssize_t>(text.size()) &&
            fdatasync(fd) == 0;
  ok = close(fd) == 0 && ok;
  if (!ok) {
    return absl::InternalError(absl::StrCat("cannot append to ", path));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<CheckpointStore>> CheckpointStore::Open(
    const std::string& dir) {
  const std::string path = absl::StrCat(dir, "/", kCheckpointsFile);
  const std::string key_path = absl::StrCat(dir, "/", kCheckpointKeyFile);
  bool torn = false;
  TALLY_ASSIGN_OR_RETURN(std::vector<std::string> lines, ReadLines(path, torn));
  std::vector<std::pair<int, v1::Checkpoint>> read;
  for (size_t i = 0; i < lines.size(); ++i) {
    absl::StatusOr<v1::Checkpoint> c = ParseCheckpointLine(lines[i]);
    if (!c.ok()) {
      return absl::DataLossError(absl::StrCat(
          path, " line ", i + 1, " is not a checkpoint: the file was altered"));
    }
    read.emplace_back(static_cast<int>(i) + 1, *std::move(c));
  }

  bool created = false;
  absl::StatusOr<SigningKey> key = SigningKey::LoadFile(key_path);
  if (absl::IsNotFound(key.status())) {
    if (!read.empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the checkpoint key ", key_path, " is missing but ", path, " holds ",
          read.size(), " checkpoints signed with key ",
          ToHex(read.front().second.public_key()),
          ": restore the key (a new key cannot sign for them)"));
    }
    key = SigningKey::CreateFile(key_path);
    created = true;
  }
  if (!key.ok()) return key.status();

  std::map<uint64_t, v1::Checkpoint> checkpoints;
  for (auto& [line, c] : read) {
    if (c.public_key() != key->public_key()) {
      return absl::DataLossError(absl::StrCat(
          path, " line ", line, ": the checkpoint of event ", c.sequence(),
          " was signed with key ", ToHex(c.public_key()),
          ", not with this data directory's key ", ToHex(key->public_key())));
    }
    if (!SignatureValid(c)) {
      return absl::DataLossError(absl::StrCat(
          path, " line ", line, ": the signature of the checkpoint of event ",
          c.sequence(), " does not verify: the file was altered"));
    }
    checkpoints.emplace(c.sequence(), std::move(c));
  }
  return std::unique_ptr<CheckpointStore>(new CheckpointStore(
      path, *std::move(key), created, torn, std::move(checkpoints)));
}

CheckpointStore::CheckpointStore(std::string path, SigningKey key,
                                 bool key_created, bool torn_line,
                                 std::map<uint64_t, v1::Checkpoint> checkpoints)
    : path_(std::move(path)),
      key_(std::move(key)),
      key_created_(key_created),
      torn_line_(torn_line),
      checkpoints_(std::move(checkpoints)) {}

absl::StatusOr<uint64_t> CheckpointStore::Reconcile(const EventStore& store) {
  std::vector<uint64_t> triggers;
  absl::Status failure;
  TALLY_RETURN_IF_ERROR(
      store.Scan(1, [&](uint64_t sequence, const std::string& raw) {
        absl::StatusOr<v1::Event> event = DecodeEvent(sequence, raw);
        if (!event.ok()) {
          failure = event.status();
          return false;
        }
        if (IsCheckpointTrigger(*event)) triggers.push_back(sequence);
        return true;
      }));
  TALLY_RETURN_IF_ERROR(failure);
  return Reconcile(store, triggers);
}

absl::StatusOr<uint64_t> CheckpointStore::Reconcile(
    const EventStore& store, absl::Span<const uint64_t> triggers) {
  absl::MutexLock lock(&mu_);
  TALLY_ASSIGN_OR_RETURN(uint64_t last, store.LastSequence());
  for (const auto& [sequence, c] : checkpoints_) {
    if (sequence > last) {
      return absl::DataLossError(
          absl::StrCat("a checkpoint was signed for ", DescribeCheckpoint(c),
                       " but the log ends at event ", last,
                       ": events signed for were removed"));
    }
    TALLY_ASSIGN_OR_RETURN(std::string raw, store.ReadRaw(sequence));
    TALLY_ASSIGN_OR_RETURN(v1::Event event, DecodeEvent(sequence, raw));
    if (std::string mismatch = CheckpointMismatch(c, event);
        !mismatch.empty()) {
      return absl::DataLossError(
          absl::StrCat("the log does not match its checkpoints: ", mismatch));
    }
  }
  uint64_t signed_now = 0;
  for (uint64_t sequence : triggers) {
    if (checkpoints_.contains(sequence)) continue;
    TALLY_ASSIGN_OR_RETURN(std::string raw, store.ReadRaw(sequence));
    TALLY_ASSIGN_OR_RETURN(v1::Event event, DecodeEvent(sequence, raw));
    if (!IsCheckpointTrigger(event)) {
      return absl::InternalError(absl::StrCat(
          "event ", sequence, " was given as a checkpoint trigger but is not"));
    }
    TALLY_RETURN_IF_ERROR(SignLocked(event).status());
    ++signed_now;
  }
  return signed_now;
}

absl::Status CheckpointStore::SignTriggers(absl::Span<const v1::Event> events) {
  absl::MutexLock lock(&mu_);
  for (const v1::Event& e : events) {
    if (!IsCheckpointTrigger(e)) continue;
    TALLY_RETURN_IF_ERROR(SignLocked(e).status());
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::Checkpoint> CheckpointStore::Sign(const v1::Event& event) {
  absl::MutexLock lock(&mu_);
  return SignLocked(event);
}

absl::StatusOr<v1::Checkpoint> CheckpointStore::SignLocked(
    const v1::Event& event) {
  if (auto it = checkpoints_.find(event.sequence()); it != checkpoints_.end()) {
    return it->second;
  }
  TALLY_ASSIGN_OR_RETURN(v1::Checkpoint c, SignCheckpoint(key_, event));
  TALLY_RETURN_IF_ERROR(AppendLine(path_, CheckpointLineText(c)));
  checkpoints_.emplace(c.sequence(), c);
  return c;
}

std::vector<v1::Checkpoint> CheckpointStore::List() const {
  absl::MutexLock lock(&mu_);
  std::vector<v1::Checkpoint> out;
  out.reserve(checkpoints_.size());
  for (const auto& [sequence, c] : checkpoints_) out.push_back(c);
  return out;
}

}  // namespace tally::replay
