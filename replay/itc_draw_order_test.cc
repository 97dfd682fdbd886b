// The ITC qualifying draw through the decide step: the number of rounds
// (ANC SR 10.6-10.7), the field sizes it draws, the printed round robin 2
// of 6 teams (10.7.2), and the final round robin waiting for every result
// of the one before (10.3). The 7-team draws, 10.3-10.4 and the byes are
// checked end to end in tests/itc_e2e_test.cc.

#include "replay/itc_draw_order.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/apply_for_test.h"
#include "replay/decide.h"
#include "replay/decide_matches.h"

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

}  // namespace
}  // namespace tally::replay
