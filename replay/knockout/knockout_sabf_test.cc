// The SABF finals through the log: the Final Five week by week (SABF TR
// 17.3, 13.12) with a forfeit and an abandoned match (16.1), the final four
// (13.11) with an abandoned grand final, and a knock-out the director draws
// (explicit) with its labelled stanzas checked. IMPs are hand worked on the
// WBF scale, part scores only (vulnerability does not matter):
//   1NT by North, 7 tricks, +90 v passed out  -> 3 IMPs
//   3S by North, 9 tricks, +140 v passed out  -> 4 IMPs
// Every match carries 0.1 IMP to its holder (13.11-13.12). The home team
// is decided by lot (13.6) from the draw's seed with core/draw/prng.h: one
// UniformBelow(2) per match in the round, 0 putting the holder home.

#include <string>
#include <vector>

#include "core/base/status_matchers.h"
#include "core/draw/prng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/draws/knockout_results.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/knockout_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

const v1::TableResult kThree = Made(1, v1::STRAIN_NO_TRUMP, 7);  // 3 IMPs
const v1::TableResult kFour = Made(3, v1::STRAIN_SPADES, 9);     // 4 IMPs

// "label: holder v other" with the holder's 1/10, and the lot for home.
void ExpectMatch(const v1::DrawnMatch& m, const std::string& label, int holder,
                 int other, bool holder_home, int table) {
  EXPECT_EQ(m.label(), label);
  EXPECT_EQ(m.table(), table) << label;
  EXPECT_EQ(m.home(), holder_home ? holder : other) << label;
  EXPECT_EQ(m.away(), holder_home ? other : holder) << label;
  EXPECT_EQ(m.carry_over_holder(), holder) << label;
  EXPECT_EQ(m.carry_over().numerator(), 1) << label;
  EXPECT_EQ(m.carry_over().denominator(), 10) << label;
}

// One line per match: "label: outcome, winner W (decided_by, clause),
// team a total - team b total".
std::vector<std::string> Lines(const KnockoutEventResult& event) {
  std::vector<std::string> lines;
  for (const KnockoutMatchScore& m : event.matches) {
    const int first = std::min(m.home, m.away);
    const int second = std::max(m.home, m.away);
    auto total = [&](int team) {
      return (team == m.home ? m.home_total : m.away_total).ToString();
    };
    lines.push_back(
        absl::StrCat(m.label, ": ", KnockoutOutcomeId(m.outcome), ", winner ",
                     m.winner, " (", m.decided_by, ", ", m.clause, "), ",
                     m.away == 0 ? absl::StrCat("team ", m.home, " alone")
                                 : absl::StrCat(first, " ", total(first), " - ",
                                                second, " ", total(second))));
  }
  return lines;
}

KnockoutEventResult EventOf(const State& state, const std::string& id) {
  absl::StatusOr<KnockoutEventResult> event =
      ScoreKnockoutEvent(CompetitionOf(state, id));
  EXPECT_THAT(event, IsOk());
  return event.ok() ? *event : KnockoutEventResult{};
}

