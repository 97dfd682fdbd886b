// Test-only: knock-out competitions built through the decide step and
// Evolve (replay/testing/apply_for_test.h) in tournament "t", and their rounds
// played with scripted results, for the knock-out replay tests.

#ifndef TALLY_REPLAY_KNOCKOUT_FOR_TEST_H_
#define TALLY_REPLAY_KNOCKOUT_FOR_TEST_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "replay/testing/apply_for_test.h"  // Made, PassedOut
#include "tally/v1/common.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Creates tournament "t" (if new) and knock-out competition `id` under the
// built-in `profile`; a non-empty `method` and `carry_over_rule` replace the
// profile's draw method and carry-over rule (a profile not shipped).
void CreateKnockout(State& state, const std::string& id,
                    const std::string& profile, const std::string& method = "",
                    const std::string& carry_over_rule = "");
// Registers teams 1..count ("Team <n>", four players).
void RegisterTeams(State& state, const std::string& id, int count);
// Appends EntrantsQualified for `id` from "qualifying".
void Qualify(State& state, const std::string& id,
             const std::vector<v1::QualifiedEntrant>& entrants);
// Appends MatchForfeited at `table` of `round` (SABF TR 16.1).
void Forfeit(State& state, const std::string& id, int round, int table,
             const std::vector<int>& offenders);

// DecideMakeDraw for `round` with `seed`.
absl::StatusOr<v1::EventPayload> TryDraw(const State& state,
                                         const std::string& id, int round,
                                         uint64_t seed, bool early = false);
// TryDraw, applied; the stored draw.
v1::DrawMade Draw(State& state, const std::string& id, int round,
                  uint64_t seed);

// One board a team gains on: its North-South pair (the open room's if it
// is the match's home team, the closed room's if away) makes `result`; the
// other room passes the board out.
struct Swing {
  int table = 1;
  int offset = 0;  // the board's place in the round, from 0
  int team = 0;
  v1::TableResult result;
};
// Enters both rooms of every board of every match of `draw` but the
// forfeited ones: passed out but for the swings.
void PlayRound(State& state, const v1::DrawMade& draw,
               const std::vector<Swing>& swings);

const CompetitionState& CompetitionOf(const State& state,
                                      const std::string& id);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_KNOCKOUT_FOR_TEST_H_
