// Knock-out draws: the rounds of a finals event drawn by its profile's
// method, each match labelled, with its stanza and the carry-over fixed at
// the draw (DrawnMatch.label, stanza, stanzas, carry_over,
// carry_over_holder):
// - itc_final (ANC SR 11.2-11.3, 10.8): the two qualified teams play a
//   final of five stanzas, one a round, of a fifth of the profile's match
//   each (60 boards: five of 12), labelled "Final"; the higher placed team
//   is home (10.8: "The first numbered team in the draw will sit NS in the
//   Open Room") and holds the 11.2 carry-over from its QualifiedEntrant.
//   Without a qualification the two registered teams play, the lower
//   number placed higher, with no carry-over.
// - sabf_final_five (SABF TR 17.3, 13.12) and sabf_final_four (13.11):
//   week by week from the core/carryover formats: round 1 the qualifying
//   finals (final four: the semi-finals), then the semi-finals, the
//   preliminary final, and the grand final in two stanzas (13.2 "double
//   the duration", 17.3.4 "Weeks Four & Five"), each match's 0.1 IMP
//   carry-forward given to its holder. The team numbered p is the team
//   qualified in place p (EntrantsQualified numbers its teams by place).
//   The home team is decided by lot (13.6), drawn from the seed. A team
//   whose opponent would have come from an abandoned match receives a
//   forfeit (16.1): the match is stored as a walkover (DrawMade.walkovers)
//   and not played.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_DRAWS_KNOCKOUT_DRAW_H_
#define TALLY_REPLAY_DRAWS_KNOCKOUT_DRAW_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/base/rational.h"
#include "core/profile/profile.h"
#include "replay/draws/draw_maker.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

inline constexpr char kItcFinalLabel[] = "Final";

// The ITC's two finalists.
struct ItcFinalists {
  int higher = 0;  // the higher placed team: home, and the carry-over's
  int lower = 0;
  core::Rational carry_over;  // IMPs, ANC SR 11.2; 0: none
};

// The finalists of an itc_final competition: as its first stanza was drawn,
// else from its qualification (EntrantsQualified: the better `place` is
// the higher placed team, whose carry_over it holds) or, without one, the
// two registered teams (the lower number higher placed, no carry-over).
// FailedPrecondition naming ANC SR 11.3 unless there are exactly two.
absl::StatusOr<ItcFinalists> ItcFinalistsOf(
    const CompetitionState& competition);

// The stanzas, one a round, that a draw method cuts its profile's match
// into: itc_final five (ANC SR 11.3: "a 60 board final, played in five 12
// board stanzas"); any other method 1, a round playing the profile's whole
// match (the SABF grand final's two stanzas are each of the profile's
// length, SABF TR 13.2). The boards of a round, whether tally draws it or
// records another program's draw of it, are the match's length divided by
// this (RoundBoards, draw_maker.h).
int StanzasCutFromMatch(core::DrawMethod method);

// Draws round `order.round` of a finals method into `out`, whose boards
// are already the round's (RoundBoards: for itc_final one stanza's).
// FailedPrecondition, naming the clause, when the field is not the
// method's (two finalists, the teams placed 1-5 or 1-4), an earlier match
// it needs has no winner yet or is tied, the round is past the last, or
// nothing is left to play; InvalidArgument for a method that is not a
// finals method.
absl::Status DrawKnockoutRound(const CompetitionState& competition,
                               const DrawOrder& order, v1::DrawMade& out);

// Checks the knock-out details of `draw`'s matches against the
// competition's earlier rounds: a label on every match that has a stanza
// or a carry-over; stanza 1..stanzas; a carry-over of at least 0 held by
// one of the two teams; one match of a label a round; a first stanza of a
// label not drawn before, a later stanza following the one before in the
// previous round with the same teams, carry-over and length. OK, or
// InvalidArgument saying which match breaks what.
absl::Status CheckKnockoutMatches(const CompetitionState& competition,
                                  const v1::DrawMade& draw);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DRAWS_KNOCKOUT_DRAW_H_
