// The ITC qualifying draw through the decide step: the number of rounds
// (ANC SR 10.6-10.7), the field sizes it draws, the printed round robin 2
// of 6 teams (10.7.2), the final round robin waiting for every result
// of the one before and numbered once, whatever later corrections do
// (10.3), and the CTD's order of a 5-team field's round
// robin 3 (10.5). The 7-team draws, 10.3-10.4 and the byes are checked end
// to end in tests/itc_e2e_test.cc, 10.5 in tests/itc_five_teams_e2e_test.cc.

#include "replay/draws/itc_draw_order.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_correction.h"
#include "replay/match_scores/match_standings.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/knockout_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// An ITC qualifying of `teams` teams under anc2025_itc_qualifying.
State Qualifying(int teams) {
  State state;
  v1::CreateTournamentRequest t;
  t.set_tournament_id("t");
  t.set_name("ANC");
  Apply(state, DecideCreateTournament(state, t));
  v1::CreateCompetitionRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("itc");
  c.set_name("ITC Open");
  c.set_kind(v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS);
  c.set_regulation_profile("anc2025_itc_qualifying");
  Apply(state, DecideCreateCompetition(state, c));
  for (int team = 1; team <= teams; ++team) {
    v1::RegisterTeamRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("itc");
    r.set_team(team);
    r.set_name(absl::StrCat("Team ", team));
    for (int p = 1; p <= 4; ++p) r.add_players(absl::StrCat("T", team, p));
    Apply(state, DecideRegisterTeam(state, r));
  }
  return state;
}

v1::MakeDrawRequest Draw(int round) {
  v1::MakeDrawRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("itc");
  r.set_round(round);
  r.set_seed(11);
  r.set_early(true);  // no results are entered in these tests
  return r;
}

TEST(ItcDrawOrderTest, RoundsAreTheRoundRobinsOneAfterAnother) {
  // 10.6: two round robins for 7 or 8 teams, of the 7 rounds of the 8-team
  // draw (10.6.1); 10.7: three for 5 or 6, of the 5 rounds of the 6-team
  // draws (10.7.1, 10.7.2).
  for (int teams : {7, 8}) EXPECT_EQ(*ItcRoundsInEvent(teams), 14) << teams;
  for (int teams : {5, 6}) EXPECT_EQ(*ItcRoundsInEvent(teams), 15) << teams;
  for (int teams : {4, 9}) {
    EXPECT_THAT(ItcRoundsInEvent(teams),
                StatusIs(absl::StatusCode::kInvalidArgument))
        << teams;
  }
}

