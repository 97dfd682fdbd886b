// ScoreRound: one round of an event of matches scored under the event's
// regulation profile: each board's score for every table (IMPs against a
// datum, IMPs between a match's two rooms, or matchpoints across the round),
// each match's margin (net IMPs or match percentage) and, once every board
// of a match is scored, its VPs on the profile's scale; and the bye's score.
//
// A round in progress is scored as far as its results go: a board scores
// what it can from the results entered (a provisional datum from the scores
// in so far, matchpoints across the tables in so far), a match sums what its
// boards have scored, and only a complete match gets VPs. Missing results
// are never an error.
//
// Pure functions of their arguments. Thread-safe.

#ifndef TALLY_CORE_MATCHPLAY_ROUND_SCORE_H_
#define TALLY_CORE_MATCHPLAY_ROUND_SCORE_H_

#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/datum/datum.h"
#include "core/matchplay/half_match_group.h"
#include "core/matchplay/round_input.h"
#include "core/matchplay/share_match.h"
#include "core/profile/profile.h"
#include "core/vp/vp_result.h"

namespace tally::core {

// One board of the round.
struct BoardScore {
  int board = 0;
  // imps_vs_datum only: the datum of the results entered so far, computed
  // with TableScore::table = the match's table, in ascending table order, so
  // datum->roles[i] belongs to the i-th entry of ns_points. None while the
  // results in leave nothing to average (e.g. one score of five where the
  // rule drops one at each end).
  std::optional<DatumResult> datum;
  // By (table, room), North-South's score on the board:
  //  imps_vs_datum: IMPs against the datum, keyed (table, 0);
  //  imps_two_tables: the home team's IMPs between the two rooms, keyed
  //    (table, 1) (the open-room row), once both rooms are in;
  //  matchpoints: matchpoints across every table in so far, keyed
  //    (table, 0), on the international scale (top 2(n-1)).
  // A table with no score yet has no entry; a share match's rooms have
  // none (RoundScore::share holds its teams' IMPs).
  std::map<std::pair<int, int>, Rational> ns_points;
  // Keyed as ns_points: the away side's own points (the away team's IMPs;
  // a pairs match's East-West matchpoints) where a ruling leaves the board
  // unbalanced (Law 12C1(b) split, Law 12C2 awards that are not equal and
  // opposite), i.e. not -ns_points (IMPs) or top - ns_points
  // (matchpoints). Set only by replay/match_scores/match_adjustments.h and
  // replay/match_scores/matchpoint_rulings.h.
  std::map<std::pair<int, int>, Rational> away_points;
  // matchpoints only: the top, 2 * (results in - 1); 0 otherwise.
  Rational top;
};

// One match of the round.
struct MatchScore {
  int table = 0;
  int home = 0;
  int away = 0;
  // Boards whose score for this match is final: both rooms in
  // (imps_two_tables), or every match of the round in on the board
  // (imps_vs_datum and matchpoints, whose scores depend on the field).
  int boards_scored = 0;
  // Every board of the round is scored for this match.
  bool complete = false;
  // IMP-scored events: home's net IMPs over the boards it has scores on
  // (away's are the negative unless away_imps says otherwise). 0 for
  // matchpoints.
  Rational home_imps;
  // Away's own net IMPs where a director's ruling left the two sides with
  // different IMPs (a split or unequal artificial score, an IMP penalty:
  // replay/match_scores/match_adjustments.h); unset when they are -home_imps.
  // Its VPs (vps->opponent_vps) are then converted from them.
  std::optional<Rational> away_imps;
  // matchpoints: home's match percentage, 100 * its matchpoints / the tops,
  // over the boards it has a result on, exact (away's is 100 minus it). None
  // for IMP-scored events, or while no board has a top.
  std::optional<Rational> home_percentage;
  // matchpoints: away's own match percentage where a director's ruling
  // left the two sides' matchpoints unbalanced (a split or unequal
  // artificial score, a matchpoint penalty:
  // replay/match_scores/matchpoint_rulings.h); unset when it is 100 -
  // home_percentage. Its VPs are converted from it.
  std::optional<Rational> away_percentage;
  // Home's (vps) and away's (opponent_vps) VPs: only when complete and the
  // profile converts matches to VPs.
  std::optional<VpResult> vps;
};

// The bye's score.
struct ByeOutcome {
  int entrant = 0;
  Rational imps;
  // The bye's VPs in vps->vps (a bye has no opponent: opponent_vps is 0).
  // None when the profile converts no matches to VPs.
  std::optional<VpResult> vps;
};

struct RoundScore {
  std::vector<BoardScore> boards;   // in RoundInput::boards order
  std::vector<MatchScore> matches;  // in RoundInput::matches order
  std::optional<ByeOutcome> bye;    // when RoundInput::bye is set
  // When RoundInput::share is set: core/matchplay/share_match.h.
  std::optional<ShareMatchScore> share;
  // When RoundInput::half_matches is set: core/matchplay/half_match_group.h.
  std::optional<HalfMatchesScore> half_matches;
};

// Scores `input` under `profile`'s scoring method:
//  imps_vs_datum (Butler, Swiss pairs): per board, ComputeDatum with
//    profile.datum over the results in (match = the round, tables in play =
//    TablesInPlay: the round's matches and any half-match group), NS IMPs =
//    ImpsForDifference(ns_score - datum); home's IMPs are its table's NS
//    IMPs. Half matches: ScoreHalfMatches.
//  A share match (teams): ScoreShareMatch.
//  imps_two_tables (teams): per match and board with both rooms in, home's
//    IMPs = ImpsForDifference(open ns_score - closed ns_score).
//  matchpoints (matchpoint Swiss): matchpoints across every table of the
//    round per board; home's match percentage over its boards.
// VPs: VpScaleForMatch(profile, boards in the round), then VpForMargin of
// home's net IMPs or home's percentage. The bye gets `bye_imps` and, when
// the profile converts to VPs, `bye_fixed_vps` if given, else `bye_imps`
// converted on the event's scale.
//
// Errors: whatever ValidateRoundInput reports (InvalidArgument);
// InvalidArgument if imps_vs_datum has no datum rule, the VP scale converts
// the wrong kind of margin for the scoring, a complete board's datum cannot
// be taken (e.g. every score pending appeal under NSW TR 13.3), or fixed bye
// VPs are not a decimal of at most 6 places; FailedPrecondition for
// cross_imps (not yet supported) and for a bye in a percentage-scored event
// with no fixed VPs; the VP scale's own errors.
absl::StatusOr<RoundScore> ScoreRound(const RegulationProfile& profile,
                                      const RoundInput& input,
                                      const Rational& bye_imps,
                                      std::optional<Rational> bye_fixed_vps);

}  // namespace tally::core

#endif  // TALLY_CORE_MATCHPLAY_ROUND_SCORE_H_
