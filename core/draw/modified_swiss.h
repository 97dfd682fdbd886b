// Small Swiss fields: the "Modified Swiss Format" of the ANC 2025 SR
// appendix, for Swiss events whose entrants are fewer than twice the rounds:
//
//   "If the numbers are appropriate, a full round robin movement will be
//    implemented, with the possibility of a round or rounds to determine
//    final placings. Otherwise, a normal Swiss movement will be used up to
//    and including Round n/2 + 1 (even number of rounds) or Round (n+1)/2
//    (odd number of rounds). In subsequent rounds, the Swiss movement
//    continues with all scores retained, but a unit may play another unit
//    which it previously played in the first n/2 rounds (fractions rounded
//    down)."  (n is the number of rounds.)
//
// PlanSmallField answers the arithmetic; which format a small field plays
// ("if the numbers are appropriate") is the director's choice, recorded in
// the event's settings. MayMeetAgain is the repeat rule SwissDraw applies.
//
// Pure functions. Thread-safe.

#ifndef TALLY_CORE_DRAW_MODIFIED_SWISS_H_
#define TALLY_CORE_DRAW_MODIFIED_SWISS_H_

namespace tally::core {

// Which earlier meetings bar two entrants from meeting again.
enum class RepeatRule {
  // Every earlier meeting (SABF TR 14.1: "no team is drawn to play a team
  // that it has already played").
  kNever,
  // The ANC SR appendix modified Swiss (needs the event's number of rounds).
  // Up to and including round floor(rounds/2) + 1 every earlier meeting
  // bars (that is round n/2 + 1 for even n and (n+1)/2 for odd n). From the
  // next round on, meetings in rounds 1..floor(rounds/2) no longer bar; a
  // meeting in any later round still does. (So a pair that met in round 2
  // and again in round 7 of 10 may not meet a third time: the round-7
  // meeting bars. The appendix does not say; this is tally's reading.)
  kModifiedSwiss,
};

struct SmallFieldPlan {
  // entrants < 2 * rounds: the appendix applies.
  bool applies = false;
  // A complete round robin (round_robin_rounds) fits in the rounds; the
  // rounds left over (placing_rounds) are the appendix's "round or rounds to
  // determine final placings" (tally draws them as modified Swiss rounds).
  bool round_robin_fits = false;
  int round_robin_rounds = 0;  // entrants - 1, or entrants when odd (byes)
  int placing_rounds = 0;      // rounds - round_robin_rounds when it fits
  // The last round drawn as a standard Swiss: floor(rounds/2) + 1.
  int standard_swiss_through_round = 0;
  // From the round after that, meetings in rounds 1..this may repeat:
  // floor(rounds/2).
  int repeatable_through_round = 0;
};

// The plan for `entrants` entrants over `rounds` rounds (both >= 1), e.g. 9
// rounds: standard Swiss through round 5, rounds 1-4 repeatable from round 6
// (the appendix's first example).
SmallFieldPlan PlanSmallField(int entrants, int rounds);

// Whether two entrants that met in round `met_round` may be drawn together
// in round `round` (> met_round) of an event of `total_rounds` rounds.
bool MayMeetAgain(RepeatRule rule, int total_rounds, int round, int met_round);

}  // namespace tally::core

#endif  // TALLY_CORE_DRAW_MODIFIED_SWISS_H_