TEST(ItcDrawOrderTest, RefusesAFieldTheQualifyingDoesNotDraw) {
  State state = Qualifying(4);
  EXPECT_THAT(DecideMakeDraw(state, Draw(1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("5 to 8 teams (ANC SR 10.6-10.7)")));
}

TEST(ItcDrawOrderTest, SixTeamsPlayThe10_7_2DrawInRoundRobinTwo) {
  State state = Qualifying(6);
  for (int round = 1; round <= 5; ++round) {
    Apply(state, DecideMakeDraw(state, Draw(round)));
  }
  absl::StatusOr<v1::EventPayload> round6 = DecideMakeDraw(state, Draw(6));
  ASSERT_THAT(round6, IsOk());
  // ANC SR 10.7.2, round 6: "2 v 3  5 v 4  1 v 6" (team numbers are draw
  // numbers before the final round robin, 10.3).
  std::vector<std::string> matches;
  for (const v1::DrawnMatch& m : round6->draw_made().matches()) {
    matches.push_back(absl::StrCat(m.table(), ": ", m.home(), " v ", m.away()));
  }
  EXPECT_THAT(matches, ElementsAre("1: 2 v 3", "2: 5 v 4", "3: 1 v 6"));
  EXPECT_EQ(round6->draw_made().bye(), 0);
  EXPECT_EQ(round6->draw_made().ranking_size(), 0);
}

TEST(ItcDrawOrderTest, FinalRoundRobinWaitsForEveryResultBeforeIt) {
  // 10.3: the final round robin is numbered by the placing after the
  // penultimate one, which is not known while a result is missing; an
  // early draw (ANC SR 6.3) of round 8 is refused, of round 7 is not.
  State state = Qualifying(7);
  for (int round = 1; round <= 7; ++round) {
    Apply(state, DecideMakeDraw(state, Draw(round)));
  }
  EXPECT_THAT(DecideMakeDraw(state, Draw(8)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("placing after round robin 1 (ANC SR 10.3)")));
}

// Draws and plays rounds 1..`last` of "itc": in every match the team
// earlier in `strength` (strongest first) gains on the round's first board
// (1NT by North, 10 tricks: 40 + 3 x 30 + 50 = +180 v passed out: 5 IMPs on
// the WBF scale, 170-210), every other board passed out in both rooms.
// VPs (ANC SR 10.10): 35 + 5 = 40 to the winner, 30 to the loser; a bye 35
// (10.11).
void PlayRounds(State& state, int last, const std::vector<int>& strength) {
  auto rank = [&](int team) {
    return std::find(strength.begin(), strength.end(), team) - strength.begin();
  };
  const v1::TableResult plus_180 = Made(1, v1::STRAIN_NO_TRUMP, 10);
  for (int round = 1; round <= last; ++round) {
    const v1::DrawMade d = Draw(state, "itc", round, 11);
    std::vector<Swing> swings;
    for (const v1::DrawnMatch& m : d.matches()) {
      const int winner = rank(m.home()) < rank(m.away()) ? m.home() : m.away();
      swings.push_back({m.table(), 0, winner, plus_180});
    }
    PlayRound(state, d, swings);
  }
}

// "table: home v away" lines of a draw, then its bye.
std::vector<std::string> DrawLines(const v1::DrawMade& d) {
  std::vector<std::string> lines;
  for (const v1::DrawnMatch& m : d.matches()) {
    lines.push_back(absl::StrCat(m.table(), ": ", m.home(), " v ", m.away()));
  }
  lines.push_back(absl::StrCat("bye ", d.bye()));
  return lines;
}

v1::MakeDrawRequest CtdDraw(int round, const std::vector<int>& order) {
  v1::MakeDrawRequest r = Draw(round);
  r.set_early(false);
  for (int row : order) r.add_ctd_round_order(row);
  return r;
}

// Five teams whose placing after round robin 2 is 1, 5, 2, 3, 4 (every
// team beats those after it in that order, twice). Each team plays 8
// matches and has 2 byes in rounds 1-10:
//   1: 2 x 35 + 8 x 40          = 390
//   5: 70 + 6 x 40 + 2 x 30     = 370
//   2: 70 + 4 x 40 + 4 x 30     = 350
//   3: 70 + 2 x 40 + 6 x 30     = 330
//   4: 70 + 8 x 30              = 310
// Draw numbers for round robin 3 (10.3): 1 -> team 1, 2 -> 5, 3 -> 2,
// 4 -> 3, 5 -> 4. Byes so far (10.7.1 and 10.7.2, against team 6): round
// 1 team 2, 2 team 3, 3 team 4, 4 team 1, 5 team 5; 6 team 1, 7 team 2,
// 8 team 3, 9 team 5, 10 team 4. A day is four rounds (ANC SR 1.3): day 3
// is rounds 9-12. In the printed order round 11 is 10.7.1 round 1, whose
// bye is draw number 2 (against 6): team 5, which had its bye in round 9:
// two byes on day 3, so 10.5 calls for the CTD's order.
class ItcFiveTeamsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    state_ = Qualifying(5);
    PlayRounds(state_, 10, {1, 5, 2, 3, 4});
  }
  State state_;
};

TEST_F(ItcFiveTeamsTest, RoundRobinThreeWaitsForTheCtdsOrderUnder10_5) {
  EXPECT_THAT(DecideMakeDraw(state_, Draw(11)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       ::testing::AllOf(HasSubstr("ANC SR 10.5"),
                                        HasSubstr("team 5 on day 3"),
                                        HasSubstr("--ctd-round-order"))));
}

TEST_F(ItcFiveTeamsTest, RefusesACtdOrderThatIsNotTheRoundsOnceEach) {
  EXPECT_THAT(
      DecideMakeDraw(state_, CtdDraw(11, {2, 3, 1, 4, 4})),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("once each")));
  EXPECT_THAT(DecideMakeDraw(state_, CtdDraw(11, {2, 3, 1, 4})),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST_F(ItcFiveTeamsTest, RefusesACtdOrderThatStillGivesTwoByesInADay) {
  // 4 1 2 3 5: round 11 is printed round 4 (bye number 1, team 1: its
  // others were rounds 4 and 6), round 12 printed round 1 (bye number 2,
  // team 5), still day 3 with its round 9 bye.
  EXPECT_THAT(DecideMakeDraw(state_, CtdDraw(11, {4, 1, 2, 3, 5})),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::AllOf(HasSubstr("ANC SR 10.5"),
                                        HasSubstr("still gives"))));
}

