// Knock-out results: the matches of a knock-out event (the ITC final, the
// SABF Final Five or final four, a director's own knock-out) scored from
// the log. A knock-out match is every DrawnMatch with the same label across
// rounds, one stanza a round; its result is the IMPs of each stanza (the
// two-room IMP scoring of core/matchplay), the carry-over fixed at the
// draw, the total, and the winner:
// - every stanza complete: the higher total wins; level totals go to the
//   profile's final-placing chain (ANC SR 12.3: remove the carry-over, then
//   the title is shared);
// - a forfeit the director declared (MatchForfeited) with one offender:
//   the other team wins by forfeit (SABF TR 16.1 "deemed to have forfeited
//   the match"); with both teams in default the match is abandoned and has
//   no winner (16.1);
// - a walkover stored with the draw (DrawMade.walkovers): the team that
//   would have played the winner or loser of an abandoned match receives a
//   forfeit (16.1).
// The event's winner is the winner of its deciding match (the ITC "Final",
// the SABF "Grand Final", 17.3.4), both finalists when the title is shared
// (12.3), nobody when the grand final was abandoned (16.1).
//
// Readings:
// - Each team's IMPs in a stanza are the IMPs it won on the boards (board
//   by board, the side with the better score across the two rooms gains the
//   IMPs), so the totals read like a scoreboard; the margin is the net IMPs
//   of core/matchplay.
// - A forfeited match's offender is its loser: it goes on where the format
//   sends the loser (SABF TR 17.3 sends the second qualifying final's loser
//   to the first semi-final); an abandoned match has neither.
// - Penalties (PenaltyAwarded, in VPs) are not taken from knock-out IMP
//   totals. The offence register's IMP deductions (OffenceRecorded.imps:
//   ANC SR 5.3 b, SABF TR 16.3, NSW TR 6.8) come off the offending team's
//   total in the match it played in the offence's round, before the
//   winner is decided; so do the rulings' IMP penalties (Laws 90, 91) in
//   the match at the ruling's table (replay/rulings/knockout_rulings.h).
// - A ruling that leaves a board unbalanced (a split score, artificial
//   awards that are not equal and opposite) gives each team its own IMPs
//   on the board (replay/rulings/knockout_rulings.h).
//
// Pure functions of the State. Thread-compatible.

#ifndef TALLY_REPLAY_DRAWS_KNOCKOUT_RESULTS_H_
#define TALLY_REPLAY_DRAWS_KNOCKOUT_RESULTS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/base/rational.h"
#include "replay/state/state.h"
#include "tally/v1/common.pb.h"

namespace tally::replay {

// One drawn stanza of a knock-out match.
struct KnockoutStanzaScore {
  int stanza = 0;
  int round = 0;
  int table = 0;
  std::vector<int> boards;
  int boards_scored = 0;
  bool complete = false;
  core::Rational home_imps;  // won by the match's home team in the stanza
  core::Rational away_imps;  // won by its away team
};

enum class KnockoutOutcome {
  kInProgress,  // "in progress"
  kWon,         // "won": on IMPs with the carry-over, or by tie-break
  kTied,        // "tied": level after the tie-break chain (shared)
  kForfeit,     // "forfeit": one team in default (SABF TR 16.1)
  kAbandoned,   // "abandoned": both in default, or nobody left to play
  kWalkover,    // "walkover": the opponent's match was abandoned (16.1)
};
absl::string_view KnockoutOutcomeId(KnockoutOutcome outcome);

struct KnockoutMatchScore {
  std::string label;
  int home = 0;    // the home team of its first stanza
  int away = 0;    // 0 in a walkover
  int holder = 0;  // the carry-over's holder; 0: none
  core::Rational carry_over;
  int stanzas = 1;
  std::vector<KnockoutStanzaScore> stanza_scores;  // drawn, in stanza order
  core::Rational home_total;  // IMPs won plus the carry-over, less deductions
  core::Rational away_total;
  // the offence register's and the rulings' IMP penalties taken off
  core::Rational home_deducted;
  core::Rational away_deducted;
  bool complete = false;  // every stanza drawn and every board scored
  KnockoutOutcome outcome = KnockoutOutcome::kInProgress;
  int winner = 0;  // 0: none (yet)
  int loser = 0;
  // "imps", the tie-break criterion that decided (e.g.
  // "remove_carry_over"), "shared", "forfeit" or "abandoned"; empty while
  // in progress.
  std::string decided_by;
  std::string clause;
  std::vector<int> forfeited_by;  // the teams in default
};

struct KnockoutEventResult {
  std::vector<KnockoutMatchScore> matches;  // in the order first drawn
  // Once the deciding match is decided: its winner, or both finalists
  // when the title is shared; empty when nobody won.
  std::vector<int> winners;
  std::string result;  // "" (undecided), "won", "shared" or "no winner"
  std::string clause;
};

// Every labelled match of `competition` scored as far as its results go.
// InvalidArgument for data the profile cannot score (a bug), never for
// missing results.
absl::StatusOr<std::vector<KnockoutMatchScore>> ScoreKnockoutMatches(
    const CompetitionState& competition);

// The matches and the event's winner.
absl::StatusOr<KnockoutEventResult> ScoreKnockoutEvent(
    const CompetitionState& competition);

// The label of the match whose winner wins the event under the profile's
// draw method ("Final" for itc_final, "Grand Final" for the SABF finals);
// empty for a draw the director names (explicit).
std::string DecidingMatchLabel(const CompetitionState& competition);

// A stored fraction as a Rational; the unset fraction (0/0) is 0.
// InvalidArgument for a zero denominator under a non-zero numerator.
absl::StatusOr<core::Rational> RationalOf(const v1::Fraction& fraction);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DRAWS_KNOCKOUT_RESULTS_H_
