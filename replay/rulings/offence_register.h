// The offence register (NSW TR 6.1; ANC SR appendix "Penalties"; SABF TR
// 11.2, 13.14): RecordOffence decides an OffenceRecorded from the register
// as the log holds it, and the register query reads it back.
//
// Who is counted. The register spans every tournament in the log, so an
// offender is named by people, not by numbers that change from event to
// event: "pair A & B" (the pair's players, sorted), "team NAME", or
// "player NAME", as the scale's counter says (core/penalty: Offender). A
// same-event counter (SABF TR 11.2 "in the same multi-session event"; ANC
// SR 18.4 "Warnings carry over from stage to stage") counts within the
// event: the first stage of the competition's qualification chain, so every
// stage of one event shares it. Earlier offences under another penalty
// scale are not counted (their offence keys mean other things).
//
// Which occurrence and what penalty: core/penalty/offence_occurrence.h, from
// the offence's day (event data: replay has no clock). A deduction is
// applied in the event's own unit (replay/rulings/offence_deduction.h): VPs off
// the standings of an event of matches, matchpoints (% of a top) off a pair's
// session total in a matchpoint pairs event, percentage points off its
// final score (SABF TR 11.10), IMPs off a team's knock-out match total,
// and a Butler pair's IMPs or VPs off its session total; a unit the
// regulation prints no figure in for the event is recorded in words.
//
// Pure functions of the state. Thread-compatible.

#ifndef TALLY_REPLAY_OFFENCE_REGISTER_H_
#define TALLY_REPLAY_OFFENCE_REGISTER_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/query.pb.h"

namespace tally::replay {

// An OffenceRecorded for `request`: the occurrence and penalty decided from
// the register. NotFound for an unknown tournament, competition, entrant or
// offence key (listing the scale's keys); InvalidArgument for a missing
// reason or day, a malformed day, a player not of the entrant, boards
// given to a penalty that is not per board, or a matchpoint or knock-out
// deduction without the session or round it comes off (or in one the
// entrant does not play); NotFound for that session or round not yet
// defined or drawn; FailedPrecondition when the
// competition's profile has no penalty scale, or the scale leaves this
// occurrence's penalty to the director's discretion (then AwardPenalty
// records the director's own figure).
absl::StatusOr<v1::EventPayload> DecideRecordOffence(
    const State& state, const v1::RecordOffenceRequest& request);

// The register, filtered as `request` says, with the named competition's
// scale. NotFound for an unknown tournament or competition.
absl::StatusOr<v1::OffenceRegister> GetOffenceRegister(
    const State& state, const v1::GetOffenceRegisterRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_OFFENCE_REGISTER_H_
