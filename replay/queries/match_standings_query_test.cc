// The standings and tournament queries of an event of matches (issue #16):
// the standings for a draw rank as the stored draw does (ANC SR 5.1), a
// tie waiting for a lot says so (NSW TR 11.2.1(f), ANC SR 12.2), and
// GetTournament counts the rounds drawn and names the teams. And the
// standings cache (standings_cache.h): a pairs session's standings from
// the cache are byte for byte BuildStandings' of the State asked with, a
// change of their tournament computes them again, readers share one
// computation, and the memory kept stays within its bound.

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/matches/decide_matches.h"
#include "replay/pairs/queries.h"
#include "replay/queries/match_queries.h"
#include "replay/queries/standings_cache.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::testing::ElementsAre;

// "entrant total penalties decided_by" for each row, best first.
std::vector<std::string> Rows(const v1::MatchStandings& s) {
  std::vector<std::string> rows;
  for (const v1::MatchStandingsRow& r : s.rows()) {
    rows.push_back(absl::StrCat(r.rank(), r.tied() ? "=" : "", " ", r.entrant(),
                                " ", r.total().units(), "/",
                                r.penalties().units(), " ", r.decided_by()));
  }
  return rows;
}

v1::MatchStandings Standings(const State& state, v1::TieBreakPurpose purpose) {
  v1::GetMatchStandingsRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("c");
  r.set_purpose(purpose);
  absl::StatusOr<v1::MatchStandings> s = BuildMatchStandings(state, r);
  EXPECT_THAT(s, IsOk());
  return s.ok() ? *s : v1::MatchStandings();
}

// ANC SR 5.1: "In a Swiss movement penalties are included in the overall
// ranking, but the draw is determined by the scores excluding penalties."
// Welcome Swiss Pairs, 12 pairs (6 tables: ANC SR 22.3 drops 2 scores at
// each end of the datum, so 5 or more are needed), round 1 flat (every board passed out: 10-10
// VPs on the 20-VP scale); pair 4 loses 1 VP in penalties. The posted
// standings put it last on 9.00; the standings for a draw rank it on 10.00
// with the others, as the stored draw of round 2 does.
TEST(MatchStandingsQueryTest, StandingsForADrawLeaveOutPenaltiesAsTheDrawDoes) {
  MatchEventForTest e("anc2025_wsp", v1::COMPETITION_KIND_SWISS_PAIRS, 12);
  e.Draw(1);
  e.PlayRestLevel(1);
  v1::AwardPenaltyRequest p;
  p.set_tournament_id("t");
  p.set_competition_id("c");
  p.set_entrant(4);
  p.set_round(1);
  p.mutable_vps()->set_units(100);
  p.mutable_vps()->set_places(2);
  p.set_clause("ANC SR 5.1");
  p.set_reason("slow play");
  e.Apply(DecideAwardPenalty(e.state(), p));

  const v1::MatchStandings posted =
      Standings(e.state(), v1::TIE_BREAK_PURPOSE_FINAL_PLACING);
  ASSERT_EQ(posted.rows_size(), 12);
  EXPECT_EQ(posted.rows(11).entrant(), 4);
  EXPECT_EQ(posted.rows(11).total().units(), 900);
  EXPECT_EQ(posted.rows(11).penalties().units(), 100);

  const v1::MatchStandings for_draw =
      Standings(e.state(), v1::TIE_BREAK_PURPOSE_DRAW);
  ASSERT_EQ(for_draw.rows_size(), 12);
  for (const v1::MatchStandingsRow& row : for_draw.rows()) {
    EXPECT_EQ(row.total().units(), 1000) << "entrant " << row.entrant();
    EXPECT_EQ(row.penalties().units(), 0) << "entrant " << row.entrant();
  }
  // The stored draw of round 2 ranked pair 4 on 10 VPs too.
  const v1::DrawMade& d2 = e.Draw(2);
  for (const v1::DrawRankingEntry& entry : d2.ranking()) {
    EXPECT_EQ(entry.score().numerator(), 10 * entry.score().denominator())
        << "entrant " << entry.entrant();
  }
}

