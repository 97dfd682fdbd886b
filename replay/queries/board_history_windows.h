// The time windows at each event of a board's history (issue #5 item 9:
// "a board's whole history ... and which windows were open then"). For
// every event that touched the board, the windows of the board's session
// (the correction period, the scorer's errors, the review of rulings, the
// appeal against the scorer's decisions: replay/timeline/time_windows.h and
// core/window) as they stood at that event: the log replayed to the event,
// judged at the event's own receipt time. Deterministic: never the clock.
//
// Pure functions of their arguments, except BoardHistoryWithWindows, which
// reads the store. Thread-compatible.

#ifndef TALLY_REPLAY_BOARD_HISTORY_WINDOWS_H_
#define TALLY_REPLAY_BOARD_HISTORY_WINDOWS_H_

#include "absl/status/statusor.h"
#include "replay/log/event_store.h"
#include "replay/state/state.h"
#include "tally/v1/audit.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The windows of `request`'s session at `event`, from `state` (the log
// folded up to and including `event`), judged at the event's receipt
// time. A window that runs per match is kept only for the event's own
// table when the event names one. Never fails: when the windows cannot be
// worked out (an unknown competition, an inconsistent schedule) the note
// says why and no window is listed.
v1::EventWindows WindowsAtEvent(const State& state, const v1::Event& event,
                                const v1::GetBoardHistoryRequest& request);

// Every event of the board's history (InBoardHistory, replay/queries/
// audit.h), in log order, with each event's windows beside it; `now` is the
// current State, whose index of the tournament's events is read. DataLoss
// for a damaged log.
absl::StatusOr<v1::BoardHistory> BoardHistoryWithWindows(
    const EventStore& store, const State& now,
    const v1::GetBoardHistoryRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_BOARD_HISTORY_WINDOWS_H_
