// The decide step of a team captain's line-up (ANC SR 10.8, SABF TR 13.13),
// and the stanzas a round's match is played in. Same conventions as
// decide.h: pure functions of the State and the request; NotFound for an
// unknown tournament, competition, round or team; InvalidArgument for a
// request a director must correct; FailedPrecondition for one the state
// contradicts; AlreadyExists for a duplicate.
//
// Readings:
//   * A line-up is for one round, or one stanza of a round whose match is
//     longer than the profile's eligibility.stanza_boards (ANC SR 11.3:
//     five 12-board stanzas; SABF TR 13.7: pairs change only at the end of
//     a period of play).
//   * The four players are the team's registered players, each once: a
//     substitute who is not registered cannot be posted (the TD approves
//     substitutes, SABF TR 13.4, outside the line-up).
//   * The first line-up for a stanza may be posted at any time, even after
//     its results are in (a late record of who played). A change (a
//     different line-up for the same stanza) is refused once any result of
//     the stanza's boards is entered at the team's match, in either room:
//     those boards were played by the line-up already posted. Posting the
//     same line-up again is a duplicate.
//   * A team with a bye, or whose match was forfeited, plays no boards and
//     posts no line-up.
//
// Thread-compatible.

#ifndef TALLY_REPLAY_DECIDE_LINEUP_H_
#define TALLY_REPLAY_DECIDE_LINEUP_H_

#include <vector>

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The boards of each stanza of `round`'s match, in order: the round's boards
// split into runs of the competition profile's eligibility.stanza_boards
// (the last run may be shorter); one stanza when that is 0 or not less
// than the round's boards.
std::vector<std::vector<int>> StanzaBoards(const CompetitionState& competition,
                                           const MatchRoundState& round);

// The table of `team`'s match in `round`; 0 when it has none (a bye, not
// drawn).
int MatchTableOf(const MatchRoundState& round, int team);

// A LineupPosted event, or the refusal.
absl::StatusOr<v1::EventPayload> DecidePostLineup(
    const State& state, const v1::PostLineupRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_LINEUP_H_
