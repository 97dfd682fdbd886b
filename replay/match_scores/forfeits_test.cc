// Forfeited matches scored under each profile's forfeit rule, as the draw
// and the standings see them after each round (replay/match_scores/forfeits.h):
// NSW TR 12.9.1-12.9.4 with the 50% and 75% re-adjustments, ANC SR 10.12 at the
// end of each round robin, SABF TR 13.9 after the last round, SABF TR 13.18
// and 13.9's cancelled match, a withdrawn team's round-robin matches, and
// profiles with only a bye rule or none. Matches are scripted by
// MatchEventForTest (replay/testing/match_event_for_test.h): margins are sums
// of 3, 10, 14 and 17-IMP swings, hand-checked against the WBF IMP scale there.

#include "replay/match_scores/forfeits.h"

#include <vector>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/match_scores/match_standings.h"
#include "replay/match_scores/round_results.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::testing::HasSubstr;

core::Rational R(int64_t num, int64_t den = 1) {
  return core::Rational(num, den);
}

// The forfeit of `round` as it stands after `after` (ScoreRounds).
ForfeitOutcome ForfeitAfter(const CompetitionState& c, int after, int round) {
  absl::StatusOr<std::vector<ScoredRound>> scored = ScoreRounds(c, after);
  EXPECT_THAT(scored, IsOk());
  if (!scored.ok() || static_cast<int>(scored->size()) < round ||
      (*scored)[round - 1].forfeits.empty()) {
    ADD_FAILURE() << "no forfeit in round " << round;
    return {};
  }
  return (*scored)[round - 1].forfeits.front();
}

// `entrant`'s VPs in `f`.
core::Rational VpsOf(const ForfeitOutcome& f, int entrant) {
  EXPECT_TRUE(f.home_vps.has_value());
  if (!f.home_vps.has_value()) return {};
  return entrant == f.home ? *f.home_vps : *f.away_vps;
}
core::Rational ImpsOf(const ForfeitOutcome& f, int entrant) {
  return entrant == f.home ? f.home_imps : -f.home_imps;
}

// `entrant`'s total in the ranking after `round` (0: every round).
core::Rational TotalAfter(const CompetitionState& c, int round, int entrant) {
  RankingOptions options;
  options.after_round = round;
  absl::StatusOr<MatchRanking> ranking = RankMatchEntrants(c, options);
  EXPECT_THAT(ranking, IsOk());
  if (!ranking.ok()) return {};
  for (const EntrantStanding& row : ranking->rows) {
    if (row.entrant == entrant) return row.total;
  }
  ADD_FAILURE() << "entrant " << entrant << " is not ranked";
  return {};
}

// The score `entrant` had in a stored draw's ranking; -1 if absent.
core::Rational DrawScore(const v1::DrawMade& d, int entrant) {
  for (const v1::DrawRankingEntry& e : d.ranking()) {
    if (e.entrant() == entrant) {
      return R(e.score().numerator(), e.score().denominator());
    }
  }
  return R(-1);
}

TEST(NswForfeitReplayTest,
     AdjustmentPointsAreFiftyAndSeventyFivePercentAndTheEnd) {
  // NSW TR 12.9.3 (Swiss) and 12.9.2: of 4 rounds, after rounds 2 (50%) and
  // 3 (75%), then at the end (round 4); of 7, after rounds 4 (3.5 matches,
  // rounded up) and 6 (5.25), then 7.
  MatchEventForTest four("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 8,
                         4);
  std::vector<ForfeitAdjustmentPoint> points =
      ForfeitAdjustmentPoints(four.competition());
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].after_round, 2);
  EXPECT_EQ(points[0].clause, "NSW TR 12.9.3");
  EXPECT_EQ(points[1].after_round, 3);
  EXPECT_EQ(points[1].clause, "NSW TR 12.9.3");
  EXPECT_EQ(points[2].after_round, 4);
  EXPECT_EQ(points[2].clause, "NSW TR 12.9.2");

  MatchEventForTest seven("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS,
                          8, 7);
  points = ForfeitAdjustmentPoints(seven.competition());
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].after_round, 4);
  EXPECT_EQ(points[1].after_round, 6);
  EXPECT_EQ(points[2].after_round, 7);

  // A Swiss whose length is left to the event and not given: no point is
  // known, the interim score stands.
  MatchEventForTest open("nsw_swiss_pairs", v1::COMPETITION_KIND_SWISS_PAIRS,
                         8);
  EXPECT_TRUE(ForfeitAdjustmentPoints(open.competition()).empty());

  // A round robin (nsw_butler, Berger for 8 pairs: 7 rounds): 12.9.3 is for
  // Swiss events; only the end.
  MatchEventForTest butler("nsw_butler", v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
                           8);
  points = ForfeitAdjustmentPoints(butler.competition());
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].after_round, 7);
  EXPECT_EQ(points[0].clause, "NSW TR 12.9.2");
}

