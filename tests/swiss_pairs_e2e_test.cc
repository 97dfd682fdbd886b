// End to end: a 41-pair Swiss pairs event under the anc2025_wsp profile
// (ANC SR 22.1: seven 8-board matches), played through the gRPC API on a
// real tallyd with scripted results. Every round's draw is checked against
// pairings derived from SABF TR 14.1 (round one by quarters, later rounds
// top-down with the upward clash adjustment, a bye every round in the odd
// field), two rounds need the adjustment, a VP penalty changes the published
// ranking but not the next draw (ANC SR 5.1), a draw with results missing is
// refused (ANC SR 6.3), every stored draw is recomputed by the audit, and a
// restarted server replays the log to byte-identical standings and draws.
//
// How the results are scripted ("trimmed deviations"). On every board every
// table plays 4S by North making 10 tricks (NS non-vulnerable 420,
// vulnerable 620), except for at most two tables that score more and at
// most two that score less. 20 tables (fewer than 24): ANC SR 22.3 takes the
// (n-4) = 16 middle scores, so the two highest and two lowest drop out and
// every score left is the base score: the datum is the base (420 or 620),
// already a multiple of 10. E.g. round one, board 1 (nobody vulnerable):
// tables 12 and 13 score 1080 (4SXX+1) and 1210 (6SX=), tables 17 and 18
// 170 (3S+1), the other 16 tables 420: the two highest and the two lowest
// drop out, datum = 16 x 420 / 16 = 420. A table at the base scores 0 IMPs; a deviating table
// scores (WBF IMP scale) for NS:
//   NS result   non-vul score diff IMPs | vul score diff IMPs
//   4S+1          450    +30    1       |   650    +30    1
//   4S+2          480    +60    2       |   680    +60    2
//   4SX=          590   +170    5       |   790   +170    5
//   4SX+1         690   +270    7       |   990   +370    9
//   4SXX=         880   +460   10       |  1080   +460   10
//   4SXX+1       1080   +660   12       |  1480   +860   13
//   6S=           980   +560   11       |  1430   +810   13
//   6SX=         1210   +790   13       |  1660  +1040   14
//   7S=          1510  +1090   14       |  2210  +1590   17
//   3NT=          400    -20   -1       |   600    -20   -1
//   3S+1          170   -250   -6       |   170   -450  -10
//   2S=           110   -310   -7       |   110   -510  -11
//   4S-1          -50   -470  -10       |  -100   -720  -12
//   4S-2         -100   -520  -11       |  -200   -820  -13
//   4SX-2        -300   -720  -12       |  -500  -1120  -15
//   4SX-3        -500   -920  -14       |  -800  -1420  -16
// Vulnerability follows the 16-board cycle: NS are vulnerable on boards
// 2, 4, 5, 7, 10, 12, 13, 15 (mod 16); a round plays boards 8r-7..8r. NS is
// the home pair (the better-ranked), and a pair's IMPs against the datum on
// a board are the exact negative of its opponents', so a match's margin
// (home_imps) is the sum of its table's NS IMPs over the 8 boards.
//
// Each round's margins are the twenty values 1, 2, 3, 4, 5, 9, 10, 12, 13,
// 17 (home wins) and -6, -7, -8, -11, -14, -15, -16, -18, -19, -20 (away
// wins), in an order per round chosen (with a scratch calculator, not
// committed) so that no two pairs ever have the same VP total: the draw
// ranking (ANC SR 17.2 by analogy: VPs, net IMPs, lot) never needs a lot,
// and the published ranking has no tie. VPs: the 8-board column of SABF
// TR 21.2 (ANC SR 22.2), the loser 20 less the winner's; the bye scores
// 0 IMPs and 10.00 VPs (NSW TR 12.8 as the profile reads it).

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

constexpr int kPairs = 41;
constexpr int kRounds = 7;   // ANC SR 22.1
constexpr int kTables = 20;  // 40 pairs play, one has the bye
constexpr int kBoards = 8;   // ANC SR 22.1