TEST_F(ItcFiveTeamsTest, PlaysRoundRobinThreeInTheCtdsOrderAndKeepsIt) {
  // The CTD's order 2 3 1 4 5, rounds 11-15, in 10.7.1's draw numbers
  // (first listed: home, 10.8; the match against 6: a bye), then teams:
  //   11 (printed 2): 1 v 5, 2 v 4, bye 3  -> 1 v 4, 5 v 3, bye 2
  //   12 (printed 3): 1 v 3, 5 v 2, bye 4  -> 1 v 2, 4 v 5, bye 3
  //   13 (printed 1): 4 v 1, 3 v 5, bye 2  -> 3 v 1, 2 v 4, bye 5
  //   14 (printed 4): 3 v 2, 5 v 4, bye 1  -> 2 v 5, 4 v 3, bye 1
  //   15 (printed 5): 2 v 1, 4 v 3, bye 5  -> 5 v 1, 3 v 2, bye 4
  // Byes by day: team 2 rounds 1, 7, 11; team 3 2, 8, 12; team 5 5, 9,
  // 13 (day 4); team 1 4, 6, 14; team 4 3, 10, 15: none twice in a day.
  const std::vector<std::vector<std::string>> expected = {
      {"1: 1 v 4", "2: 5 v 3", "bye 2"},
      {"1: 1 v 2", "2: 4 v 5", "bye 3"},
      {"1: 3 v 1", "2: 2 v 4", "bye 5"},
      {"1: 2 v 5", "2: 4 v 3", "bye 1"},
      {"1: 5 v 1", "2: 3 v 2", "bye 4"}};
  for (int round = 11; round <= 15; ++round) {
    // Only the first round of round robin 3 carries the order; a later one
    // may repeat it but not change it (10.3: once set, never altered).
    if (round > 11) {
      EXPECT_THAT(DecideMakeDraw(state_, CtdDraw(round, {3, 2, 1, 4, 5})),
                  StatusIs(absl::StatusCode::kInvalidArgument,
                           HasSubstr("set with round 11 (2, 3, 1, 4, 5)")));
    }
    absl::StatusOr<v1::EventPayload> drawn =
        DecideMakeDraw(state_, round == 11 ? CtdDraw(11, {2, 3, 1, 4, 5})
                                           : CtdDraw(round, {}));
    ASSERT_THAT(drawn, IsOk()) << "round " << round;
    const v1::DrawMade& d = drawn->draw_made();
    EXPECT_THAT(DrawLines(d), ::testing::ElementsAreArray(expected[round - 11]))
        << "round " << round;
    EXPECT_THAT(d.ctd_round_order(), ElementsAre(2, 3, 1, 4, 5));
    std::vector<std::string> ranking;
    for (const v1::DrawRankingEntry& e : d.ranking()) {
      ranking.push_back(absl::StrCat(e.entrant(), " ", e.score().numerator(),
                                     "/", e.score().denominator()));
    }
    EXPECT_THAT(ranking, ElementsAre("1 390/1", "5 370/1", "2 350/1", "3 330/1",
                                     "4 310/1"));
    Apply(state_, drawn);
    PlayRound(state_, d, {});
  }
}