// nsw_swiss_teams: 10-board matches on the WBF 2013 continuous scale (SABF
// TR 21.1, 10-board column: 0 -> 10.00, 5 -> 11.85, 6 -> 12.18, 9 -> 13.14,
// 10 -> 13.43, 18 -> 15.52, 19 -> 15.75, 20 -> 15.97, 21 -> 16.18, 30 ->
// 17.84, 48 -> 20.00). Eight teams, four rounds; team 8 forfeits its round-1
// match against team x.
TEST(NswForfeitReplayTest,
     InterimTwelveReadjustedAtFiftyAndSeventyFivePercent) {
  MatchEventForTest e("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 8,
                      4);
  e.Draw(1);
  const int x = e.OpponentOf(1, 8);
  ASSERT_NE(x, 0);
  e.Apply(e.Forfeit(1, e.TableOf(1, 8), {8}));
  e.PlayRestLevel(1);
  const CompetitionState& c = e.competition();

  // After round 1, NSW TR 12.9.1: x 12 VPs, 8 0 VPs. 12.9.4: 12 VPs lies
  // between 11.85 (5 IMPs) and 12.18 (6): the most IMPs that earn no more
  // than 12 VPs are 5; 8 gets -5.
  ForfeitOutcome f = ForfeitAfter(c, 1, 1);
  EXPECT_EQ(VpsOf(f, x), R(12));
  EXPECT_EQ(VpsOf(f, 8), R(0));
  EXPECT_EQ(ImpsOf(f, x), R(5));
  EXPECT_EQ(ImpsOf(f, 8), R(-5));
  EXPECT_EQ(f.clause, "NSW TR 12.9.1");
  EXPECT_THAT(f.basis, HasSubstr("interim"));
  EXPECT_FALSE(f.limb.has_value());
  EXPECT_FALSE(f.by_withdrawal);
  EXPECT_EQ(TotalAfter(c, 1, x), R(12));
  EXPECT_EQ(TotalAfter(c, 1, 8), R(0));

  // The round-2 draw ranks x first on its interim 12, 8 last on 0.
  const v1::DrawMade& d2 = e.Draw(2);
  ASSERT_EQ(d2.ranking_size(), 8);
  EXPECT_EQ(d2.ranking(0).entrant(), x);
  EXPECT_EQ(DrawScore(d2, x), R(12));
  EXPECT_EQ(d2.ranking(7).entrant(), 8);
  // Round 2: x wins by 20 (10 + 10): 15.97; 8 loses by 10: its opponents
  // 13.43.
  e.PlayFor(2, x, {10, 10});
  e.PlayFor(2, 8, {-10});
  e.PlayRestLevel(2);
  // After round 2 = 50% of 4 (12.9.3): the highest of 12, x's mean 15.97
  // and 8's opponents' mean 13.43: 15.97, x's own mean; 12.9.4: exactly
  // the VPs of 20 IMPs.
  f = ForfeitAfter(c, 2, 1);
  EXPECT_EQ(VpsOf(f, x), R(1597, 100));
  EXPECT_EQ(ImpsOf(f, x), R(20));
  EXPECT_EQ(f.limb, core::ForfeitLimb::kOwnMean);
  EXPECT_EQ(f.clause, "NSW TR 12.9.3");
  EXPECT_THAT(f.basis, HasSubstr("after round 2 of 4 (50% of the matches"));
  // The standings after round 1 still show the score that stood then.
  EXPECT_EQ(VpsOf(ForfeitAfter(c, 1, 1), x), R(12));

  // The round-3 draw: x on 15.97 + 15.97 = 31.94.
  const v1::DrawMade& d3 = e.Draw(3);
  EXPECT_EQ(DrawScore(d3, x), R(3194, 100));
  // Round 3: x loses by 20: 4.03; 8 loses by 30 (17 + 10 + 3): its
  // opponents 17.84.
  e.PlayFor(3, x, {-10, -10});
  e.PlayFor(3, 8, {-17, -10, -3});
  e.PlayRestLevel(3);
  // After round 3 = 75% (12.9.3): the highest of 12, (15.97 + 4.03) / 2 =
  // 10 and (13.43 + 17.84) / 2 = 15.635: 15.635, the offenders' opponents.
  // 12.9.4: 18 IMPs (15.52 <= 15.635 < 15.75 at 19).
  f = ForfeitAfter(c, 3, 1);
  EXPECT_EQ(VpsOf(f, x), R(15635, 1000));
  EXPECT_EQ(ImpsOf(f, x), R(18));
  EXPECT_EQ(f.limb, core::ForfeitLimb::kOffendersOpponents);
  EXPECT_THAT(f.basis, HasSubstr("after round 3 of 4 (75% of the matches"));
  // The round-4 draw: x on 15.635 + 15.97 + 4.03 = 35.635.
  const v1::DrawMade& d4 = e.Draw(4);
  EXPECT_EQ(DrawScore(d4, x), R(35635, 1000));

  // Round 4: x wins by 48 (17 + 17 + 14): 20.00; 8 wins by 10: its
  // opponents 6.57.
  e.PlayFor(4, x, {17, 17, 14});
  e.PlayFor(4, 8, {10});
  e.PlayRestLevel(4);
  // At the end (12.9.2): the highest of 12, (15.97 + 4.03 + 20) / 3 = 40/3
  // and (13.43 + 17.84 + 6.57) / 3 = 12.6133: 40/3, x's own mean. 12.9.4: 9
  // IMPs (13.14 <= 13.33 < 13.43 at 10).
  f = ForfeitAfter(c, 4, 1);
  EXPECT_EQ(VpsOf(f, x), R(40, 3));
  EXPECT_EQ(ImpsOf(f, x), R(9));
  EXPECT_EQ(f.limb, core::ForfeitLimb::kOwnMean);
  EXPECT_EQ(f.clause, "NSW TR 12.9.2");
  EXPECT_THAT(f.basis, HasSubstr("end of the event"));
  // Totals: x 40/3 + 15.97 + 4.03 + 20 = 160/3; 8 0 + 6.57 + 2.16 + 13.43 =
  // 22.16.
  EXPECT_EQ(TotalAfter(c, 0, x), R(160, 3));
  EXPECT_EQ(TotalAfter(c, 0, 8), R(2216, 100));
}