// ANC SR 12.2: "Ties are broken ... by the number of wins in VPs, then net
// IMPs, then lot." Five ITC teams after round 1, every match flat: four on
// 35.0 with no win and 0 net IMPs, the bye 35 too: one tie that only a lot
// breaks. Every row says the lot is due, none that the place is shared;
// once the director records the lot, the lot decided each place.
TEST(MatchStandingsQueryTest, ATieWaitingForALotSaysTheLotIsDue) {
  MatchEventForTest e("anc2025_itc_qualifying",
                      v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 5);
  e.Draw(1);
  e.PlayRestLevel(1);
  const v1::MatchStandings before =
      Standings(e.state(), v1::TIE_BREAK_PURPOSE_FINAL_PLACING);
  ASSERT_EQ(before.rows_size(), 5);
  for (const v1::MatchStandingsRow& row : before.rows()) {
    EXPECT_EQ(row.rank(), 1);
    EXPECT_TRUE(row.tied());
    EXPECT_EQ(row.decided_by(), "lot_due") << "entrant " << row.entrant();
    EXPECT_EQ(row.clause(), "ANC SR 12.2");
  }

  v1::RecordLotRequest lot;
  lot.set_tournament_id("t");
  lot.set_competition_id("c");
  for (int team : {3, 1, 5, 2, 4}) lot.add_order(team);
  e.Apply(DecideRecordLot(e.state(), lot));
  EXPECT_THAT(Rows(Standings(e.state(), v1::TIE_BREAK_PURPOSE_FINAL_PLACING)),
              ElementsAre("1 3 3500/0 ", "2 1 3500/0 lot", "3 5 3500/0 lot",
                          "4 2 3500/0 lot", "5 4 3500/0 lot"));
}

// GetTournament: an event of matches counts its rounds drawn, and a team
// is listed with its name.
TEST(MatchStandingsQueryTest, TournamentCountsRoundsDrawnAndNamesTeams) {
  MatchEventForTest e("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 4);
  e.Draw(1);
  e.PlayRestLevel(1);
  e.Draw(2);
  absl::StatusOr<v1::Tournament> t = BuildTournament(e.state(), "t");
  ASSERT_THAT(t, IsOk());
  ASSERT_EQ(t->competitions_size(), 1);
  const v1::Competition& c = t->competitions(0);
  EXPECT_EQ(c.rounds_drawn(), 2);
  ASSERT_EQ(c.pairs_size(), 4);
  EXPECT_EQ(c.pairs(0).name(), "Team 1");
  EXPECT_EQ(c.pairs(3).name(), "Team 4");
}

// A three-table pairs session of boards 1 and 2 in tournament "t", board 1
// played at tables 1 and 2.
class StandingsCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateOneRoundSession(state_, "sabf_matchpoint_pairs",
                          v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 3, {1, 2});
    EnterInSession(state_, 1, 1, Made(4, v1::STRAIN_SPADES, 10));
    EnterInSession(state_, 2, 1, Made(4, v1::STRAIN_SPADES, 9));
    request_.set_tournament_id("t");
    request_.set_competition_id("c");
    request_.set_session(1);
  }
  // BuildStandings' answer, serialized.
  std::string Uncached(const State& state) {
    absl::StatusOr<v1::Standings> s = BuildStandings(state, request_);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? s->SerializeAsString() : "";
  }
  std::string Cached(StandingsCache& cache, const State& state) {
    absl::StatusOr<v1::Standings> s = cache.Get(state, request_);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? s->SerializeAsString() : "";
  }
  // GetSerialized's two pieces, concatenated and parsed, serialised again
  // (so comparable with Uncached byte for byte).
  std::string Sent(StandingsCache& cache, const State& state) {
    absl::StatusOr<StandingsCache::Serialized> s =
        cache.GetSerialized(state, request_);
    EXPECT_THAT(s, IsOk());
    if (!s.ok()) return "";
    v1::Standings parsed;
    EXPECT_TRUE(parsed.ParseFromString(*s->body + s->as_of));
    return parsed.SerializeAsString();
  }
  // Another tournament's event, appended to the log.
  void OtherTournamentCreated(const std::string& id) {
    v1::CreateTournamentRequest t;
    t.set_tournament_id(id);
    t.set_name("Other");
    ApplyTo(state_, id, DecideCreateTournament(state_, t));
  }

  State state_;
  v1::GetStandingsRequest request_;
};

