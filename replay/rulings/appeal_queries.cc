#include "replay/rulings/appeal_queries.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

v1::AppealView ViewOf(const AppealRecord& a) {
  v1::AppealView v;
  v.set_appeal(a.lodged.appeal());
  v.set_stage(std::string(a.Stage()));
  *v.mutable_lodged() = a.lodged;
  *v.mutable_lodged_at() = ToTimestamp(a.lodged_at);
  if (a.submission) *v.mutable_submission() = *a.submission;
  if (a.reply) *v.mutable_reply() = *a.reply;
  if (a.heard) *v.mutable_heard() = *a.heard;
  if (a.decided) *v.mutable_decided() = *a.decided;
  if (a.withdrawn) *v.mutable_withdrawn() = *a.withdrawn;
  if (a.further) *v.mutable_further() = *a.further;
  for (uint64_t s : a.sequences) v.add_sequences(s);
  return v;
}

}  // namespace

absl::StatusOr<v1::AppealView> GetAppeal(const State& state,
                                         const v1::GetAppealRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  auto it = c->appeals.find(request.appeal());
  if (it == c->appeals.end()) {
    return absl::NotFoundError(absl::StrCat("'", c->id, "' has no appeal ",
                                            request.appeal()));
  }
  return ViewOf(it->second);
}

absl::StatusOr<v1::ListAppealsResponse> ListAppeals(
    const State& state, const v1::ListAppealsRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  v1::ListAppealsResponse out;
  for (const auto& [number, a] : c->appeals) *out.add_appeals() = ViewOf(a);
  out.set_as_of_sequence(state.last_sequence);
  return out;
}

bool TouchesAppeal(const v1::Event& event,
                   const v1::GetBoardHistoryRequest& request,
                   std::set<int>& appeals) {
  if (event.tournament_id() != request.tournament_id()) return false;
  const v1::EventPayload& p = event.payload();
  if (!IsAppealEvent(p) || CompetitionIdOf(p) != request.competition_id()) {
    return false;
  }
  if (p.has_appeal_lodged()) {
    const v1::AppealLodged& a = p.appeal_lodged();
    if (a.session() != request.session() || a.board() != request.board()) {
      return false;
    }
    appeals.insert(a.appeal());
    return true;
  }
  return appeals.contains(AppealNumberOf(p));
}

}  // namespace tally::replay