// One drawn match and its scripted margin (home IMPs).
struct Match {
  int home;
  int away;
  int margin;
};

// The expected draw of every round, table 1 to 20 (table numbers follow
// the better-ranked pair: SABF TR 14.1 "down the field"; home is the
// better-ranked, the profile's convention), with the scripted margin.
//
// Round 1 (SABF TR 14.1, quarters): the ranking is the pair numbers. The bye
// goes to the pair with the fewest byes (all none), lowest-ranked first:
// 41. Of the other 40, h = 20, the top quarter is ranks 1-10, the middle
// quarters 11-30, the bottom quarter 31-40. Pairs 1-10 each meet a middle
// pair at tables 1-10 in that order; pairs 31-40 each meet one of the
// remaining middle pairs, the middle pair (better-ranked) being home and
// its number giving the table order. Which middle pair is whose is the
// seeded shuffle (DrawRng, SplitMix64 whose outputs core/draw/prng_test.cc
// freezes; Fisher-Yates from the last element down): the exact round-one
// pairing below is the one seed 1 gives, pinned as such (computed with an
// independent SplitMix64 in the scratch calculator, checked against
// prng_test's frozen outputs for seed 0).
//
// Later rounds: the ranking after the previous round (VPs, then net IMPs;
// penalties excluded, ANC SR 5.1), the bye to the lowest-ranked pair that
// has had none (every pair's removal leaves a valid draw here), then the
// top-down pairing of the 40 others, skipping opponents already met.
//   Round 6: bye 11 (the lowest-ranked pairs 28, 31, 21, 23 have had byes
//     in rounds 3, 4, 5, 2; 11 is the lowest without one). Top-down, the
//     first choices run to tables 18 (4 v 22) and 19 (23 v 21), leaving
//     31 and 28, who met in round 5 (table 20): a clash. The upward
//     adjustment takes back the lowest match, 23 v 21, and gives 23 its
//     next candidate it has not met, 31; then 21 v 28 (not met). Table 19
//     (23 v 31) is the adjusted match: adjusted_tables = {19}.
//   Round 7: bye 4 (below it 11, 23, 28 have had byes, 4 has not). The
//     first choices run to table 19 (21 v 11), leaving 23 and 28, who met in
//     round 4 (table 20): a clash. The adjustment takes back 21 v 11 and
//     gives 21 its next candidate, 23; then 11 v 28. Table 19 (21 v 23) is
//     adjusted: adjusted_tables = {19}.
//   Round 2, by hand: after round 1 every winner ranks by its margin (VPs
//     rise with the margin), the bye (10.00 VPs, 0 IMPs) below every winner
//     and above every loser, the losers by their margins: 38 (+20), 33
//     (+19), 37 (+18), 10 (+17), 26, 25, 35, 16, 13, 15, 20, 3, 34, 30, 32,
//     1, 7, 19, 8, 4 (+1), then 41 (bye), then 14 (-1), 27, 39, 17, 12, 11,
//     5, 18, 21, 36, 6, 31, 40, 29, 2, 9, 24, 28, 22, 23 (-20). The bye
//     goes to 23, the lowest without one; down the field no two neighbours
//     met in round 1 (38 met 23, 33 met 22, ... ), so the draw pairs
//     neighbours: 38 v 33, 37 v 10, 26 v 25, ..., 41 v 14, 27 v 39, ...,
//     9 v 24, 28 v 22, as kDraws[1] below.
// Rounds 3-5 were derived with the same procedure in the scratch
// calculator (an implementation of SABF TR 14.1 as pairing_search.h states
// it, written apart from tally's code) and need no adjustment.
constexpr Match kDraws[kRounds][kTables] = {
    // round 1: bye 41
    {{1, 12, 5}, {2, 25, -15}, {3, 21, 9}, {4, 14, 1}, {5, 30, -7},
     {6, 15, -11}, {7, 17, 4}, {8, 27, 2}, {9, 26, -16}, {10, 24, 17},
     {11, 32, -6}, {13, 31, 12}, {16, 40, 13}, {18, 34, -8}, {19, 39, 3},
     {20, 36, 10}, {22, 33, -19}, {23, 38, -20}, {28, 37, -18}, {29, 35, -14}},
    // round 2: bye 23
    {{38, 33, 4}, {37, 10, -6}, {26, 25, 5}, {35, 16, -11}, {13, 15, -7},
     {20, 3, 10}, {34, 30, -18}, {32, 1, 1}, {7, 19, -14}, {8, 4, 13},
     {41, 14, 12}, {27, 39, -8}, {17, 12, 2}, {11, 5, -16}, {18, 21, 9},
     {36, 6, 17}, {31, 40, -19}, {29, 2, -15}, {9, 24, 3}, {28, 22, -20}},
    // round 3: bye 28
    {{16, 30, -15}, {38, 10, 10}, {20, 26, -19}, {15, 19, -11}, {8, 33, -8},
     {41, 37, -14}, {25, 5, 2}, {32, 36, -18}, {39, 13, 12}, {40, 1, 9},
     {35, 18, 3}, {22, 2, -20}, {3, 17, 4}, {12, 34, -16}, {7, 27, -6},
     {4, 9, 5}, {14, 23, 17}, {21, 24, -7}, {11, 6, 1}, {29, 31, 13}},
    // round 4: bye 31
    {{30, 26, -7}, {38, 19, -18}, {37, 36, -8}, {33, 2, 17}, {39, 40, 3},
     {10, 25, 1}, {16, 15, -16}, {34, 8, -14}, {5, 35, 4}, {20, 14, 2},
     {3, 41, 9}, {18, 27, 13}, {1, 17, -20}, {4, 13, -11}, {32, 24, 10},
     {29, 7, -6}, {9, 22, 5}, {11, 12, -19}, {21, 6, -15}, {23, 28, 12}},
    // round 5: bye 21
    {{26, 19, -19}, {33, 30, 13}, {36, 15, 3}, {39, 8, -15}, {38, 37, -11},
     {10, 3, -14}, {17, 18, 17}, {40, 25, -20}, {5, 20, -16}, {13, 2, 4},
     {35, 32, -8}, {14, 12, -7}, {16, 34, 9}, {7, 41, -18}, {9, 6, -6},
     {27, 4, 1}, {29, 23, 12}, {24, 22, 5}, {1, 11, 10}, {31, 28, 2}},
    // round 6: bye 11, adjusted table 19
    {{19, 33, -14}, {8, 36, 12}, {25, 17, -19}, {26, 37, 9}, {3, 15, -18},
     {20, 30, 2}, {32, 13, 5}, {39, 41, -7}, {38, 16, 4}, {12, 10, -15},
     {2, 18, 3}, {5, 14, 17}, {35, 40, 13}, {6, 29, -20}, {1, 27, -6},
     {34, 24, -8}, {9, 7, 1}, {4, 22, -11}, {23, 31, -16}, {21, 28, 10}},
    // round 7: bye 4, adjusted table 19
    {{33, 17, 13}, {19, 8, -20}, {26, 15, 17}, {20, 37, 12}, {36, 30, -15},
     {32, 10, 1}, {41, 25, -18}, {5, 3, 5}, {29, 38, -14}, {35, 13, -7},
     {2, 16, -11}, {39, 18, 3}, {24, 27, 2}, {12, 22, 4}, {9, 1, -8},
     {40, 14, -16}, {34, 31, 10}, {6, 7, -19}, {21, 23, -6}, {11, 28, 9}},
};
constexpr int kByes[kRounds] = {41, 23, 28, 31, 21, 11, 4};
constexpr int kAdjusted[kRounds] = {0, 0, 0, 0, 0, 19, 19};  // 0: none