TEST_F(StandingsCacheTest,
       AnswersTheSameBytesAsUncachedUntilTheTournamentChanges) {
  StandingsCache cache;
  EXPECT_EQ(Cached(cache, state_), Uncached(state_));
  EXPECT_EQ(Cached(cache, state_), Uncached(state_));
  EXPECT_EQ(cache.computations(), 1u);
  EXPECT_EQ(cache.hits(), 1u);
  const uint64_t before_other = state_.last_sequence;

  // Another tournament's event: the same ranking, as of the new last event.
  OtherTournamentCreated("u");
  const std::string after_other = Cached(cache, state_);
  EXPECT_EQ(after_other, Uncached(state_));
  v1::Standings parsed;
  ASSERT_TRUE(parsed.ParseFromString(after_other));
  EXPECT_EQ(parsed.as_of_sequence(), before_other + 1);
  EXPECT_EQ(cache.computations(), 1u);

  // A result of the session: computed again, and the answer changed.
  EnterInSession(state_, 3, 1, Made(3, v1::STRAIN_SPADES, 10));
  const std::string after_result = Cached(cache, state_);
  EXPECT_EQ(after_result, Uncached(state_));
  ASSERT_TRUE(parsed.ParseFromString(after_result));
  EXPECT_EQ(parsed.results_entered(), 3);
  EXPECT_EQ(cache.computations(), 2u);
  EXPECT_EQ(cache.entries(), 1u);
}

TEST_F(StandingsCacheTest, AnOlderStateIsAnsweredAloneAndKeepsTheNewerAnswer) {
  StandingsCache cache;
  const State older = state_;
  EnterInSession(state_, 3, 1, Made(3, v1::STRAIN_SPADES, 10));
  EXPECT_EQ(Cached(cache, state_), Uncached(state_));
  EXPECT_EQ(Cached(cache, older), Uncached(older));
  EXPECT_NE(Uncached(older), Uncached(state_));
  EXPECT_EQ(Cached(cache, state_), Uncached(state_));
  EXPECT_EQ(cache.computations(), 2u);  // the newer once, the older once
  EXPECT_EQ(cache.hits(), 1u);
}

TEST_F(StandingsCacheTest, ConcurrentReadersShareOneComputation) {
  StandingsCache cache;
  const std::string expected = Uncached(state_);
  std::vector<std::string> answers(16);
  std::vector<std::thread> readers;
  for (std::string& answer : answers) {
    readers.emplace_back([&] { answer = Cached(cache, state_); });
  }
  for (std::thread& t : readers) t.join();
  for (const std::string& answer : answers) EXPECT_EQ(answer, expected);
  EXPECT_EQ(cache.computations(), 1u);
  EXPECT_EQ(cache.hits(), 15u);
}

TEST_F(StandingsCacheTest, ErrorsAreNotKept) {
  StandingsCache cache;
  request_.set_session(7);
  absl::StatusOr<v1::Standings> first = cache.Get(state_, request_);
  absl::StatusOr<v1::Standings> second = cache.Get(state_, request_);
  absl::StatusOr<v1::Standings> uncached = BuildStandings(state_, request_);
  ASSERT_FALSE(uncached.ok());
  EXPECT_EQ(first.status(), uncached.status());
  EXPECT_EQ(second.status(), uncached.status());
  EXPECT_EQ(cache.computations(), 2u);
  EXPECT_EQ(cache.entries(), 0u);
  request_.set_tournament_id("nowhere");
  EXPECT_EQ(cache.Get(state_, request_).status(),
            BuildStandings(state_, request_).status());
  EXPECT_EQ(cache.entries(), 0u);
}

