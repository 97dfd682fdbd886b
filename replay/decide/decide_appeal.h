// The decide step of reviews and appeals (issue #5 item 5). An appeal is
// lodged inside the window its profile gives (ANC SR 6.2 with its extension
// into the next session and its late-ruling window; SABF TR 7: 30 minutes
// after the scheduled finish, and one week after posting for the scorer's
// decisions; Law 92B / NZ LIRG 92B), then lives as events in a fixed order:
// the respondents' submission, the reply to it, the hearing (no member
// involved in the dispute sits: SABF TR 7, NSW TR 2.2.2), the decision
// (upheld, or varied with the committee's adjusted score; a penalty for an
// appeal without merit: SABF TR 7, NZ LIRG 92A), and a further appeal
// where the profile names a further body, or where the event's appeals
// regulations are not held (ANC SR 1.1: the ABF Appeals Regulations) to
// the body and clause the director names from them. The appellant may withdraw it
// until it is decided. Every refusal names the clause and changes nothing.
//
// Pure functions of their arguments. Thread-compatible.

#ifndef TALLY_REPLAY_DECIDE_APPEAL_H_
#define TALLY_REPLAY_DECIDE_APPEAL_H_

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// An appeal lodged at `at`: numbered next in its competition, with the
// window it was lodged in. NotFound for an unknown tournament, competition,
// session or entrant; InvalidArgument for a missing kind, grounds or
// signature, a ruling_sequence that is no event of the competition, or a
// late ruling without the time the parties were advised;
// FailedPrecondition, naming the clause and when the window closed, once
// the window has closed, or when the profile has no window for the kind.
absl::StatusOr<v1::EventPayload> DecideLodgeAppeal(
    const State& state, const v1::LodgeAppealRequest& request, absl::Time at);

// The respondents' submission: once, before the hearing.
// FailedPrecondition after the hearing, a decision or a withdrawal.
absl::StatusOr<v1::EventPayload> DecideSubmitAppealResponse(
    const State& state, const v1::SubmitAppealResponseRequest& request);

// The reply to the respondents' submission: once, after the submission and
// before the hearing; FailedPrecondition otherwise.
absl::StatusOr<v1::EventPayload> DecideReplyToAppeal(
    const State& state, const v1::ReplyToAppealRequest& request);

// The committee sits. InvalidArgument without a chair among its members;
// FailedPrecondition, naming the clause, when a member is involved in the
// dispute (a player of the appellant or of a respondent, or named as
// involved in the lodging), or once heard, decided or withdrawn.
absl::StatusOr<v1::EventPayload> DecideHearAppeal(
    const State& state, const v1::HearAppealRequest& request);

// The committee's decision. FailedPrecondition unless heard and not yet
// decided or withdrawn; InvalidArgument for an outcome without its
// adjusted score (varied) or with one (upheld), an adjusted score that is
// not a valid one, or a penalty without merit that the regulations do not
// allow (only on an unsuccessful appeal; within the profile's maxima).
absl::StatusOr<v1::EventPayload> DecideDecideAppeal(
    const State& state, const v1::DecideAppealRequest& request);

// The appellant withdraws: before the decision; FailedPrecondition after.
absl::StatusOr<v1::EventPayload> DecideWithdrawAppeal(
    const State& state, const v1::WithdrawAppealRequest& request);

// A further appeal against the decision, by the appellant or a
// respondent, to the profile's further body (or, where the profile's
// appeals are governed_by regulations tally does not hold, to the body and
// clause the request names). FailedPrecondition, naming the clause, where
// the profile has none (the decision is final) or the appeal is not
// decided or already appealed further; InvalidArgument where the request
// must name the body and clause and does not, or names others than the
// profile's.
absl::StatusOr<v1::EventPayload> DecideLodgeFurtherAppeal(
    const State& state, const v1::LodgeFurtherAppealRequest& request);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_DECIDE_APPEAL_H_
