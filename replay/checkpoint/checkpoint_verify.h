// The offline check of an export against signed checkpoints: does this
// export extend the log each checkpoint was signed for?
//
// A checkpoint names an event's sequence, chain hash and receipt time,
// signed by the server's key. If the export's event at that sequence has
// that hash, and the export's chain is whole (VerifyExport), then the
// export's first events are exactly those the checkpoint was signed over:
// each hash covers the one before it. A log rewritten after the
// checkpoint (an event altered, removed or inserted and every later hash
// recomputed, so the export's own chain is consistent) gives a different
// hash at the checkpoint's sequence, and is named by that sequence.
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_CHECKPOINT_VERIFY_H_
#define TALLY_REPLAY_CHECKPOINT_VERIFY_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "replay/log/log_export.h"
#include "tally/v1/checkpoint.pb.h"

namespace tally::replay {

struct CheckpointVerification {
  // One sentence per checkpoint the export extends, by sequence.
  std::vector<std::string> confirmed;
  // One per checkpoint it does not (or that is not genuine), by sequence.
  std::vector<ExportProblem> problems;

  bool ok() const { return problems.empty(); }
};

// Checks `published` (checkpoints the auditor holds, from the federation)
// and every checkpoint line of the export itself against the export's
// events. With `public_key` (raw, 32 bytes) every checkpoint must be
// signed by it; empty, each is checked under the key it names and the
// sentence says which. Lines that are neither events nor checkpoints are
// left to VerifyExport. Never fails: every defect is a problem.
CheckpointVerification VerifyCheckpoints(
    absl::Span<const std::string> export_lines,
    absl::Span<const v1::Checkpoint> published, absl::string_view public_key);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_CHECKPOINT_VERIFY_H_
