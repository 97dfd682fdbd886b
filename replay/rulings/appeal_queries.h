// Read side of reviews and appeals (issue #5 item 5): one appeal with its
// events and where it stands, every appeal of a competition, and which
// appeal events belong in a board's history.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_APPEAL_QUERIES_H_
#define TALLY_REPLAY_APPEAL_QUERIES_H_

#include <set>

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/audit.pb.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// GetAppeal: NotFound for an unknown tournament, competition or appeal.
absl::StatusOr<v1::AppealView> GetAppeal(const State& state,
                                         const v1::GetAppealRequest& request);

// ListAppeals: every appeal of the competition, by number. NotFound for an
// unknown tournament or competition.
absl::StatusOr<v1::ListAppealsResponse> ListAppeals(
    const State& state, const v1::ListAppealsRequest& request);

// True when `event` is an event of an appeal about the board `request`
// asks for (its competition, session and board). Reading the log in order,
// `appeals` remembers the numbers of the appeals lodged about that board,
// so their later events are recognised too.
bool TouchesAppeal(const v1::Event& event,
                   const v1::GetBoardHistoryRequest& request,
                   std::set<int>& appeals);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_APPEAL_QUERIES_H_
