#include "server/checkpoints.h"

#include "absl/strings/str_cat.h"
#include "core/base/plural.h"
#include "replay/checkpoint/checkpoint.h"
#include "replay/log/sha256.h"
#include "server/log_line.h"

namespace tally::server {

absl::StatusOr<std::unique_ptr<replay::CheckpointStore>> OpenCheckpoints(
    const std::string& data_dir, const replay::EventLog& log,
    absl::Span<const uint64_t> triggers) {
  absl::StatusOr<std::unique_ptr<replay::CheckpointStore>> checkpoints =
      replay::CheckpointStore::Open(data_dir);
  if (!checkpoints.ok()) return checkpoints.status();
  replay::CheckpointStore& c = **checkpoints;
  if (c.key_created()) {
    LogLine(absl::StrCat("checkpoints: created the signing key ", data_dir, "/",
                         replay::kCheckpointKeyFile, " (public key ",
                         replay::ToHex(c.public_key()),
                         "); publish the public key"));
  }
  if (c.torn_line()) {
    LogLine(absl::StrCat("checkpoints: cut off an unfinished last line of ",
                         data_dir, "/", replay::kCheckpointsFile,
                         " (a stop while it was written)"));
  }
  absl::StatusOr<uint64_t> signed_now = c.Reconcile(log.store(), triggers);
  if (!signed_now.ok()) return signed_now.status();
  if (*signed_now > 0) {
    LogLine(absl::StrCat("checkpoints: signed ",
                         core::Counted(*signed_now, "checkpoint"),
                         " of events already in the log"));
  }
  return checkpoints;
}

void SignCheckpoints(replay::CheckpointStore* checkpoints,
                     absl::Span<const v1::Event> events) {
  if (checkpoints == nullptr) return;
  if (absl::Status s = checkpoints->SignTriggers(events); !s.ok()) {
    LogLine(absl::StrCat("checkpoints: could not sign: ", s.message(),
                         " (signed at the next start)"));
  }
}

}  // namespace tally::server
