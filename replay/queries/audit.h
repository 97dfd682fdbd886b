// The auditor's reads over the stored log: verification of the hash chain
// and the history of one board. They read the store, not the projection, so
// they see exactly what is on disk. Thread-safe (reads only).

#ifndef TALLY_REPLAY_AUDIT_H_
#define TALLY_REPLAY_AUDIT_H_

#include <vector>

#include "absl/status/statusor.h"
#include "replay/log/event_store.h"
#include "tally/v1/audit.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Walks the whole log from sequence 1: every sequence present with no gap,
// every value parses, names its own sequence and the previous event's hash,
// and its stored hash is SHA-256(previous hash || its stored bytes). Names
// the first bad sequence. An error status only when the store can't be read.
absl::StatusOr<v1::ChainVerification> VerifyChain(const EventStore& store);

// Every event that touched `board` of a session, in log order, plus the
// events that defined, started and posted that session.
absl::StatusOr<std::vector<v1::Event>> BoardHistory(
    const EventStore& store, const v1::GetBoardHistoryRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_AUDIT_H_
