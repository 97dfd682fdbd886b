// Lookups of the State shared by the decide step and the queries: a
// tournament, competition, session or drawn round by id, with NotFound (or
// FailedPrecondition) and a director's message when there is none; the
// checks of a name and of official results. Pure functions of their
// arguments; thread-compatible.

#ifndef TALLY_REPLAY_STATE_LOOKUPS_H_
#define TALLY_REPLAY_STATE_LOOKUPS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// "matchpoint pairs", "knockout teams", ... for a director's message.
std::string KindName(v1::CompetitionKind kind);

// InvalidArgument unless `name` is non-blank and at most 200 characters.
absl::Status CheckName(absl::string_view what, const std::string& name);

// Lookups shared with the queries: NotFound with a director's message.
absl::StatusOr<const TournamentState*> FindTournament(
    const State& state, const std::string& tournament_id);
absl::StatusOr<const CompetitionState*> FindCompetition(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id);
// A competition that plays drawn rounds of matches: FailedPrecondition for
// a matchpoint pairs competition (sessions of a movement).
absl::StatusOr<const CompetitionState*> FindMatchCompetition(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id);
// FailedPrecondition once `competition`'s results are official: nothing
// changes then except by a decided appeal (NSW TR 12.4; Law 79C2).
absl::Status RefuseOnceOfficial(const CompetitionState& competition);
// A drawn round of `competition`: NotFound otherwise.
absl::StatusOr<const MatchRoundState*> FindDrawnRound(
    const CompetitionState& competition, int round);

// The competition kind that runs a profile's kind of event; unspecified for
// a kind tally does not run.
v1::CompetitionKind CompetitionKindForEvent(v1::EventKind event);

absl::StatusOr<const SessionState*> FindSession(
    const State& state, const std::string& tournament_id,
    const std::string& competition_id, int session);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_LOOKUPS_H_
