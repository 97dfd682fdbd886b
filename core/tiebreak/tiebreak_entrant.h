// TieBreakEntrant: what the tie-break criteria read about one entrant (a
// pair or a team), as plain data the caller fills from the event's
// projection. Each criterion reads only some fields (criteria.h lists which);
// a chain's documentation says what `score` must hold.
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_TIEBREAK_TIEBREAK_ENTRANT_H_
#define TALLY_CORE_TIEBREAK_TIEBREAK_ENTRANT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/rational.h"

namespace tally::core {

// One match (or round, in a pairs event) of the entrant. A share match is
// two records, one per opponent; a bye is a record without an opponent.
struct TieBreakMatch {
  int round = 0;
  std::string opponent;  // empty: a bye
  // The entrant's score in the match: VPs in a VP event, matchpoints for the
  // round in a matchpoint event. Before any penalty (penalties are in
  // TieBreakEntrant::fines).
  Rational score;
  // The opponent's score in the same match (unset for a bye): decides a win
  // or a draw.
  std::optional<Rational> opponent_score;
  Rational imps;  // the entrant's signed net IMPs in the match
  // The IMP margin that wins 20-0 under the match's VP scale ("the minimum
  // required for a 20-0 VP win", NSW TR 11.2.1(c)); core/vp BlitzMargin
  // gives it. Needed only for a match with positive IMPs under that rule.
  std::optional<Rational> blitz_margin;
};

// One session of a matchpoint event (SABF TR 11.7).
struct TieBreakSession {
  Rational percentage;  // the session's percentage, e.g. 57.23
  bool played = true;   // false: a score assigned for a session not played
};

enum class BoardDirection { kNorthSouth, kEastWest };

// One board a pair played in a matchpoint event (NSW TR 11.2.4(b)).
struct TieBreakBoard {
  int session = 0;
  int board = 0;
  BoardDirection direction = BoardDirection::kNorthSouth;
  // The pair's own table score (NS score for NS, its negation for EW); unset
  // for an artificial adjusted score.
  std::optional<int64_t> score;
  Rational matchpoints;  // the pair's matchpoints on the board
  Rational top;          // the board's matchpoint top
};

struct TieBreakEntrant {
  std::string id;
  // The score the entrants are ranked by before any tie-break (penalties
  // included): see the chain for what it is.
  Rational score;
  // Total VPs after fines, when it is not `score` (SABF TR 17.2 ranks by
  // qualifying points and breaks ties on VPs). Unset: `score`.
  std::optional<Rational> vps;
  Rational fines;       // VPs deducted as fines and penalties, >= 0
  Rational carry_over;  // included in `score` (ANC SR 12.3)
  std::vector<TieBreakMatch> matches;
  std::vector<TieBreakSession> sessions;
  std::vector<TieBreakBoard> boards;
  // NSW TR 11.2.2 (knock-out teams): the recorded place from the four-board
  // playoff among the tied entrants, 1 first.
  std::optional<int> playoff_place;
  // The recorded outcome of a lot among the tied entrants: 1 ranks first.
  // Never drawn here: the director draws it and the event log records it.
  std::optional<int> lot;
};

}  // namespace tally::core

#endif  // TALLY_CORE_TIEBREAK_TIEBREAK_ENTRANT_H_