TEST_F(ItcFiveTeamsTest, TeamNumbersStandAfterALaterScoreCorrection) {
  // 10.3: "Once team numbers are set, they will not be altered by
  // subsequent results of outstanding appeals, score corrections or
  // adjustments." Round 11 sets them from the placing after round robin 2
  // (1, 5, 2, 3, 4). Then the scorer corrects two boards of team 1's round
  // 10 match: its opponent X, North-South in its own room, made 7NT on
  // the round's boards 2 and 3 (passed out in the other room). Round 10
  // plays boards 145-160 (16 a round): 146 deals as board 2, NS vulnerable
  // (2220, 19 IMPs on the WBF scale: 2000-2240), 147 as board 3, NS not
  // (1520, 17 IMPs: 1500-1740), so X now wins by 19 + 17 - 5 = 31 IMPs: 10.10
  // gives X 65 + 1/10 x (31 - 30) = 65.1 and team 1 70 - 65.1 = 4.9 in place
  // of 40. Team 1 falls to 390 - 40 + 4.9 = 354.9, below team 5's 370 or more:
  // the placing after round robin 2 is no longer 1, 5, ... yet round 12 is
  // still drawn with the numbers set in round 11.
  absl::StatusOr<v1::EventPayload> eleven =
      DecideMakeDraw(state_, CtdDraw(11, {2, 3, 1, 4, 5}));
  ASSERT_THAT(eleven, IsOk());
  Apply(state_, eleven);
  PlayRound(state_, eleven->draw_made(), {});

  const MatchRoundState& ten = CompetitionOf(state_, "itc").rounds.at(10);
  ASSERT_EQ(ten.draw.boards_size(), 16);
  ASSERT_EQ(ten.draw.boards(0), 145);
  const v1::DrawnMatch* match = nullptr;
  for (const v1::DrawnMatch& m : ten.draw.matches()) {
    if (m.home() == 1 || m.away() == 1) match = &m;
  }
  ASSERT_NE(match, nullptr);
  for (const int board : {146, 147}) {
    v1::CorrectResultRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("itc");
    c.set_session(10);
    c.set_table(match->table());
    c.set_board(board);
    // The home team sits North-South in the open room, the away team in
    // the closed room.
    c.set_room(match->home() == 1 ? v1::ROOM_CLOSED : v1::ROOM_OPEN);
    *c.mutable_result() = Made(7, v1::STRAIN_NO_TRUMP, 13);
    c.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
    c.set_reason("7NT made at this table, entered as passed out");
    absl::StatusOr<v1::EventPayload> corrected =
        DecideCorrectResult(state_, c, absl::UnixEpoch());
    ASSERT_THAT(corrected, IsOk()) << "board " << board;
    Apply(state_, corrected);
  }

  absl::StatusOr<MatchRanking> after_two =
      RankMatchEntrants(CompetitionOf(state_, "itc"),
                        RankingOptions{.after_round = 10, .lot_seed = 11});
  ASSERT_THAT(after_two, IsOk());
  ASSERT_FALSE(after_two->rows.empty());
  EXPECT_NE(after_two->rows.front().entrant, 1);
  for (const EntrantStanding& row : after_two->rows) {
    if (row.entrant == 1) {
      EXPECT_EQ(row.vps, core::Rational(3549, 10));
    }
  }

  absl::StatusOr<v1::EventPayload> twelve =
      DecideMakeDraw(state_, CtdDraw(12, {}));
  ASSERT_THAT(twelve, IsOk());
  EXPECT_THAT(DrawLines(twelve->draw_made()),
              ElementsAre("1: 1 v 2", "2: 4 v 5", "bye 3"));
  std::vector<int> numbered;
  for (const v1::DrawRankingEntry& e : twelve->draw_made().ranking()) {
    numbered.push_back(e.entrant());
  }
  EXPECT_THAT(numbered, ElementsAre(1, 5, 2, 3, 4));
}

TEST(ItcDrawOrderTest, RefusesACtdOrderWhere10_5DoesNotCallForOne) {
  // Placing 1 2 3 4 5 after round robin 2: printed round 1's bye is number
  // 2 (team 2, earlier byes rounds 1 and 7), round 2's number 3 (team 3:
  // 2 and 8): neither on day 3 twice (core/movement/itc_final_draw_test.cc
  // works the rest). The printed order stands.
  State state = Qualifying(5);
  EXPECT_THAT(DecideMakeDraw(state, CtdDraw(1, {2, 3, 1, 4, 5})),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("final round robin only")));
  PlayRounds(state, 10, {1, 2, 3, 4, 5});
  EXPECT_THAT(DecideMakeDraw(state, CtdDraw(11, {2, 3, 1, 4, 5})),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no team two byes in one day")));
  absl::StatusOr<v1::EventPayload> printed =
      DecideMakeDraw(state, CtdDraw(11, {}));
  ASSERT_THAT(printed, IsOk());
  EXPECT_TRUE(printed->draw_made().ctd_round_order().empty());
  // Six teams have no bye: 10.5 is for 5 teams.
  State six = Qualifying(6);
  PlayRounds(six, 10, {1, 2, 3, 4, 5, 6});
  EXPECT_THAT(
      DecideMakeDraw(six, CtdDraw(11, {2, 3, 1, 4, 5})),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("5-team")));
}

}  // namespace
}  // namespace tally::replay