TEST(FinalFiveTest, SixMatchesWeekByWeekWithAForfeitAndAnAbandonedMatch) {
  State state;
  CreateKnockout(state, "five", "sabf_teams_finals");
  RegisterTeams(state, "five", 5);  // team p qualified in place p

  // Week one (17.3.1): 4th v 5th, 2nd v 3rd; 13.12: "The more highly
  // placed team in the Qualifying and Elimination finals".
  const v1::DrawMade week1 = Draw(state, "five", 1, 11);
  EXPECT_EQ(week1.method(), "sabf_final_five");
  ASSERT_EQ(week1.boards_size(), 28);  // SABF TR 16.2: 28 boards
  std::vector<int> ranking;
  for (const v1::DrawRankingEntry& e : week1.ranking()) {
    ranking.push_back(e.entrant());
  }
  EXPECT_THAT(ranking, ElementsAre(1, 2, 3, 4, 5));
  {
    core::DrawRng lot(11);
    ASSERT_EQ(week1.matches_size(), 2);
    ExpectMatch(week1.matches(0), "First Qualifying Final", 4, 5,
                lot.UniformBelow(2) == 0, 1);
    ExpectMatch(week1.matches(1), "Second Qualifying Final", 2, 3,
                lot.UniformBelow(2) == 0, 2);
    EXPECT_EQ(week1.matches(0).stanzas(), 1);
  }
  // Team 5 does not present itself: it forfeits (16.1) and team 4 wins.
  Forfeit(state, "five", 1, 1, {5});
  // Week two waits for the second qualifying final's winner.
  EXPECT_THAT(
      TryDraw(state, "five", 2, 12),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("ANC SR 6.3")));
  EXPECT_THAT(TryDraw(state, "five", 2, 12, /*early=*/true),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("the Second Qualifying Final has no winner "
                                 "yet: its results are not all in (SABF TR "
                                 "17.3)")));
  // 2 v 3: team 3 gains 3 IMPs; 2 has 0.1: 0.1 v 3, team 3 wins.
  PlayRound(state, week1, {{2, 0, 3, kThree}});

  // Week two (17.3.2; 13.12 "The Qualifying final losers in the First Semi
  // Final", "The top qualifiers in the Second Semi Final"): the forfeited
  // match lacks no results, so the draw needs no early call.
  const v1::DrawMade week2 = Draw(state, "five", 2, 12);
  {
    core::DrawRng lot(12);
    ASSERT_EQ(week2.matches_size(), 2);
    ExpectMatch(week2.matches(0), "First Semi Final", 2, 4,
                lot.UniformBelow(2) == 0, 1);
    ExpectMatch(week2.matches(1), "Second Semi Final", 1, 3,
                lot.UniformBelow(2) == 0, 2);
    EXPECT_EQ(week2.boards(0), 29);
  }
  // Neither 2 nor 4 present: abandoned, no winner (16.1).
  Forfeit(state, "five", 2, 1, {2, 4});
  // 1 v 3: team 1 gains 4: 4.1 v 0.
  PlayRound(state, week2, {{2, 3, 1, kFour}});

  // Week three (17.3.3): the preliminary final, second semi's loser (3,
  // 13.12's holder) v the first semi's winner, whom the abandoned match
  // did not give: "the team that would have played the winner ... of the
  // abandoned match shall receive a forfeit" (16.1), a walkover for 3.
  const v1::DrawMade week3 = Draw(state, "five", 3, 13);
  EXPECT_THAT(week3.matches(), IsEmpty());
  ASSERT_EQ(week3.walkovers_size(), 1);
  EXPECT_EQ(week3.walkovers(0).label(), "Preliminary Final");
  EXPECT_EQ(week3.walkovers(0).home(), 3);
  EXPECT_EQ(week3.walkovers(0).away(), 0);

  // Weeks four and five (17.3.4; 13.2: double length): the grand final in
  // two stanzas of 28, the second semi's winner (1) holding 0.1 (13.12).
  const v1::DrawMade week4 = Draw(state, "five", 4, 14);
  bool one_home = false;
  {
    core::DrawRng lot(14);
    one_home = lot.UniformBelow(2) == 0;
    ASSERT_EQ(week4.matches_size(), 1);
    ExpectMatch(week4.matches(0), "Grand Final", 1, 3, one_home, 1);
    EXPECT_EQ(week4.matches(0).stanza(), 1);
    EXPECT_EQ(week4.matches(0).stanzas(), 2);
  }
  // Stanza 1: team 3 gains 3.
  PlayRound(state, week4, {{1, 0, 3, kThree}});
  EXPECT_EQ(EventOf(state, "five").result, "");
  const v1::DrawMade week5 = Draw(state, "five", 5, 15);
  ASSERT_EQ(week5.matches_size(), 1);
  // The same match, home and carry-forward as stanza 1.
  ExpectMatch(week5.matches(0), "Grand Final", 1, 3, one_home, 1);
  EXPECT_EQ(week5.matches(0).stanza(), 2);
  EXPECT_EQ(week5.boards(0), 4 * 28 + 1);
  // Stanza 2: team 1 gains 3. Totals: 1: 3 + 0.1 = 3.1; 3: 3. The
  // carry-forward decides (13.12 "so a finals match cannot be tied").
  PlayRound(state, week5, {{1, 27, 1, kThree}});
  EXPECT_THAT(TryDraw(state, "five", 6, 16),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("has 5 rounds")));

  const KnockoutEventResult event = EventOf(state, "five");
  EXPECT_THAT(
      Lines(event),
      ElementsAre(
          "First Qualifying Final: forfeit, winner 4 (forfeit, SABF TR 16.1), "
          "4 1/10 - 5 0",
          "Second Qualifying Final: won, winner 3 (imps, ), 2 1/10 - 3 3",
          "First Semi Final: abandoned, winner 0 (abandoned, SABF TR 16.1), "
          "2 1/10 - 4 0",
          "Second Semi Final: won, winner 1 (imps, ), 1 41/10 - 3 0",
          "Preliminary Final: walkover, winner 3 (forfeit, SABF TR 16.1), "
          "team 3 alone",
          "Grand Final: won, winner 1 (imps, ), 1 31/10 - 3 3"));
  EXPECT_EQ(event.matches[0].loser, 5);  // the offender
  // 17.3.4: "The winner of the Grand Final is the winner of the event."
  EXPECT_THAT(event.winners, ElementsAre(1));
  EXPECT_EQ(event.result, "won");
  EXPECT_EQ(event.clause, "SABF TR 17.3.4");
}

