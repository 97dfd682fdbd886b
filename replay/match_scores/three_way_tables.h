// The three-way table of an odd Swiss field, as the log stores it in the
// round's draw: SABF TR 14.1's share match of three teams (DrawMade.share:
// one numbered match played in three rooms, ROOM_SHARE_1..3, its "Table 1:
// A v B; Table 2: C v A; Table 3: B v C") or NSW TR 12.7's half matches of
// three pairs (DrawMade.half_matches: one table, the pivot NS throughout,
// `first` EW on the first half of the boards, `second` on the second).
// What the venue may enter there, what is still missing, how the round's
// input and scores read it (core/matchplay/share_match.h,
// half_match_group.h), and how its scores go into the standings, an
// entrant's record and the match results.
//
// Tie-break records (core/tiebreak reads one record per opponent met): a
// share team, and a half-match pivot, met two opponents in one match, so
// each gets two records, one per opponent (share: B and C for A, A and C
// for B, A and B for C; pivot: first, then second), each carrying half its
// VPs and half its 20-0 margin, and the IMPs of that opponent's boards
// (the pivot) or half its net IMPs (a share team, whose every board is
// compared across both opponents). The match is won or drawn once: the
// first record carries the result (its VPs against the complement its
// margin leaves on the scale), the second none. A pair that sat out half a
// match has one record, against the pivot, with its VPs and IMPs and the
// 20-0 margin of its own conversion (NSW TR 12.7(a) or (b)). The match
// counts once in an entrant's matches.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_MATCH_SCORES_THREE_WAY_TABLES_H_
#define TALLY_REPLAY_MATCH_SCORES_THREE_WAY_TABLES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/matchplay/round_score.h"
#include "core/tiebreak/tiebreak_entrant.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// Whether `table` is the round's share match or half-match table.
bool IsThreeWayTable(const v1::DrawMade& draw, int table);

// The round's share match or half-match table; 0 when it has none.
int ThreeWayTable(const v1::DrawMade& draw);

// Who sits NS and EW at a table.
struct TableSides {
  int ns = 0;
  int ew = 0;
};

// The sides at the round's three-way `table` for `board` in `room`:
// share match, the room's NS and EW teams; half matches, the pivot and the
// pair drawn for the board's half. InvalidArgument (saying what to give)
// for a room that is not one of the share match's three, or any room at a
// half-match table; NotFound for a board the round does not play.
absl::StatusOr<TableSides> ThreeWaySides(const v1::DrawMade& draw, int table,
                                         int board, v1::Room room);

// " (Table 2 of the share match)" for ROOM_SHARE_2, "" otherwise.
std::string ShareRoomName(v1::Room room);

// How a message names a table's room after the table: " (open room)",
// " (closed room)", a share match's table as ShareRoomName, "" in a pairs
// event.
std::string RoomName(v1::Room room);

// Every result the round's three-way table still lacks, "table 4 board 3
// (Table 2 of the share match)", in board order.
std::vector<std::string> MissingThreeWayResults(const MatchRoundState& round);

// Copies the draw's share match or half matches into `input`.
void AddThreeWayTable(const v1::DrawMade& draw, core::RoundInput& input);

// One tie-break record of a three-way table (see the header comment).
struct ThreeWayRecord {
  int entrant = 0;
  core::TieBreakMatch match;
  bool counts_match = false;  // the entrant's first record of the round
};

// The records of `score`'s complete three-way entrants with VPs, for round
// `round`; `match_blitz` is the 20-0 margin of the event's match (for
// share teams; half matches carry their own).
std::vector<ThreeWayRecord> ThreeWayRecords(const core::RoundScore& score,
                                            int round,
                                            std::optional<int64_t> match_blitz);

// The round's three-way table, for GetMatchResults (nothing without one).
void FillThreeWayResult(const core::RoundScore& score, v1::MatchResults& out);

// `entrant`'s row for round `round` when it played at the three-way table
// (nothing otherwise), its VPs added to `total`.
void AddThreeWayRound(const core::RoundScore& score, int round, int entrant,
                      v1::EntrantRecord& out, core::Rational& total);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_SCORES_THREE_WAY_TABLES_H_
