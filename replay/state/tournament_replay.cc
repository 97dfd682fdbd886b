#include "replay/state/tournament_replay.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "replay/log/codec.h"
#include "replay/state/event_log.h"

namespace tally::replay {
namespace {

absl::StatusOr<v1::Event> ReadEvent(const EventStore& store,
                                    uint64_t sequence) {
  absl::StatusOr<std::string> raw = store.ReadRaw(sequence);
  if (absl::IsNotFound(raw.status())) {
    return absl::DataLossError(
        absl::StrCat("event ", sequence, " is missing from the log"));
  }
  TALLY_RETURN_IF_ERROR(raw.status());
  return DecodeEvent(sequence, *raw);
}

}  // namespace

absl::StatusOr<State> ReplayTournament(const EventStore& store,
                                       const State& now,
                                       const std::string& tournament_id,
                                       uint64_t last_sequence,
                                       const AfterEachEvent& after_each) {
  const uint64_t last = std::min(last_sequence, now.last_sequence);
  std::vector<uint64_t> own;
  if (const TournamentState* t = now.FindTournament(tournament_id)) {
    own.assign(t->event_sequences.begin(),
               std::upper_bound(t->event_sequences.begin(),
                                t->event_sequences.end(), last));
  }
  State state;
  // Other tournaments' offences, in log order among this one's events.
  auto foreign = now.offences.begin();
  auto copy_offences_before = [&](uint64_t sequence) {
    for (; foreign != now.offences.end() && foreign->sequence < sequence;
         ++foreign) {
      if (foreign->tournament_id != tournament_id) {
        state.offences.push_back(*foreign);
      }
    }
  };
  for (uint64_t sequence : own) {
    copy_offences_before(sequence);
    TALLY_ASSIGN_OR_RETURN(v1::Event event, ReadEvent(store, sequence));
    // The other tournaments' events before it are skipped, not folded.
    state.last_sequence = sequence - 1;
    TALLY_RETURN_IF_ERROR(Evolve(event, state));
    if (after_each) TALLY_RETURN_IF_ERROR(after_each(event, state));
  }
  copy_offences_before(last + 1);
  if (last != 0 && state.last_sequence != last) {
    TALLY_ASSIGN_OR_RETURN(v1::Event at_point, ReadEvent(store, last));
    state.last_sequence = last;
    state.last_hash = at_point.hash();
    state.last_received = ToTime(at_point.received_at());
  }
  return state;
}

absl::StatusOr<State> TournamentAsOf(const EventStore& store, const State& now,
                                     const std::string& tournament_id,
                                     const v1::AsOf& point) {
  uint64_t last = 0;
  switch (point.point_case()) {
    case v1::AsOf::kSequence:
      last = point.sequence();
      break;
    case v1::AsOf::kTime: {
      TALLY_ASSIGN_OR_RETURN(last, LastSequenceReceivedBy(
                                       store, now.last_sequence,
                                       ToTime(point.time())));
      break;
    }
    case v1::AsOf::POINT_NOT_SET:
      return absl::InvalidArgumentError(
          "say as of which sequence number or time");
  }
  if (tournament_id.empty()) return ReplayPrefix(store, last, std::nullopt);
  return ReplayTournament(store, now, tournament_id, last);
}

absl::StatusOr<uint64_t> LastSequenceReceivedBy(const EventStore& store,
                                                uint64_t last_sequence,
                                                absl::Time until) {
  uint64_t low = 0;  // received by `until` (0: before the first event)
  uint64_t high = last_sequence + 1;  // received after it
  while (high - low > 1) {
    const uint64_t middle = low + (high - low) / 2;
    TALLY_ASSIGN_OR_RETURN(v1::Event event, ReadEvent(store, middle));
    (ToTime(event.received_at()) <= until ? low : high) = middle;
  }
  return low;
}

}  // namespace tally::replay