TEST(FinalFourTest, AnAbandonedGrandFinalLeavesNoWinnerOfTheEvent) {
  State state;
  CreateKnockout(state, "four", "sabf_teams_finals", "sabf_final_four",
                 "sabf_tr_13_11");
  RegisterTeams(state, "four", 4);
  // 13.11: "For the first and second Semi Finals the advantage shall go to
  // the better performed team": 3 v 4 (3 holds), 1 v 2 (1 holds).
  const v1::DrawMade week1 = Draw(state, "four", 1, 21);
  {
    core::DrawRng lot(21);
    ASSERT_EQ(week1.matches_size(), 2);
    ExpectMatch(week1.matches(0), "First Semi Final", 3, 4,
                lot.UniformBelow(2) == 0, 1);
    ExpectMatch(week1.matches(1), "Second Semi Final", 1, 2,
                lot.UniformBelow(2) == 0, 2);
  }
  // 3 v 4: team 4 gains 3 (0.1 v 3); 1 v 2 flat: 0.1 v 0, team 1 wins on
  // the carry-forward alone.
  PlayRound(state, week1, {{1, 0, 4, kThree}});
  // "The loser of the second Semi Final shall have the advantage in the
  // Preliminary Final": 2 (holder) v 4. Flat: 2 wins 0.1 - 0.
  const v1::DrawMade week2 = Draw(state, "four", 2, 22);
  ASSERT_EQ(week2.matches_size(), 1);
  ExpectMatch(week2.matches(0), "Preliminary Final", 2, 4,
              core::DrawRng(22).UniformBelow(2) == 0, 1);
  PlayRound(state, week2, {});
  // "The winner of the second semi-final shall have the carry forward in
  // the Grand Final": 1 (holder) v 2, two stanzas.
  const v1::DrawMade week3 = Draw(state, "four", 3, 23);
  ASSERT_EQ(week3.matches_size(), 1);
  ExpectMatch(week3.matches(0), "Grand Final", 1, 2,
              core::DrawRng(23).UniformBelow(2) == 0, 1);
  // Neither team presents itself: "If the abandoned match is the Grand
  // Final, there shall be no winner of the event" (16.1).
  Forfeit(state, "four", 3, 1, {1, 2});
  EXPECT_THAT(TryDraw(state, "four", 4, 24),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("nothing is left to play in round 4")));

  const KnockoutEventResult event = EventOf(state, "four");
  EXPECT_THAT(
      Lines(event),
      ElementsAre("First Semi Final: won, winner 4 (imps, ), 3 1/10 - 4 3",
                  "Second Semi Final: won, winner 1 (imps, ), 1 1/10 - 2 0",
                  "Preliminary Final: won, winner 2 (imps, ), 2 1/10 - 4 0",
                  "Grand Final: abandoned, winner 0 (abandoned, SABF TR 16.1), "
                  "1 1/10 - 2 0"));
  EXPECT_THAT(event.winners, IsEmpty());
  EXPECT_EQ(event.result, "no winner");
  EXPECT_EQ(event.clause, "SABF TR 16.1");
}

