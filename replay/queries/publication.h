// What a profile withholds from participants while play goes on: NSW TR
// 12.12, "a contestant's 'real-time' percentage score, and/or their
// progressive ranking, must not be accessible to any participant until the
// end of the session" (RegulationProfileSpec.publication). Pure reads of
// the State; thread-compatible.

#ifndef TALLY_REPLAY_QUERIES_PUBLICATION_H_
#define TALLY_REPLAY_QUERIES_PUBLICATION_H_

#include <string>

#include "replay/state/state.h"

namespace tally::replay {

// The clause that withholds session (movement) or round (matches) `number`
// of the competition, 0 meaning its latest, because it is in play under a
// profile that withholds progress; "" when its figures are published (or
// there is no such competition: the query itself then says so). A session
// is in play from StartSession until its scores are posted; a round while
// it is the latest drawn and any of its matches is not complete.
std::string ProgressWithheldBy(const State& state,
                               const std::string& tournament_id,
                               const std::string& competition_id, int number);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUERIES_PUBLICATION_H_
