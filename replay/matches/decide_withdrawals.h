// The decide step of withdrawals and forfeits in events of matches:
// WithdrawEntrant (EntrantWithdrawn) and ForfeitMatch (MatchForfeited),
// the check that keeps results out of a forfeited match, and the number of
// rounds a competition may fix when it is created (the forfeit rules need
// the end of the event and its 50% and 75% points). Same conventions as
// decide.h: a refusal changes nothing. Scoring is
// replay/match_scores/forfeits.h.
//
// Readings:
// - Registration closes when round one is drawn, for pairs and teams alike
//   (a late entrant would have no score for the rounds played; none of the
//   regulations provides for one).
// - A withdrawal names the last round the entrant plays (default: the
//   rounds drawn so far). A round already drawn after it keeps its draw; the
//   entrant's match there is forfeited by it, as is every later match of a
//   round robin's schedule; a Swiss draw leaves it out.
// - A forfeit replaces a match not yet complete (NSW TR 12.9.1 "unable to
//   play or complete a match"); a complete match is refused (a change then
//   is a correction).
//
// Pure functions of their arguments.

#ifndef TALLY_REPLAY_MATCHES_DECIDE_WITHDRAWALS_H_
#define TALLY_REPLAY_MATCHES_DECIDE_WITHDRAWALS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"
#include "tally/v1/profile.pb.h"

namespace tally::replay {

// EntrantWithdrawn. NotFound for an unknown competition or entrant;
// AlreadyExists if it has withdrawn; InvalidArgument without a reason or
// for a round outside 0..the rounds drawn; FailedPrecondition when it has
// played every round of the event, when a match of a round drawn after
// `after_round` is complete, or when fewer than two entrants would be left.
absl::StatusOr<v1::EventPayload> DecideWithdrawEntrant(
    const State& state, const v1::WithdrawEntrantRequest& request);

// MatchForfeited. NotFound for an unknown round or table; InvalidArgument
// without a reason or for offenders not one or both sides of the match (one
// side for SABF TR 13.18/13.9's kinds); AlreadyExists when the match is
// already forfeited (declared, or by a withdrawal); FailedPrecondition when
// every result of the match is in, or for SABF TR 13.18/13.9's kinds under
// a profile that does not score forfeits by SABF TR 13.9.
absl::StatusOr<v1::EventPayload> DecideForfeitMatch(
    const State& state, const v1::ForfeitMatchRequest& request);

// FailedPrecondition, naming the forfeit, when `match` of `round` is
// forfeited: no result is entered for it. OK otherwise.
absl::Status CheckMatchToBePlayed(const CompetitionState& competition,
                                  const MatchRoundState& round,
                                  const v1::DrawnMatch& match);

// CreateCompetition.rounds into `spec` (its matches.count) where the profile
// leaves the number of rounds to the event. 0 changes nothing.
// InvalidArgument outside 0..99; FailedPrecondition for a profile whose
// draw is not Swiss (a round robin's schedule fixes its rounds) or which
// fixes another number.
absl::Status SetRoundsInEvent(int rounds, v1::RegulationProfileSpec& spec);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCHES_DECIDE_WITHDRAWALS_H_
