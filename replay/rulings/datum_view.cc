#include "replay/rulings/datum_view.h"

#include "replay/rulings/pending_appeals.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {

v1::BoardDatum BoardDatumView(const core::DatumResult& datum, int results_in,
                              bool incomplete) {
  v1::BoardDatum out;
  out.set_datum(datum.datum);
  *out.mutable_mean() = ToProtoFraction(datum.mean);
  out.set_considered(datum.considered);
  out.set_dropped_each_end(datum.dropped_each_end);
  out.set_basis(datum.basis);
  out.set_provisional(incomplete || datum.provisional);
  out.set_results_in(results_in);
  out.set_appeal(DatumAppealText(datum));  // NSW TR 13
  for (int table : datum.substitute_tables) out.add_substitute_tables(table);
  return out;
}

}  // namespace tally::replay
