// The table's result that a ruling of a board not played (Law 12C2(a);
// RulingMade.board_not_played) puts in place of an entered result. The fold
// (replay/state/state.cc) applies it; the checks around such rulings are in
// replay/matches/not_played.h. Pure function; thread-compatible.

#ifndef TALLY_REPLAY_STATE_NOT_PLAYED_RESULT_H_
#define TALLY_REPLAY_STATE_NOT_PLAYED_RESULT_H_

#include <cstdint>

#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The table's result from `ruling` (RulingMade `sequence`, with
// board_not_played) on: not played, between the ruling's pairs.
EnteredResult NotPlayedResult(uint64_t sequence, const v1::RulingMade& ruling,
                              int movement_round);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_NOT_PLAYED_RESULT_H_