// A table's result on a board other than the base 4S= by North.
struct Deviation {
  int round;
  int table;
  int board;
  int level;
  bool no_trump;  // else spades
  int tricks;
  int doubling;  // 0 undoubled, 1 doubled, 2 redoubled
};

// Every deviation, from the table of IMPs above; per board at most two up
// and two down. Each table's deviations add up to its margin in kDraws
// (e.g. round 1 table 7, 17 v 4: board 3 (NS non-vul) 4S+2 = 2 IMPs and
// board 4 (vul) 4S+2 = 2 IMPs, margin 4).
constexpr Deviation kDeviations[] = {
    // round 1
    {1, 1, 3, 4, false, 10, 1}, {1, 2, 4, 4, false, 8, 1}, {1, 3, 4, 4, false, 11, 1}, {1, 4, 6, 4, false, 11, 0},
    {1, 5, 8, 2, false, 8, 0}, {1, 6, 5, 2, false, 8, 0}, {1, 7, 3, 4, false, 12, 0}, {1, 7, 4, 4, false, 12, 0},
    {1, 8, 5, 4, false, 12, 0}, {1, 9, 4, 4, false, 7, 1}, {1, 10, 2, 7, false, 13, 0}, {1, 11, 8, 3, false, 10, 0},
    {1, 12, 1, 4, false, 11, 2}, {1, 13, 1, 6, false, 12, 1}, {1, 14, 5, 3, true, 9, 0}, {1, 14, 6, 2, false, 8, 0},
    {1, 15, 5, 4, false, 11, 0}, {1, 15, 6, 4, false, 12, 0}, {1, 16, 2, 4, false, 10, 2}, {1, 17, 1, 3, false, 10, 0},
    {1, 17, 2, 4, false, 8, 0}, {1, 18, 1, 3, false, 10, 0}, {1, 18, 3, 4, false, 7, 1}, {1, 19, 2, 2, false, 8, 0},
    {1, 19, 3, 2, false, 8, 0}, {1, 20, 6, 4, false, 7, 1},
    // round 2
    {2, 1, 11, 4, false, 12, 0}, {2, 1, 12, 4, false, 12, 0}, {2, 2, 16, 3, false, 10, 0}, {2, 3, 11, 4, false, 10, 1},
    {2, 4, 13, 2, false, 8, 0}, {2, 5, 16, 2, false, 8, 0}, {2, 6, 10, 4, false, 10, 2}, {2, 7, 10, 2, false, 8, 0},
    {2, 7, 11, 2, false, 8, 0}, {2, 8, 14, 4, false, 11, 0}, {2, 9, 14, 4, false, 7, 1}, {2, 10, 9, 6, false, 12, 1},
    {2, 11, 9, 4, false, 11, 2}, {2, 12, 13, 3, true, 9, 0}, {2, 12, 14, 2, false, 8, 0}, {2, 13, 13, 4, false, 12, 0},
    {2, 14, 12, 4, false, 7, 1}, {2, 15, 12, 4, false, 11, 1}, {2, 16, 10, 7, false, 13, 0}, {2, 17, 9, 3, false, 10, 0},
    {2, 17, 10, 4, false, 8, 0}, {2, 18, 12, 4, false, 8, 1}, {2, 19, 13, 4, false, 11, 0}, {2, 19, 14, 4, false, 12, 0},
    {2, 20, 9, 3, false, 10, 0}, {2, 20, 11, 4, false, 7, 1},
    // round 3
    {3, 1, 20, 4, false, 8, 1}, {3, 2, 18, 4, false, 10, 2}, {3, 3, 17, 3, false, 10, 0}, {3, 3, 18, 4, false, 8, 0},
    {3, 4, 21, 2, false, 8, 0}, {3, 5, 21, 3, true, 9, 0}, {3, 5, 22, 2, false, 8, 0}, {3, 6, 22, 4, false, 7, 1},
    {3, 7, 21, 4, false, 12, 0}, {3, 8, 18, 2, false, 8, 0}, {3, 8, 19, 2, false, 8, 0}, {3, 9, 17, 4, false, 11, 2},
    {3, 10, 20, 4, false, 11, 1}, {3, 11, 21, 4, false, 11, 0}, {3, 11, 22, 4, false, 12, 0}, {3, 12, 17, 3, false, 10, 0},
    {3, 12, 19, 4, false, 7, 1}, {3, 13, 19, 4, false, 12, 0}, {3, 13, 20, 4, false, 12, 0}, {3, 14, 20, 4, false, 7, 1},
    {3, 15, 24, 3, false, 10, 0}, {3, 16, 19, 4, false, 10, 1}, {3, 17, 18, 7, false, 13, 0}, {3, 18, 24, 2, false, 8, 0},
    {3, 19, 22, 4, false, 11, 0}, {3, 20, 17, 6, false, 12, 1},
    // round 4
    {4, 1, 32, 2, false, 8, 0}, {4, 2, 26, 2, false, 8, 0}, {4, 2, 27, 2, false, 8, 0}, {4, 3, 29, 3, true, 9, 0},
    {4, 3, 30, 2, false, 8, 0}, {4, 4, 26, 7, false, 13, 0}, {4, 5, 29, 4, false, 11, 0}, {4, 5, 30, 4, false, 12, 0},
    {4, 6, 30, 4, false, 11, 0}, {4, 7, 28, 4, false, 7, 1}, {4, 8, 30, 4, false, 7, 1}, {4, 9, 27, 4, false, 12, 0},
    {4, 9, 28, 4, false, 12, 0}, {4, 10, 29, 4, false, 12, 0}, {4, 11, 28, 4, false, 11, 1}, {4, 12, 25, 6, false, 12, 1},
    {4, 13, 25, 3, false, 10, 0}, {4, 13, 27, 4, false, 7, 1}, {4, 14, 29, 2, false, 8, 0}, {4, 15, 26, 4, false, 10, 2},
    {4, 16, 32, 3, false, 10, 0}, {4, 17, 27, 4, false, 10, 1}, {4, 18, 25, 3, false, 10, 0}, {4, 18, 26, 4, false, 8, 0},
    {4, 19, 28, 4, false, 8, 1}, {4, 20, 25, 4, false, 11, 2},
    // round 5
    {5, 1, 33, 3, false, 10, 0}, {5, 1, 34, 4, false, 8, 0}, {5, 2, 33, 6, false, 12, 1}, {5, 3, 37, 4, false, 11, 0},
    {5, 3, 38, 4, false, 12, 0}, {5, 4, 36, 4, false, 8, 1}, {5, 5, 37, 2, false, 8, 0}, {5, 6, 38, 4, false, 7, 1},
    {5, 7, 34, 7, false, 13, 0}, {5, 8, 33, 3, false, 10, 0}, {5, 8, 35, 4, false, 7, 1}, {5, 9, 36, 4, false, 7, 1},
    {5, 10, 35, 4, false, 12, 0}, {5, 10, 36, 4, false, 12, 0}, {5, 11, 37, 3, true, 9, 0}, {5, 11, 38, 2, false, 8, 0},
    {5, 12, 40, 2, false, 8, 0}, {5, 13, 36, 4, false, 11, 1}, {5, 14, 34, 2, false, 8, 0}, {5, 14, 35, 2, false, 8, 0},
    {5, 15, 40, 3, false, 10, 0}, {5, 16, 38, 4, false, 11, 0}, {5, 17, 33, 4, false, 11, 2}, {5, 18, 35, 4, false, 10, 1},
    {5, 19, 34, 4, false, 10, 2}, {5, 20, 37, 4, false, 12, 0},
    // round 6
    {6, 1, 46, 4, false, 7, 1}, {6, 2, 41, 4, false, 11, 2}, {6, 3, 41, 3, false, 10, 0}, {6, 3, 42, 4, false, 8, 0},
    {6, 4, 44, 4, false, 11, 1}, {6, 5, 42, 2, false, 8, 0}, {6, 5, 43, 2, false, 8, 0}, {6, 6, 45, 4, false, 12, 0},
    {6, 7, 43, 4, false, 10, 1}, {6, 8, 48, 2, false, 8, 0}, {6, 9, 43, 4, false, 12, 0}, {6, 9, 44, 4, false, 12, 0},
    {6, 10, 44, 4, false, 8, 1}, {6, 11, 45, 4, false, 11, 0}, {6, 11, 46, 4, false, 12, 0}, {6, 12, 42, 7, false, 13, 0},
    {6, 13, 41, 6, false, 12, 1}, {6, 14, 41, 3, false, 10, 0}, {6, 14, 43, 4, false, 7, 1}, {6, 15, 48, 3, false, 10, 0},
    {6, 16, 45, 3, true, 9, 0}, {6, 16, 46, 2, false, 8, 0}, {6, 17, 46, 4, false, 11, 0}, {6, 18, 45, 2, false, 8, 0},
    {6, 19, 44, 4, false, 7, 1}, {6, 20, 42, 4, false, 10, 2},
    // round 7
    {7, 1, 49, 6, false, 12, 1}, {7, 2, 49, 3, false, 10, 0}, {7, 2, 51, 4, false, 7, 1}, {7, 3, 50, 7, false, 13, 0},
    {7, 4, 49, 4, false, 11, 2}, {7, 5, 52, 4, false, 8, 1}, {7, 6, 54, 4, false, 11, 0}, {7, 7, 50, 2, false, 8, 0},
    {7, 7, 51, 2, false, 8, 0}, {7, 8, 51, 4, false, 10, 1}, {7, 9, 54, 4, false, 7, 1}, {7, 10, 56, 2, false, 8, 0},
    {7, 11, 53, 2, false, 8, 0}, {7, 12, 53, 4, false, 11, 0}, {7, 12, 54, 4, false, 12, 0}, {7, 13, 53, 4, false, 12, 0},
    {7, 14, 51, 4, false, 12, 0}, {7, 14, 52, 4, false, 12, 0}, {7, 15, 53, 3, true, 9, 0}, {7, 15, 54, 2, false, 8, 0},
    {7, 16, 52, 4, false, 7, 1}, {7, 17, 50, 4, false, 10, 2}, {7, 18, 49, 3, false, 10, 0}, {7, 18, 50, 4, false, 8, 0},
    {7, 19, 56, 3, false, 10, 0}, {7, 20, 52, 4, false, 11, 1},

};

