// The read side of events of matches: a round's draw, its match results,
// the standings after any round (with the tie-break that decided each
// tie), one entrant's whole record, and the audit's recomputation of a
// stored draw. NotFound with a director's message for unknown ids. Pure
// functions of their arguments.

#ifndef TALLY_REPLAY_MATCH_QUERIES_H_
#define TALLY_REPLAY_MATCH_QUERIES_H_

#include "absl/status/statusor.h"
#include "replay/log/event_store.h"
#include "replay/state/state.h"
#include "tally/v1/audit.pb.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

absl::StatusOr<v1::DrawView> BuildDrawView(const State& state,
                                           const v1::GetDrawRequest& request);
absl::StatusOr<v1::MatchResults> BuildMatchResults(
    const State& state, const v1::GetMatchResultsRequest& request);
absl::StatusOr<v1::MatchStandings> BuildMatchStandings(
    const State& state, const v1::GetMatchStandingsRequest& request);
absl::StatusOr<v1::EntrantRecord> BuildEntrantRecord(
    const State& state, const v1::GetEntrantRecordRequest& request);

// Replays the log up to the event before the round's DrawMade, draws the
// round again with the stored seed, boards and (explicit) matches, and
// compares. `state` is the current projection (to find the draw).
absl::StatusOr<v1::DrawCheck> CheckDraw(const EventStore& store,
                                        const State& state,
                                        const v1::CheckDrawRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_QUERIES_H_
