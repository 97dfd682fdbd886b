#include "replay/state/appeal_state.h"

#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/message.h"
#include "replay/state/state.h"

namespace tally::replay {
namespace {

template <typename T>
absl::Status Once(std::optional<T>& slot, const T& value,
                  absl::string_view what) {
  if (slot.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(what, " already recorded"));
  }
  slot = value;
  return absl::OkStatus();
}

}  // namespace

absl::string_view AppealRecord::Stage() const {
  if (further.has_value()) return "further_appeal";
  if (withdrawn.has_value()) return "withdrawn";
  if (decided.has_value()) return "decided";
  if (heard.has_value()) return "heard";
  if (reply.has_value()) return "reply";
  if (submission.has_value()) return "submission";
  return "lodged";
}

bool IsAppealEvent(const v1::EventPayload& payload) {
  return AppealNumberOf(payload) != 0;
}

int AppealNumberOf(const v1::EventPayload& p) {
  switch (p.kind_case()) {
    case v1::EventPayload::kAppealLodged:
      return p.appeal_lodged().appeal();
    case v1::EventPayload::kAppealSubmission:
      return p.appeal_submission().appeal();
    case v1::EventPayload::kAppealReply:
      return p.appeal_reply().appeal();
    case v1::EventPayload::kAppealHeard:
      return p.appeal_heard().appeal();
    case v1::EventPayload::kAppealDecided:
      return p.appeal_decided().appeal();
    case v1::EventPayload::kAppealWithdrawn:
      return p.appeal_withdrawn().appeal();
    case v1::EventPayload::kFurtherAppealLodged:
      return p.further_appeal_lodged().appeal();
    default:
      return 0;
  }
}

absl::Status EvolveAppeal(const v1::Event& event,
                          std::map<int, AppealRecord>& appeals) {
  const v1::EventPayload& p = event.payload();
  const int number = AppealNumberOf(p);
  if (p.has_appeal_lodged()) {
    if (number != static_cast<int>(appeals.size()) + 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("appeal ", number, " is not the next number"));
    }
    AppealRecord& r = appeals[number];
    r.lodged_at = ToTime(event.received_at());
    r.lodged = p.appeal_lodged();
    r.sequences.push_back(event.sequence());
    return absl::OkStatus();
  }
  auto it = appeals.find(number);
  if (it == appeals.end()) {
    return absl::InvalidArgumentError(
        absl::StrCat("appeal ", number, " was never lodged"));
  }
  AppealRecord& r = it->second;
  absl::Status s;
  switch (p.kind_case()) {
    case v1::EventPayload::kAppealSubmission:
      s = Once(r.submission, p.appeal_submission(), "a submission");
      break;
    case v1::EventPayload::kAppealReply:
      s = Once(r.reply, p.appeal_reply(), "a reply");
      break;
    case v1::EventPayload::kAppealHeard:
      s = Once(r.heard, p.appeal_heard(), "a hearing");
      break;
    case v1::EventPayload::kAppealDecided:
      s = Once(r.decided, p.appeal_decided(), "a decision");
      break;
    case v1::EventPayload::kAppealWithdrawn:
      s = Once(r.withdrawn, p.appeal_withdrawn(), "a withdrawal");
      break;
    case v1::EventPayload::kFurtherAppealLodged:
      s = Once(r.further, p.further_appeal_lodged(), "a further appeal");
      break;
    default:
      s = absl::InvalidArgumentError("not an appeal event");
  }
  if (s.ok()) r.sequences.push_back(event.sequence());
  return s;
}

std::string CompetitionIdOf(const v1::EventPayload& payload) {
  using google::protobuf::FieldDescriptor;
  const google::protobuf::OneofDescriptor* oneof =
      v1::EventPayload::descriptor()->FindOneofByName("kind");
  const FieldDescriptor* field =
      payload.GetReflection()->GetOneofFieldDescriptor(payload, oneof);
  if (field == nullptr || field->type() != FieldDescriptor::TYPE_MESSAGE) {
    return "";
  }
  const google::protobuf::Message& m =
      payload.GetReflection()->GetMessage(payload, field);
  const FieldDescriptor* id =
      m.GetDescriptor()->FindFieldByName("competition_id");
  if (id == nullptr || id->type() != FieldDescriptor::TYPE_STRING ||
      id->is_repeated()) {
    return "";
  }
  return m.GetReflection()->GetString(m, id);
}

}  // namespace tally::replay
