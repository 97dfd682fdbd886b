// The draw of one round of an event of matches, made from the competition
// as the log has it: a Swiss round by SABF TR 14.1 from the ranking after
// the previous round (penalties left out where the profile says, ANC SR
// 5.1; the profile's draw tie-breaks, ANC SR 17.2 and SABF TR 14.1; any
// lot still needed drawn from the seed), a round-robin round from its
// schedule (the ITC's from replay/draws/itc_draw_order.h, ANC SR 10.3-10.8), a
// round of a final (replay/draws/knockout_draw.h: ANC SR 11.2-11.3, SABF TR
// 13.11-13.12, 17.3), or the director's explicit matches checked. MakeDraw
// stores the result (DrawMade); CheckDraw recomputes it from the log as it
// stood just before and compares.
//
// Pure function of its arguments. Thread-compatible.

#ifndef TALLY_REPLAY_DRAWS_DRAW_MAKER_H_
#define TALLY_REPLAY_DRAWS_DRAW_MAKER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "replay/rounds/rounds_in_event.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

struct DrawOrder {
  int round = 0;
  uint64_t seed = 0;
  // The round's first board; 0: the board after the previous round's last
  // (round one: board 1).
  int first_board = 0;
  // Explicit draws: the director's matches and bye.
  std::vector<v1::DrawnMatch> matches;
  int bye = 0;
  // ANC SR 10.5: the CTD's order of a 5-team ITC's final round robin
  // (DrawMade.ctd_round_order); empty: none.
  std::vector<int> ctd_round_order;
  // Explicit draws recorded from a file: SABF TR 14.1's share match as the
  // file seats it (DrawMade.share); table 0: none.
  v1::DrawnShareMatch share;
};

// The draw for `order.round` (everything of DrawMade but `trigger`).
// InvalidArgument for a malformed order; FailedPrecondition when the
// competition cannot be drawn now (too few entrants, a round-robin field not
// numbered 1..n, every round already played); the messages name the clause.
absl::StatusOr<v1::DrawMade> ComputeDraw(const CompetitionState& competition,
                                         const DrawOrder& order);

// The boards one round plays from `first_board` (0: the board after the
// previous round's last): the profile's match, or one stanza of it where
// the profile's draw method cuts its match into stanzas
// (StanzasCutFromMatch, knockout_draw.h: the ITC final's 12 of 60, ANC SR
// 11.3), whether tally draws the round or records another program's draw.
std::vector<int> RoundBoards(const CompetitionState& competition,
                             int first_board);

// Differences between a stored draw and a recomputed one, in words; empty
// when they agree.
std::vector<std::string> DrawDifferences(const v1::DrawMade& stored,
                                         const v1::DrawMade& recomputed);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DRAWS_DRAW_MAKER_H_
