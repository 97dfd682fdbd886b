// The log exported as JSON lines, and the offline check of such an export.
//
// An export line is one Event in the protobuf JSON mapping, hash included,
// exactly as AuditService.ReadLog returns it. Because an Event's canonical
// bytes (its serialization with `hash` empty) are recovered exactly from
// its JSON, an auditor holding only the file can recompute every hash of
// the chain without the server: SHA-256(previous_hash || canonical bytes).
//
// VerifyExport names every problem it finds, each by the event's sequence
// and the file's line: an event whose contents no longer match its hash
// (altered), an event that no longer chains to the one before it (altered
// and its hash recomputed), sequences that are absent (removed), repeated,
// or out of order (reordered). Checkpoint lines ({"checkpoint": ...}) are
// skipped here; VerifyCheckpoints (replay/checkpoint/checkpoint_verify.h)
// checks them. An export is whole from event 1; its last event cannot be
// checked against anything in the file, so the result gives its sequence and
// hash to compare with the server's `tally verify`.
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_LOG_EXPORT_H_
#define TALLY_REPLAY_LOG_EXPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// One line of an export (no trailing newline).
std::string ExportLine(const v1::Event& event);

struct ExportProblem {
  int line = 0;           // 1-based line of the file; 0 when none applies
  uint64_t sequence = 0;  // the event concerned; 0 when unknown
  std::string what;       // a sentence an auditor can act on
};

struct ExportVerification {
  uint64_t events = 0;                  // lines read as events
  uint64_t last_sequence = 0;           // the highest sequence in the file
  std::string last_hash;                // its hash, lowercase hex
  std::vector<ExportProblem> problems;  // by sequence, then line

  bool ok() const { return problems.empty(); }
};

// Puts `problems` in the order an auditor reads them: by sequence, then
// line (stable, so problems of one line keep the order they were found in).
void SortProblems(std::vector<ExportProblem>& problems);

// Checks an export, given as its lines (blank lines are skipped). Never
// fails: every defect is a problem in the result.
ExportVerification VerifyExport(absl::Span<const std::string> lines);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_LOG_EXPORT_H_
