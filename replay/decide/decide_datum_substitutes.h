// The decide step of NSW TR 13.3's Director's discretion: "In Butler events
// where only a selected number of scores are used in calculating the datum,
// scores pending appeal will not be included in calculating the datum on a
// board. (The Director may in his absolute discretion include an equivalent
// number of scores to calculate a valid datum for a board.)"
//
// The Director records, for one board of one session (in an event of
// matches, round), whether the datum brings in as many scores from the next
// tables down as are left out pending appeal (DatumSubstitutesChosen).
// Replay reads it through replay/rulings/pending_appeals.h
// (DirectorSubstitutes) into core/datum's
// DatumInput::director_substitutes_pending, for a Swiss pairs round against a
// datum and for a Butler movement session; after the appeal is decided the
// choice holds, so the datum taken while the score was pending stands.
//
// Pure function of its arguments. Thread-compatible.

#ifndef TALLY_REPLAY_DECIDE_DATUM_SUBSTITUTES_H_
#define TALLY_REPLAY_DECIDE_DATUM_SUBSTITUTES_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// The Director's choice as an event. NotFound for an unknown tournament,
// competition, session or round, or a board it does not play;
// InvalidArgument without the director's name or a reason;
// FailedPrecondition, naming NSW TR 13.3, once results are official, when
// the competition is not scored against a datum, when no score on the board
// is pending appeal in that session or round, when the board's datum there
// takes every score (NSW TR 13.2) or does not select the pending score, and,
// to include substitutes, when no table below the selection has a score to
// bring in.
absl::StatusOr<v1::EventPayload> DecideChooseDatumSubstitutes(
    const State& state, const v1::ChooseDatumSubstitutesRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_DATUM_SUBSTITUTES_H_