// anc2025_itc_qualifying: 16-board matches, ANC SR 10.10 (VPs = 35 + IMPs
// up to 30). Eight teams: two round robins of 7 rounds (10.6). Team 8
// forfeits its round-1 match against team x.
TEST(ItcForfeitReplayTest, FiftySixAndAHalfUntilTheRoundRobinEndsThenAdjusted) {
  MatchEventForTest e("anc2025_itc_qualifying",
                      v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 8);
  std::vector<ForfeitAdjustmentPoint> points =
      ForfeitAdjustmentPoints(e.competition());
  ASSERT_EQ(points.size(), 2u);  // "at the conclusion of each round robin"
  EXPECT_EQ(points[0].after_round, 7);
  EXPECT_EQ(points[1].after_round, 14);

  e.Draw(1);
  const int x = e.OpponentOf(1, 8);
  e.Apply(e.Forfeit(1, e.TableOf(1, 8), {8}));
  e.PlayRestLevel(1);
  // ANC SR 10.12: 56.5 VPs and 0; IMPs by 10.10: 56.5 - 35 = 21.5.
  ForfeitOutcome f = ForfeitAfter(e.competition(), 1, 1);
  EXPECT_EQ(VpsOf(f, x), R(113, 2));
  EXPECT_EQ(VpsOf(f, 8), R(0));
  EXPECT_EQ(ImpsOf(f, x), R(43, 2));
  EXPECT_EQ(f.clause, "ANC SR 10.12");
  // Rounds 2-7: x wins by 10 (45 VPs), 8 loses by 30 (17 + 10 + 3: 5 VPs,
  // its opponents 65); every other match level.
  for (int round = 2; round <= 7; ++round) {
    e.Draw(round);
    e.PlayFor(round, x, {10});
    e.PlayFor(round, 8, {-17, -10, -3});
    e.PlayRestLevel(round);
    if (round < 7) {
      EXPECT_EQ(VpsOf(ForfeitAfter(e.competition(), round, 1), x), R(113, 2))
          << "round " << round;
    }
  }
  // At the conclusion of round robin 1: the highest of 56.5, x's average
  // over its completed other rounds (45) and 70 less 8's average (70 - 5 =
  // 65): 65; IMPs 65 - 35 = 30.
  f = ForfeitAfter(e.competition(), 7, 1);
  EXPECT_EQ(VpsOf(f, x), R(65));
  EXPECT_EQ(ImpsOf(f, x), R(30));
  EXPECT_EQ(f.limb, core::ForfeitLimb::kOffendersOpponents);
  EXPECT_THAT(f.basis, HasSubstr("round robin 1"));
  // x: 65 + 6 x 45 = 335.
  EXPECT_EQ(TotalAfter(e.competition(), 7, x), R(335));
}

