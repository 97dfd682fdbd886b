// RoundInput: one round of an event of matches (a Swiss or round robin of
// pairs or teams, Butler or matchpoint Swiss pairs) as the scorer holds it:
// the boards the round plays, the matches drawn at each table, the board
// results entered so far and the entrant with a bye. ScoreRound
// (core/matchplay/round_score.h) turns it into board scores, match margins
// and VPs; ValidateRoundInput checks it is well formed.
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_MATCHPLAY_ROUND_INPUT_H_
#define TALLY_CORE_MATCHPLAY_ROUND_INPUT_H_

#include <optional>
#include <set>
#include <vector>

#include "absl/status/status.h"
#include "core/profile/profile.h"

namespace tally::core {

// The largest |total points| on a board under Law 77: a vulnerable
// redoubled seven-level contract down 13 (200 + 12 x 300, doubled again:
// 7600); a made contract scores at most 2980. A result beyond it is a typing
// error, and the bound keeps every sum of scores small.
inline constexpr int kMaxLaw77Score = 7600;

// One match of the round. Pairs: home sits North-South. Teams: home sits
// North-South in the open room (1), away in the closed room (2).
struct MatchAtTable {
  int table = 0;  // >= 1, distinct within the round
  int home = 0;   // entrant number, >= 1
  int away = 0;   // entrant number, >= 1
};

// SABF TR 14.1's three-way share match of teams a, b, c (ranking order):
// one numbered table, played in three rooms that are 14.1's "Table 1: A v
// B; Table 2: C v A; Table 3: B v C", the first team named sitting NS.
// Every room plays all the round's boards (core/matchplay/share_match.h).
struct ShareMatchAt {
  int table = 0;
  int a = 0;
  int b = 0;
  int c = 0;
};

// The rooms of a share match: kShareRoom1 + 0, 1, 2 are 14.1's Table 1, 2
// and 3 (the values of v1::Room's ROOM_SHARE_1..3).
inline constexpr int kShareRoom1 = 3;

// NSW TR 12.7's half-match group of three pairs at one table (a pairs
// event): `pivot` sits NS on every board of the round, `first` EW on the
// first half of RoundInput::boards (in their order) and `second` EW on the
// second half (core/matchplay/half_match_group.h).
struct HalfMatchesAt {
  int table = 0;
  int pivot = 0;
  int first = 0;
  int second = 0;
};

// One result entered for one board.
struct BoardResultAt {
  int board = 0;
  int table = 0;  // the table of the match that played it
  // Teams (imps_two_tables): 1 open room (home NS), 2 closed room (away NS);
  // at a share match's table, kShareRoom1 + 0..2. Pairs (every other
  // scoring method): 0.
  int room = 0;
  // Total points (Law 77) from North-South's view, e.g. 620 or -100.
  int ns_score = 0;
  // The score is subject to a pending appeal (NSW TR 13); only a datum
  // (imps_vs_datum) reads it.
  bool pending_appeal = false;
  // The score was pending appeal and the appeal is decided or withdrawn
  // (core/datum/datum.h TableScore::appeal_decided: under NSW TR 13.3 it
  // stays out of the datum); only a datum reads it.
  bool appeal_decided = false;
};

struct RoundInput {
  // The match (round) number, from 1: SABF TR 12.2 and ANC SR 22.4 choose
  // the datum's scores by it.
  int round = 0;
  // The boards every match of the round plays, each once.
  std::vector<int> boards;
  // The matches in table order; table 1 is the top table.
  std::vector<MatchAtTable> matches;
  // The results entered so far, in any order.
  std::vector<BoardResultAt> results;
  // The entrant with a bye, if any.
  std::optional<int> bye;
  // An odd field's share match (teams) or half-match group (pairs), if any.
  std::optional<ShareMatchAt> share;
  std::optional<HalfMatchesAt> half_matches;
  // NSW TR 13.3: the boards on which the Director brings in substitute
  // scores for those left out pending appeal (imps_vs_datum;
  // DatumInput::director_substitutes_pending).
  std::set<int> director_substitutes_boards;
};

// The tables whose results make up a board's field: one per two-way match,
// and the half-match group's table (a share match's rooms are compared
// among themselves only).
int TablesInPlay(const RoundInput& input);

// Checks `input` is a round that `scoring` can score: round >= 1; at least
// one board, each >= 1 and listed once; tables >= 1 and distinct (a share
// match and a half-match group take one each); each entrant (home, away,
// bye, share, half matches) >= 1 and in at most one place; a share match
// only with imps_two_tables, half matches only with imps_vs_datum and an
// even number of boards; every result on a board of the round, at a table
// with a match, in a room that fits the scoring (1 or 2 for
// imps_two_tables, kShareRoom1 + 0..2 at a share match, 0 otherwise),
// within Law 77's +-7600 and entered once per (board, table, room). OK, or
// InvalidArgument saying what is wrong where. Missing results are not an
// error.
absl::Status ValidateRoundInput(const RoundInput& input, ScoringMethod scoring);

}  // namespace tally::core

#endif  // TALLY_CORE_MATCHPLAY_ROUND_INPUT_H_
