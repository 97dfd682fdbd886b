#include "tests/fuzz/fuzz_commands.h"

#include <functional>
#include <memory>
#include <vector>

#include "replay/decide/decide.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_correction.h"
#include "replay/decide/decide_datum_substitutes.h"
#include "replay/decide/decide_lineup.h"
#include "replay/decide/decide_ruling.h"
#include "replay/knockout/knockout_seating.h"
#include "replay/knockout/qualify.h"
#include "replay/matches/decide_matches.h"
#include "replay/matches/decide_withdrawals.h"
#include "replay/pairs/decide_pairs_event.h"
#include "replay/rulings/offence_register.h"
#include "replay/timeline/decide_timeline.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/venue.pb.h"

namespace tally::fuzz {
namespace {

using Decide = std::function<absl::StatusOr<v1::EventPayload>(
    const replay::State&, const google::protobuf::Message&, absl::Time)>;

struct Command {
  std::unique_ptr<google::protobuf::Message> prototype;
  Decide decide;
};

template <typename Request>
Command Untimed(absl::StatusOr<v1::EventPayload> (*decide)(
    const replay::State&, const Request&)) {
  return {std::make_unique<Request>(),
          [decide](const replay::State& s, const google::protobuf::Message& m,
                   absl::Time) {
            return decide(s, static_cast<const Request&>(m));
          }};
}

template <typename Request>
Command Timed(absl::StatusOr<v1::EventPayload> (*decide)(
    const replay::State&, const Request&, absl::Time)) {
  return {std::make_unique<Request>(),
          [decide](const replay::State& s, const google::protobuf::Message& m,
                   absl::Time at) {
            return decide(s, static_cast<const Request&>(m), at);
          }};
}

// In the order of the services' handlers; append only, so that an input's
// first byte keeps naming the same command.
const std::vector<Command>& Commands() {
  static const auto* const commands = [] {
    auto* c = new std::vector<Command>();
    using namespace ::tally::replay;  // the Decide* functions
    c->push_back(Untimed(&DecideCreateTournament));
    c->push_back(Untimed(&DecideCreateCompetition));
    c->push_back(Untimed(&DecideRegisterPair));
    c->push_back(Untimed(&DecideDefineSession));
    c->push_back(Untimed(&DecideStartSession));
    c->push_back(Untimed(&DecidePostScores));
    c->push_back(Untimed(&DecideRegisterTeam));
    c->push_back(Untimed(&DecideAwardPenalty));
    c->push_back(Untimed(&DecideRecordOffence));
    c->push_back(Untimed(&DecideChooseDatumSubstitutes));
    c->push_back(Untimed(&DecideRecordLot));
    c->push_back(Untimed(&DecideRecordSubstitute));
    c->push_back(Untimed(&DecideRecordPairAbsent));
    c->push_back(Untimed(&DecideChooseSeatingRights));
    c->push_back(Untimed(&DecideWithdrawEntrant));
    c->push_back(Untimed(&DecideForfeitMatch));
    c->push_back(Untimed(&DecidePostLineup));
    c->push_back(Untimed(&DecideScheduleSession));
    c->push_back(Untimed(&DecideRecordPlayFinished));
    c->push_back(Untimed(&DecideAgreeMatchScores));
    c->push_back(Untimed(&DecideEndStage));
    c->push_back(Timed(&DecideDeclareResultsOfficial));
    c->push_back(Untimed(&DecideSubmitAppealResponse));
    c->push_back(Untimed(&DecideReplyToAppeal));
    c->push_back(Untimed(&DecideHearAppeal));
    c->push_back(Untimed(&DecideDecideAppeal));
    c->push_back(Untimed(&DecideWithdrawAppeal));
    c->push_back(Untimed(&DecideLodgeFurtherAppeal));
    c->push_back(Timed(&DecideCorrectResult));
    c->push_back(Timed(&DecideLodgeAppeal));
    c->push_back(Timed(&DecideRecordRuling));
    c->push_back(Untimed(&DecideMakeDraw));
    c->push_back(Untimed(&DecideQualifyEntrants));
    c->push_back(Untimed(&DecideEnterResult));    // VenueService
    c->push_back(Untimed(&DecideConfirmResult));  // VenueService
    return c;
  }();
  return *commands;
}

}  // namespace

int CommandCount() { return static_cast<int>(Commands().size()); }

int CommandIndexOf(const google::protobuf::Message& request) {
  for (int i = 0; i < CommandCount(); ++i) {
    if (Commands()[i].prototype->GetDescriptor() == request.GetDescriptor()) {
      return i;
    }
  }
  return -1;
}

const google::protobuf::Message& RequestPrototype(int index) {
  return *Commands()[index % CommandCount()].prototype;
}

DecidedCommand DecodeAndDecide(int index, absl::string_view request_bytes,
                               const replay::State& state, absl::Time at) {
  const Command& command = Commands()[index % CommandCount()];
  std::unique_ptr<google::protobuf::Message> request(
      command.prototype->New());
  DecidedCommand out;
  if (!request->ParseFromArray(request_bytes.data(),
                               static_cast<int>(request_bytes.size()))) {
    return out;
  }
  out.decoded = true;
  const google::protobuf::FieldDescriptor* field =
      request->GetDescriptor()->FindFieldByName("tournament_id");
  if (field != nullptr) {
    out.tournament_id = request->GetReflection()->GetString(*request, field);
  }
  out.payload = command.decide(state, *request, at);
  return out;
}

v1::Event NextEvent(const replay::State& state,
                    const std::string& tournament_id,
                    const v1::EventPayload& payload, absl::Time at) {
  v1::Event e;
  e.set_sequence(state.last_sequence + 1);
  e.set_tournament_id(tournament_id);
  const replay::TournamentState* t = state.FindTournament(tournament_id);
  e.set_stream_version((t == nullptr ? 0 : t->version) + 1);
  *e.mutable_received_at() = replay::ToTimestamp(at);
  *e.mutable_payload() = payload;
  return e;
}

}  // namespace tally::fuzz
