// An appeal's record in State (issue #5 item 5): its lodging and each later
// event of its life (the respondents' submission and reply, the hearing, the
// decision, a withdrawal, a further appeal), folded from the log, and the
// competition an event names. The rules of the appeal's life are decided in
// replay/decide/decide_appeal.h; here the events are only recorded.
//
// Plain data and pure functions. Thread-compatible.

#ifndef TALLY_REPLAY_APPEAL_STATE_H_
#define TALLY_REPLAY_APPEAL_STATE_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

struct AppealRecord {
  absl::Time lodged_at;  // when the AppealLodged was received
  v1::AppealLodged lodged;
  std::optional<v1::AppealSubmission> submission;
  std::optional<v1::AppealReply> reply;
  std::optional<v1::AppealHeard> heard;
  std::optional<v1::AppealDecided> decided;
  std::optional<v1::AppealWithdrawn> withdrawn;
  std::optional<v1::FurtherAppealLodged> further;
  std::vector<uint64_t> sequences;  // its events, in log order

  // Where it stands: "lodged", "submission", "reply", "heard", "decided",
  // "withdrawn" or "further_appeal" (the latest step reached).
  absl::string_view Stage() const;
};

// True for the events of an appeal's life (AppealLodged ...
// FurtherAppealLodged).
bool IsAppealEvent(const v1::EventPayload& payload);

// The appeal number an appeal event names; 0 for any other event.
int AppealNumberOf(const v1::EventPayload& payload);

// Folds appeal event `event` into its competition's `appeals`.
// InvalidArgument, saying why, when it does not fit: a lodging whose number
// is not the next, or a later event of an appeal not lodged or a step
// already recorded. (Decide refuses these first: a misfit is a damaged log.)
absl::Status EvolveAppeal(const v1::Event& event,
                          std::map<int, AppealRecord>& appeals);

// The competition_id of the event's payload, for any event that names one
// (by its field `competition_id`); empty otherwise.
std::string CompetitionIdOf(const v1::EventPayload& payload);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_APPEAL_STATE_H_
