// SessionScores: a matchpoint pairs session scored from its State: each
// board's matchpoints (international scale, factored by Neuberg to the
// number of times the movement plays the board when fewer results are in)
// and each pair's total. Computed on demand; deterministic.
// Thread-compatible.

#ifndef TALLY_REPLAY_SESSION_SCORES_H_
#define TALLY_REPLAY_SESSION_SCORES_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/adjust/artificial.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"
#include "core/profile/profile.h"
#include "core/scoring/matchpoints.h"
#include "replay/butler/fouled_note.h"
#include "replay/state/state.h"

namespace tally::replay {

struct ScoredResult {
  const EnteredResult* result = nullptr;
  core::Rational ns_matchpoints;
  core::Rational ew_matchpoints;
  // The RulingMade whose adjusted score is in force here
  // (replay/state/rulings.h), 0 when the table's result stands.
  uint64_t ruling = 0;
  // That ruling's adjusted score (in the state scored), else nullptr.
  const v1::AdjustedScore* adjusted = nullptr;
  bool fouled = false;  // played the fouled form (a treatment in force)
  // A session in sections: the table's section, and the top of the
  // comparison it was matchpointed in (its section's, or across the field
  // the board's); without sections the board's top.
  std::string section;
  int64_t top = 0;
  // When its comparison had fewer results than expected, so its
  // matchpoints were factored: the comparison's own top, 2(A-1) for A
  // results, and the matchpoints on it before factoring (an artificial
  // table: the same share of that top); what Compscore's travellers show.
  // 0 and unset otherwise.
  int64_t unfactored_top = 0;
  std::optional<core::Rational> ns_unfactored;
  std::optional<core::Rational> ew_unfactored;
};

struct ScoredBoard {
  int board = 0;
  // Tables the movement has play it, and 2 * (times_expected - 1): the
  // whole session's (with club.factor_short_boards, the top of the
  // session's most-played board). Sections scored within each section
  // compare each section's tables apart (ScoredResult.top is then the
  // section's top).
  int times_expected = 0;
  int64_t top = 0;
  std::vector<ScoredResult> results;  // in table order
  // 2 * (A - 1) where the board's comparison had A results, fewer than it
  // plays, so its matchpoints were factored (in sections, the last factored
  // section's; each result carries its own); 0 otherwise.
  int64_t unfactored_top = 0;
  // The fouled-board treatment in force (replay/butler/fouled_scoring.h).
  std::optional<FouledBoardNote> fouled;
};

struct PairTotal {
  int pair = 0;
  core::Rational matchpoints;  // after penalties
  // Matchpoint penalties in force (RulingMade) and the offence register's
  // matchpoint deductions (OffenceRecorded), already taken off.
  core::Rational penalties;
  // The director's session adjustments (SessionAdjustmentMade: matchpoints,
  // a percentage of the session top, the sit-out award), signed, already
  // in `matchpoints`, each with its note ("+3 (law): text").
  core::Rational adjustments;
  std::vector<std::string> adjustment_notes;
  // Sum of tops of the boards played (and of the boards a sit-out award
  // covers).
  int64_t maximum = 0;
  int boards_played = 0;
  // 100 * matchpoints / maximum, exact; absent before any board is played.
  std::optional<core::Rational> exact_percentage;
  // The published figure: rounded as the profile says (SABF TR 11.3: 2
  // places), or, where the profile keeps percentages exact (NSW TR 11.1),
  // rounded to 2 places for display only.
  std::optional<core::Decimal> percentage;
  // What the pair is ranked on: the published figure where the regulations
  // round it, else the exact percentage.
  std::optional<core::Rational> ranking_percentage;
};

struct SessionScores {
  std::map<int, ScoredBoard> boards;  // by board number
  std::map<int, PairTotal> pairs;     // by pair number, every seated pair
};

// Scores every result entered so far in `session`, rounding percentages as
// `rounding` (from the competition's regulation profile) says. The rulings
// in force adjust the boards (replay/rulings/adjusted_boards.h) with
// `artificial`'s amounts (default: 60% / 40%) and their matchpoint penalties
// come off the pairs' totals, as do the offence register's matchpoint
// deductions; the director's session adjustments
// (replay/pairs/session_adjustments.h) add to them or take off. A board
// with fewer results in its comparison than expected is factored as `fewer`
// says (club.fewer_results). A session in sections (Movement.sections)
// matchpoints each board within each section, or with `across_field` over
// every table that played it. With `factor_short_boards`
// (club.factor_short_boards) a board the movement plays fewer times than
// the session's most-played board is factored, as `fewer` says, to that
// board's top.
SessionScores ScoreSession(
    const SessionState& session, const core::RoundingChoices& rounding,
    const core::ArtificialMatchpointRule& artificial =
        core::ArtificialMatchpointRule(),
    core::FewerResults fewer = core::FewerResults::kNeuberg,
    bool across_field = false, bool factor_short_boards = false);

// ScoreSession with the rounding, artificial amounts, factoring and section
// scoring
// `profile` names.
SessionScores ScoreSessionForProfile(const SessionState& session,
                                     const core::RegulationProfile& profile);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SESSION_SCORES_H_
