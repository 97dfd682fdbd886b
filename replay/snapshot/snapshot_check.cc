#include "replay/snapshot/snapshot_check.h"

#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "replay/log/sha256.h"
#include "replay/snapshot/state_codec.h"
#include "replay/state/event_log.h"

namespace tally::replay {

absl::Status CheckSnapshotByReplay(const EventStore& store, uint64_t sequence,
                                   const std::string& state_sha256,
                                   const std::atomic<bool>& stop) {
  const std::string snapshot = absl::StrCat("the snapshot at event ", sequence);
  absl::StatusOr<State> replayed =
      ReplayPrefix(store, sequence, std::nullopt, &stop);
  if (!replayed.ok()) {
    if (absl::IsCancelled(replayed.status())) return replayed.status();
    return absl::Status(
        replayed.status().code(),
        absl::StrCat(snapshot, " could not be checked by a full replay: ",
                     replayed.status().message()));
  }
  if (replayed->last_sequence != sequence) {
    return absl::DataLossError(
        absl::StrCat(snapshot, " could not be checked: the log holds only ",
                     replayed->last_sequence, " events"));
  }
  absl::StatusOr<std::string> bytes =
      EncodeState(*replayed, ProfileSpecsFromStore(store));
  if (!bytes.ok()) return bytes.status();
  if (Sha256(*bytes) != state_sha256) {
    return absl::DataLossError(absl::StrCat(
        snapshot,
        " is not the State its events fold to: a full replay of events 1-",
        sequence,
        " gives other figures (the snapshot was written by "
        "something other than tallyd, or by a faulty one)"));
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
