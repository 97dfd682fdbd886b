#include "replay/queries/audit.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"
#include "replay/rulings/appeal_queries.h"

namespace tally::replay {
namespace {

// True when `e` concerns `board` of the session, or the session itself.
bool Touches(const v1::Event& e, const v1::GetBoardHistoryRequest& r) {
  if (e.tournament_id() != r.tournament_id()) return false;
  const v1::EventPayload& p = e.payload();
  auto same_session = [&](const std::string& competition, int session) {
    return competition == r.competition_id() && session == r.session();
  };
  switch (p.kind_case()) {
    case v1::EventPayload::kSessionDefined:
      return same_session(p.session_defined().competition_id(),
                          p.session_defined().session());
    case v1::EventPayload::kSessionStarted:
      return same_session(p.session_started().competition_id(),
                          p.session_started().session());
    case v1::EventPayload::kScoresPosted:
      return same_session(p.scores_posted().competition_id(),
                          p.scores_posted().session());
    case v1::EventPayload::kResultEntered:
      return same_session(p.result_entered().competition_id(),
                          p.result_entered().session()) &&
             p.result_entered().board() == r.board();
    case v1::EventPayload::kResultCorrected:
      return same_session(p.result_corrected().competition_id(),
                          p.result_corrected().session()) &&
             p.result_corrected().board() == r.board();
    case v1::EventPayload::kResultConfirmed:
      return same_session(p.result_confirmed().competition_id(),
                          p.result_confirmed().session()) &&
             p.result_confirmed().board() == r.board();
    case v1::EventPayload::kRulingMade:
      return same_session(p.ruling_made().competition_id(),
                          p.ruling_made().session()) &&
             p.ruling_made().board() == r.board();
    case v1::EventPayload::kDatumSubstitutesChosen:  // NSW TR 13.3
      return same_session(p.datum_substitutes_chosen().competition_id(),
                          p.datum_substitutes_chosen().session()) &&
             p.datum_substitutes_chosen().board() == r.board();
    case v1::EventPayload::kMatchForfeited:  // a table's results left out
      return same_session(p.match_forfeited().competition_id(),
                          p.match_forfeited().round());
    default:
      return false;
  }
}

}  // namespace

absl::StatusOr<v1::ChainVerification> VerifyChain(const EventStore& store) {
  v1::ChainVerification out;
  std::string previous = GenesisHash();
  uint64_t expected = 1;
  TALLY_RETURN_IF_ERROR(
      store.Scan(1, [&](uint64_t sequence, const std::string& raw) {
        if (sequence != expected) {
          out.set_first_bad_sequence(expected);
          out.set_problem(absl::StrCat(
              "event ", expected, " is missing: the log jumps to ", sequence));
          return false;
        }
        absl::StatusOr<v1::Event> event =
            DecodeLinkedEvent(sequence, raw, previous);
        if (!event.ok()) {
          out.set_first_bad_sequence(sequence);
          out.set_problem(std::string(event.status().message()));
          return false;
        }
        previous = event->hash();
        out.set_events_checked(sequence);
        out.set_last_hash(previous);
        ++expected;
        return true;
      }));
  out.set_ok(out.first_bad_sequence() == 0);
  return out;
}

bool InBoardHistory(const v1::Event& event,
                    const v1::GetBoardHistoryRequest& request,
                    std::set<int>& appeals) {
  return Touches(event, request) || TouchesAppeal(event, request, appeals);
}

}  // namespace tally::replay