v1::TableResult ResultAt(int round, int table, int board) {
  for (const Deviation& d : kDeviations) {
    if (d.round == round && d.table == table && d.board == board) {
      static constexpr v1::Doubling kDoubling[] = {
          v1::DOUBLING_UNDOUBLED, v1::DOUBLING_DOUBLED,
          v1::DOUBLING_REDOUBLED};
      return Played(d.level,
                    d.no_trump ? v1::STRAIN_NO_TRUMP : v1::STRAIN_SPADES,
                    v1::SEAT_NORTH, d.tricks, kDoubling[d.doubling]);
    }
  }
  return Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
}

class SwissPairsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), "wsp", "open");
  }

  // Enters every result of `round` except, when `hold_back`, the last board
  // of table 20.
  void PlayRound(int round, bool hold_back = false) {
    for (int table = 1; table <= kTables; ++table) {
      for (int i = 0; i < kBoards; ++i) {
        const int board = (round - 1) * kBoards + 1 + i;
        if (hold_back && table == kTables && i == kBoards - 1) continue;
        ASSERT_THAT(client_->Enter(round, table, board,
                                   ResultAt(round, table, board)),
                    IsOk())
            << "round " << round << " table " << table << " board " << board;
      }
    }
  }

  std::vector<std::string> Rows(const v1::MatchStandings& standings) {
    std::vector<std::string> rows;
    for (const v1::MatchStandingsRow& row : standings.rows()) {
      rows.push_back(absl::StrCat(row.rank(), row.tied() ? "=" : "", " ",
                                  row.entrant(), " ",
                                  DecimalText(row.total())));
    }
    return rows;
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("swiss")};
  std::unique_ptr<MatchClient> client_;
};