// sabf_round_robin_teams: 14-board matches, WBF 2013 continuous (SABF TR
// 21.1, 14-board column: 10 -> 12.97, 12 -> 13.48, 20 -> 15.26, 21 ->
// 15.46). Four teams: a Berger round robin of 3 rounds.
TEST(SabfForfeitReplayTest, TwelveImpsUntilTheLastRoundThenTheGreatestOfThree) {
  MatchEventForTest e("sabf_round_robin_teams",
                      v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 4);
  e.Draw(1);
  const int x = e.OpponentOf(1, 4);
  e.Apply(e.Forfeit(1, e.TableOf(1, 4), {4}));
  e.PlayRestLevel(1);
  // SABF TR 13.9: offenders 0; non-offenders "+12 imps" = 13.48 until the
  // last round; 12 IMPs.
  ForfeitOutcome f = ForfeitAfter(e.competition(), 1, 1);
  EXPECT_EQ(VpsOf(f, x), R(1348, 100));
  EXPECT_EQ(VpsOf(f, 4), R(0));
  EXPECT_EQ(ImpsOf(f, x), R(12));
  EXPECT_EQ(f.clause, "SABF TR 13.9");
  // Rounds 2-3: x wins by 10 (12.97) and 4 loses by 20 (10 + 10; its
  // opponents 15.26) each time.
  for (int round = 2; round <= 3; ++round) {
    e.Draw(round);
    e.PlayFor(round, x, {10});
    e.PlayFor(round, 4, {-10, -10});
    e.PlayRestLevel(round);
  }
  EXPECT_EQ(VpsOf(ForfeitAfter(e.competition(), 2, 1), x), R(1348, 100));
  // After the last round: the greatest of 13.48, x's mean 12.97 and the
  // mean 4's opponents scored against it, 15.26: 15.26 (20 IMPs).
  f = ForfeitAfter(e.competition(), 3, 1);
  EXPECT_EQ(VpsOf(f, x), R(1526, 100));
  EXPECT_EQ(ImpsOf(f, x), R(20));
  EXPECT_EQ(f.limb, core::ForfeitLimb::kOffendersOpponents);
  EXPECT_THAT(f.basis, HasSubstr("after the last round"));
}