TEST(FinalFiveTest, NeedsTheTeamsPlacedOneToFive) {
  State state;
  CreateKnockout(state, "five", "sabf_teams_finals");
  RegisterTeams(state, "five", 4);
  EXPECT_THAT(TryDraw(state, "five", 1, 1),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("teams placed 1 to 5")));
}

// A knock-out the director draws: the labelled stanzas are checked and
// scored as one match.
class ExplicitKnockoutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateKnockout(state_, "ko", "sabf_teams_finals", "explicit");
    RegisterTeams(state_, "ko", 2);
  }

  absl::StatusOr<v1::EventPayload> Draw(int round, v1::DrawnMatch m) {
    v1::MakeDrawRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("ko");
    r.set_round(round);
    r.set_seed(1);
    *r.add_matches() = std::move(m);
    return DecideMakeDraw(state_, r);
  }

  static v1::DrawnMatch Stanza(int stanza, int home, int away, int holder) {
    v1::DrawnMatch m;
    m.set_table(1);
    m.set_home(home);
    m.set_away(away);
    m.set_label("Final");
    m.set_stanza(stanza);
    m.set_stanzas(2);
    m.mutable_carry_over()->set_numerator(1);
    m.mutable_carry_over()->set_denominator(2);
    m.set_carry_over_holder(holder);
    return m;
  }

  State state_;
};

TEST_F(ExplicitKnockoutTest, StanzasFollowEachOtherWithTheSameTeams) {
  v1::DrawnMatch unlabelled = Stanza(1, 1, 2, 2);
  unlabelled.clear_label();
  EXPECT_THAT(Draw(1, unlabelled),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("give the match its label")));
  EXPECT_THAT(Draw(1, Stanza(2, 1, 2, 2)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("stanza 2 follows stanza 1")));
  EXPECT_THAT(Draw(1, Stanza(1, 1, 2, 3)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("team 3 holds the carry-over but does not "
                                 "play")));
  absl::StatusOr<v1::EventPayload> first = Draw(1, Stanza(1, 1, 2, 2));
  ASSERT_THAT(first, IsOk());
  Apply(state_, first);
  // Stanza 1: team 1 (home) gains 3.
  PlayRound(state_, first->draw_made(), {{1, 0, 1, kThree}});
  v1::DrawnMatch changed = Stanza(2, 2, 1, 1);
  EXPECT_THAT(Draw(2, changed),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("keeps the teams, length and carry-over")));
  // Stanza 2 with the rooms swapped (team 2 home): team 2 gains 4.
  absl::StatusOr<v1::EventPayload> second = Draw(2, Stanza(2, 2, 1, 2));
  ASSERT_THAT(second, IsOk());
  Apply(state_, second);
  PlayRound(state_, second->draw_made(), {{1, 0, 2, kFour}});
  // One match: team 1 3 + 0 = 3; team 2 0.5 + 4 = 4.5. The director's draw
  // names no deciding match: no event result.
  const KnockoutEventResult event = EventOf(state_, "ko");
  EXPECT_THAT(Lines(event),
              ElementsAre("Final: won, winner 2 (imps, ), 1 3 - 2 9/2"));
  EXPECT_EQ(event.result, "");
}

}  // namespace
}  // namespace tally::replay
