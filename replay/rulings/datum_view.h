// A board's datum (core/datum) as the queries show it (v1::BoardDatum):
// the Butler traveller, a round's match results and a fouled form's note.
//
// Pure function. Thread-safe.

#ifndef TALLY_REPLAY_DATUM_VIEW_H_
#define TALLY_REPLAY_DATUM_VIEW_H_

#include "core/datum/datum.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// `datum`, taken from `results_in` results, with its NSW TR 13 note
// (replay/rulings/pending_appeals.h). Provisional when the datum itself is, or
// when `incomplete` (not every result it will be taken from is in yet).
v1::BoardDatum BoardDatumView(const core::DatumResult& datum, int results_in,
                              bool incomplete);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DATUM_VIEW_H_
