// Test-only: folds a decided event payload into a State as the next event
// of tournament "t", the way the event log would, so replay tests can run
// commands through decide and Evolve without a store.

#ifndef TALLY_REPLAY_APPLY_FOR_TEST_H_
#define TALLY_REPLAY_APPLY_FOR_TEST_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

// Fails the current test (gtest ASSERT) unless `payload` is OK and folds.
void Apply(State& state, const absl::StatusOr<v1::EventPayload>& payload);

// As Apply, with the event received at `received`.
void ApplyAt(State& state, const absl::StatusOr<v1::EventPayload>& payload,
             absl::Time received);

// As ApplyAt, as an event of `tournament`'s stream.
void ApplyTo(State& state, const std::string& tournament,
             const absl::StatusOr<v1::EventPayload>& payload,
             absl::Time received = absl::UnixEpoch());

// Tournament "t" ("Congress") and its competition "c" ("Pairs") of `kind`
// under `profile`, with session 1 defined as one round of `tables` tables,
// table t seating North-South pair 2t-1 against East-West pair 2t and
// playing every board of `boards`, and started.
void CreateOneRoundSession(State& state, const char* profile,
                           v1::CompetitionKind kind, int tables,
                           const std::vector<int>& boards);

// Enters `result` for `board` at `table` of session 1 of "c" of "t".
void EnterInSession(State& state, int table, int board,
                    const v1::TableResult& result);

// A table's result: North declares `level` `strain` undoubled and takes
// `tricks`.
v1::TableResult Made(int level, v1::Strain strain, int tricks);

// A table's result: the board passed out.
v1::TableResult PassedOut();

// A ruling request on `board` at `table` of `session` (in an event of
// matches, the round) of competition "c" of tournament "t", in `room`
// (teams), citing "Law 12C" with the text "an adjusted score".
v1::RecordRulingRequest RulingFor(int session, int table, int board,
                                  v1::Room room = v1::ROOM_UNSPECIFIED);

// A procedural penalty (Law 90) of `amount` in `unit` against `side`.
v1::RulingPenalty ProceduralPenalty(v1::Side side, v1::ScoreUnit unit,
                                    int amount);

// A ruling of competition "c" of tournament "t" on the whole of `board` of
// `session` (a round in an event of matches): the fouled-board
// `treatment`, `tables` playing the fouled form, citing Law 87.
v1::RecordRulingRequest FouledRuling(int session, int board,
                                     const std::string& treatment,
                                     const std::vector<int>& tables);

// An appeal of competition "c" of tournament "t" by `appellant` against
// ruling `ruling` (its sequence) on `board` at `table` of `session`,
// `respondent` the other side.
v1::LodgeAppealRequest AppealAgainstRuling(int session, int table, int board,
                                           uint64_t ruling, int appellant,
                                           int respondent);

}  // namespace tally::replay

#endif  // TALLY_REPLAY_APPLY_FOR_TEST_H_
