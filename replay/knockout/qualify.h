// The decide step of QualifyEntrants: the entrants of a finished stage that
// go on to the next stage or a final (EntrantsQualified). The server
// decides who qualifies (replay/match_scores/qualification_ranking.h) and what
// each carries over (replay/match_scores/carry_over.h); the director says only
// which entrants withdrew or are non-contending, and how many qualify where the
// target's profile does not say.
//
// Numbering: qualifiers are numbered in qualifying order, 1 upwards: with
// one field, 1..N by placing (a replacement after those it follows); with
// two fields, the first field's qualifiers (NS) 1..N, then the second
// field's (EW) N+1..2N, so a Mitchell in the next stage finds its NS pairs
// at 1..N and its EW pairs at N+1..2N. Entrants level at a place that no
// lot separates (the ranking lists them by source number) keep that order.
//
// Same conventions as decide.h: a pure function of its arguments that
// returns the one event or the status that refuses it.

#ifndef TALLY_REPLAY_QUALIFY_H_
#define TALLY_REPLAY_QUALIFY_H_

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// EntrantsQualified for `request`. NotFound for an unknown tournament,
// competition or source entrant; InvalidArgument for a target that is its
// own source, a negative count, an entrant named twice, or no count where
// the target's profile gives none; AlreadyExists when the target's entrants
// have already qualified; FailedPrecondition when the target already has
// entrants, sessions or a draw, takes teams where the source has pairs (or
// the reverse), the stage is not finished, a field has too few entrants
// left, a tie only a lot can break decides who qualifies or an 18.1
// carry-over, or the target's carry-over rule does not fit the stage;
// UNIMPLEMENTED for a source tally cannot rank yet (Butler pairs in a
// movement) or a carry-over rule it does not apply.
absl::StatusOr<v1::EventPayload> DecideQualifyEntrants(
    const State& state, const v1::QualifyEntrantsRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_QUALIFY_H_
