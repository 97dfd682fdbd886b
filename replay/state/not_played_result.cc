#include "replay/state/not_played_result.h"

namespace tally::replay {

EnteredResult NotPlayedResult(uint64_t sequence, const v1::RulingMade& ruling,
                              int movement_round) {
  EnteredResult r;
  r.sequence = sequence;
  r.slot = {movement_round, ruling.table(), ruling.ns_pair(),
            ruling.ew_pair()};
  r.board = ruling.board();
  r.room = ruling.room();
  r.result.outcome = CompactResult::Outcome::kNotPlayed;
  r.confirmed = true;  // nothing for the players to confirm
  return r;
}

}  // namespace tally::replay