TEST_F(SwissPairsTest, FortyOnePairsOverSevenRoundsDrawnBySabf14_1) {
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_SWISS_PAIRS, "anc2025_wsp"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(kPairs), IsOk());

  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, /*seed=*/round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    EXPECT_EQ(draw->method(), "swiss");
    EXPECT_EQ(draw->bye(), kByes[round - 1]) << "round " << round;
    ASSERT_EQ(draw->matches_size(), kTables) << "round " << round;
    for (int t = 0; t < kTables; ++t) {
      EXPECT_EQ(draw->matches(t).table(), t + 1);
      EXPECT_EQ(draw->matches(t).home(), kDraws[round - 1][t].home)
          << "round " << round << " table " << t + 1;
      EXPECT_EQ(draw->matches(t).away(), kDraws[round - 1][t].away)
          << "round " << round << " table " << t + 1;
    }
    if (kAdjusted[round - 1] == 0) {
      EXPECT_EQ(draw->adjusted_tables_size(), 0) << "round " << round;
    } else {
      EXPECT_THAT(draw->adjusted_tables(), ElementsAre(kAdjusted[round - 1]))
          << "round " << round;
    }
    ASSERT_EQ(draw->boards_size(), kBoards);
    EXPECT_EQ(draw->boards(0), (round - 1) * kBoards + 1);

    if (round == 1) {
      // The quarters, from the rule alone: tables 1-10 are pairs 1-10 (home)
      // against middle pairs 11-30; tables 11-20 are middle pairs (home)
      // against bottom pairs 31-40; every middle pair plays once.
      std::vector<int> middle;
      for (int t = 0; t < kTables; ++t) {
        const v1::DrawnMatch& m = draw->matches(t);
        if (t < 10) {
          EXPECT_EQ(m.home(), t + 1);
          middle.push_back(m.away());
        } else {
          EXPECT_GE(m.away(), 31);
          EXPECT_LE(m.away(), 40);
          middle.push_back(m.home());
        }
      }
      std::sort(middle.begin(), middle.end());
      std::vector<int> expected_middle;
      for (int p = 11; p <= 30; ++p) expected_middle.push_back(p);
      EXPECT_EQ(middle, expected_middle);
    }

    if (round == 2) {
      // ANC SR 6.3: the next draw waits for every result; refused, and the
      // log is unchanged.
      PlayRound(round, /*hold_back=*/true);
      absl::StatusOr<uint64_t> length = client_->LogLength();
      ASSERT_THAT(length, IsOk());
      EXPECT_THAT(client_->Draw(3, 3),
                  StatusIs(absl::StatusCode::kFailedPrecondition,
                           HasSubstr("ANC SR 6.3")));
      absl::StatusOr<uint64_t> unchanged = client_->LogLength();
      ASSERT_THAT(unchanged, IsOk());
      EXPECT_EQ(*unchanged, *length);
      const int board = round * kBoards;
      ASSERT_THAT(client_->Enter(round, kTables, board,
                                 ResultAt(round, kTables, board)),
                  IsOk());
    } else {
      PlayRound(round);
    }

    // Every match's margin is the scripted one: the datum is the base score
    // on every board (the trimming drops exactly the deviations).
    absl::StatusOr<v1::MatchResults> results = client_->Results(round);
    ASSERT_THAT(results, IsOk());
    ASSERT_EQ(results->matches_size(), kTables);
    for (int t = 0; t < kTables; ++t) {
      EXPECT_EQ(results->matches(t).home_imps().numerator(),
                kDraws[round - 1][t].margin)
          << "round " << round << " table " << t + 1;
    }
    if (round == 1) {
      // SABF TR 21.2, 8 boards: table 1 (1 v 12, margin 5) 11.95-8.05;
      // table 18 (23 v 38, margin -20) 3.10-16.90.
      EXPECT_EQ(DecimalText(results->matches(0).home_vps()), "11.95");
      EXPECT_EQ(DecimalText(results->matches(0).away_vps()), "8.05");
      EXPECT_EQ(DecimalText(results->matches(17).home_vps()), "3.10");
      EXPECT_EQ(DecimalText(results->matches(17).away_vps()), "16.90");
    }
    ASSERT_THAT(client_->Post(round), IsOk());

    if (round == 3) {
      // After round 3 (VP sums from the calculator): 30 44.50 (net +40),
      // 26 44.30 (+40), 38 42.36, 19 40.62, ... A 3.00 VP penalty to 30 in
      // round 3 puts it third in the published ranking: 26 44.30,
      // 38 42.36, 30 41.50, 19 40.62.
      ASSERT_THAT(client_->Penalty(30, 3, 300,
                                   "ANC SR appendix: Penalties (ABPC and "
                                   "Swiss Pairs)",
                                   "late arrival"),
                  IsOk());
      absl::StatusOr<v1::MatchStandings> published = client_->Standings(3);
      ASSERT_THAT(published, IsOk());
      std::vector<std::string> top = Rows(*published);
      top.resize(4);
      EXPECT_THAT(top, ElementsAre("1 26 44.30", "2 38 42.36", "3 30 41.50",
                                   "4 19 40.62"));
    }
    if (round == 4) {
      // ANC SR 5.1: the draw ranks without the penalty: 30, 26, 38, 19, so
      // 30 v 26 and 38 v 19 (kDraws round 4), not 26 v 38 and 30 v 19 as
      // the published order would pair them.
      ASSERT_GE(draw->ranking_size(), 4);
      EXPECT_EQ(draw->ranking(0).entrant(), 30);
      EXPECT_EQ(draw->ranking(1).entrant(), 26);
      EXPECT_EQ(draw->ranking(2).entrant(), 38);
      EXPECT_EQ(draw->ranking(3).entrant(), 19);
    }
  }

  // Final standings (VP sums from the calculator; 30 less its 3.00).
  absl::StatusOr<v1::MatchStandings> standings = client_->Standings();
  ASSERT_THAT(standings, IsOk());
  EXPECT_THAT(Rows(*standings), ElementsAreArray(std::vector<std::string>{
    "1 33 99.10", "2 8 94.62", "3 26 89.96", "4 20 83.07",
    "5 17 82.33", "6 19 81.49", "7 25 80.50", "8 30 78.57",
    "9 38 78.47", "10 15 77.59", "11 5 76.03", "12 32 75.77",
    "13 10 74.76", "14 16 74.21", "15 13 73.90", "16 36 72.71",
    "17 37 72.22", "18 3 71.57", "19 39 70.69", "20 35 69.50",
    "21 41 68.64", "22 29 68.24", "23 24 67.48", "24 14 67.26",
    "25 12 66.98", "26 7 66.30", "27 2 66.19", "28 1 65.83",
    "29 18 65.72", "30 27 65.52", "31 34 64.65", "32 22 62.22",
    "33 9 60.36", "34 4 58.50", "35 40 56.57", "36 31 56.56",
    "37 21 56.36", "38 11 55.31", "39 23 53.67", "40 6 53.57",
    "41 28 44.01",
  }));

  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees())
        << "round " << round << ": "
        << (check->differences_size() > 0 ? check->differences(0) : "");
  }

  // A restarted server replays the log from scratch: the same bytes.
  const std::string before = standings->SerializeAsString();
  absl::StatusOr<v1::MatchStandings> after3 = client_->Standings(3);
  ASSERT_THAT(after3, IsOk());
  const std::string before3 = after3->SerializeAsString();
  std::vector<std::string> draws_before;
  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    draws_before.push_back(d->SerializeAsString());
  }
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "wsp", "open");
  absl::StatusOr<v1::MatchStandings> after = client_->Standings();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->SerializeAsString(), before);
  absl::StatusOr<v1::MatchStandings> again3 = client_->Standings(3);
  ASSERT_THAT(again3, IsOk());
  EXPECT_EQ(again3->SerializeAsString(), before3);
  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    EXPECT_EQ(d->SerializeAsString(), draws_before[round - 1]);
  }
}

}  // namespace
}  // namespace tally::testing
