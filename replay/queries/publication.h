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
// there is no such competition: the query itself then says so). An empty
// competition (a tournament's events) or tournament (the whole log) is
// withheld while any competition it holds is. A session
// is in play from StartSession until its scores are posted; a round while
// it is the latest drawn and any of its matches is not complete.
std::string ProgressWithheldBy(const State& state,
                               const std::string& tournament_id,
                               const std::string& competition_id, int number);

// Why a table's device, bound to `table` of session or round `own` of
// `own_competition`, may not read session or round `asked` (0: the latest)
// of `competition`, board `board` (0: a whole session's figures): "" when
// it may. While its own session or round is in play (started, scores not
// posted) a device shows no other table's score and no ranking (NSW TR
// 12.12), except a board's traveller once its own table has played the
// board where the profile allows (device_shows_traveller_after_play);
// otherwise it reads what the public may.
std::string WhyDeviceMayNotRead(const State& state,
                                const std::string& tournament_id,
                                const std::string& own_competition, int own,
                                int table, const std::string& competition,
                                int asked, int board);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUERIES_PUBLICATION_H_