TEST(SabfForfeitReplayTest, AWithdrawnTeamsLaterRoundRobinMatchesAreWalkovers) {
  MatchEventForTest e("sabf_round_robin_teams",
                      v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 4);
  e.Draw(1);
  const int p = e.OpponentOf(1, 4);
  e.PlayFor(1, p, {10, 10});  // p 15.26, 4 4.74
  e.PlayRestLevel(1);
  e.Apply(e.Withdraw(4, 1));
  for (int round = 2; round <= 3; ++round) {
    // The schedule still seats 4; its match is a walk-over: no result is
    // awaited (the round posts without it) or accepted.
    const v1::DrawMade& d = e.Draw(round);
    ASSERT_NE(e.TableOf(round, 4), 0);
    EXPECT_EQ(d.matches_size(), 2);
    e.PlayRestLevel(round);
    const MatchRoundState& r = e.competition().rounds.at(round);
    EXPECT_TRUE(MissingResults(e.competition(), r).empty());
    const int q = e.OpponentOf(round, 4);
    // After the last round (SABF TR 13.9): the greatest of 13.48, q's mean
    // over its two played matches (both level: 10) and the mean 4's
    // opponents scored against it in completed matches (round 1: 15.26).
    ForfeitOutcome f = ForfeitAfter(e.competition(), 3, round);
    EXPECT_TRUE(f.by_withdrawal);
    EXPECT_EQ(f.offenders, std::vector<int>{4});
    if (round == 3) {
      EXPECT_EQ(VpsOf(f, q), R(1526, 100));
      EXPECT_EQ(VpsOf(f, 4), R(0));
      EXPECT_THAT(f.reason, HasSubstr("entrant 4 withdrew after round 1"));
    }
  }
  // Before the end the walk-overs stand at the interim 13.48.
  EXPECT_EQ(VpsOf(ForfeitAfter(e.competition(), 2, 2), e.OpponentOf(2, 4)),
            R(1348, 100));
  // 4's total: its round-1 4.74 stands, 0 for the walk-overs.
  EXPECT_EQ(TotalAfter(e.competition(), 0, 4), R(474, 100));
}

// SABF TR 13.18: team 1's round-2 match is abandoned through illness in
// team 1. Round 1: 1 wins by 10 (12.97), y (1's round-2 opponent) wins by
// 20 (15.26).
TEST(SabfForfeitReplayTest,
     AnAbandonedMatchGivesTheLesserAndTheGreaterAverage) {
  MatchEventForTest e("sabf_round_robin_teams",
                      v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 4);
  e.Draw(1);
  e.Draw(2, /*early=*/true);  // to know y before round 1 is played
  const int y = e.OpponentOf(2, 1);
  e.PlayFor(1, 1, {10});
  e.PlayFor(1, y, {10, 10});
  e.PlayRestLevel(1);
  e.Apply(e.Forfeit(2, e.TableOf(2, 1), {1},
                    v1::MATCH_FORFEIT_KIND_ABANDONED_ILLNESS));
  e.PlayRestLevel(2);
  // Averages over completed matches: 1 12.97, y 15.26. Team 1 (concerned)
  // the lesser of 12.97 and 20 - 15.26 = 4.74: 4.74; y the greater of
  // 15.26 and 20 - 12.97 = 7.03: 15.26. IMPs: y's 15.26 earns 20.
  ForfeitOutcome f = ForfeitAfter(e.competition(), 2, 2);
  EXPECT_EQ(f.kind, v1::MATCH_FORFEIT_KIND_ABANDONED_ILLNESS);
  EXPECT_EQ(VpsOf(f, 1), R(474, 100));
  EXPECT_EQ(VpsOf(f, y), R(1526, 100));
  EXPECT_EQ(ImpsOf(f, y), R(20));
  EXPECT_EQ(f.clause, "SABF TR 13.18");
}

