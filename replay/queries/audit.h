// The auditor's reads over the stored log: verification of the hash chain
// and the history of one board. They read the store, not the projection, so
// they see exactly what is on disk. Thread-safe (reads only).

#ifndef TALLY_REPLAY_AUDIT_H_
#define TALLY_REPLAY_AUDIT_H_

#include <set>

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

// Whether `event` belongs to the history of `request`'s board: it touched
// the board, or defined, started or posted its session, or concerns an
// appeal about the board. Called on the tournament's events in log order;
// `appeals` keeps the appeals lodged about the board so far.
bool InBoardHistory(const v1::Event& event,
                    const v1::GetBoardHistoryRequest& request,
                    std::set<int>& appeals);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_AUDIT_H_
