// GetCompetitionStandings: the overall ranking of a matchpoint pairs
// competition across its posted sessions, built from the State: each
// session scored as GetStandings scores it (its published percentage), the
// director's substitute and absence records (SubstituteRecorded,
// PairAbsent) applied, and the pairs aggregated, checked for eligibility
// and ranked by core/pairs_event (SABF TR 11.3-11.7).
//
// Readings:
//   * Only posted sessions count: the ranking is "as it stands" after them,
//     and eligibility (11.6) is measured against their rounds.
//   * In a posted session, a pair with no result entered and no record is
//     absent and scores 0 (SABF TR 11.4, first paragraph); a pair with
//     results and no record played itself. An absence recorded for a pair
//     that then played (results entered) is overtaken by the results.
//   * Before any session is posted no rounds are required and no pair has
//     played more than half of none: every pair is listed unplaced.
//   * The combination is the profile's session_combination; by default it
//     follows the profile's source document: SABF TR profiles use SABF TR
//     11.3-11.6; others (NSW TR says nothing on combining sessions) total
//     the session percentages (core header). The SABF State Open Pairs
//     profiles name SABF TR 18.1.1 (qualifying: the average of the rounds,
//     the carry-over) and 18.1.2 (final: the carry-over recorded with the
//     qualification plus the final's rounds; core/pairs_event/state_pairs.h).
//   * SABF TR 11.10 "Mis-scoring: 1% deducted from the final score": the
//     offence register's percentage points (OffenceRecorded) come off the
//     pair's aggregate, exactly, before ranking; the row says how many.
//   * Tie-breaks use the profile's final-placing chain; the NSW TR 11.2.4
//     criteria read every pair's boards (direction, table score,
//     matchpoints, top) and its rounds (opponent, matchpoints), rounds
//     numbered across sessions.
//
// Pure function of the State. Thread-compatible.

#ifndef TALLY_REPLAY_PAIRS_EVENT_QUERIES_H_
#define TALLY_REPLAY_PAIRS_EVENT_QUERIES_H_

#include "absl/status/statusor.h"
#include "core/pairs_event/competition_aggregate.h"
#include "core/profile/profile.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// The profile's session combination (session_combination, else by its
// source document, as the header says).
core::SessionCombination SessionCombinationOf(
    const core::RegulationProfile& profile);

// The competition standings; NotFound for an unknown tournament or
// competition, FailedPrecondition for a competition that is not matchpoint
// pairs. Butler pairs in a movement are answered per field
// (butler_queries.h).
absl::StatusOr<v1::CompetitionStandings> BuildCompetitionStandings(
    const State& state, const v1::GetCompetitionStandingsRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_PAIRS_EVENT_QUERIES_H_
