// FouledBoardNote: what a fouled-board treatment in force (a RulingMade with
// a FouledBoardRuling, replay/state/rulings.h FouledTreatmentAt) did to one
// board of a session, for the traveller (replay/butler/fouled_scoring.h fills
// it; the Butler and matchpoint projections carry it on their boards).
//
// Plain data. Thread-compatible.

#ifndef TALLY_REPLAY_FOULED_NOTE_H_
#define TALLY_REPLAY_FOULED_NOTE_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/datum/datum.h"

namespace tally::replay {

struct FouledBoardNote {
  uint64_t ruling = 0;     // the RulingMade in force
  std::string treatment;   // e.g. "separate_datum"
  std::string clause;      // e.g. "NSW TR 7.1.1(a)"
  std::string what;  // the treatment in words (replay/state/fouled_ruling.h)
  std::vector<int> tables;  // the tables that played the fouled form
  // The treatment is in the figures. False while it waits (`waiting` says
  // for what) and for a treatment of no consequence (scored as played).
  bool scored = false;
  std::string waiting;
  // Butler, separate datums: the fouled form's own datum (the board's
  // datum is then the true form's).
  std::optional<core::DatumResult> datum;
  // NSW TR 7.1.1(a): the integer added to North-South's IMPs (and taken
  // from East-West's) at each fouled table.
  int adjustment = 0;

  bool Fouled(int table) const {
    return std::find(tables.begin(), tables.end(), table) != tables.end();
  }
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_FOULED_NOTE_H_
