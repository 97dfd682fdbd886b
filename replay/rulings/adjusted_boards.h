// Scoring one board when rulings have adjusted some of its tables (issue
// #5, item 4): the shared arithmetic of the matchpoint and Butler
// projections (replay/pairs/session_scores.h, replay/butler/butler_session.h),
// which take the adjustment in force at each table from replay/state/rulings.h.
//
//   assigned (Law 12C1(b))  scored as if played: the assigned result's
//                           score replaces the table's everywhere.
//   weighted (Law 12C1(c))  each outcome counts with its weight. Pairs: the
//                           NZ LIRG frequency method (the outcomes join the
//                           traveller as fractions of a result; the table
//                           gets the weighted sum, rounded once to one
//                           decimal place). Butler: the outcomes are IMPed
//                           against the datum, weighted, and the total
//                           rounded to the nearest IMP (NZ LIRG). The
//                           weighted table is left out of the datum.
//   split (Law 12C1(b))     each side scored on its own result; the other
//                           tables (and the datum) compare with the
//                           non-offending side's (Fouled-board guide,
//                           "Differential Adjustments"; North-South's when
//                           the ruling names no non-offender).
//   artificial (Law 12C2)   the table leaves the board's field: the other
//                           tables are matchpointed among themselves and
//                           factored to the full field (Neuberg, or under
//                           club.fewer_results "count_as_ties" the
//                           table counted as a tie with each), or
//                           IMPed against a datum taken without it; each
//                           side gets the profile's average, plus or minus.
//   per side (Law 12C2)     the table leaves the field as an artificial one;
//                           each side gets its own award: a percentage of the
//                           board's top, or the matchpoints a score earns
//                           against every table of the field, factored by
//                           Neuberg (the table counted) to the full field.
//                           Matchpoints only: the Butler and match scorers
//                           refuse it (decide does first).
//
// Halves of a weighted score are rounded towards the non-offending side
// where the ruling names one (NZ LIRG: "residual doubt ... should be
// resolved in favour of the non-offending side"), else away from zero.
//
// Pure functions. Thread-safe.

#ifndef TALLY_REPLAY_ADJUSTED_BOARDS_H_
#define TALLY_REPLAY_ADJUSTED_BOARDS_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "core/adjust/artificial.h"
#include "core/adjust/table_award.h"
#include "core/base/rational.h"
#include "core/scoring/matchpoints.h"
#include "replay/state/rulings.h"
#include "replay/state/state.h"

namespace tally::replay {

// One table of a board: its result and the adjustment in force there.
struct AdjustedTable {
  const EnteredResult* result = nullptr;
  std::optional<AdjustmentInForce> adjustment;
};

// The table has an artificial adjusted score: it is not in the board's
// field.
bool IsArtificial(const AdjustedTable& table);

// The table has an artificial or per-side adjusted score: it is not in the
// board's field.
bool LeavesField(const AdjustedTable& table);

// The artificial award of `side` (ARTIFICIAL_AWARD_* as core's Artificial).
core::Artificial ArtificialOf(const AdjustedTable& table, core::PairSide side);

// Matchpoints of every table of a board (international scale), in order,
// factored from the tables in the field to `times_expected` as `fewer`
// says (Neuberg, or each missing or artificial table counted as a tie).
// Artificial tables get nullopt (the caller gives them their percentage of
// the board's top); per-side tables get their awards. InvalidArgument for an
// adjusted result Law 77 cannot score (decide refuses those, so a damaged log).
absl::StatusOr<std::vector<std::optional<core::TableAward>>>
AdjustedMatchpoints(const std::vector<AdjustedTable>& tables, int board,
                    int times_expected,
                    core::FewerResults fewer = core::FewerResults::kNeuberg);

// The score a table contributes to the board's datum: its (assigned)
// score, or under a split the non-offending side's; nullopt for weighted
// and artificial tables, which the datum leaves out.
absl::StatusOr<std::optional<int>> DatumScoreOf(const AdjustedTable& table,
                                                int board);

// A table's IMPs against `datum` (Butler), both sides, with `artificial`
// the profile's average-plus rule. Fails as AdjustedMatchpoints.
absl::StatusOr<core::TableAward> AdjustedButlerImps(
    const AdjustedTable& table, int board, int datum,
    const core::ArtificialImpsRule& artificial);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_ADJUSTED_BOARDS_H_
