// GetEligibility: what each entrant and each player of a competition has
// played, and whether that meets the rules of its profile's `eligibility`
// (core/eligibility): SABF TR 11.6, 12, 12.5, 13.5 and 16.2; ANC SR 11.1,
// 14.3 and 20.2-20.3. Built from the State; the counting is core's.
//
// Who played what:
//   * Pairs: the registered players, except where the director recorded a
//     substitute (one member replaced) or an absence (both) for a session,
//     or in an event of matches for a round (SubstituteRecorded,
//     PairAbsent). In a movement a pair with no result in a session and no
//     record did not play it, and an absence recorded before the pair then
//     played is overtaken by its results (as GetCompetitionStandings reads
//     them, SABF TR 11.4). A pair is represented in a session when someone
//     played under its number: in a movement, when it has results; in an
//     event of matches, unless it forfeited the match (two stand-ins for an
//     absent pair still represent it).
//   * Teams: the captain's line-up for each round, or each stanza of a
//     longer match (LineupPosted): the four players in the two rooms played
//     its boards. A round posted with no line-up credits nobody and is
//     listed as missing.
//   * Only posted rounds (sessions) count: the answer is as it stands.
//   * A bye is no match: it is in nobody's totals. A forfeited match is
//     counted for the offenders (played by nobody: every player absent, the
//     pair not represented, the team's boards played by none of its players)
//     and not at all for the other side, who had no boards to play.
//   * A rule in scope "qualifying" reads the competition this one's
//     entrants qualified from (EntrantsQualified) and each entrant's number
//     there; players are matched by name. Without a recorded qualification
//     those requirements are undetermined.
//   * SABF TR 12.5 needs the event's sessions (a round is a session; the
//     rounds the profile or the draw method fixes, else the request's) and
//     whether it is a weeknight or weekend event (the profile's, else the
//     request's).
//
// Pure function of the State. Thread-compatible.

#ifndef TALLY_REPLAY_ELIGIBILITY_H_
#define TALLY_REPLAY_ELIGIBILITY_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// The eligibility answer. NotFound for an unknown tournament or
// competition; InvalidArgument for a schedule that is not "weeknight" or
// "weekend", a negative session count, or either contradicting what the
// profile or the draw fixes.
absl::StatusOr<v1::Eligibility> BuildEligibility(
    const State& state, const v1::GetEligibilityRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_ELIGIBILITY_H_
