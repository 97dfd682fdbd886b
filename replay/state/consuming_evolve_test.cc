// EvolveConsuming folds what Evolve folds, byte for byte, for the events
// it moves from (ResultEntered in a session of a movement and in a round
// of matches), and leaves the rest of the event as it was.

#include "replay/state/consuming_evolve.h"

#include <string>

#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;

// The next event of tournament `tournament` in `state` with `payload`.
v1::Event NextEvent(const State& state, const std::string& tournament,
                    const v1::EventPayload& payload) {
  v1::Event e;
  e.set_sequence(state.last_sequence + 1);
  e.set_tournament_id(tournament);
  e.set_stream_version(state.FindTournament(tournament)->version + 1);
  e.set_hash(std::string(32, '\x5a'));
  *e.mutable_received_at() = ToTimestamp(absl::FromUnixSeconds(1'800'000'000));
  *e.mutable_payload() = payload;
  return e;
}

void ExpectSameResult(const EnteredResult& got, const EnteredResult& want) {
  EXPECT_EQ(got.sequence, want.sequence);
  EXPECT_EQ(got.slot.round, want.slot.round);
  EXPECT_EQ(got.slot.table, want.slot.table);
  EXPECT_EQ(got.slot.ns_pair, want.slot.ns_pair);
  EXPECT_EQ(got.slot.ew_pair, want.slot.ew_pair);
  EXPECT_EQ(got.board, want.board);
  EXPECT_EQ(got.room, want.room);
  EXPECT_EQ(got.result, want.result);
  EXPECT_EQ(got.ns_score, want.ns_score);
  EXPECT_EQ(got.confirmed, want.confirmed);
}

void ExpectSameFold(const State& got, const State& want) {
  EXPECT_EQ(got.last_sequence, want.last_sequence);
  EXPECT_EQ(got.last_hash, want.last_hash);
  EXPECT_EQ(got.last_received, want.last_received);
  for (const auto& [id, w] : want.tournaments) {
    const TournamentState* g = got.FindTournament(id);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->version, w.version);
    EXPECT_EQ(g->event_sequences, w.event_sequences);
    for (const auto& [cid, wc] : w.competitions) {
      const CompetitionState& gc = g->competitions.at(cid);
      EXPECT_EQ(gc.event_sequences, wc.event_sequences);
      for (const auto& [number, ws] : wc.sessions) {
        const SessionState& gs = gc.sessions.at(number);
        ASSERT_EQ(gs.results.size(), ws.results.size());
        for (const auto& [key, r] : ws.results) {
          ExpectSameResult(gs.results.at(key), r);
        }
      }
      for (const auto& [number, wr] : wc.rounds) {
        const MatchRoundState& gr = gc.rounds.at(number);
        ASSERT_EQ(gr.results.size(), wr.results.size());
        for (const auto& [key, r] : wr.results) {
          ExpectSameResult(gr.results.at(key), r);
        }
      }
    }
  }
}

TEST(EvolveConsumingTest,
     FoldsASessionsResultsAsEvolveAndEmptiesOnlyTheResult) {
  State state;
  CreateOneRoundSession(state, "sabf_matchpoint_pairs",
                        v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 3, {1, 2});
  v1::TableResult score_only;
  // Board 2: North-South vulnerable, one down undoubled (Law 77).
  score_only.mutable_score_only()->set_ns_score(-100);
  const v1::TableResult results[] = {Made(4, v1::STRAIN_SPADES, 10),
                                     PassedOut(), score_only};
  int table = 1;
  for (const v1::TableResult& result : results) {
    v1::EnterResultRequest request;
    request.set_tournament_id("t");
    request.set_competition_id("c");
    request.set_session(1);
    request.set_table(table++);
    request.set_board(2);
    *request.mutable_result() = result;
    absl::StatusOr<v1::EventPayload> payload =
        DecideEnterResult(state, request);
    ASSERT_THAT(payload, IsOk());
    const v1::Event event = NextEvent(state, "t", *payload);
    State copied = state;
    ASSERT_THAT(Evolve(event, copied), IsOk());
    v1::Event consumed = event;
    ASSERT_THAT(EvolveConsuming(consumed, state), IsOk());
    ExpectSameFold(state, copied);
    EXPECT_EQ(state.FindTournament("t")
                  ->competitions.at("c")
                  .sessions.at(1)
                  .results.at({2, table - 1})
                  .result,
              CompactResultOf(result));
    // Nothing but the entered result may be taken from the event.
    v1::Event expected = event;
    expected.mutable_payload()->mutable_result_entered()->clear_result();
    consumed.mutable_payload()->mutable_result_entered()->clear_result();
    EXPECT_EQ(consumed.SerializeAsString(), expected.SerializeAsString());
  }
}

TEST(EvolveConsumingTest, FoldsAMatchResultAsEvolve) {
  MatchEventForTest match("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS,
                          4);
  match.Draw(1);
  State& state = match.state();
  const std::string tournament = (*state.tournaments.begin()).first;
  v1::EventPayload payload;
  v1::ResultEntered* e = payload.mutable_result_entered();
  e->set_competition_id(match.competition().id);
  e->set_session(1);
  e->set_round(1);
  e->set_table(match.TableOf(1, 1));
  e->set_board(1);
  e->set_ns_pair(1);
  e->set_ew_pair(match.OpponentOf(1, 1));
  *e->mutable_result() = Made(3, v1::STRAIN_NO_TRUMP, 9);
  e->set_ns_score(400);
  const v1::Event event = NextEvent(state, tournament, payload);
  State copied = state;
  ASSERT_THAT(Evolve(event, copied), IsOk());
  v1::Event consumed = event;
  ASSERT_THAT(EvolveConsuming(consumed, state), IsOk());
  ExpectSameFold(state, copied);
  EXPECT_EQ(match.competition().rounds.at(1).results.size(), 1u);
}

TEST(EvolveConsumingTest, AnEventThatDoesNotFitFailsAsWithEvolve) {
  State state;
  CreateOneRoundSession(state, "sabf_matchpoint_pairs",
                        v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 2, {1});
  v1::EventPayload payload;
  payload.mutable_result_entered()->set_competition_id("c");
  payload.mutable_result_entered()->set_session(9);  // not defined
  *payload.mutable_result_entered()->mutable_result() = PassedOut();
  const v1::Event event = NextEvent(state, "t", payload);
  State copied = state;
  const absl::Status want = Evolve(event, copied);
  EXPECT_FALSE(want.ok());
  v1::Event consumed = event;
  EXPECT_EQ(EvolveConsuming(consumed, state), want);
}

}  // namespace
}  // namespace tally::replay
