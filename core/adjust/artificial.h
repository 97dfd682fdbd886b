// Artificial adjusted scores for one board: average, average plus and
// average minus, in IMPs, matchpoints and total points, with the amounts each
// regulation sets for its events.
//
//   IMPs        average 0; average plus +3 and minus -3 in teams matches of 11
//               boards or more (NSW TR 7.2; Fouled-board guide, "3 IMPs"), +2
//               and -2 in matches of fewer than 11 boards (NZ LIRG Law 86A;
//               NSW TR 7.2) and in Butler pairs (NSW TR 7.2; ANC SR 7.3).
//               The Fouled-board guide adds "or their average IMPs per board
//               for the session whichever is the highest".
//   Matchpoints average 50% of the board's top; plus 60% and minus 40%
//               (Fouled-board guide; NSW TR 7.3.2; ANC SR 7.4). The guide and
//               SABF TR 11.9 give an innocent side "60% ... or their average
//               score for the session, whichever is the greater".
//   Total points average "the median score (50%)" of the deal; plus 60% and
//               minus 40% of the deal's scores (Fouled-board guide).
//
// Which amounts an event uses is a rule value (ArtificialImpsRule,
// ArtificialMatchpointRule) that a regulation profile supplies; the factory
// functions below give the ones the regulations name. Which of average, plus
// or minus each side gets is the Director's ruling, an input. Average plus for
// several unplayable boards in one session or match is in
// core/adjust/multiple_average_plus.h (ANC SR appendix) and
// core/adjust/unplayed_boards.h (NSW TR 12.10).
//
// Reading of "their average ... for the session": the side's average over the
// boards it actually played in the session (boards with artificial scores
// left out), computed by the caller. Nothing here rounds: the regulations
// round only session totals (SABF TR 11.3).
//
// Intentionally copyable. Pure functions. Thread-safe.

#ifndef TALLY_CORE_ADJUST_ARTIFICIAL_H_
#define TALLY_CORE_ADJUST_ARTIFICIAL_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "core/adjust/table_award.h"
#include "core/base/rational.h"

namespace tally::core {

enum class Artificial { kAverageMinus, kAverage, kAveragePlus };

// ---------------------------------------------------------------- IMPs ----

struct ArtificialImpsRule {
  // IMPs for average plus; average minus is the same amount conceded.
  // Default: 3 (NSW TR 7.2, teams matches of 11 boards or more).
  int average_plus_imps = 3;
  // Average plus is the larger of `average_plus_imps` and the side's average
  // IMPs per board for the session (Fouled-board guide). Default: false.
  bool session_average_if_higher = false;
};

// Teams: +-2 IMPs in matches of fewer than 11 boards (NZ LIRG Law 86A, NSW TR
// 7.2), else +-3 (NSW TR 7.2). InvalidArgument if boards_in_match < 1.
absl::StatusOr<ArtificialImpsRule> TeamsArtificialImpsRule(int boards_in_match);

// Butler / IMP pairs: +-2 IMPs (NSW TR 7.2; ANC SR 7.3).
ArtificialImpsRule ButlerArtificialImpsRule();

// Fouled-board guide: 3 IMPs or the side's session average per board,
// whichever is higher; average minus is 3 IMPs conceded.
ArtificialImpsRule GuideArtificialImpsRule();

// The IMPs one side receives for the board: 0 for average, -plus for average
// minus, and for average plus `rule.average_plus_imps` or, when the rule says
// so, the side's `session_average_imps` per board if higher.
// InvalidArgument if average_plus_imps < 0, or if the session average is
// needed (average plus under session_average_if_higher) and not given.
absl::StatusOr<Rational> ArtificialImps(
    Artificial award, const ArtificialImpsRule& rule,
    std::optional<Rational> session_average_imps = std::nullopt);

// --------------------------------------------------------- Matchpoints ----

struct ArtificialMatchpointRule {
  // Percentage of the board's top for average plus.
  // Default: 60 (Fouled-board guide; NSW TR 7.3.2; ANC SR 7.4).
  Rational average_plus_percent = 60;
  // Percentage of the board's top for average minus.
  // Default: 40 (Fouled-board guide).
  Rational average_minus_percent = 40;
  // Average plus is the larger of `average_plus_percent` and the side's
  // session percentage (Fouled-board guide; SABF TR 11.9). Default: false.
  bool session_average_if_higher = false;
};

// Fouled-board guide and SABF TR 11.9: 60% or the side's session average,
// whichever is greater; 40% for average minus.
ArtificialMatchpointRule GuideArtificialMatchpointRule();

// The percentage of the board's top one side receives: 50 for average, the
// rule's minus percentage, or its plus percentage (raised to
// `session_percent` when the rule says so and that is greater).
// InvalidArgument if a rule percentage is outside 0..100, or if the session
// percentage is needed and not given or outside 0..100.
absl::StatusOr<Rational> ArtificialPercent(
    Artificial award, const ArtificialMatchpointRule& rule,
    std::optional<Rational> session_percent = std::nullopt);

// ArtificialPercent of a board whose top is `top` (2 * (tables - 1)), in
// matchpoints, exact. Fails as ArtificialPercent, or InvalidArgument if
// top < 0.
absl::StatusOr<Rational> ArtificialMatchpoints(
    Artificial award, int top, const ArtificialMatchpointRule& rule,
    std::optional<Rational> session_percent = std::nullopt);

// `percent` of `top`, exact: MatchpointsForPercent(60, 22) is 13.2.
Rational MatchpointsForPercent(const Rational& percent, int top);

// -------------------------------------------------------- Total points ----

// The score, from `side`'s own point of view, at `percent` of the deal's
// scores: the side's own scores (North-South as given, East-West negated)
// sorted ascending as x[0..n-1], read at position h = (n - 1) * percent / 100
// and interpolated linearly between x[floor h] and x[ceil h]. At 50 this is
// the median (the mean of the two middle scores when n is even), as the
// Fouled-board guide says for average. InvalidArgument if `ns_scores` is
// empty or `percent` is outside 0..100.
absl::StatusOr<Rational> TotalPointsAtPercent(
    PairSide side, const Rational& percent, const std::vector<int>& ns_scores);

// Fouled-board guide, total points: average is the deal's median score
// (50%), average plus its 60% score and average minus its 40% score, for
// `side`, from that side's point of view. The guide's "of the available
// score for the whole session" is read as naming the same 60% and 40%; the
// session-average alternative is the guide's for matchpoints and IMPs only.
// Fails as TotalPointsAtPercent.
absl::StatusOr<Rational> ArtificialTotalPoints(
    Artificial award, PairSide side, const std::vector<int>& ns_scores);

}  // namespace tally::core

#endif  // TALLY_CORE_ADJUST_ARTIFICIAL_H_