TEST_F(StandingsCacheTest, KeepsNoMoreThanItsBoundLeastRecentlyUsedFirst) {
  // Session 2: the same three tables on boards 3 and 4, nothing played.
  v1::DefineSessionRequest d;
  d.set_tournament_id("t");
  d.set_competition_id("c");
  d.set_session(2);
  v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int table = 1; table <= 3; ++table) {
    v1::TableAssignment* a = round->add_tables();
    a->set_table(table);
    a->set_ns_pair(2 * table - 1);
    a->set_ew_pair(2 * table);
    a->add_boards(3);
    a->add_boards(4);
  }
  Apply(state_, DecideDefineSession(state_, d));
  v1::GetStandingsRequest second = request_;
  second.set_session(2);
  ASSERT_THAT(BuildStandings(state_, second), IsOk());
  // Room for either answer alone, not for both.
  StandingsCache probe;
  Cached(probe, state_);
  const size_t one = probe.bytes();
  ASSERT_THAT(probe.Get(state_, second), IsOk());
  const size_t two = probe.bytes() - one;
  ASSERT_GT(one, 0u);
  ASSERT_GT(two, 0u);
  const size_t bound = std::max(one, two) + std::min(one, two) / 2;
  StandingsCache cache(bound);
  const std::string first = Cached(cache, state_);
  ASSERT_THAT(cache.Get(state_, second), IsOk());
  EXPECT_EQ(cache.entries(), 1u);
  EXPECT_EQ(cache.bytes(), two);
  // Session 1, the least recently used, went: asked again, it is computed
  // again, and session 2 goes.
  EXPECT_EQ(Cached(cache, state_), first);
  EXPECT_EQ(cache.computations(), 3u);
  EXPECT_EQ(cache.entries(), 1u);
  EXPECT_EQ(cache.bytes(), one);

  StandingsCache none(1);
  EXPECT_EQ(Cached(none, state_), first);
  EXPECT_EQ(none.entries(), 0u);
  EXPECT_EQ(none.bytes(), 0u);
  StandingsCache off(0);  // nothing kept or shared
  EXPECT_EQ(Cached(off, state_), first);
  EXPECT_EQ(Cached(off, state_), first);
  EXPECT_EQ(off.computations(), 2u);
  EXPECT_EQ(off.entries(), 0u);
}

TEST_F(StandingsCacheTest,
       SerializedBytesParseToTheUncachedAnswerAcrossChanges) {
  StandingsCache cache;
  EXPECT_EQ(Sent(cache, state_), Uncached(state_));
  absl::StatusOr<StandingsCache::Serialized> first =
      cache.GetSerialized(state_, request_);
  ASSERT_THAT(first, IsOk());
  // The body has no as_of_sequence; the other piece has it alone.
  v1::Standings body, as_of;
  ASSERT_TRUE(body.ParseFromString(*first->body));
  ASSERT_TRUE(as_of.ParseFromString(first->as_of));
  EXPECT_EQ(body.as_of_sequence(), 0u);
  EXPECT_EQ(as_of.as_of_sequence(), state_.last_sequence);
  EXPECT_EQ(as_of.ByteSizeLong(), first->as_of.size());
  EXPECT_EQ(as_of.fields_size(), 0);
  // Get and GetSerialized share one computation.
  EXPECT_EQ(Cached(cache, state_), Uncached(state_));
  EXPECT_EQ(cache.computations(), 1u);

  // Another tournament's event: the same shared bytes, a new as_of.
  OtherTournamentCreated("u");
  EXPECT_EQ(Sent(cache, state_), Uncached(state_));
  absl::StatusOr<StandingsCache::Serialized> after_other =
      cache.GetSerialized(state_, request_);
  ASSERT_THAT(after_other, IsOk());
  EXPECT_EQ(after_other->body.get(), first->body.get());
  EXPECT_NE(after_other->as_of, first->as_of);
  EXPECT_EQ(cache.computations(), 1u);

  // A result of the session: computed again, new bytes.
  const State older = state_;
  EnterInSession(state_, 3, 1, Made(3, v1::STRAIN_SPADES, 10));
  EXPECT_EQ(Sent(cache, state_), Uncached(state_));
  absl::StatusOr<StandingsCache::Serialized> after_result =
      cache.GetSerialized(state_, request_);
  ASSERT_THAT(after_result, IsOk());
  EXPECT_NE(after_result->body.get(), first->body.get());
  EXPECT_EQ(cache.computations(), 2u);

  // An older State is answered alone, with its own answer.
  EXPECT_EQ(Sent(cache, older), Uncached(older));
  EXPECT_NE(Uncached(older), Uncached(state_));
  EXPECT_EQ(cache.computations(), 3u);

  // Without a cache, the same answer.
  StandingsCache off(0);
  EXPECT_EQ(Sent(off, state_), Uncached(state_));
}

TEST_F(StandingsCacheTest, SerializedErrorsAreBuildStandingsErrors) {
  StandingsCache cache;
  request_.set_session(7);
  const absl::Status uncached = BuildStandings(state_, request_).status();
  ASSERT_FALSE(uncached.ok());
  EXPECT_EQ(cache.GetSerialized(state_, request_).status(), uncached);
  request_.set_tournament_id("nowhere");
  EXPECT_EQ(cache.GetSerialized(state_, request_).status(),
            BuildStandings(state_, request_).status());
  EXPECT_EQ(cache.entries(), 0u);
}

}  // namespace
}  // namespace tally::replay