// SABF TR 13.9, last paragraph: team 1's round-2 match is cancelled through
// no fault, y absent. Round 1: 1 level (10.00), y loses by 10 (7.03).
TEST(SabfForfeitReplayTest, ACancelledMatchGivesThePresentTeamTheForfeitScore) {
  MatchEventForTest e("sabf_round_robin_teams",
                      v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 4);
  e.Draw(1);
  e.Draw(2, /*early=*/true);
  const int y = e.OpponentOf(2, 1);
  e.PlayFor(1, y, {-10});
  e.PlayRestLevel(1);
  e.Apply(e.Forfeit(2, e.TableOf(2, 1), {y},
                    v1::MATCH_FORFEIT_KIND_CANCELLED_NO_FAULT));
  e.PlayRestLevel(2);
  // Before the last round: 1 has the forfeit's interim 13.48; y the greater
  // of its mean 7.03 and 20 - 13.48 = 6.52: 7.03.
  ForfeitOutcome f = ForfeitAfter(e.competition(), 2, 2);
  EXPECT_EQ(VpsOf(f, 1), R(1348, 100));
  EXPECT_EQ(VpsOf(f, y), R(703, 100));
  // Round 3: 1 wins by 20 (15.26), y level (10.00).
  e.Draw(3);
  e.PlayFor(3, 1, {10, 10});
  e.PlayRestLevel(3);
  // After the last round: 1 the greatest of 13.48, its mean (10 + 15.26) /
  // 2 = 12.63 and the mean y's opponents scored against it, (12.97 +
  // 10.00) / 2 = 11.485: 13.48; y the greater of its mean (7.03 + 10) / 2 =
  // 8.515 and 20 - 13.48 = 6.52: 8.515.
  f = ForfeitAfter(e.competition(), 3, 2);
  EXPECT_EQ(VpsOf(f, 1), R(1348, 100));
  EXPECT_EQ(VpsOf(f, y), R(8515, 1000));
  EXPECT_EQ(f.limb, core::ForfeitLimb::kBase);
  EXPECT_EQ(f.clause, "SABF TR 13.9");
}

// anc2025_wsp names no forfeit rule, only NSW TR 12.8's bye (0 IMPs, the
// VPs of a 0-IMP match: 10.00): the side present gets the bye's score.
// Twelve pairs: the five matches played leave ANC SR 22.3's (n-4) middle
// scores a datum.
TEST(NoForfeitRuleTest, TheSidePresentGetsTheByeScore) {
  MatchEventForTest e("anc2025_wsp", v1::COMPETITION_KIND_SWISS_PAIRS, 12);
  e.Draw(1);
  const int x = e.OpponentOf(1, 12);
  e.Apply(e.Forfeit(1, e.TableOf(1, 12), {12}));
  e.PlayRestLevel(1);
  ForfeitOutcome f = ForfeitAfter(e.competition(), 1, 1);
  EXPECT_EQ(VpsOf(f, x), R(10));
  EXPECT_EQ(VpsOf(f, 12), R(0));
  EXPECT_EQ(f.home_imps, R(0));
  EXPECT_EQ(f.clause, "NSW TR 12.8");
  EXPECT_THAT(f.basis, HasSubstr("bye"));
}

// anc2025_ipc names neither: the match scores nothing until the director
// rules, and neither side has a match counted.
TEST(NoForfeitRuleTest, WithNoRuleTheMatchIsNotScored) {
  MatchEventForTest e("anc2025_ipc", v1::COMPETITION_KIND_SWISS_PAIRS, 8);
  e.Draw(1);
  const int x = e.OpponentOf(1, 8);
  e.Apply(e.Forfeit(1, e.TableOf(1, 8), {8}));
  e.PlayRestLevel(1);
  ForfeitOutcome f = ForfeitAfter(e.competition(), 1, 1);
  EXPECT_FALSE(f.home_vps.has_value());
  EXPECT_THAT(f.basis, HasSubstr("no score"));
  absl::StatusOr<MatchRanking> ranking = RankMatchEntrants(e.competition(), {});
  ASSERT_THAT(ranking, IsOk());
  for (const EntrantStanding& row : ranking->rows) {
    EXPECT_EQ(row.matches, row.entrant == x || row.entrant == 8 ? 0 : 1);
  }
}

}  // namespace
}  // namespace tally::replay
