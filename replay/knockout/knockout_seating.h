// Seating rights in knock-out matches: who has choice of opponents in each
// stanza, and the decide step of a finalist's choice.
// - ANC SR 11.4 (itc_final): "The higher placed team chooses the stanza in
//   which they wish to have choice of opponents. The other team then
//   chooses which two of the remaining stanzas ... This higher placed team
//   has choice of opponents for the remaining stanzas." The choices are
//   recorded (SeatingRightsChosen) in that order and checked; the higher
//   placed team has the two left over without a further choice.
// - SABF TR 13.6 (the SABF finals): the home team takes its seats first in
//   the first session, the visiting team in the second, rotating; "The
//   team sitting second may seat its pairs at either table": the choice
//   goes to the away team in odd stanzas, the home team in even ones.
//   Read as holding for a match of one stanza too (its only session is the
//   first).
// - A knock-out the director draws (explicit): no rule; nobody is shown.
//
// Reading: a stanza whose results have begun to be entered can no longer
// be chosen (its seating is history); 11.4 sets no deadline otherwise.
//
// Pure functions. Thread-compatible.

#ifndef TALLY_REPLAY_KNOCKOUT_SEATING_H_
#define TALLY_REPLAY_KNOCKOUT_SEATING_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "replay/draws/knockout_results.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

struct StanzaChoice {
  int team = 0;  // the team with choice of opponents; 0: not (yet) known
  std::string clause;
};

// Who has choice of opponents in stanzas 1..match.stanzas of `match`
// (element i is stanza i + 1).
std::vector<StanzaChoice> ChoiceOfOpponents(const CompetitionState& competition,
                                            const KnockoutMatchScore& match);

// ANC SR 11.4. FailedPrecondition, naming 11.4, for a competition not
// drawn itc_final, a choice out of turn (the higher placed team first, one
// stanza; then the other team, two), once both have chosen, or for a stanza
// already chosen or begun; InvalidArgument for a team that is not a
// finalist, the wrong number of stanzas, a stanza outside 1-5 or named
// twice; NotFound for a match other than the "Final".
absl::StatusOr<v1::EventPayload> DecideChooseSeatingRights(
    const State& state, const v1::ChooseSeatingRightsRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_KNOCKOUT_SEATING_H_
