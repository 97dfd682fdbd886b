// Draw: the pairings of one round of a Swiss or round-robin event, as the
// event log stores them (the DrawMade event) and the draw query shows them:
// each match with its table number and which entrant is home, at most one
// three-way share match, at most one half-match group and at most one bye.
//
// Table numbers: the matches are numbered 1, 2, ... in the order of the
// best-ranked entrant in each, so the top match is at table 1 (the share
// match and the half-match group take their numbers in that order too). The
// share match is one numbered match played over the three legs SABF TR 14.1
// prints; the half-match group is one table (NSW TR 12.7).
//
// Home: the entrant listed first ("home") sits North-South in a pairs match
// and is the home team in a teams match (the team seated NS in the open
// room; SABF TR 13.6 gives the home team the first seat in a stanza). Which
// entrant is home follows the draw's HomeRule.
//
// Plain data. Intentionally copyable. Thread-compatible.

#ifndef TALLY_CORE_DRAW_DRAW_H_
#define TALLY_CORE_DRAW_DRAW_H_

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tally::core {

// Who is home (NS) in each drawn match.
enum class HomeRule {
  // The better-ranked entrant of the match is home. No regulation names the
  // NS pair in a Swiss draw; this is tally's documented convention (it
  // matches ANC SR 10.8, where the team listed first sits NS in the open
  // room, with the better-ranked entrant listed first).
  kHigherRankedHome,
  // SABF TR 13.6: "In all teams matches the home team shall be decided by
  // lot." Drawn from the draw's seed, one lot per two-way match in table
  // order (DrawRng::UniformBelow(2) == 1 makes the better-ranked entrant
  // home). A share match's seating is fixed by SABF TR 14.1 and takes no lot.
  kByLot,
};

// One two-way match.
struct DrawnMatch {
  int table = 0;     // 1 = the top match
  std::string home;  // NS / home team
  std::string away;  // EW / visiting team

  friend bool operator==(const DrawnMatch&, const DrawnMatch&) = default;
};

// A three-way share match (SABF TR 14.1), its entrants labelled A, B, C in
// ranking order (A best ranked).
struct ShareMatch {
  int table = 0;
  std::string a;
  std::string b;
  std::string c;

  friend bool operator==(const ShareMatch&, const ShareMatch&) = default;
};

// One leg of a share match: `home` sits NS against `away`.
struct ShareLeg {
  int leg = 0;  // 1, 2, 3 as SABF TR 14.1 numbers them ("Table 1" ...)
  std::string home;
  std::string away;

  friend bool operator==(const ShareLeg&, const ShareLeg&) = default;
};

// SABF TR 14.1: "Table 1: A v B; Table 2: C v A; Table 3: B v C."
std::array<ShareLeg, 3> ShareMatchLegs(const ShareMatch& share);

// Three pairs of an odd Swiss pairs field at one table for NSW TR 12.7's
// half matches, labelled in ranking order like a share match (A = pivot,
// B = first, C = second). The table plays the round's boards; the pivot
// sits North-South on every board, `first` sits East-West on the first half
// of the boards and out for the second, `second` sits out the first half
// and East-West on the second. (NSW TR 12.7 says how the sit-out pairs are
// scored, not who plays when: tally's reading, documented in swiss_draw.h.)
struct HalfMatchGroup {
  int table = 0;
  std::string pivot;
  std::string first;
  std::string second;

  friend bool operator==(const HalfMatchGroup&,
                         const HalfMatchGroup&) = default;
};

struct Draw {
  int round = 0;
  std::vector<DrawnMatch> matches;  // in table order (share excluded)
  std::optional<ShareMatch> share;  // odd field, OddField::kShareMatch
  // Odd field, OddField::kHalfMatches.
  std::optional<HalfMatchGroup> half_matches;
  std::optional<std::string> bye;   // odd field, OddField::kBye
  // Tables (in the final numbering) whose pairing is not the first allowed
  // opponent of its better-ranked entrant among those left by the tables
  // above it: the matches the clash procedure of SABF TR 14.1 adjusted.
  // Empty for a draw made without adjustment and for round one.
  std::vector<int> adjusted_tables;

  friend bool operator==(const Draw&, const Draw&) = default;
};

}  // namespace tally::core

#endif  // TALLY_CORE_DRAW_DRAW_H_
