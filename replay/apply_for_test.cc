#include "replay/apply_for_test.h"

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"

namespace tally::replay {

using ::tally::testing::IsOk;

void Apply(State& state, const absl::StatusOr<v1::EventPayload>& payload) {
  ApplyAt(state, payload, absl::UnixEpoch());
}

void ApplyAt(State& state, const absl::StatusOr<v1::EventPayload>& payload,
             absl::Time received) {
  ApplyTo(state, "t", payload, received);
}

void ApplyTo(State& state, const std::string& tournament,
             const absl::StatusOr<v1::EventPayload>& payload,
             absl::Time received) {
  ASSERT_THAT(payload, IsOk());
  v1::Event e;
  e.set_sequence(state.last_sequence + 1);
  e.set_tournament_id(tournament);
  const TournamentState* t = state.FindTournament(tournament);
  e.set_stream_version((t == nullptr ? 0 : t->version) + 1);
  *e.mutable_received_at() = ToTimestamp(received);
  *e.mutable_payload() = *payload;
  ASSERT_THAT(Evolve(e, state), IsOk());
}

}  // namespace tally::replay
