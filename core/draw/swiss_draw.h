// The Swiss draw of SABF TR 14.1 (with the ANC SR appendix's modified Swiss
// for small fields): who plays whom in one round, at which table, and who is
// home. A draw is a stored decision (the DrawMade event): DrawSwissRound is
// a pure function of its input, so an audit can recompute the draw from the
// state as it was when the draw was made and compare (SABF TR 14.1, NSW TR
// 13.1: later corrections and appeals never change a draw already made).
//
// The caller's part (not checked here):
//   * `ranking` is the order the draw uses: scores EXCLUDING procedural and
//     disciplinary penalties (ANC SR 5.1: "the draw is determined by the
//     scores excluding penalties"), with a forfeit counted at its interim
//     score, re-adjusted after 50% and 75% of the matches (NSW TR 12.9.1,
//     12.9.3), the results known when the draw is made (ANC SR 6.3, NSW TR
//     13.1), and ties broken by the profile's draw tie-break chain (ANC SR
//     17.2; SABF TR 14.1 last paragraph; core/tiebreak).
//   * `meetings` lists every earlier meeting (a share match or a half-match
//     group is three: A-B, A-C, B-C); `byes` every earlier bye. MeetingsInDraw and ByeInDraw turn
//     a stored draw into these.
//
// Round one (SABF TR 14.1 first two paragraphs), FirstRound:
//   kQuarters: the field (after any bye or share match, see below) is cut
//     into quarters by rank; the entrants of the top and bottom quarters
//     are drawn at random against those of the two middle quarters. With m
//     entrants, h = m/2: the middle quarters are the h entrants at ranks
//     q+1..q+h where q = ceil(h/2) is the size of the top quarter (when h is
//     odd the quarters cannot be equal; the top quarter takes the extra
//     entrant - tally's reading). The random part is one Fisher-Yates
//     shuffle of the middle entrants (DrawRng, seeded with `seed`); the top
//     and bottom quarter entrants, in rank order, meet the shuffled middle
//     entrants in order.
//   kTopHalfVersusBottomHalf: "each team plays the team numbered N/2 more
//     or less than them": rank i plays rank i + m/2.
//
// Later rounds: PairDownTheField (pairing_search.h documents the procedure
// step by step), over the pairs allowed by RepeatRule.
//
// Odd number of entrants, OddField:
//   kShareMatch (SABF TR 14.1): "three teams with similar scores (not
//     including the top half of the field)" play a share match. The top half
//     is the best floor(n/2) entrants (with 3 entrants all three share).
//     Candidate trios from the rest, no two of whom are barred from meeting
//     (RepeatRule), are tried in this order: smallest spread of scores first
//     ("similar scores"), then the lowest-placed trio first; the first trio
//     that leaves a valid draw of the others is taken. A, B, C are its entrants
//     in rank order.
//   kHalfMatches (NSW TR 12.7, Swiss pairs): three pairs play half
//     matches at one table. NSW TR is silent on which three; the trio is
//     chosen exactly as a share match's (SABF TR 14.1 "similar scores, not
//     including the top half"), its members labelled A, B, C in rank order.
//     A (the pivot) sits NS for every board, B plays EW on the first half
//     of the boards, C on the second (HalfMatchGroup). Like a share match,
//     the group counts as all three having met (MeetingsInDraw), so no two
//     of them are drawn together again.
//   kBye: the bye goes to the entrant with the fewest earlier byes, the
//     lowest-ranked first among equals, whose removal leaves a valid draw.
//     (The regulations do not say who takes a Swiss bye; this is tally's
//     reading, the usual practice.)
//
// Randomness is drawn from one DrawRng(seed) in this order: the round-one
// shuffle, then (HomeRule::kByLot) one lot per two-way match in table order.
//
// Pure functions and plain data. Thread-safe.

#ifndef TALLY_CORE_DRAW_SWISS_DRAW_H_
#define TALLY_CORE_DRAW_SWISS_DRAW_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/draw/draw.h"
#include "core/draw/modified_swiss.h"

namespace tally::core {

enum class FirstRound {
  kQuarters,                 // SABF TR 14.1 paragraph 1
  kTopHalfVersusBottomHalf,  // SABF TR 14.1 paragraph 2
};

enum class OddField {
  kShareMatch,  // SABF TR 14.1 paragraph 3
  kBye,
  kHalfMatches,  // NSW TR 12.7 (Swiss pairs)
};

struct SwissDrawOptions {
  // Default: quarters, as SABF TR 14.1 prints first.
  FirstRound first_round = FirstRound::kQuarters;
  // Default: the share match of SABF TR 14.1.
  OddField odd_field = OddField::kShareMatch;
  // Default: the better-ranked entrant is home (draw.h).
  HomeRule home = HomeRule::kHigherRankedHome;
  // Default: never a repeat meeting (SABF TR 14.1).
  RepeatRule repeats = RepeatRule::kNever;
  // The event's number of rounds; required (>= round) by kModifiedSwiss,
  // which also requires fewer entrants than twice this (ANC SR appendix).
  // Default: 0 (unset).
  int total_rounds = 0;
  // A bound on each clash search (pairing_search.h; an odd field searches
  // once per bye or share-match candidate tried). Default: 5,000,000
  // tentative matches, far more than any real field needs.
  int64_t max_search_steps = 5'000'000;
};

// One entrant of the draw ranking, best first.
struct DrawEntrant {
  std::string id;
  Rational score;  // its score for the draw (see the header comment)
};

struct PastMeeting {
  int round = 0;
  std::string a;
  std::string b;
};

struct PastBye {
  int round = 0;
  std::string entrant;
};

struct SwissDrawInput {
  int round = 0;                      // the round being drawn, >= 1
  std::vector<DrawEntrant> ranking;   // best first, scores non-increasing
  std::vector<PastMeeting> meetings;  // rounds 1..round-1
  std::vector<PastBye> byes;          // rounds 1..round-1
  uint64_t seed = 0;                  // stored with the draw
  SwissDrawOptions options;
};

// Draws `input.round`. InvalidArgument for a malformed input (fewer than two
// entrants, a repeated or empty id, scores out of order, a meeting or bye in
// a round not before this one, a modified Swiss without its rounds or with
// too large a field). FailedPrecondition when no draw avoids a barred repeat
// (message names SABF TR 14.1). ResourceExhausted if the clash search passes
// max_search_steps. Meetings and byes of entrants not in the ranking (e.g.
// withdrawn) are ignored.
absl::StatusOr<Draw> DrawSwissRound(const SwissDrawInput& input);

// The meetings a draw makes (a share match or a half-match group makes
// three), for the history of later draws.
std::vector<PastMeeting> MeetingsInDraw(const Draw& draw);

// The draw's bye, if any, for the history of later draws.
std::optional<PastBye> ByeInDraw(const Draw& draw);

}  // namespace tally::core

#endif  // TALLY_CORE_DRAW_SWISS_DRAW_H_
