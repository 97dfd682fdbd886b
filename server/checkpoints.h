// tallyd's side of the signed checkpoints (issue #14 item 5): opening them
// at start-up, checked against the log, and signing them as events become
// durable, each saying what it did on tallyd's log. Thread-safe.

#ifndef TALLY_SERVER_CHECKPOINTS_H_
#define TALLY_SERVER_CHECKPOINTS_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "replay/checkpoint/checkpoint_store.h"
#include "replay/state/event_log.h"
#include "tally/v1/events.pb.h"

namespace tally::server {

// Opens the checkpoints in `data_dir` and reconciles them with `log`
// (CheckpointStore::Open and Reconcile), logging a created key, a torn
// line cut off and checkpoints signed late. Their refusals as they are.
// `triggers`: the sequence of every checkpoint trigger in the log, in
// order, as the log's start-up replay found them
// (EventLog::Options::on_checked), so that the log is not read again.
absl::StatusOr<std::unique_ptr<replay::CheckpointStore>> OpenCheckpoints(
    const std::string& data_dir, const replay::EventLog& log,
    absl::Span<const uint64_t> triggers);

// Signs the checkpoints of the trigger events among `events`. A failure
// is logged, not returned: the events are durable already, and the next
// start-up signs what is missing.
void SignCheckpoints(replay::CheckpointStore* checkpoints,
                     absl::Span<const v1::Event> events);

}  // namespace tally::server

#endif  // TALLY_SERVER_CHECKPOINTS_H_
