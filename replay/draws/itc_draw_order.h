// The Interstate Teams Championship qualifying (ANC 2025 SR 10.3-10.8) as
// rounds of an event of matches: the round robins' rounds follow one
// another (round robin k, round j is event round (k-1)*R + j, R the rounds
// of one round robin for the field), 7 or 5 teams play the 8- or 6-team
// draw with a bye for whoever meets team 8 or 6 (10.6.1, 10.7.1-10.7.2),
// the first numbered team in the draw is the home team, NS in the Open
// Room (10.8), and the final round robin is the draw of round robin 1
// re-numbered by placing after the penultimate one (10.3, with 10.4's
// reordering for 7 teams; core/movement/itc_final_draw.h).
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_DRAWS_ITC_DRAW_ORDER_H_
#define TALLY_REPLAY_DRAWS_ITC_DRAW_ORDER_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "replay/draws/draw_maker.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Fills `out`'s matches, bye and (final round robin only) ranking for event
// round `order.round` of `competition`, whose teams are numbered 1..n. The
// final round robin's first round ranks the teams after the penultimate
// round robin and records that placing in `ranking`; its later rounds reuse
// the placing stored with that first round, so results changed afterwards
// never alter the numbers (10.3). FailedPrecondition for a field the ITC
// does not draw (not 5-8 teams), a round past the qualifying, a final round
// robin drawn while a result of the earlier ones is missing, or a 5-team
// draw that would give a team two byes in one day without the CTD's order
// (10.5: `order.ctd_round_order`, given with the final round robin's first
// round and stored in `out.ctd_round_order` of each of its rounds).
// InvalidArgument for a CTD's order 10.5 does not call for, that is not an
// order of the draw's rounds, that leaves a team two byes in one day, or
// that differs from the one set with the final round robin's first round.
absl::Status DrawItcRound(const CompetitionState& competition,
                          const DrawOrder& order, v1::DrawMade& out);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DRAWS_ITC_DRAW_ORDER_H_
